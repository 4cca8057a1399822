//! The ghost's screens: a slower player beside the ghost of the bot's listed run, just after a
//! split it passes well behind — skiing (`ghost`) and as a watched replay (`watch`).

use super::super::flow::Flow;
use super::{over, SHOWN_LEVEL};
use crate::app::run::ski_run::Pilot;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::AppError;
use crate::cli::args::LevelArgs;
use crate::course::Course;
use crate::replay::ghost::gap_s;
use crate::replay::{record_bot, record_player, CourseChoice, Ghost, Replay, MAX_TICKS};
use crate::sim::{Bot, Brought, Tick};
use crate::storage::{replay_name, Listed};

/// The ghost: the slower player's seed and timing scatter (wide, so it hits obstacles), the gap
/// a split must show, and how long after the split the screen is shown. (Seed 14: on level 1's
/// 650 m its second counted crash puts it 0.63 s behind at the 500 m split; its first is a free
/// stumble.)
const GHOST_SHOW_SEED: u64 = 14;
const GHOST_SHOW_JITTER_MS: u32 = 400;
const GHOST_SHOW_GAP_S: f64 = 0.5;
const GHOST_SHOWN_AFTER_TICKS: u64 = 30;

impl Flow {
    /// A slower player (the human-model bot with a wide scatter) beside the ghost of the bot's
    /// listed run, shown just after the first split it passes well behind the ghost.
    pub(super) fn ghost_run(&mut self, course: &LevelArgs) -> Result<Screen, AppError> {
        self.list_bot_run(course)?;
        let slower = Slower::of(course, "ghost")?;
        let shown_tick = slower.shown_tick;
        self.run_until(
            slower.course,
            Pilot::Replay(slower.replay.inputs),
            |run| run.tick() >= shown_tick,
            MAX_TICKS,
        )
    }

    /// The slower run listed after the bot's and then watched from the results list, with the
    /// bot's (the best other run of the course) as its ghost, at the moment `--show ghost` shows.
    pub(super) fn watched_with_ghost(&mut self, course: &LevelArgs) -> Result<Screen, AppError> {
        self.list_bot_run(course)?;
        let slower = Slower::of(course, "watch")?;
        let (choice, shown_tick) = (slower.choice, slower.shown_tick);
        self.run_until(
            slower.course,
            Pilot::Replay(slower.replay.inputs),
            over,
            MAX_TICKS,
        )?;
        self.enter(Screen::Results, None);
        self.enter(Screen::ResultsList, None);
        let listed = match choice {
            CourseChoice::Level { level, track, .. } => {
                self.results.top(level, track).get(1).copied()
            }
            CourseChoice::Endless { .. } => None,
        };
        let name = listed
            .and_then(|run| replay_name(Listed::Run(run)))
            .ok_or_else(|| no_moment("watch", "the slower run was not listed (give a level)"))?;
        let Some(mut run) = self.start_watching(&name)? else {
            return Err(no_moment(
                "watch",
                "the slower run's replay cannot be played",
            ));
        };
        run.session
            .fast_forward(|run| run.tick() >= shown_tick, MAX_TICKS);
        self.enter(Screen::Run(RunMode::Watch), Some(run));
        Ok(Screen::Run(RunMode::Watch))
    }
}

/// The slower player's run on the shown course, and the tick it is shown at.
struct Slower {
    course: Course,
    choice: CourseChoice,
    replay: Replay,
    shown_tick: Tick,
}

impl Slower {
    /// The human-model bot's run beside the perfect bot's ghost, for `--show screen`.
    fn of(course: &LevelArgs, screen: &str) -> Result<Self, AppError> {
        let built = course.course(Some(SHOWN_LEVEL))?;
        let choice = CourseChoice::of(&built);
        let best = record_bot(choice, built.clone(), MAX_TICKS);
        let ghost = Ghost::new(&best, choice).map_err(|e| no_moment(screen, &e.to_string()))?;
        let bot = Bot::human(GHOST_SHOW_SEED, GHOST_SHOW_JITTER_MS);
        let replay = record_player(choice, built.clone(), MAX_TICKS, bot, Brought::default());
        let shown_tick = behind_split_tick(&replay, &ghost, choice)
            .ok_or_else(|| no_moment(screen, "this course's slower run never falls behind"))?;
        Ok(Self {
            course: built,
            choice,
            replay,
            shown_tick,
        })
    }
}

/// A `--show` screen this course cannot show, and why.
fn no_moment(screen: &str, why: &str) -> AppError {
    AppError::Show {
        screen: screen.to_owned(),
        why: why.to_owned(),
    }
}

/// The tick a little after `slower` first passes a split more than [`GHOST_SHOW_GAP_S`] behind
/// the ghost, skiing (not at a range nor at the finish), if it ever does: the slower run's own
/// split ticks, from a ghost of it, against the ghost's.
fn behind_split_tick(slower: &Replay, ghost: &Ghost, choice: CourseChoice) -> Option<Tick> {
    let slower = Ghost::new(slower, choice).ok()?;
    let course = slower.run().course();
    let skiing = |z: f64| course.length != Some(z) && course.stages.iter().all(|s| s.z != z);
    let points = slower.split_points().metres();
    points.iter().enumerate().find_map(|(index, &z)| {
        let tick = slower.splits().tick(index)?;
        let gap = gap_s(tick, ghost.splits().tick(index)?);
        (skiing(z) && gap > GHOST_SHOW_GAP_S).then_some(tick + GHOST_SHOWN_AFTER_TICKS)
    })
}
