//! How each kind of run starts: what the player brings to it (the rifle from the locker, never
//! the banked purse: rounds at the range are paid from the run's own coins; a watched replay
//! what it recorded), what the skier wears, and the ghost of the best
//! saved run of the course skiing beside it.

use super::state::{RunScreen, ScreenState};
use super::Flow;
use crate::app::run::input::Controls;
use crate::app::run::session::{RunSession, RunSetup};
use crate::app::run::ski_run::Pilot;
use crate::app::run::tutorial;
use crate::app::screens::nav::RunMode;
use crate::app::screens::results_list::load_for_watching;
use crate::app::AppError;
use crate::course::daily::Date;
use crate::course::Course;
use crate::replay::{build_course, CourseChoice, Ghost};
use crate::sim::{Brought, Tick};
use crate::storage::ReplayName;
use crate::storage::{replay_name, Listed};

impl Flow {
    /// Start a player's (or the bot's) run on `course` (the course of `daily`, if that is set):
    /// the locker's rifle comes along (the banked purse stays in the Shop), and the best saved run of the course as a
    /// ghost (if the settings want one).
    pub(in crate::app::screens) fn start(
        &mut self,
        choice: CourseChoice,
        course: Course,
        pilot: Pilot,
        daily: Option<Date>,
    ) -> Result<RunScreen, AppError> {
        let brought = Brought {
            rifle: self.locker.rifle(),
        };
        let ghost = self.ghost_for(choice, None);
        let session = self.start_run(choice, course, pilot, false, brought, ghost)?;
        Ok(RunScreen::new(session, daily))
    }

    /// Start a player's run on `course` beside `ghost` (a world run's, already checked) rather
    /// than the best saved run's.
    pub(super) fn start_with_ghost(
        &mut self,
        choice: CourseChoice,
        course: Course,
        daily: Option<Date>,
        ghost: Option<Ghost>,
    ) -> Result<RunScreen, AppError> {
        let brought = Brought {
            rifle: self.locker.rifle(),
        };
        let session = self.start_run(choice, course, Pilot::Player, false, brought, ghost)?;
        Ok(RunScreen::new(session, daily))
    }

    /// Start a run `pilot` skis (a replay's inputs) with what it `brought`, without a ghost.
    pub(super) fn start_piloted(
        &mut self,
        choice: CourseChoice,
        course: Course,
        pilot: Pilot,
        brought: Brought,
    ) -> Result<RunScreen, AppError> {
        let session = self.start_run(choice, course, pilot, false, brought, None)?;
        Ok(RunScreen::new(session, None))
    }

    /// Start the tutorial's guided run.
    pub(in crate::app::screens) fn start_tutorial(&mut self) -> Result<RunScreen, AppError> {
        let course = tutorial::course();
        // The tutorial brings the training rifle, banks no coins, and has no ghost.
        let choice = CourseChoice::of(&course);
        let session = self.start_run(
            choice,
            course,
            Pilot::Player,
            true,
            Brought::default(),
            None,
        )?;
        Ok(RunScreen::new(session, None))
    }

    fn start_run(
        &mut self,
        choice: CourseChoice,
        course: Course,
        pilot: Pilot,
        tutorial: bool,
        brought: Brought,
        ghost: Option<Ghost>,
    ) -> Result<RunSession, AppError> {
        // A player's own runs count towards the missions (and the bot's, which only `--show`
        // starts here, to show them); the tutorial and replays do not.
        let missions = (matches!(pilot, Pilot::Player | Pilot::Bot) && !tutorial).then(|| {
            let endless = matches!(choice, CourseChoice::Endless { .. });
            crate::missions::MissionWatch::new(self.missions.clone(), endless)
        });
        RunSession::new(RunSetup {
            course,
            choice,
            pilot,
            terrain: self.settings.terrain_config(),
            view_distance: self.settings.view_distance,
            controls: Controls::of(&self.settings),
            camera_shake: self.settings.camera_shake,
            vibration: self.settings.vibration,
            tutorial,
            brought,
            outfit: self.locker.outfit(),
            ghost,
            missions,
        })
    }

