//! Replay sizes in formats 1 (one input entry per tick), 2 (equal actions on consecutive ticks
//! packed into one entry) and 3 (touch drags written compactly too: `src/replay/packing.rs`),
//! against the server's 256 KiB body limit, for:
//! - the longest run the human-model bot makes;
//! - a held-key aimer: a player who, at each range, sweeps the sight on held arrow keys for a
//!   while before shooting (the case: a level-1 run with 124 s of aiming on held keys
//!   was a 346 KB replay, over the limit);
//! - a touch aimer at the longest time the rules let a player stay on a mat: nothing closes a
//!   range, so a run may stand on level 1's one mat until the run's last tick ([`MAX_TICKS`],
//!   an hour) leaves just the time to shoot and ski to the finish; the thumb drags every tick
//!   with varying deltas. Twice: a thumb (deltas up to the human-model bot's thumb pace, three
//!   times over), and the widest drags a tick allows (up to
//!   [`MAX_AIM_UNITS_PER_TICK`] a side, every tick different).
//!
//! `cargo run --release --no-default-features --example replay_size_report [AIM_S]` (default
//! 124 s of held-key aiming a run).

use latu::course::Course;
use latu::replay::{verify_strictly, CourseChoice, Replay, ReplayRecorder, MAX_TICKS};
use latu::shooting::bot::HUMAN_AIM_STEP;
use latu::shooting::controls::{KEY_AIM_UNITS_PER_TICK, MAX_AIM_UNITS_PER_TICK};
use latu::sim::{Action, Bot, Run, Tick, TICK_HZ};

/// The human-model bot's timing scatter, milliseconds.
const JITTER_MS: u32 = 60;
/// Human-model runs per track.
const RUNS: u64 = 5;
/// The server's body limit (online.md): 256 KiB.
const BODY_LIMIT: usize = 256 << 10;
/// The held keys' sweep: (right, up) held for so many ticks, in turn.
const SWEEP: [(i32, i32, u64); 4] = [(1, 0, 40), (0, 1, 25), (-1, 0, 40), (0, -1, 25)];
/// Ticks the touch aimer leaves itself after its drags to shoot and ski to the finish (found
/// by trying: less, and some runs reach [`MAX_TICKS`] unfinished).
const FINISH_MARGIN_TICKS: u64 = 30 * TICK_HZ as u64;
/// How far past the human-model bot's thumb pace the thumb's deltas reach.
const THUMB_SPREAD: i32 = 3;

/// Who aims at each range before the human-model bot takes over.
enum Aim {
    /// Held arrow keys, in the [`SWEEP`].
    Keys,
    /// A touch drag every tick, each delta drawn up to this many units a side.
    Drags(i32),
}

/// The human-model bot, who first aims for `hold` ticks at each range.
struct Aimer {
    bot: Bot,
    aim: Aim,
    hold: u64,
    stage: Option<usize>,
    held: u64,
    /// A small generator for the drags' varying deltas (xorshift).
    state: u64,
}

impl Aimer {
    fn new(aim: Aim, hold: u64) -> Self {
        Self {
            bot: Bot::human(1, JITTER_MS),
            aim,
            hold,
            stage: None,
            held: 0,
            state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    fn actions(&mut self, run: &Run) -> Vec<Action> {
        if let (Some(stage), Some(_)) = (run.at_stage(), run.stage_view()) {
            if self.stage != Some(stage) {
                self.stage = Some(stage);
                self.held = 0;
            }
            if self.held < self.hold {
                self.held += 1;
                return vec![self.nudge()];
            }
        }
        self.bot.actions(run)
    }

    fn nudge(&mut self) -> Action {
        match self.aim {
            Aim::Keys => {
                let mut at = (self.held - 1) % SWEEP.iter().map(|s| s.2).sum::<u64>();
                for (right, up, ticks) in SWEEP {
                    if at < ticks {
                        let units = KEY_AIM_UNITS_PER_TICK;
                        return Action::Aim {
                            dx: right * units,
                            dy: up * units,
                        };
                    }
                    at -= ticks;
                }
                unreachable!("the sweep's ticks cover every held tick")
            }
            Aim::Drags(most) => Action::Drag {
                dx: self.draw(most),
                dy: self.draw(most),
            },
        }
    }

    /// A delta from −most to most.
    fn draw(&mut self, most: i32) -> i32 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let span = 2 * most as u64 + 1;
        (self.state % span) as i32 - most
    }
}

/// Bytes in formats 1, 2 and 3, input ticks, and whether the run reads back from format 3 and
/// re-plays strictly.
struct Sizes {
    bytes: [usize; 3],
    ticks: usize,
    verified: bool,
}

fn sizes(replay: &Replay) -> Sizes {
    let written = |format| {
        let mut copy = replay.clone();
        copy.format_version = format;
        copy.to_json()
    };
    let packed = replay.to_json();
    let read = Replay::from_bytes(packed.as_bytes()).expect("a written replay reads back");
    let verified = read == *replay && verify_strictly(&read, None).is_ok();
    Sizes {
        bytes: [written(1).len(), written(2).len(), packed.len()],
        ticks: replay.inputs.len(),
        verified,
    }
}

fn played(level: u8, track: u8, player: &mut dyn FnMut(&Run) -> Vec<Action>) -> Replay {
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course);
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() && run.tick() < Tick::new(MAX_TICKS) {
        let actions = player(&run);
        recorder.step(&mut run, &actions);
    }
    recorder.replay(&run)
}

