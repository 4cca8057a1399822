//! A run's missions as it goes: the tally so far, and each mission the moment it completes
//! (for the banner and its sound); the book itself changes only when the run is kept.

use super::book::{MissionBook, SLOTS};
use super::table::Mission;
use super::tally::RunTally;
use crate::sim::RunEvent;

/// The missions held when the run started, and what the run has done towards them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionWatch {
    book: MissionBook,
    tally: RunTally,
    done: [bool; SLOTS],
}

impl MissionWatch {
    /// Watch a run starting with `book`; `endless` for an Endless run.
    pub fn new(book: MissionBook, endless: bool) -> Self {
        let tally = RunTally::new(endless);
        let done = std::array::from_fn(|slot| {
            book.progress_with(slot, &tally) >= book.slots[slot].mission().target
        });
        Self { book, tally, done }
    }

    /// Count `event`; the missions it completed, if any.
    pub fn note(&mut self, event: &RunEvent) -> Vec<Mission> {
        self.tally.note(event);
        let mut now = Vec::new();
        for slot in 0..SLOTS {
            let mission = self.book.slots[slot].mission();
            if !self.done[slot] && self.book.progress_with(slot, &self.tally) >= mission.target {
                self.done[slot] = true;
                now.push(mission);
            }
        }
        now
    }

    /// The book the run started with.
    pub fn book(&self) -> &MissionBook {
        &self.book
    }

    /// What the run has done so far.
    pub fn tally(&self) -> &RunTally {
        &self.tally
    }
}
