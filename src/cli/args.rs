//! The command-line contract (see `shared/design/architecture.md`): names and flags here are
//! relied on by tests and tools outside the code.

use super::CliError;
use crate::course::daily::Date;
use crate::course::levels::ENDLESS;
use crate::course::{Course, ObstacleClass, PickupKind};
use crate::shooting::Rifle;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// `latu` with no subcommand plays the game in a window.
#[derive(Debug, Parser)]
#[command(name = "latu", version, about = "Latu, a 3D biathlon ski runner")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands. Everything but `play` is headless and never opens a window.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in a window.
    Play(PlayArgs),
    /// Print one terrain chunk's geometry as JSON (world coordinates).
    Chunk(ChunkArgs),
    /// Print a course (obstacles, coins, stages) as JSON.
    Course(CourseArgs),
    /// Simulate a run headless and print its summary as JSON.
    Simulate(SimulateArgs),
    /// Re-simulate a replay headless, compare it with its recorded summary.
    Replay(ReplayArgs),
    /// Print performance figures as JSON, measured in one run.
    Bench(BenchArgs),
    /// Queue replays and send the queue to a leaderboard (`latu-server`), headless.
    Send(SendArgs),
}

/// `latu send`.
#[derive(Debug, Clone, Args)]
pub struct SendArgs {
    /// The leaderboard's address, e.g. `http://127.0.0.1:8080`.
    #[arg(long, value_parser = crate::online::server_address)]
    pub server: String,
    /// The name to register (default: the settings' player name).
    #[arg(long)]
    pub name: Option<String>,
    /// A replay file to queue first (any number).
    #[arg(long, value_name = "FILE")]
    pub queue: Vec<PathBuf>,
    /// The data directory (default: the game's own).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Stop trying after this many seconds; what is not sent stays queued.
    #[arg(long, default_value_t = 30.0, value_parser = parse_give_up_s)]
    pub give_up_s: f64,
    /// Put the runs set aside (refused, or unreadable when last tried) back in the queue first.
    #[arg(long)]
    pub requeue: bool,
}

/// The longest `latu send --give-up-s`, seconds: a day.
pub const MAX_GIVE_UP_S: f64 = 86_400.0;

fn parse_give_up_s(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=MAX_GIVE_UP_S).contains(s))
        .ok_or_else(|| format!("{text:?} is not a number of seconds from 0 to {MAX_GIVE_UP_S}"))
}

/// Which course to run: a level/track from the table, optionally reseeded, or Endless.
#[derive(Debug, Clone, Args, Default)]
pub struct LevelArgs {
    /// Level 1–5.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub level: Option<u8>,
    /// Track 1–3 of the level.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub track: Option<u8>,
    /// Override the level's seed.
    #[arg(long, allow_negative_numbers = true, value_parser = parse_whole_number)]
    pub seed: Option<u64>,
    /// The Endless course instead of a level.
    #[arg(long)]
    pub endless: bool,
    /// The daily course of this date (YYYY-MM-DD), the same for everyone that day.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub daily: Option<Date>,
}

fn parse_date(text: &str) -> Result<Date, String> {
    Date::parse(text).map_err(|e| e.to_string())
}

/// `latu play`.
#[derive(Debug, Clone, Args, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    pub course: LevelArgs,
    /// The bot plays.
    #[arg(long)]
    pub autoplay: bool,
    /// Quit after this many frames.
    #[arg(long)]
    pub frames: Option<u64>,
    /// Save the last frame as PNG.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Write frame statistics as JSON.
    #[arg(long)]
    pub stats: Option<PathBuf>,
    /// The leaderboard's address (`latu-server`): world boards, ranks and ghosts; without it
    /// the game is offline (unless the settings name one).
    #[arg(long, value_name = "URL", value_parser = crate::online::server_address)]
    pub server: Option<String>,
    /// Save the run's replay as JSON.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Open this screen in a representative state (for screenshots); a run's stage, pause and
    /// results are reached by the bot, simulated without drawing.
    #[arg(long, value_enum)]
    pub show: Option<ShowScreen>,
    /// Window size in pixels, `WIDTHxHEIGHT` (default a portrait phone, 540x960).
    #[arg(long, value_parser = parse_window_size)]
    pub window: Option<WindowSize>,
    /// A developer's game: the settings show the terrain's knobs and can open every level.
    #[arg(long)]
    pub developer: bool,
    /// `--show approach`: the class of obstacle (or the kind of power-up) approached.
    #[arg(long, value_enum)]
    pub kind: Option<ApproachKind>,
    /// `--show approach`: how far ahead of the skier it lies, metres (default 40).
    #[arg(long, value_parser = parse_ahead)]
    pub ahead: Option<f64>,
}

