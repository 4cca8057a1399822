//! The frame loops: a run straight from the command line (`latu play --level …`, as the tests
//! and CI drive it), or the game with its screens (`latu play`, `--show`). Both honour
//! `--frames`, `--screenshot` and `--stats`, and count no time while the window is away.

use super::flow::Flow;
use super::flow::{open_store, report_to_developers};
use crate::app::platform::audio::{Sounds, Volumes};
use crate::app::platform::clock::Moment;
use crate::app::platform::lifecycle::{FrameClock, LifecycleWatch};
use crate::app::platform::output;
use crate::app::run::feel::sounds::{music_section, swish_level};
use crate::app::run::input::{pointers, Controls};
use crate::app::run::session::{Banner, FrameMode, RunSession, RunSetup};
use crate::app::run::ski_run::{Pilot, SkiRun};
use crate::app::run::stats::StatsReport;
use crate::app::screens::show::probe::Probe;
use crate::app::ui::drawn;
use crate::app::AppError;
use crate::cli::args::PlayArgs;
use crate::course::Course;
use crate::phone::layout_check::DrawnLayout;
use crate::replay::CourseChoice;
use crate::storage::Settings;
use macroquad::file::set_pc_assets_folder;
use macroquad::input::{is_key_pressed, is_quit_requested, prevent_quit, KeyCode};
use macroquad::miniquad::RenderingBackend;
use macroquad::prelude::{get_internal_gl, next_frame};
use serde::Serialize;

/// Where the game's files are, relative to the working directory (desktop).
const ASSETS_FOLDER: &str = "assets";

/// Counts frames against `--frames` and measures each frame's time.
struct Frames {
    limit: Option<u64>,
    count: u64,
    last: Moment,
    clock: FrameClock,
    watch: LifecycleWatch,
}

impl Frames {
    fn new(limit: Option<u64>) -> Self {
        Self {
            limit,
            count: 0,
            last: Moment::now(),
            clock: FrameClock::new(),
            watch: LifecycleWatch::new(),
        }
    }

    /// This frame's time as the game counts it, and whether the window went away.
    fn begin(&mut self) -> (std::time::Duration, bool) {
        let now = Moment::now();
        let measured = now.since(self.last);
        self.last = now;
        let events = self.watch.poll();
        // Every frame, on every screen, so that no pointer event piles up unread.
        pointers::begin_frame();
        (self.clock.frame(measured, events), events.minimized)
    }

    /// Count the frame; whether `--frames` is reached.
    fn end(&mut self) -> bool {
        self.count += 1;
        if self.count == 1 {
            let since = crate::app::run::stats::since_start();
            crate::app::platform::log::trace(&format!(
                "first frame {:.0} ms after the start",
                since.as_secs_f64() * 1000.0
            ));
        }
        self.limit.is_some_and(|limit| self.count >= limit)
    }
}

/// The window's GPU context, fetched once where a frame loop starts and passed down to what
/// draws with it.
fn gpu_context() -> &'static mut dyn RenderingBackend {
    // Safety: macroquad's context lives as long as the window, and the game draws on this one
    // thread; macroquad's own drawing reaches the same context the same way.
    unsafe { get_internal_gl() }.quad_context
}

async fn prepare() -> Sounds {
    prevent_quit();
    set_pc_assets_folder(ASSETS_FOLDER);
    Sounds::load().await
}

