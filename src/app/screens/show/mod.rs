//! `latu play --show SCREEN`: open a screen in a representative state for screenshots. A run's
//! stage, pause and results are reached by the bot, its ticks simulated without drawing. The
//! moments the bot never shows (a stumble after a hit, the penalty loop) are reached by a short
//! script of real actions ([`script`]), simulated once to find them and then played as the run's
//! inputs; the ghost's screens ([`ghost`]) by a slower player beside the bot's listed run.

mod approach;
pub use approach::Held;
mod ghost;
pub mod probe;
mod script;

use super::flow::state::ScreenState;
use super::flow::Flow;
use crate::app::run::ski_run::Pilot;
use crate::app::run::tutorial::Step;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::screens::settings::account::report::ReportDialog;
use crate::app::screens::shop::ShopChoice;
use crate::app::screens::{AccountChoice, AccountPage};
use crate::app::AppError;
use crate::cli::args::{Approach, LevelArgs, ShowScreen};
use crate::course::{Course, ShootingPosition};
use crate::replay::{CourseChoice, MAX_TICKS};
use crate::shop::athlete::Athlete;
use crate::shop::{Item, Shelf};
use crate::sim::{Run, Tick, TICK_HZ};
use script::Script;

/// Seconds of skiing the bot does before `--show run` and `--show pause` are drawn.
const SKIED_BEFORE_SHOWING_S: u64 = 12;
/// Seconds the bot skis an Endless run before its results are shown.
const ENDLESS_SHOWN_S: u64 = 90;
/// Level shown when the command line names none, and for the standing range (level 1 has a
/// prone stage only).
pub(super) const SHOWN_LEVEL: u8 = 1;
const STANDING_LEVEL: u8 = 2;
/// `--show finish` starts drawing this far before the finish line, metres (its arch ahead;
/// the confetti and the counting time follow in the next frames).
const FINISH_SHOWN_BEFORE_M: f64 = 15.0;

/// `--show account-code`: a code half typed in the field.
const SHOWN_CODE_TYPED: &str = "K7QX2-MR";

/// `--show approach` without the kind of obstacle to approach.
fn no_kind() -> AppError {
    AppError::Show {
        screen: "approach".to_owned(),
        why: "it needs --kind jump, duck or dodge".to_owned(),
    }
}

/// Whether the skier is within [`FINISH_SHOWN_BEFORE_M`] of a level's finish.
fn nearing_the_finish(run: &Run) -> bool {
    run.course()
        .length
        .is_some_and(|length| run.z() >= length - FINISH_SHOWN_BEFORE_M)
}

impl Flow {
    /// Put the flow in `screen`'s representative state (a run on the course `course` names,
    /// level 1 track 1 by default); `approach` is what `--show approach` approaches.
    pub fn show(
        &mut self,
        screen: ShowScreen,
        course: &LevelArgs,
        approach: Option<Approach>,
    ) -> Result<(), AppError> {
        let target = match screen {
            ShowScreen::Menu => Screen::Title,
            // After a finished run of level 1: its medal shows and level 2 is open.
            ShowScreen::Levels => {
                self.list_bot_run(course)?;
                Screen::Levels
            }
            ShowScreen::Settings => Screen::Settings,
            ShowScreen::Guide => Screen::Guide,
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
            ShowScreen::NearMiss => self.scripted_run(course, Script::NearMiss)?,
            ShowScreen::SecondChance => {
                let endless = LevelArgs {
                    endless: true,
                    ..LevelArgs::default()
                };
                self.scripted_run(&endless, Script::SecondChance)?
            }
            ShowScreen::Finish => self.bot_run(course, nearing_the_finish, MAX_TICKS)?,
            ShowScreen::Penalty => self.scripted_run(course, Script::Penalty)?,
            ShowScreen::ShotMiss => self.shot_run(course, Script::ShotMiss)?,
            ShowScreen::ShotHit => self.shot_run(course, Script::ShotHit)?,
            ShowScreen::Tutorial => self.tutorial_at(Step::ChangeLane)?,
            ShowScreen::TutorialJump => self.tutorial_at(Step::Jump)?,
            ShowScreen::TutorialRange => self.tutorial_at(Step::Aim)?,
            // The player's run: its countdown starts as soon as the world is loaded.
            ShowScreen::Countdown => {
                let built = course.course(Some(SHOWN_LEVEL))?;
                self.run_until(built, Pilot::Player, |_| true, 0)?
            }
            ShowScreen::Pause => match self.bot_run(course, |_| false, skied_ticks())? {
                Screen::Run(mode) => Screen::Pause(mode),
                other => other,
            },
            ShowScreen::Shop => self.shop_after_a_purchase(course)?,
            ShowScreen::Ghost => self.ghost_run(course)?,
            ShowScreen::Watch => self.watched_with_ghost(course)?,
            ShowScreen::Approach => self.approach_run(course, approach.ok_or_else(no_kind)?)?,
            ShowScreen::Boards => {
                self.enter(Screen::Boards, None);
                self.show_board_of(course)?;
                Screen::Boards
            }
            ShowScreen::RaceWorld => {
                let built = course.course(Some(SHOWN_LEVEL))?;
                self.race_world_best(&built);
                Screen::Boards
            }
            ShowScreen::Account => self.account_at(AccountPage::Main),
            ShowScreen::AccountLink => self.account_at(AccountPage::Link),
            ShowScreen::AccountCode => self.account_at(AccountPage::EnterCode),
            ShowScreen::AccountDelete => self.account_at(AccountPage::Delete),
            ShowScreen::Report => {
                self.enter(Screen::Boards, None);
                self.show_board_of(course)?;
                if let ScreenState::Boards(page) = &mut self.state {
                    page.report = Some(ReportDialog {
                        run: String::new(),
                        reason: Some(0),
                    });
                }
                Screen::Boards
            }
            ShowScreen::Results | ShowScreen::ResultsMedal | ShowScreen::ResultsList => {
                self.bot_run(course, over, MAX_TICKS)?;
                self.enter(Screen::Results, None);
                Screen::Results
            }
        };
        if screen == ShowScreen::ResultsList {
            // Leaving the results screen lists the run and saves its replay.
            self.enter(Screen::ResultsList, None);
            return Ok(());
        }
        if target != self.state.screen() {
            self.enter(target, None);
        }
        Ok(())
    }