/// An obstacle class or a power-up as `--kind` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ApproachKind {
    Jump,
    Duck,
    Dodge,
    Wax,
    Magnet,
    Shield,
    Breath,
    /// A snowmobile crossing the lanes (at `--ahead`, caught as it drives).
    Snowmobile,
    /// A ramp.
    Ramp,
    /// A trick in a ramp's air, half done (`--ahead` is ignored: the moment is in the air).
    Trick,
    /// A route's fork (its mouth at `--ahead`; the bot takes the high trail).
    Route,
    /// Half-way along a route's high trail, on its ridge (at `--ahead`: the bot rides it).
    HighTrail,
}

impl ApproachKind {
    /// What it names on the course.
    pub fn target(self) -> ApproachTarget {
        match self {
            ApproachKind::Jump => ApproachTarget::Obstacle(ObstacleClass::Jump),
            ApproachKind::Duck => ApproachTarget::Obstacle(ObstacleClass::Duck),
            ApproachKind::Dodge => ApproachTarget::Obstacle(ObstacleClass::Dodge),
            ApproachKind::Wax => ApproachTarget::Pickup(PickupKind::Wax),
            ApproachKind::Magnet => ApproachTarget::Pickup(PickupKind::Magnet),
            ApproachKind::Shield => ApproachTarget::Pickup(PickupKind::Shield),
            ApproachKind::Breath => ApproachTarget::Pickup(PickupKind::Breath),
            ApproachKind::Snowmobile => ApproachTarget::Snowmobile,
            ApproachKind::Ramp => ApproachTarget::Ramp,
            ApproachKind::Trick => ApproachTarget::Trick,
            ApproachKind::Route => ApproachTarget::Route,
            ApproachKind::HighTrail => ApproachTarget::HighTrail,
        }
    }
}

/// What `--show approach` approaches: an obstacle of a class, or a power-up of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApproachTarget {
    Obstacle(ObstacleClass),
    Pickup(PickupKind),
    /// A moving obstacle.
    Snowmobile,
    Ramp,
    /// The skier in a ramp's air, a trick half done.
    Trick,
    /// A route's fork.
    Route,
    /// Half-way along a route's high trail.
    HighTrail,
}

/// `--show approach`: the first `target` lying `ahead_m` metres ahead of the skier.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Approach {
    pub target: ApproachTarget,
    pub ahead_m: f64,
}

/// How far ahead `--show approach` looks when `--ahead` is not given, metres: the distance the
/// player decides at.
pub const DEFAULT_AHEAD_M: f64 = 40.0;
/// The distances `--ahead` accepts, metres: in front of the skier, within the nearest sight.
const AHEAD_RANGE_M: std::ops::RangeInclusive<f64> = 1.0..=120.0;

fn parse_ahead(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|m| AHEAD_RANGE_M.contains(m))
        .ok_or_else(|| {
            format!(
                "{text:?} is not a distance of {} to {} metres",
                AHEAD_RANGE_M.start(),
                AHEAD_RANGE_M.end()
            )
        })
}

