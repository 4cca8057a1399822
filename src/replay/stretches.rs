//! The stretches of a run skied on the course: from the start, or from leaving a range (and its
//! penalty loop, or an Endless run's second chance), to the next range or the finish. The copy
//! check compares skiing inputs by their tick within their stretch
//! ([`crate::online::contract::Prints`]), so the time a run spent at its ranges does not shift
//! them: the course is laid out by distance, and a run's skiing repeats on the same ticks of a
//! stretch however long it shot.

use crate::sim::{Run, SkierState, Tick};

/// Ticks `start..end` skied on the course (no range, penalty loop, second-chance offer in
/// between).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stretch {
    pub start: Tick,
    /// The first tick off the course again (the run's end for the last stretch).
    pub end: Tick,
}

/// Watches a run tick by tick and notes its stretches.
#[derive(Debug, Clone, Default)]
pub struct StretchLog {
    /// The stretch being skied: where it started.
    open: Option<Tick>,
    done: Vec<Stretch>,
}

impl StretchLog {
    /// Look at `run` before its tick is stepped (the state its inputs are pressed in).
    pub fn see(&mut self, run: &Run) {
        let tick = run.tick();
        match (on_course(run.state()), self.open) {
            (true, None) => self.open = Some(tick),
            (false, Some(start)) => {
                self.done.push(Stretch { start, end: tick });
                self.open = None;
            }
            _ => {}
        }
    }

    /// The stretches noted, the one being skied closed at `end`.
    pub fn stretches(&self, end: Tick) -> Vec<Stretch> {
        let mut stretches = self.done.clone();
        if let Some(start) = self.open {
            stretches.push(Stretch { start, end });
        }
        stretches
    }
}

/// Whether the skier is skiing the course (jumping, ducking and stumbling included).
fn on_course(state: SkierState) -> bool {
    match state {
        SkierState::Skiing | SkierState::Jumping | SkierState::Ducking | SkierState::Stumbling => {
            true
        }
        SkierState::AtStage | SkierState::PenaltyLoop | SkierState::Down | SkierState::Finished => {
            false
        }
    }
}
