//! `latu play --show SCREEN`: open a screen in a representative state for screenshots. A run's
//! stage, pause and results are reached by the bot, its ticks simulated without drawing. The
//! moments the bot never shows (a stumble after a hit, the penalty loop) are reached by a short
//! script of real actions, simulated once to find them and then played as the run's inputs.

use super::flow::Flow;
use crate::app::run::ski_run::Pilot;
use crate::app::run::tutorial::Step;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::screens::shop::ShopChoice;
use crate::cli::args::{LevelArgs, ShowScreen};
use crate::cli::CliError;
use crate::course::{Course, ShootingPosition};
use crate::replay::ghost::gap_s;
use crate::replay::{
    record_bot, record_player, CourseChoice, Ghost, Replay, SplitTicks, TickInput, MAX_TICKS,
};
use crate::shooting::biathlon_range::run_action;
use crate::shooting::{ShootingBot, StageAction, StagePhase, StageView, TargetState};
use crate::shop::{Item, Shelf};
use crate::sim::{Action, Bot, Brought, Run, TICK_HZ};

/// Seconds of skiing the bot does before `--show run` and `--show pause` are drawn.
const SKIED_BEFORE_SHOWING_S: u64 = 12;
/// Seconds the bot skis an Endless run before its results are shown.
const ENDLESS_SHOWN_S: u64 = 90;
/// Level shown when the command line names none, and for the standing range (level 1 has a
/// prone stage only).
const SHOWN_LEVEL: u8 = 1;
const STANDING_LEVEL: u8 = 2;
/// The stumble: the bot steers this long, then the skier runs straight on until it hits an
/// obstacle, and is shown this many ticks after the hit (early in the stumble, while the
/// screenshot's few frames pass).
const STEERED_BEFORE_STUMBLE_S: u64 = 10;
const SHOWN_AFTER_HIT_TICKS: u64 = 4;
/// The penalty loop: at the first range the shooter hits this many targets, then fires its
/// other rounds high over the targets (this many aim units up), buys none and takes the loop;
/// it is shown once this share of the loop is skied.
const TARGETS_HIT_BEFORE_MISSING: usize = 3;
const MISS_HIGH_AIM: i32 = 600;
const PENALTY_SHOWN_AT: f64 = 0.3;
/// The ghost: the slower player's seed and timing scatter (wide, so it hits obstacles), the gap
/// a split must show, and how long after the split the screen is shown.
const GHOST_SHOW_SEED: u64 = 11;
const GHOST_SHOW_JITTER_MS: u32 = 400;
const GHOST_SHOW_GAP_S: f64 = 0.5;
const GHOST_SHOWN_AFTER_TICKS: u64 = 30;