/// A screen `latu play --show` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ShowScreen {
    /// The title screen and main menu.
    Menu,
    /// Level and track select.
    Levels,
    /// The loading screen of a run.
    Loading,
    /// A run under way (the bot skiing).
    Run,
    /// The bot's run just after it took a wax boost: the skier's look and the HUD's timer
    /// while it is on.
    PowerWax,
    /// The bot's run just after it took a coin magnet, while it is on.
    PowerMagnet,
    /// The bot's run just after it took a shield, while it is up.
    PowerShield,
    /// The bot's run just after it took a second wind, held to the range.
    PowerBreath,
    /// The first shooting stage.
    Range,
    /// The second shooting stage (standing on the levels).
    RangeStanding,
    /// The first shooting stage aimed by a touch drag (a human's thumb): the sight held over
    /// a target's inner ring, the touch assist slowing it there.
    RangeTouch,
    /// A stumble just after the skier hits an obstacle.
    Stumble,
    /// A late dodge (one lane change, timed by search) passing an obstacle close: shown before,
    /// so its word and bonus follow in the next frames.
    NearMiss,
    /// The bot's run just before the finish: the arch ahead, then the confetti and the time
    /// counting up (with `--frames`).
    Finish,
    /// Endless's second chance offered after the last life went (the bot gathers the coins
    /// first).
    SecondChance,
    /// The penalty loop after a stage left with targets standing.
    Penalty,
    /// The sight just after a miss: its mark on the picture and the cue.
    ShotMiss,
    /// The sight just after the first hit: the kick, the muzzle's puff, the target flipping
    /// white (with `--frames`, a strip of the shot).
    ShotHit,
    /// The 3-2-1 before a run starts.
    Countdown,
    /// The tutorial's first step: the run holding until the player changes lane.
    Tutorial,
    /// The tutorial's jump step, reached by answering the first.
    TutorialJump,
    /// The tutorial at the range, teaching how to aim.
    TutorialRange,
    /// The tutorial's first step as a phone shows it: the swipe's words and picture.
    TutorialTouch,
    /// The tutorial's duck step.
    TutorialDuck,
    /// The tutorial at the range teaching how to fire, in a phone's words.
    TutorialFire,
    /// The tutorial at the range teaching to hold the breath, in a phone's words.
    TutorialBreath,
    /// The tutorial at the range saying the spare rounds.
    TutorialSpares,
    /// The tutorial past the range (its targets shot, its penalty skied): on to the finish.
    TutorialFinish,
    /// A run paused.
    Pause,
    /// The results screen after the finish.
    Results,
    /// The results screen of a finished bot run, with its medal and a new record.
    ResultsMedal,
    /// The results list with the finished run saved in it.
    ResultsList,
    /// The settings.
    Settings,
    /// The shop, after a bot run's coins went into the purse and bought a pair of skis.
    Shop,
    /// How to play.
    Guide,
    /// A run beside the ghost of the bot's best (listed first), just after a split's gap.
    Ghost,
    /// That slower run, listed too and watched from the results list, the bot's as its ghost.
    Watch,
    /// The moment an obstacle of `--kind` lies `--ahead` metres ahead (the bot skiing to it),
    /// held still; with `--stats` its on-screen `probe`.
    Approach,
    /// The world boards on today's Daily (with `--server`; offline it says so).
    Boards,
    /// Racing the ghost of the world's best run on the course named (with `--server`): the
    /// board asked, its best run fetched, checked and raced once it has come (give `--frames`).
    RaceWorld,
    /// That race at its first range (with `--server`): the race's strip gives way to FIRE and
    /// hold-breath there.
    RaceWorldRange,
    /// Settings → Account: the name online and what can be done with it (with `--server`: a
    /// name chosen is registered, and its recovery code shows once).
    Account,
    /// The account's "Link another device", its code asked of the server (with `--server`).
    AccountLink,
    /// The account's "I have a code", a code being typed.
    AccountCode,
    /// The account's deletion, at its second step.
    AccountDelete,
    /// The world boards' Report dialog over the first run of the board named (with `--server`),
    /// a reason picked.
    Report,
}

/// A window size in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowSize {
    pub width: u32,
    pub height: u32,
}

/// Smallest and largest window side `--window` accepts, pixels.
const WINDOW_SIDES: std::ops::RangeInclusive<u32> = 64..=8192;

/// Largest `--jitter-ms` accepted: a second of scatter is no longer timing.
pub const MAX_JITTER_MS: u32 = 1000;

fn parse_jitter_ms(text: &str) -> Result<u32, String> {
    let value = parse_whole_number(text)?;
    u32::try_from(value)
        .ok()
        .filter(|&ms| ms <= MAX_JITTER_MS)
        .ok_or_else(|| format!("{value} is out of range: give 0 to {MAX_JITTER_MS} milliseconds"))
}

