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
mod setup;

use super::flow::state::ScreenState;
use super::flow::Flow;
use crate::app::run::ski_run::Pilot;
use crate::app::run::tutorial::TutorialStep;
use crate::app::screens::nav::{RunMode, Screen};
use crate::app::screens::settings::account::report::ReportDialog;
use crate::app::screens::shop::ShopChoice;
use crate::app::screens::{AccountChoice, AccountPage};
use crate::app::AppError;
use crate::cli::args::{Approach, LevelArgs, ShowScreen};
use crate::course::Course;
use crate::replay::{CourseChoice, MAX_TICKS};
use crate::shop::athlete::Athlete;
use crate::shop::{Item, Shelf};
use crate::sim::{Run, Tick, TICK_HZ};
use script::Script;
pub(in crate::app::screens) use setup::past_the_arrival;
use setup::{BotRun, Setup};

/// Seconds the bot skis an Endless run before its results are shown.
const ENDLESS_SHOWN_S: u64 = 90;
/// Level shown when the command line names none.
pub(super) const SHOWN_LEVEL: u8 = 1;

/// `--show account-code`: a code half typed in the field.
const SHOWN_CODE_TYPED: &str = "K7QX2-MR";

/// `--show approach` without the kind of obstacle to approach.
fn no_kind() -> AppError {
    AppError::Show {
        screen: "approach".to_owned(),
        why: "it needs --kind jump, duck or dodge".to_owned(),
    }
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
        let target = match Setup::of(screen) {
            Setup::Page(page) => page,
            Setup::Bot(BotRun {
                level,
                until,
                max_ticks,
                paused,
                still,
            }) => match self.bot_run_on(course, level, until, max_ticks)? {
                Screen::Run(mode) if paused => Screen::Pause(mode),
                other => {
                    if still {
                        self.hold_taken_power(until, screen)?;
                    }
                    other
                }
            },
            Setup::Scripted { script, endless } => {
                let on_endless = LevelArgs {
                    endless: true,
                    ..LevelArgs::default()
                };
                self.scripted_run(if endless { &on_endless } else { course }, script)?
            }
            Setup::Shot(script) => self.shot_run(course, script)?,
            Setup::Tutorial { step, touch } => self.tutorial_at(step, touch)?,
            Setup::Countdown => {
                // The player's run: its countdown starts as soon as the world is loaded.
                let built = course.course(Some(SHOWN_LEVEL))?;
                self.run_until(built, Pilot::Player, |_| true, 0)?
            }
            Setup::Levels => {
                // After a finished run of level 1: its medal shows and level 2 is open.
                self.list_bot_run(course)?;
                Screen::Levels
            }
            Setup::Shop => self.shop_after_a_purchase(course)?,
            Setup::Ghost { watched: false } => self.ghost_run(course)?,
            Setup::Ghost { watched: true } => self.watched_with_ghost(course)?,
            Setup::Approach => self.approach_run(course, approach.ok_or_else(no_kind)?)?,
            Setup::Boards { report } => self.boards_of(course, report)?,
            Setup::RaceWorld { at_range } => {
                let built = course.course(Some(SHOWN_LEVEL))?;
                self.race_world_best(&built, at_range);
                Screen::Boards
            }
            Setup::Account(page) => self.account_at(page),
            Setup::Results { listed } => self.results_of_bot_run(course, listed)?,
        };
        if target != self.state.screen() {
            self.enter(target, None);
        }
        Ok(())
    }

    /// The results of the bot's run; the results list when `listed` (leaving the results
    /// lists the run and saves its replay).
    fn results_of_bot_run(&mut self, course: &LevelArgs, listed: bool) -> Result<Screen, AppError> {
        self.bot_run(course, over, MAX_TICKS)?;
        self.enter(Screen::Results, None);
        if listed {
            self.enter(Screen::ResultsList, None);
            return Ok(Screen::ResultsList);
        }
        Ok(Screen::Results)
    }

    /// The world boards of the board `course` names; with the Report dialog open over its
    /// first run, a reason picked, when `report`.
    fn boards_of(&mut self, course: &LevelArgs, report: bool) -> Result<Screen, AppError> {
        self.enter(Screen::Boards, None);
        self.show_board_of(course)?;
        if let (true, ScreenState::Boards(page)) = (report, &mut self.state) {
            page.report = Some(ReportDialog {
                run: String::new(),
                reason: Some(0),
            });
        }
        Ok(Screen::Boards)
    }

    /// Whether the aim assist holds the sight of the run on screen (`None` off a range).
    pub(in crate::app::screens) fn assisted_on_screen(&self) -> Option<bool> {
        let run = self.state.run()?;
        run.session
            .ski()
            .run()
            .stage_view()
            .map(|view| view.assisted)
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
        if script == Script::TouchAssist {
            // The thumb's screen speaks to a thumb, as the player's own touches would make it.
            crate::app::ui::words::assume(crate::app::ui::words::Device::Touch);
        }
        Ok(screen)
    }

    /// The tutorial's run, really played to the moment it teaches `step`, its words a phone's
    /// when `touch`.
    fn tutorial_at(&mut self, step: TutorialStep, touch: bool) -> Result<Screen, AppError> {
        let mut run = self.start_tutorial()?;
        run.session.skip_countdown();
        run.session.rehearse_tutorial(step);
        run.session.sight_up_now();
        if touch {
            crate::app::ui::words::assume(crate::app::ui::words::Device::Touch);
        }
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
        let screen = self.run_until(built, Pilot::Bot, reached, max_ticks)?;
        // A run held at a range is held past its arrival (the rules' moment): the sight is up
        // at once, or the screen would count the arrival again in the show's real-time frames,
        // which a quick machine draws before the sight comes up.
        if let Some(run) = self.state.run_mut() {
            run.session.sight_up_now();
        }
        Ok(screen)
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

/// Where a shown run ends: its finish, or for Endless (which has none) after
/// [`ENDLESS_SHOWN_S`] of skiing.
fn over(run: &Run) -> bool {
    let endless_done = run.course().length.is_none()
        && run.tick() >= Tick::new(ENDLESS_SHOWN_S * u64::from(TICK_HZ));
    run.is_finished() || endless_done
}