    /// The current run again from its start (the same course, a fresh countdown; a daily run
    /// stays the day's); none when no run is showing.
    pub(super) fn restart(&mut self) -> Result<Option<RunScreen>, AppError> {
        let (choice, daily) = match &self.state {
            ScreenState::Pause(RunMode::Tutorial, _) => return self.start_tutorial().map(Some),
            ScreenState::Run(_, run) | ScreenState::Pause(_, run) => (
                CourseChoice::of(run.session.ski().run().course()),
                run.daily,
            ),
            _ => return Ok(None),
        };
        let course = build_course(choice)?;
        self.start(choice, course, Pilot::Player, daily).map(Some)
    }

    /// Start playing back a saved replay (with the best other run of its course as the ghost);
    /// none (with a notice) if it cannot be read.
    pub(in crate::app::screens) fn start_watching(
        &mut self,
        name: &ReplayName,
    ) -> Result<Option<RunScreen>, AppError> {
        let Some(store) = &self.store else {
            return Ok(None);
        };
        match load_for_watching(store, name) {
            Ok((replay, choice, course)) => {
                let end = replay
                    .summary
                    .as_ref()
                    .map(|summary| Tick::new(summary.ticks));
                let ghost = self.ghost_for(choice, Some(name));
                let brought = replay.brought();
                let pilot = Pilot::Replay(replay.inputs);
                let session = self.start_run(choice, course, pilot, false, brought, ghost)?;
                let mut run = RunScreen::new(session, None);
                run.watch_end = end;
                Ok(Some(run))
            }
            Err(why) => {
                crate::app::platform::log::tell_developers(&format!(
                    "latu: the replay {name} cannot be played: {why}"
                ));
                let run = crate::storage::quoted(name.as_str());
                // A damaged replay is moved aside by the store, and so leaves the list.
                let told = if crate::files::is_file(&store.replay_path(name)) {
                    format!("Your saved run {run} could not be played by this version of the game.")
                } else {
                    format!(
                        "Your saved run {run} was damaged and could not be played; its file was \
                         kept aside and it is off the list."
                    )
                };
                self.tell_all([told]);
                Ok(None)
            }
        }
    }

    /// The ghost for a run on `choice`: the best listed run of that course (fastest; Endless
    /// the longest) whose replay is saved and plays on it, other than `watched`. None when
    /// ghosts are off or no such run is kept. A damaged replay passed over is set aside by the
    /// store, and the player told once for each.
    fn ghost_for(&mut self, choice: CourseChoice, watched: Option<&ReplayName>) -> Option<Ghost> {
        let mut damaged = Vec::new();
        let ghost = self.find_ghost(choice, watched, &mut damaged);
        for (name, why) in damaged {
            crate::app::platform::log::tell_developers(&format!(
                "latu: the replay {name} cannot be a ghost: {why}"
            ));
            if why.kept.is_some() {
                self.tell_all([format!(
                    "Your saved run {} was damaged; its file was kept aside and it is off the list.",
                    crate::storage::quoted(name.as_str())
                )]);
            }
        }
        ghost
    }

    /// [`Flow::ghost_for`]'s search; the replays found damaged on the way go to `damaged`.
    fn find_ghost(
        &self,
        choice: CourseChoice,
        watched: Option<&ReplayName>,
        damaged: &mut Vec<(ReplayName, crate::storage::DamagedReplay)>,
    ) -> Option<Ghost> {
        let store = self.store.as_ref().filter(|_| self.settings.ghosts)?;
        let results = &self.results;
        // A level's track, then the daily runs (a daily course is a level row on the day's
        // seed); the ghost keeps only a run of this very course.
        let listed: Vec<Listed> = match choice {
            CourseChoice::Level { level, track, .. } => results
                .top(level, track)
                .into_iter()
                .map(Listed::Run)
                .chain(results.all_daily().iter().map(Listed::Daily))
                .collect(),
            CourseChoice::Endless { .. } => results.endless().iter().map(Listed::Endless).collect(),
        };
        listed
            .into_iter()
            .filter_map(replay_name)
            .filter(|name| Some(name) != watched && crate::files::is_file(&store.replay_path(name)))
            .find_map(|name| match store.load_replay(&name) {
                Ok(replay) => Ghost::new(&replay, choice).ok(),
                Err(why) => {
                    damaged.push((name, why));
                    None
                }
            })
    }
}
