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
    /// next (which the same run does not count towards); the run's coins, if kept, are
    /// multiplied by the multiplier it started with.
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
            bonus: match tally.coins_kept() {
                true => tally.coins.saturating_mul(extra) / 10,
                false => 0,
            },
        }
    }

    /// Whether the book can be what a game saved: three different missions, all handed out.
    pub fn is_consistent(&self) -> bool {
        let numbers = self.slots.map(|slot| slot.number);
        let distinct = (0..SLOTS).all(|i| !numbers[..i].contains(&numbers[i]));
        distinct && numbers.iter().all(|&number| number < self.next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Lane;
    use crate::sim::RunEvent;

    fn coins(n: u32) -> RunTally {
        let mut tally = RunTally::new(false);
        for streak in 1..=n {
            tally.note(&RunEvent::CoinTaken {
                coin: 0,
                lane: Lane::MIDDLE,
                streak,
            });
        }
        tally
    }

    #[test]
    fn every_set_of_three_raises_the_multiplier_up_to_its_top() {
        let mut book = MissionBook::default();
        assert_eq!(book.multiplier_text(), "×1.0");
        book.completed = 3;
        assert_eq!(
            (book.multiplier_text(), book.done_in_set()),
            ("×1.1".to_owned(), 0)
        );
        book.completed = 3 * MAX_SETS + 2;
        assert_eq!(book.multiplier_text(), "×2.0", "bounded");
    }

    #[test]
    fn the_multiplier_adds_to_kept_coins_only() {
        let book = MissionBook {
            completed: 6,
            ..MissionBook::default()
        };
        assert_eq!(book.after(&coins(40)).bonus, 8, "×1.2 on 40 coins");
        assert_eq!(book.after(&coins(40).quit()).bonus, 0);
        assert_eq!(book.after(&coins(40).quit()).completed.len(), 0);
    }

    #[test]
    fn a_completed_mission_pays_once_and_gives_way_to_the_next() {
        let change = MissionBook::default().after(&coins(60));
        assert_eq!(change.completed.len(), 1);
        assert_eq!(change.rewards, Mission::nth(0).reward);
        assert_eq!(change.book.slots[0].number, 3);
        assert_eq!(change.book.next, 4);
        assert!(change.book.is_consistent());
        let again = change.book.after(&RunTally::new(false));
        assert_eq!(again.coins(), 0, "nothing paid twice");
    }
}