    /// Settings → Account on `page`, reached from the settings: a link code asked for, a code
    /// half typed.
    fn account_at(&mut self, page: AccountPage) -> Screen {
        self.enter(Screen::Settings, None);
        self.enter(Screen::Account, None);
        if let ScreenState::Account(screen) = &mut self.state {
            screen.page = page;
            if page == AccountPage::EnterCode {
                screen.code.text = SHOWN_CODE_TYPED.to_owned();
                screen.code.editing = true;
            }
        }
        if page == AccountPage::Link {
            self.account_choice(AccountChoice::AskLinkCode);
        }
        Screen::Account
    }

    /// A scripted run at the moment its shot lands, the sight up.
    fn shot_run(&mut self, course: &LevelArgs, script: Script) -> Result<Screen, AppError> {
        let screen = self.scripted_run(course, script)?;
        if let Some(run) = self.state.run_mut() {
            run.session.sight_up_now();
        }
        Ok(screen)
    }

    /// The tutorial's run, really played to the moment it teaches `step`.
    fn tutorial_at(&mut self, step: Step) -> Result<Screen, AppError> {
        let mut run = self.start_tutorial()?;
        run.session.skip_countdown();
        run.session.rehearse_tutorial(step);
        run.session.sight_up_now();
        self.enter(Screen::Run(RunMode::Tutorial), Some(run));
        Ok(Screen::Run(RunMode::Tutorial))
    }

    /// The shop after a listed run paid for a pair of skis, open on the skiers' shelf (each
    /// athlete's row, the purchase's word under it) with the veteran tried on in the fitting.
    fn shop_after_a_purchase(&mut self, course: &LevelArgs) -> Result<Screen, AppError> {
        self.list_bot_run(course)?;
        self.enter(Screen::Shop, None);
        let affordable = Item::all()
            .filter(|item| item.shelf() == Shelf::Skis && !self.locker.owns(*item))
            .find(|item| item.price() <= self.purse.coins);
        if let Some(item) = affordable {
            self.shop(ShopChoice::Shelf(Shelf::Skis));
            self.shop(ShopChoice::Item(item));
        }
        if let ScreenState::Shop(counter) = &mut self.state {
            counter.shelf = Some(Shelf::Skiers);
            counter.trying = Some(Item::Athlete(Athlete::Veikko));
        }
        Ok(Screen::Shop)
    }

    /// The bot's run to the finish, listed (its replay saved, its coins in the purse).
    fn list_bot_run(&mut self, course: &LevelArgs) -> Result<(), AppError> {
        self.bot_run(course, over, MAX_TICKS)?;
        self.enter(Screen::Results, None);
        self.enter(Screen::ResultsList, None);
        Ok(())
    }

    /// Start the bot on the course and simulate until `reached` (or `max_ticks`); the run
    /// screen it is on.
    fn bot_run(
        &mut self,
        course: &LevelArgs,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, AppError> {
        self.bot_run_on(course, SHOWN_LEVEL, reached, max_ticks)
    }

    /// [`Flow::bot_run`] on `level` when the command line names none.
    fn bot_run_on(
        &mut self,
        course: &LevelArgs,
        level: u8,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, AppError> {
        let built = course.course(Some(level))?;
        self.run_until(built, Pilot::Bot, reached, max_ticks)
    }

    /// Start the course with `script`'s inputs and simulate to its moment.
    fn scripted_run(&mut self, course: &LevelArgs, script: Script) -> Result<Screen, AppError> {
        let built = course.course(Some(SHOWN_LEVEL))?;
        let scripted = script.play(&built).ok_or_else(|| AppError::Show {
            screen: script.screen().to_owned(),
            why: format!(
                "this course never reaches {} (try level 1)",
                script.moment()
            ),
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
    ) -> Result<Screen, AppError> {
        let choice = CourseChoice::of(&built);
        let mode = match choice {
            CourseChoice::Endless { .. } => RunMode::Endless,
            CourseChoice::Level { .. } => RunMode::Race,
        };
        let mut run = self.start(choice, built, pilot, None)?;
        run.session.fast_forward(reached, max_ticks);
        self.enter(Screen::Run(mode), Some(run));
        Ok(Screen::Run(mode))
    }
}

/// Whether the skier is at a range shooting in `position`.
fn at_position(run: &Run, position: ShootingPosition) -> bool {
    run.at_stage()
        .and_then(|stage| run.course().stages.get(stage))
        .is_some_and(|spot| spot.position == position)
}

/// Where a shown run ends: its finish, or for Endless (which has none) after
/// [`ENDLESS_SHOWN_S`] of skiing.
fn over(run: &Run) -> bool {
    let endless_done = run.course().length.is_none()
        && run.tick() >= Tick::new(ENDLESS_SHOWN_S * u64::from(TICK_HZ));
    run.is_finished() || endless_done
}

fn skied_ticks() -> u64 {
    SKIED_BEFORE_SHOWING_S * u64::from(TICK_HZ)
}
