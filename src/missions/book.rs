//! The missions the player holds (`missions.json`): three at a time, each with its progress;
//! how many were completed (every three raise the coin multiplier); and what a run's tally does
//! to them.

use super::table::Mission;
use super::tally::RunTally;
use serde::{Deserialize, Serialize};

/// Missions held at a time.
pub const SLOTS: usize = 3;

/// Completed missions that make one set (each set raises the multiplier a step).
pub const SET_SIZE: u32 = SLOTS as u32;

/// Each set completed adds this many tenths to the coin multiplier…
pub const MULTIPLIER_STEP_TENTHS: u32 = 1;

/// …up to this many sets (a multiplier of ×2.0).
pub const MAX_SETS: u32 = 10;

/// One mission held and how far the player is with it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Slot {
    /// The mission's number (see [`Mission::nth`]).
    pub number: u32,
    pub progress: u32,
}

impl Slot {
    pub fn mission(&self) -> Mission {
        Mission::nth(self.number)
    }
}

/// The missions held, and those done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MissionBook {
    pub slots: [Slot; SLOTS],
    /// The number of the next mission to hand out.
    pub next: u32,
    /// Missions completed so far.
    pub completed: u32,
}

impl Default for MissionBook {
    fn default() -> Self {
        let slot = |number| Slot {
            number,
            progress: 0,
        };
        Self {
            slots: [slot(0), slot(1), slot(2)],
            next: SLOTS as u32,
            completed: 0,
        }
    }
}

/// A mission completed by a run, and what it paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completed {
    pub mission: Mission,
    /// Which of the three it was.
    pub slot: usize,
}

/// What a run's tally did to the book: the book after, what it completed, the coins it pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookChange {
    pub book: MissionBook,
    pub completed: Vec<Completed>,
    /// Coins the completed missions pay.
    pub rewards: u32,
    /// Coins the multiplier adds to the coins the run took.
    pub bonus: u32,
}

impl BookChange {
    /// All the coins the change pays.
    pub fn coins(&self) -> u32 {
        self.rewards.saturating_add(self.bonus)
    }
}

impl MissionBook {
    /// Sets of three completed, counted towards the multiplier.
    pub fn sets(&self) -> u32 {
        (self.completed / SET_SIZE).min(MAX_SETS)
    }

    /// The coin multiplier, in tenths (10: ×1.0).
    pub fn multiplier_tenths(&self) -> u32 {
        10 + self.sets() * MULTIPLIER_STEP_TENTHS
    }

    /// The multiplier as the player reads it: "×1.3".
    pub fn multiplier_text(&self) -> String {
        let tenths = self.multiplier_tenths();
        format!("×{}.{}", tenths / 10, tenths % 10)
    }

    /// Missions of the current set done (0..3): the next step of the multiplier is this far.
    pub fn done_in_set(&self) -> u32 {
        match self.sets() {
            MAX_SETS => SET_SIZE,
            _ => self.completed % SET_SIZE,
        }
    }

    /// How far slot `slot` would be with `tally` added (capped at its target).
    pub fn progress_with(&self, slot: usize, tally: &RunTally) -> u32 {
        let held = self.slots[slot];
        let mission = held.mission();
        let run = tally.towards(mission.goal);
        let progress = match mission.goal.in_one_run() {
            true => held.progress.max(run),
            false => held.progress.saturating_add(run),
        };
        progress.min(mission.target)
    }

    /// The book after a run with `tally`: each mission it completes pays and is replaced by the
    /// next (which the same run does not count towards); the run's coins are multiplied by the
    /// multiplier it started with.
    pub fn after(&self, tally: &RunTally) -> BookChange {
        let mut book = self.clone();
        let mut completed = Vec::new();
        for slot in 0..SLOTS {
            let mission = self.slots[slot].mission();
            let progress = self.progress_with(slot, tally);
            if progress < mission.target {
                book.slots[slot].progress = progress;
                continue;
            }
            completed.push(Completed { mission, slot });
            book.slots[slot] = Slot {
                number: book.next,
                progress: 0,
            };
            book.next += 1;
            book.completed += 1;
        }
        let rewards = completed.iter().map(|done| done.mission.reward).sum();
        let extra = self.multiplier_tenths() - 10;
        BookChange {
            book,
            completed,
            rewards,
            bonus: tally.coins.saturating_mul(extra) / 10,
        }
    }

    /// Whether the book can be what a game saved: three different missions, all handed out.
    pub fn is_consistent(&self) -> bool {
        let numbers = self.slots.map(|slot| slot.number);
        let distinct = (0..SLOTS).all(|i| !numbers[..i].contains(&numbers[i]));
        distinct && numbers.iter().all(|&number| number < self.next)
    }
}
