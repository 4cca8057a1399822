//! `latu play --show SCREEN`: open a screen in a representative state for screenshots. A run's
//! stage, pause and results are reached by the bot, its ticks simulated without drawing.

use super::flow::Flow;
use super::screens::nav::{RunMode, Screen};
use super::ski_run::Pilot;
use crate::cli::args::{LevelArgs, ShowScreen};
use crate::cli::CliError;
use crate::replay::{CourseChoice, MAX_TICKS};
use crate::sim::{Run, TICK_HZ};

/// Seconds of skiing the bot does before `--show run` and `--show pause` are drawn.
const SKIED_BEFORE_SHOWING_S: u64 = 12;
/// Seconds the bot skis an Endless run before its results are shown.
const ENDLESS_SHOWN_S: u64 = 90;
/// Level shown when the command line names none.
const SHOWN_LEVEL: u8 = 1;

impl Flow {
    /// Put the flow in `screen`'s representative state (a run on the course `course` names,
    /// level 1 track 1 by default).
    pub fn show(&mut self, screen: ShowScreen, course: &LevelArgs) -> Result<(), CliError> {
        let target = match screen {
            ShowScreen::Menu => Screen::Title,
            ShowScreen::Levels => Screen::Levels,
            ShowScreen::Settings => Screen::Settings,
            ShowScreen::Loading => self.bot_run(course, |_| false, 0)?,
            ShowScreen::Run => self.bot_run(course, |_| false, skied_ticks())?,
            ShowScreen::Range => self.bot_run(course, |run| run.at_stage().is_some(), MAX_TICKS)?,
            ShowScreen::Pause => match self.bot_run(course, |_| false, skied_ticks())? {
                Screen::Run(mode) => Screen::Pause(mode),
                other => other,
            },
            ShowScreen::Results | ShowScreen::ResultsList => {
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

    /// Start the bot on the course and simulate until `reached` (or `max_ticks`); the run
    /// screen it is on.
    fn bot_run(
        &mut self,
        course: &LevelArgs,
        reached: impl Fn(&Run) -> bool,
        max_ticks: u64,
    ) -> Result<Screen, CliError> {
        let built = course.course(Some(SHOWN_LEVEL))?;
        let choice = CourseChoice::of(&built);
        let mode = match choice {
            CourseChoice::Endless { .. } => RunMode::Endless,
            CourseChoice::Level { .. } => RunMode::Race,
        };
        self.start(choice, built, Pilot::Bot)?;
        if let Some(session) = &mut self.session {
            session.ski_mut().fast_forward(reached, max_ticks);
        }
        self.screen = Screen::Run(mode);
        Ok(self.screen)
    }
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