fn main() {
    let aim_s: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(124);
    let mut longest: Option<(Replay, String)> = None;
    for level in 1..=5 {
        for track in 1..=3 {
            for n in 1..=RUNS {
                let mut bot = Bot::human(n, JITTER_MS);
                let replay = played(level, track, &mut |run| bot.actions(run));
                let ticks = replay.summary.as_ref().map_or(0, |s| s.ticks);
                if longest
                    .as_ref()
                    .is_none_or(|(l, _)| l.summary.as_ref().map_or(0, |s| s.ticks) < ticks)
                {
                    longest = Some((replay, format!("level {level} track {track} bot {n}")));
                }
            }
        }
    }
    let (replay, what) = longest.expect("runs were made");
    report(
        &format!("the human-model bot's longest run ({what})"),
        &replay,
    );
    let stages = Course::level(1, 1, None).expect("level 1").stages.len() as u64;
    let mut keys = Aimer::new(Aim::Keys, aim_s * u64::from(TICK_HZ) / stages);
    let replay = played(1, 1, &mut |run| keys.actions(run));
    report(
        &format!("level 1 track 1, {aim_s} s of held-key aiming over {stages} ranges"),
        &replay,
    );
    let mut unaimed = Bot::human(1, JITTER_MS);
    let plain = played(1, 1, &mut |run| unaimed.actions(run));
    let plain_ticks = plain.summary.as_ref().map_or(0, |s| s.ticks);
    let hold = (MAX_TICKS - plain_ticks - FINISH_MARGIN_TICKS) / stages;
    for (most, who) in [
        (THUMB_SPREAD * HUMAN_AIM_STEP, "a thumb"),
        (
            i32::try_from(MAX_AIM_UNITS_PER_TICK).expect("a tick's aim fits an i32"),
            "the widest drags a tick allows",
        ),
    ] {
        let mut touch = Aimer::new(Aim::Drags(most), hold);
        let replay = played(1, 1, &mut |run| touch.actions(run));
        let finished = replay.summary.as_ref().is_some_and(|s| s.finished);
        report(
            &format!(
                "level 1 track 1, {} s of touch drags on the mat by {who} (deltas up to {most} \
                 units a side, varying every tick; finished: {finished})",
                hold * stages / u64::from(TICK_HZ)
            ),
            &replay,
        );
    }
}

fn report(what: &str, replay: &Replay) {
    let Sizes {
        bytes: [one, two, three],
        ticks,
        verified,
    } = sizes(replay);
    let seconds = replay.summary.as_ref().map_or(0.0, |s| s.time_s);
    println!(
        "{what}: {seconds:.0} s, {ticks} input ticks; format 1 {one} bytes ({}), format 2 {two} \
         bytes ({}), format 3 {three} bytes ({}); read back and re-played strictly: {verified}",
        fits(one),
        fits(two),
        fits(three)
    );
}

fn fits(bytes: usize) -> &'static str {
    if bytes <= BODY_LIMIT {
        "fits 256 KiB"
    } else {
        "over 256 KiB"
    }
}
