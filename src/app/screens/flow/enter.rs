//! Entering a screen: what every screen shares. A name typed is kept, the screen left settles
//! its own part and the new one is built with its own state (the screens' table,
//! [`super::state`]), a run left off the run screens is banked, and the music and ambience
//! follow.

use super::state::{ResultsScreen, RunScreen, ScreenState};
use super::Flow;
use crate::app::screens::nav::Screen;
use crate::app::screens::{shown_metres, FinishedRun, NameEntry};
use crate::replay::CourseChoice;
use crate::sound::music::Track;

impl Flow {
    /// Show `to`: a run screen takes the run `started` for it, or the run it comes from (a
    /// paused run resumes after a countdown); the results screen is built from the run that
    /// ended; the results list opens on the list of the result just listed.
    pub(in crate::app::screens) fn enter(&mut self, to: Screen, started: Option<RunScreen>) {
        crate::app::platform::log::trace(&format!("screen {to:?}"));
        if self.state.name_mut().is_some_and(|name| name.editing) {
            self.stop_editing();
        }
        let left = std::mem::replace(&mut self.state, ScreenState::Title);
        let from = left.screen();
        let mut run = started.map(Box::new);
        let list = self.leave(left, to, &mut run);
        if !matches!(to, Screen::Run(_) | Screen::Pause(_)) {
            if let Some(ended) = &run {
                self.played.absorb(&ended.session.stats);
                if to != Screen::Results {
                    // A run left without its results (Quit): its coins stay out, its missions count.
                    self.keep_missions_of(ended);
                }
            }
        }
        self.state = self.state_for(to, from, run, list);
        self.play_for(to);
        self.tell_recovery_on_a_menu();
    }

    /// The results screen of the run that ended: its summary, replay and the best to beat; the
    /// name is asked with the first result only.
    pub(super) fn results_of(&self, run: &RunScreen) -> ResultsScreen {
        let ski = run.session.ski();
        let mut replay = ski.replay();
        // A daily run names its day (a leaderboard reads the board from it).
        replay.daily = run.daily;
        let choice = replay
            .course_choice()
            .unwrap_or_else(|_| CourseChoice::of(ski.run().course()));
        let best_before = match choice {
            CourseChoice::Level { level, track, .. } => self.results.best_score(level, track),
            // Endless's list ranks by distance, so its best is the longest run.
            CourseChoice::Endless { .. } => self.results.best_endless_distance().map(shown_metres),
        };
        let ask_name = !self.settings.name_chosen;
        ResultsScreen {
            finished: FinishedRun {
                choice,
                summary: ski.run().summary(),
                replay,
                best_before,
                ask_name,
                daily: run.daily,
                ghost_gap_s: ski.ghost().and_then(|ghost| ghost.finish_gap()),
                raced: run.raced.clone(),
                purse_before: self.purse.coins,
            },
            banked: false,
            name: NameEntry {
                text: self.settings.player_name.clone(),
                // The name is asked once: a desktop types straight away; a phone's keyboard
                // opens when the name is tapped.
                editing: ask_name && !cfg!(target_os = "android"),
            },
            queued: None,
            missions: run
                .session
                .missions()
                .map(|watch| (watch.book().clone(), watch.tally().clone())),
        }
    }

    /// The run's music through the run and its pause (stepping aside there), the calm one
    /// everywhere else; the ambience on the run screen only.
    fn play_for(&mut self, screen: Screen) {
        match screen {
            Screen::Run(_) => self.sounds.start_ambience(),
            _ => self.sounds.stop_ambience(),
        }
        match screen {
            Screen::Run(_) | Screen::Pause(_) => self.sounds.play_run_music(),
            _ => self.sounds.play_music(Track::Menu),
        }
        self.sounds
            .set_music_aside(matches!(screen, Screen::Pause(_)));
    }
}
