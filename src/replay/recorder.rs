//! Recording a run as it is played.

use super::file::{Checkpoint, CourseChoice, Replay, TickInput, FORMAT_VERSION};
use super::stretches::{Stretch, StretchLog};
use super::{GAME_VERSION, HASH_EVERY, RULES_VERSION};
use crate::sim::{one_drag_a_tick, Action, Run};

/// Logs a run's actions by tick and its state hash every [`HASH_EVERY`] ticks. Drive the run
/// through [`ReplayRecorder::step`] so that nothing is stepped unrecorded.
#[derive(Debug, Clone)]
pub struct ReplayRecorder {
    choice: CourseChoice,
    inputs: Vec<TickInput>,
    hashes: Vec<Checkpoint>,
    stretches: StretchLog,
}

impl ReplayRecorder {
    /// A recorder for a run on the course `choice` names.
    pub fn new(choice: CourseChoice) -> Self {
        Self {
            choice,
            inputs: Vec::new(),
            hashes: Vec::new(),
            stretches: StretchLog::default(),
        }
    }

    /// Step `run` by one tick with `actions`, recording them.
    pub fn step(&mut self, run: &mut Run, actions: &[Action]) {
        if run.is_finished() {
            return;
        }
        self.stretches.see(run);
        if !actions.is_empty() {
            // Recorded as played: a tick's drags as one (`one_drag_a_tick`).
            self.inputs.push(TickInput {
                tick: run.tick(),
                actions: one_drag_a_tick(actions),
            });
        }
        run.step(actions);
        if run.tick().get().is_multiple_of(HASH_EVERY) {
            self.hashes
                .push(Checkpoint::new(run.tick(), run.state_hash()));
        }
    }

    /// The stretches `run` skied on the course so far (see [`Stretch`]).
    pub fn stretches(&self, run: &Run) -> Vec<Stretch> {
        self.stretches.stretches(run.tick())
    }

    /// The replay of `run` as recorded so far, with its summary.
    pub fn replay(&self, run: &Run) -> Replay {
        let (level, track, endless, endless_distance) = match self.choice {
            CourseChoice::Level { level, track, .. } => (Some(level), Some(track), false, None),
            CourseChoice::Endless { distance, .. } => (None, None, true, distance),
        };
        let seed = match self.choice {
            CourseChoice::Level { seed, .. } | CourseChoice::Endless { seed, .. } => seed,
        };
        Replay {
            format_version: FORMAT_VERSION,
            game_version: GAME_VERSION.to_string(),
            rules: Some(RULES_VERSION),
            level,
            track,
            seed,
            endless,
            endless_distance,
            daily: None,
            inputs: self.inputs.clone(),
            hashes: self.hashes.clone(),
            summary: Some(run.summary()),
            rifle: run.rifle(),
        }
    }
}