impl Flow {
    /// Put the flow in `screen`'s representative state (a run on the course `course` names,
    /// level 1 track 1 by default).
    pub fn show(&mut self, screen: ShowScreen, course: &LevelArgs) -> Result<(), CliError> {
        let target = match screen {
            ShowScreen::Menu => Screen::Title,
            // After a finished run of level 1: its medal shows and level 2 is open.
            ShowScreen::Levels => {
                self.list_bot_run(course)?;
                Screen::Levels
            }
            ShowScreen::Settings => Screen::Settings,
            ShowScreen::Loading => self.bot_run(course, |_| false, 0)?,
            ShowScreen::Run => self.bot_run(course, |_| false, skied_ticks())?,
            ShowScreen::Range => self.bot_run(course, |run| run.at_stage().is_some(), MAX_TICKS)?,
            ShowScreen::RangeStanding => self.bot_run_on(
                course,
                STANDING_LEVEL,
                |run| at_position(run, ShootingPosition::Standing),
                MAX_TICKS,
            )?,
            ShowScreen::Stumble => self.scripted_run(course, Script::Stumble)?,
            ShowScreen::Penalty => self.scripted_run(course, Script::Penalty)?,
            ShowScreen::ShotMiss => {
                let screen = self.scripted_run(course, Script::ShotMiss)?;
                if let Some(session) = &mut self.session {
                    session.sight_up_now();
                }
                screen
            }
            ShowScreen::Tutorial | ShowScreen::TutorialJump | ShowScreen::TutorialRange => {
                self.start_tutorial()?;
                let step = match screen {
                    ShowScreen::TutorialJump => Step::Jump,
                    ShowScreen::TutorialRange => Step::Aim,
                    _ => Step::ChangeLane,
                };
                if let Some(session) = &mut self.session {
                    session.skip_countdown();
                    session.rehearse_tutorial(step);
                    session.sight_up_now();
                }
                Screen::Run(RunMode::Tutorial)
            }
            // The player's run: its countdown starts as soon as the world is loaded.
            ShowScreen::Countdown => {
                let built = course.course(Some(SHOWN_LEVEL))?;
                self.run_until(built, Pilot::Player, |_| true, 0)?
            }
            ShowScreen::Pause => match self.bot_run(course, |_| false, skied_ticks())? {
                Screen::Run(mode) => Screen::Pause(mode),
                other => other,
            },
            ShowScreen::Shop => {
                self.list_bot_run(course)?;
                self.enter(self.screen, Screen::Shop);
                let affordable = Item::all()
                    .filter(|item| item.shelf() == Shelf::Skis && !self.locker.owns(*item))
                    .find(|item| item.price() <= self.purse.coins);
                if let Some(item) = affordable {
                    self.shop(ShopChoice::Shelf(Shelf::Skis));
                    self.shop(ShopChoice::Item(item));
                }
                // The rifles' shelf, their trade-offs, with the purchase's word under it.
                self.shop.shelf = Some(Shelf::Rifles);
                Screen::Shop
            }
            ShowScreen::Ghost => self.ghost_run(course)?,
            ShowScreen::Results | ShowScreen::ResultsMedal | ShowScreen::ResultsList => {
                self.bot_run(course, over, MAX_TICKS)?;
                self.enter(self.screen, Screen::Results);
                Screen::Results
            }
        };
        if screen == ShowScreen::ResultsList {
            // Leaving the results screen lists the run and saves its replay.
            self.enter(Screen::Results, Screen::ResultsList);
            return Ok(());
        }
        if target != self.screen {
            self.enter(self.screen, target);
        }
        Ok(())
    }

    /// The bot's run to the finish, listed (its replay saved, its coins in the purse).
    fn list_bot_run(&mut self, course: &LevelArgs) -> Result<(), CliError> {
        self.bot_run(course, over, MAX_TICKS)?;
        self.enter(self.screen, Screen::Results);
        self.enter(Screen::Results, Screen::ResultsList);
        Ok(())
    }

    /// A slower player (the human-model bot with a wide scatter) beside the ghost of the bot's
    /// listed run, shown just after the first split it passes well behind the ghost.
    fn ghost_run(&mut self, course: &LevelArgs) -> Result<Screen, CliError> {
        self.list_bot_run(course)?;
        let built = course.course(Some(SHOWN_LEVEL))?;
        let choice = CourseChoice::of(&built);
        let best = record_bot(choice, built.clone(), MAX_TICKS);
        let ghost = Ghost::new(&best, choice).map_err(|e| CliError::bad_input(e.to_string()))?;
        let bot = Bot::human(GHOST_SHOW_SEED, GHOST_SHOW_JITTER_MS);
        let slower = record_player(choice, built.clone(), MAX_TICKS, bot, Brought::default());
        let shown_tick = behind_split_tick(&slower, &ghost, choice).ok_or_else(|| {
            CliError::bad_input("--show ghost: this course's slower run never falls behind")
        })?;
        self.run_until(
            built,
            Pilot::Replay(slower.inputs),
            |run| run.tick() >= shown_tick,
            MAX_TICKS,
        )
    }