fn parse_rifle(text: &str) -> Result<Rifle, String> {
    Rifle::from_id(text).ok_or_else(|| {
        let names: Vec<&str> = Rifle::all().map(Rifle::id).collect();
        format!("{text:?} is no rifle: give one of {}", names.join(", "))
    })
}

/// Parse `WIDTHxHEIGHT`.
fn parse_window_size(text: &str) -> Result<WindowSize, String> {
    let (width, height) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{text:?} is not WIDTHxHEIGHT (e.g. 1280x720)"))?;
    let side = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|side| WINDOW_SIDES.contains(side))
            .ok_or_else(|| {
                format!(
                    "{part:?} is not a window side of {} to {} pixels",
                    WINDOW_SIDES.start(),
                    WINDOW_SIDES.end()
                )
            })
    };
    Ok(WindowSize {
        width: side(width)?,
        height: side(height)?,
    })
}

/// Track used when `--track` is not given.
pub const DEFAULT_TRACK: u8 = 1;

impl LevelArgs {
    /// The course these arguments name: Endless, or a level's track (track 1 unless given).
    /// `default_level` stands in for a missing `--level`; without one, `--level` is required.
    pub fn course(&self, default_level: Option<u8>) -> Result<Course, CliError> {
        if let Some(date) = self.daily {
            if self.endless || self.level.is_some() || self.track.is_some() || self.seed.is_some() {
                return Err(CliError::bad_input(
                    "--daily takes no --level, --track, --seed or --endless: the date decides",
                ));
            }
            return Course::daily(date).map_err(|e| CliError::bad_input(e.to_string()));
        }
        if self.endless {
            if self.level.is_some() || self.track.is_some() {
                return Err(CliError::bad_input(
                    "--endless takes no --level or --track (Endless is one course)",
                ));
            }
            return Ok(Course::endless(self.seed.unwrap_or(ENDLESS.seed)));
        }
        let level = self
            .level
            .or(default_level)
            .ok_or_else(|| CliError::bad_input("--level is required (or give --endless)"))?;
        let track = self.track.unwrap_or(DEFAULT_TRACK);
        Course::level(level, track, self.seed).map_err(|e| CliError::bad_input(e.to_string()))
    }
}

impl PlayArgs {
    /// The approach `--show approach --kind K [--ahead M]` asks for; `None` for any other
    /// screen. `--kind` is required with it and refused without it, as is `--ahead`.
    pub fn approach(&self) -> Result<Option<Approach>, CliError> {
        let approaching = self.show == Some(ShowScreen::Approach);
        match (approaching, self.kind) {
            (true, Some(kind)) => Ok(Some(Approach {
                target: kind.target(),
                ahead_m: self.ahead.unwrap_or(DEFAULT_AHEAD_M),
            })),
            (true, None) => Err(CliError::bad_input(
                "--show approach needs --kind jump, duck, dodge, wax, magnet, shield, breath, \
                 snowmobile, ramp, trick or route",
            )),
            (false, _) if self.kind.is_some() || self.ahead.is_some() => Err(CliError::bad_input(
                "--kind and --ahead go with --show approach only",
            )),
            (false, _) => Ok(None),
        }
    }

    /// Whether the arguments ask for a run straight away (a course, the bot or a recording)
    /// rather than the title screen.
    pub fn goes_straight_to_a_run(&self) -> bool {
        let course = &self.course;
        course.level.is_some()
            || course.track.is_some()
            || course.seed.is_some()
            || course.endless
            || course.daily.is_some()
            || self.autoplay
            || self.record.is_some()
    }
}

/// `latu chunk`.
#[derive(Debug, Clone, Args)]
pub struct ChunkArgs {
    /// The terrain's seed (with `--level`: instead of the track's).
    #[arg(long, allow_negative_numbers = true, value_parser = parse_whole_number,
          required_unless_present = "level")]
    pub seed: Option<u64>,
    #[arg(long, allow_negative_numbers = true, value_parser = parse_whole_number)]
    pub index: u64,
    /// The ground of this level (1–5): its land and its landmarks, on the track's seed.
    #[arg(long)]
    pub level: Option<u8>,
    /// Track 1–3 of `--level` (default 1).
    #[arg(long, requires = "level")]
    pub track: Option<u8>,
}