/// One run straight from the command line, until `--frames` is reached, the player quits
/// (Esc) or the window closes; then write what was asked for.
pub async fn run_direct(
    args: PlayArgs,
    choice: CourseChoice,
    course: Course,
) -> Result<(), AppError> {
    let mut sounds = prepare().await;
    let settings = saved_settings();
    sounds.set_volumes(Volumes::of(&settings));
    sounds.start_ambience();
    sounds.play_run_music();
    let mut session = RunSession::new(RunSetup {
        course,
        choice,
        pilot: if args.autoplay {
            Pilot::Bot
        } else {
            Pilot::Player
        },
        terrain: settings.terrain_config(),
        view_distance: settings.view_distance,
        controls: Controls::of(&settings),
        camera_shake: settings.camera_shake,
        vibration: settings.vibration,
        tutorial: false,
        // A run from the command line is a test run: it banks no coins, carries
        // the training rifle and skis without a ghost or missions.
        brought: crate::sim::Brought::default(),
        outfit: crate::models::Outfit::default(),
        ghost: None,
        missions: None,
    })?;
    let mut frames = Frames::new(args.frames);
    let ctx = gpu_context();
    loop {
        let (frame_time, _) = frames.begin();
        session.frame(ctx, frame_time, FrameMode::Play, Banner::Finish, &sounds);
        let skied = session.ski().run();
        sounds.set_music_aside(skied.at_stage().is_some());
        sounds.follow_run(
            music_section(skied),
            swish_level(skied),
            frame_time.as_secs_f32(),
        );
        let done = frames.end();
        if done || is_quit_requested() || is_key_pressed(KeyCode::Escape) {
            let file = StatsFile {
                report: session.stats.report(),
                probe: None,
                layout: None,
                ghost: Some(session.ski().ghost().is_some()),
                assisted: skied.stage_view().map(|view| view.assisted),
            };
            return finish(&args, file, Some(session.ski()));
        }
        next_frame().await;
    }
}

/// The player's saved settings (volumes, view distance, swipe sensitivity, terrain) for a run
/// started from the command line, loaded as the title screen loads them (a damaged file is kept
/// aside); the defaults when there is no data directory. What was wrong goes to stderr: a direct
/// run shows no notices.
fn saved_settings() -> Settings {
    match open_store() {
        Ok(mut store) => {
            let loaded = store.load_settings();
            report_to_developers(&loaded.notices);
            loaded.value
        }
        Err(error) => {
            crate::app::platform::log::tell_developers(&format!(
                "latu: settings cannot be read ({error}); using the defaults"
            ));
            Settings::default()
        }
    }
}

/// The game with its screens, from the title (or the `--show` screen), until `--frames` is
/// reached, the player leaves or the window closes.
pub async fn run_menus(args: PlayArgs) -> Result<(), AppError> {
    let sounds = prepare().await;
    let mut flow = Flow::new(sounds);
    flow.developer = args.developer;
    flow.go_online(args.server.as_deref());
    match args.show {
        Some(screen) => flow.show(screen, &args.course, args.approach()?)?,
        // The first launch teaches the game.
        None => flow.first_launch()?,
    }
    let mut frames = Frames::new(args.frames);
    let ctx = gpu_context();
    loop {
        let (frame_time, went_away) = frames.begin();
        drawn::clear();
        let leave = flow.frame(ctx, frame_time, went_away);
        // A held moment's frames count once its world is drawn (its probe reads the picture).
        let done = !flow.held_loading() && frames.end();
        if done || leave || is_quit_requested() {
            let stats = flow.stats();
            let file = StatsFile {
                report: stats.report(),
                probe: flow.probe(),
                layout: Some(drawn::this_frame()),
                ghost: flow.ghost_on_screen(),
                assisted: flow.assisted_on_screen(),
            };
            return finish(&args, file, None);
        }
        next_frame().await;
    }
}

/// What `--stats` writes: the frame statistics, for `--show approach` the probe, and for the
/// screens the last frame's layout.
#[derive(Serialize)]
struct StatsFile {
    #[serde(flatten)]
    report: StatsReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    probe: Option<Probe>,
    /// The last frame's texts, cards and badges (the layout check's input).
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<DrawnLayout>,
    /// Whether the run on screen has a ghost beside it (none off a run).
    #[serde(skip_serializing_if = "Option::is_none")]
    ghost: Option<bool>,
    /// Whether the touch aim assist holds the sight (none off a range).
    #[serde(skip_serializing_if = "Option::is_none")]
    assisted: Option<bool>,
}

fn finish(args: &PlayArgs, file: StatsFile, ski: Option<&SkiRun>) -> Result<(), AppError> {
    if let Some(path) = &args.screenshot {
        output::write_screenshot(path)?;
    }
    if let Some(path) = &args.stats {
        output::write_stats(path, &file)?;
    }
    if let (Some(path), Some(ski)) = (&args.record, ski) {
        ski.replay().save(path)?;
    }
    Ok(())
}
