//! How each kind of run starts: what the player brings to it (the purse, the rifle from the
//! locker; a watched replay what it recorded), what the skier wears, and the ghost of the best
//! saved run of the course skiing beside it.

use super::flow::Flow;
use super::results::{load_for_watching, replay_name, Listed};
use crate::app::run::session::{RunSession, RunSetup};
use crate::app::run::ski_run::Pilot;
use crate::app::run::tutorial;
use crate::app::screens::nav::{RunMode, Screen};
use crate::cli::CliError;
use crate::course::Course;
use crate::replay::{build_course, CourseChoice, Ghost};
use crate::sim::Brought;
use crate::storage::ReplayName;
use std::time::Duration;

impl Flow {
    /// Start a player's (or the bot's) run on `course`: the purse and the locker's rifle come
    /// along, and the best saved run of the course as a ghost (if the settings want one).
    pub(super) fn start(
        &mut self,
        choice: CourseChoice,
        course: Course,
        pilot: Pilot,
    ) -> Result<(), CliError> {
        let brought = Brought {
            purse: self.purse.coins,
            rifle: self.locker.rifle(),
        };
        let ghost = self.ghost_for(choice, None);
        self.start_run(choice, course, pilot, false, brought, ghost)
    }

    /// Start the tutorial's guided run.
    pub(super) fn start_tutorial(&mut self) -> Result<(), CliError> {
        let course = tutorial::course();
        // The tutorial brings no purse and keeps none, and has no ghost.
        self.daily = None;
        let choice = CourseChoice::of(&course);
        self.start_run(
            choice,
            course,
            Pilot::Player,
            true,
            Brought::default(),
            None,
        )
    }

    fn start_run(
        &mut self,
        choice: CourseChoice,
        course: Course,
        pilot: Pilot,
        tutorial: bool,
        brought: Brought,
        ghost: Option<Ghost>,
    ) -> Result<(), CliError> {
        self.session = Some(RunSession::new(RunSetup {
            course,
            choice,
            pilot,
            terrain: self.settings.terrain_config(),
            view_distance: self.settings.view_distance,
            sensitivity: self.settings.swipe_sensitivity,
            camera_shake: self.settings.camera_shake,
            vibration: self.settings.vibration,
            tutorial,
            brought,
            outfit: self.locker.outfit(),
            ghost,
        })?);
        self.since_finish = Duration::ZERO;
        self.watch_end = None;
        Ok(())
    }

    /// Start the current run again from its start (the same course, a fresh countdown; a daily
    /// run stays the day's).
    pub(super) fn restart(&mut self) -> Result<(), CliError> {
        if self.screen == Screen::Pause(RunMode::Tutorial) {
            return self.start_tutorial();
        }
        let Some(session) = &self.session else {
            return Ok(());
        };
        let choice = CourseChoice::of(session.ski().run().course());
        let course = build_course(choice).map_err(|e| CliError::bad_input(e.to_string()))?;
        self.start(choice, course, Pilot::Player)
    }

    /// Start playing back a saved replay (with the best other run of its course as the ghost);
    /// false (with a notice) if it cannot be read.
    pub(super) fn start_watching(&mut self, name: &ReplayName) -> Result<bool, CliError> {
        let Some(store) = &self.store else {
            return Ok(false);
        };
        match load_for_watching(store, name) {
            Ok((replay, choice, course)) => {
                let end = replay.summary.as_ref().map(|summary| summary.ticks);
                let ghost = self.ghost_for(choice, Some(name));
                let brought = replay.brought();
                let pilot = Pilot::Replay(replay.inputs);
                self.daily = None;
                self.start_run(choice, course, pilot, false, brought, ghost)?;
                self.watch_end = end;
                Ok(true)
            }
            Err(why) => {
                crate::app::platform::log::tell_developers(&format!(
                    "latu: the replay {name} cannot be played: {why}"
                ));
                let run = crate::storage::quoted(name.as_str());
                // A damaged replay is moved aside by the store, and so leaves the list.
                self.notices
                    .push(if crate::files::is_file(&store.replay_path(name)) {
                        format!(
                            "The saved run {run} could not be played by this version of the game."
                        )
                    } else {
                        format!(
                        "The saved run {run} was damaged and could not be played; its file was \
                         kept aside and it is off the list."
                    )
                    });
                Ok(false)
            }
        }
    }

    /// The ghost for a run on `choice`: the best listed run of that course (fastest; Endless
    /// the longest) whose replay is saved and plays on it, other than `watched`. None when
    /// ghosts are off or no such run is kept.
    fn ghost_for(&self, choice: CourseChoice, watched: Option<&ReplayName>) -> Option<Ghost> {
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
            .find_map(|name| {
                let replay = store.load_replay(&name).ok()?;
                Ghost::new(&replay, choice).ok()
            })
    }
}