/// Parse a whole number 0 … 2⁶⁴ − 1, saying so when the text is not one (clap names the flag).
fn parse_whole_number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

/// `latu course`.
#[derive(Debug, Clone, Args)]
pub struct CourseArgs {
    #[command(flatten)]
    pub course: LevelArgs,
    /// Length in metres to lay out for `--endless`.
    #[arg(long)]
    pub length: Option<f64>,
}

/// `latu simulate`.
#[derive(Debug, Clone, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub course: LevelArgs,
    /// The bot plays.
    #[arg(long)]
    pub bot: bool,
    /// A human-model bot plays: the bot's sight and reaction, with a human's timing scatter.
    #[arg(long)]
    pub human_bot: bool,
    /// Where an `--endless` run stops at the latest, metres (it ends sooner when its lives run
    /// out).
    #[arg(long, value_name = "M")]
    pub length: Option<f64>,
    /// The human-model bot's timing scatter (standard deviation), milliseconds.
    #[arg(long, value_name = "N", value_parser = parse_jitter_ms)]
    pub jitter_ms: Option<u32>,
    /// The rifle carried to the range (training, heavy-barrel, straight-pull, fitted-stock,
    /// match); with `--input`, instead of the file's.
    #[arg(long, value_name = "RIFLE", value_parser = parse_rifle)]
    pub rifle: Option<Rifle>,
    /// Inputs by tick (a replay file) to play.
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Write the run as a replay file.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `latu replay`.
#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    pub file: PathBuf,
    /// Vouch for more than "these inputs give this summary", as a ranking needs: refuse a run
    /// on a course the game would not start (a level on a seed not the table's, a daily not on
    /// its day's course, Endless on another seed or with a set length), labels the re-play would
    /// not record, and a tick's aim no touch or keys could make; the summary always says which
    /// rifle the run brought (another rules version, and fields the format lacks, are
    /// refused with or without it).
    #[arg(long)]
    pub strict: bool,
    /// With `--strict`: the replay is this day's daily course (an Endless or other day's run is
    /// refused).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date, requires = "strict")]
    pub daily: Option<Date>,
}

/// `latu bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_sizes_parse_and_bad_ones_are_refused() {
        assert_eq!(
            parse_window_size("1280x720"),
            Ok(WindowSize {
                width: 1280,
                height: 720
            })
        );
        for bad in ["1280", "0x720", "axb", "1280x99999"] {
            assert!(parse_window_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn only_run_flags_skip_the_title_screen() {
        let mut args = PlayArgs::default();
        assert!(!args.goes_straight_to_a_run());
        args.frames = Some(30);
        assert!(!args.goes_straight_to_a_run());
        args.course.level = Some(2);
        assert!(args.goes_straight_to_a_run());
        let autoplay = PlayArgs {
            autoplay: true,
            ..PlayArgs::default()
        };
        assert!(autoplay.goes_straight_to_a_run());
    }

    #[test]
    fn an_approach_needs_its_kind_and_its_flags_need_the_approach() {
        let mut args = PlayArgs {
            show: Some(ShowScreen::Approach),
            ..PlayArgs::default()
        };
        assert_eq!(args.approach().unwrap_err().code, 2, "no --kind");
        args.kind = Some(ApproachKind::Duck);
        let approach = args.approach().expect("a kind is given");
        assert_eq!(
            approach,
            Some(Approach {
                target: ApproachTarget::Obstacle(ObstacleClass::Duck),
                ahead_m: DEFAULT_AHEAD_M
            })
        );
        args.show = Some(ShowScreen::Run);
        assert_eq!(args.approach().unwrap_err().code, 2, "--kind without it");
        args.kind = None;
        args.ahead = Some(20.0);
        assert_eq!(args.approach().unwrap_err().code, 2, "--ahead without it");
        assert!(parse_ahead("20").is_ok());
        for bad in ["0", "-5", "far", "1000"] {
            assert!(parse_ahead(bad).is_err(), "{bad}");
        }
    }
}