    /// Start the bot on the course and simulate until `reached` (or `max_ticks`); the run
    /// screen it is on.
    fn bot_run(
        &mut self,
        course: &LevelArgs,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, CliError> {
        self.bot_run_on(course, SHOWN_LEVEL, reached, max_ticks)
    }

    /// [`Flow::bot_run`] on `level` when the command line names none.
    fn bot_run_on(
        &mut self,
        course: &LevelArgs,
        level: u8,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, CliError> {
        let built = course.course(Some(level))?;
        self.run_until(built, Pilot::Bot, reached, max_ticks)
    }

    /// Start the course with `script`'s inputs and simulate to its moment.
    fn scripted_run(&mut self, course: &LevelArgs, script: Script) -> Result<Screen, CliError> {
        let built = course.course(Some(SHOWN_LEVEL))?;
        let scripted = script.play(&built).ok_or_else(|| {
            CliError::bad_input(format!(
                "--show: this course never reaches {} (try level 1)",
                script.moment()
            ))
        })?;
        let shown_tick = scripted.shown_tick;
        self.run_until(
            built,
            Pilot::Replay(scripted.inputs),
            |run| run.tick() >= shown_tick,
            MAX_TICKS,
        )
    }

    fn run_until(
        &mut self,
        built: Course,
        pilot: Pilot,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, CliError> {
        let choice = CourseChoice::of(&built);
        let mode = match choice {
            CourseChoice::Endless { .. } => RunMode::Endless,
            CourseChoice::Level { .. } => RunMode::Race,
        };
        self.start(choice, built, pilot)?;
        if let Some(session) = &mut self.session {
            session.ski_mut().fast_forward(reached, max_ticks);
        }
        self.screen = Screen::Run(mode);
        Ok(self.screen)
    }
}

/// A moment the bot never shows, reached with real actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    /// Steer, then run straight into an obstacle.
    Stumble,
    /// Ski to the first range, leave targets standing, take the penalty loop.
    Penalty,
    /// Ski to the first range, hit a few targets, then miss: shown just after the miss.
    ShotMiss,
}

/// A script's inputs and the tick its moment is shown at.
#[derive(Debug, Clone, PartialEq)]
struct Scripted {
    inputs: Vec<TickInput>,
    shown_tick: u64,
}

impl Script {
    fn moment(self) -> &'static str {
        match self {
            Script::Stumble => "a hit",
            Script::Penalty => "a penalty loop",
            Script::ShotMiss => "a missed shot",
        }
    }

    /// Simulate `course` with the script's actions; its inputs up to the moment, or `None` if
    /// the moment never comes.
    fn play(self, course: &Course) -> Option<Scripted> {
        let mut run = Run::new(course.clone());
        let mut bot = Bot::new();
        let mut shooter = Shooter::default();
        let mut inputs = Vec::new();
        let mut hit_tick = None;
        let steer_ticks = STEERED_BEFORE_STUMBLE_S * u64::from(TICK_HZ);
        for _ in 0..MAX_TICKS {
            if run.is_finished() {
                return None;
            }
            let tick = run.tick();
            let shown = match self {
                Script::Stumble => hit_tick.is_some_and(|hit| tick >= hit + SHOWN_AFTER_HIT_TICKS),
                Script::Penalty => penalty_share_skied(&run) >= PENALTY_SHOWN_AT,
                Script::ShotMiss => run.stage_view().is_some_and(|view| view.misses > 0),
            };
            if shown {
                return Some(Scripted {
                    inputs,
                    shown_tick: tick,
                });
            }
            let actions = match (self, run.stage_view()) {
                (Script::Penalty | Script::ShotMiss, Some(view)) => shooter.actions(&view),
                (Script::Stumble, _) if tick >= steer_ticks => Vec::new(),
                _ => bot.actions(&run),
            };
            let hits = run.hits();
            run.step(&actions);
            if hit_tick.is_none() && run.hits() > hits {
                hit_tick = Some(run.tick());
            }
            if !actions.is_empty() {
                inputs.push(TickInput { tick, actions });
            }
        }
        None
    }
}

/// Whether the skier is at a range shooting in `position`.
fn at_position(run: &Run, position: ShootingPosition) -> bool {
    run.at_stage()
        .and_then(|stage| run.course().stages.get(stage))
        .is_some_and(|spot| spot.position == position)
}

/// Share of the penalty loop skied so far (0 when there is none).
fn penalty_share_skied(run: &Run) -> f64 {
    let skied = run.penalty_skied_m();
    let total = skied + run.penalty_left_m();
    if total > 0.0 {
        skied / total
    } else {
        0.0
    }
}

/// The scripted shooter: the shooting bot until a few targets are down, then every other
/// round fired high, no round bought, and the penalty loop taken.
#[derive(Debug, Default)]
struct Shooter {
    bot: ShootingBot,
    aimed_high: bool,
}

impl Shooter {
    fn actions(&mut self, view: &StageView) -> Vec<Action> {
        let down = view
            .targets
            .iter()
            .filter(|&&state| state == TargetState::Hit)
            .count();
        let stage_actions = if view.phase == StagePhase::OutOfRounds {
            vec![StageAction::TakePenalty]
        } else if down < TARGETS_HIT_BEFORE_MISSING {
            self.bot.actions(view)
        } else if !self.aimed_high {
            self.aimed_high = true;
            vec![
                StageAction::HoldBreath(false),
                StageAction::Aim {
                    dx: 0,
                    dy: MISS_HIGH_AIM,
                },
            ]
        } else if view.can_fire {
            vec![StageAction::Fire]
        } else {
            Vec::new()
        };
        stage_actions.into_iter().map(run_action).collect()
    }
}

/// The tick a little after `slower` first passes a split more than [`GHOST_SHOW_GAP_S`] behind
/// the ghost, skiing (not at a range nor at the finish), if it ever does.
fn behind_split_tick(slower: &Replay, ghost: &Ghost, choice: CourseChoice) -> Option<u64> {
    let course = crate::replay::build_course(choice).ok()?;
    let mut run = Run::new(course);
    let mut splits = SplitTicks::new(ghost.split_points().clone());
    let mut inputs = slower.inputs.iter().peekable();
    while !run.is_finished() {
        let tick = run.tick();
        let actions = inputs
            .next_if(|input| input.tick == tick)
            .map_or_else(Vec::new, |input| input.actions.clone());
        run.step(&actions);
        let Some(index) = splits.observe(&run) else {
            continue;
        };
        let gap = ghost
            .splits()
            .tick(index)
            .map(|ghost_tick| gap_s(run.tick(), ghost_tick));
        let skiing = run.at_stage().is_none() && !run.is_finished();
        if skiing && gap.is_some_and(|gap| gap > GHOST_SHOW_GAP_S) {
            return Some(run.tick() + GHOST_SHOWN_AFTER_TICKS);
        }
    }
    None
}

/// Where a shown run ends: its finish, or for Endless (which has none) after
/// [`ENDLESS_SHOWN_S`] of skiing.
fn over(run: &Run) -> bool {
    let endless_done =
        run.course().length.is_none() && run.tick() >= ENDLESS_SHOWN_S * u64::from(TICK_HZ);
    run.is_finished() || endless_done
}

fn skied_ticks() -> u64 {
    SKIED_BEFORE_SHOWING_S * u64::from(TICK_HZ)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_one() -> Course {
        Course::level(1, 1, None).expect("level 1 track 1 exists")
    }

    /// The script's inputs played on a fresh run up to its moment.
    fn replayed(scripted: &Scripted) -> Run {
        let mut run = Run::new(level_one());
        let mut next = scripted.inputs.iter().peekable();
        while run.tick() < scripted.shown_tick {
            let tick = run.tick();
            let actions = next
                .next_if(|input| input.tick == tick)
                .map_or_else(Vec::new, |input| input.actions.clone());
            run.step(&actions);
        }
        run
    }

    #[test]
    fn the_stumble_is_shown_just_after_a_real_hit() {
        let scripted = Script::Stumble.play(&level_one()).expect("a hit comes");
        let run = replayed(&scripted);
        assert_eq!(run.hits(), 1);
        assert_eq!(run.state(), crate::sim::SkierState::Stumbling);
    }

    #[test]
    fn the_missed_shot_is_shown_at_the_range_right_after_the_miss() {
        let scripted = Script::ShotMiss.play(&level_one()).expect("a miss comes");
        let run = replayed(&scripted);
        let view = run.stage_view().expect("at the range");
        assert_eq!(view.misses, 1);
        let shot = view.last_shot.expect("a shot was fired");
        assert_eq!(shot.hit, None);
    }

    #[test]
    fn the_penalty_loop_is_shown_after_a_stage_left_with_targets_standing() {
        let scripted = Script::Penalty.play(&level_one()).expect("a loop comes");
        let run = replayed(&scripted);
        assert_eq!(run.state(), crate::sim::SkierState::PenaltyLoop);
        let (_, result) = run.last_stage_result().expect("a stage was left");
        assert!(result.shot);
        assert_eq!(
            result.misses,
            result.shots - TARGETS_HIT_BEFORE_MISSING as u32
        );
        assert_eq!(
            result.penalty_loops,
            (5 - TARGETS_HIT_BEFORE_MISSING) as u32
        );
        assert!(penalty_share_skied(&run) >= PENALTY_SHOWN_AT);
    }
}
