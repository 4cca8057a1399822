//! The rifle's rounds: five in the magazine, then spare rounds loaded one at a time, each with
//! a short reload; rounds bought with coins join the spares. The rifle sets the reload and the
//! bolt's times.

use super::rifle::{Rifle, RifleSpec};
use crate::seed::StateHasher;

/// Rounds in the magazine at the start of a stage.
pub const MAGAZINE_ROUNDS: u8 = 5;

/// Spare rounds at the start of a stage (the relay rule).
pub const SPARE_ROUNDS: u8 = 3;

/// The rounds at hand and the rifle's readiness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rounds {
    magazine: u8,
    spares: u8,
    /// Ticks left loading a spare; 0 when not loading.
    reload_left: u32,
    /// Ticks left working the bolt; 0 when ready.
    cycle_left: u32,
    /// The rifle's ticks to load a spare and to work the bolt.
    reload_ticks: u32,
    cycle_ticks: u32,
}

impl Default for Rounds {
    /// The training rifle's rounds.
    fn default() -> Rounds {
        Rounds::for_rifle(Rifle::Training.spec())
    }
}

impl Rounds {
    /// A full magazine and the spares, loaded and cycled at `rifle`'s pace.
    pub fn for_rifle(rifle: &RifleSpec) -> Rounds {
        Rounds {
            magazine: MAGAZINE_ROUNDS,
            spares: SPARE_ROUNDS,
            reload_left: 0,
            cycle_left: 0,
            reload_ticks: rifle.reload_ticks.max(1),
            cycle_ticks: rifle.cycle_ticks,
        }
    }

    /// Rounds ready in the magazine.
    pub fn magazine(&self) -> u8 {
        self.magazine
    }

    /// Spare rounds not yet loaded.
    pub fn spares(&self) -> u8 {
        self.spares
    }

    /// Progress of the reload in progress, 0–1; `None` when not reloading.
    pub fn reload_progress(&self) -> Option<f64> {
        (self.reload_left > 0)
            .then(|| 1.0 - f64::from(self.reload_left) / f64::from(self.reload_ticks))
    }

    /// Whether a shot can be fired now.
    pub fn can_fire(&self) -> bool {
        self.magazine > 0 && self.cycle_left == 0
    }

    /// Rounds not yet fired: the magazine's, a spare being loaded and the spares.
    pub fn left(&self) -> u32 {
        u32::from(self.magazine) + u32::from(self.spares) + u32::from(self.reload_left > 0)
    }

    /// Whether every round, spares included, is spent.
    pub fn exhausted(&self) -> bool {
        self.magazine == 0 && self.spares == 0 && self.reload_left == 0
    }

    /// Fire one round; `false` (and nothing changes) if the rifle is not ready.
    pub fn fire(&mut self) -> bool {
        if !self.can_fire() {
            return false;
        }
        self.magazine -= 1;
        self.cycle_left = self.cycle_ticks;
        true
    }

    /// Feed the state into a replay hash (the rifle's times are the stage setup's).
    pub fn hash_into(&self, hasher: &mut StateHasher) {
        for value in [self.magazine, self.spares] {
            hasher.add(i64::from(value));
        }
        for value in [self.reload_left, self.cycle_left] {
            hasher.add(i64::from(value));
        }
    }

    /// Add a bought round to the spares.
    pub fn add_spare(&mut self) {
        self.spares = self.spares.saturating_add(1);
    }

    /// One tick: the bolt cycles; an empty magazine takes the next spare, one at a time.
    /// Whether a spare went into the magazine on this tick.
    pub fn step(&mut self) -> bool {
        self.cycle_left = self.cycle_left.saturating_sub(1);
        if self.reload_left > 0 {
            self.reload_left -= 1;
            if self.reload_left == 0 {
                self.magazine += 1;
                return true;
            }
        } else if self.magazine == 0 && self.spares > 0 {
            self.spares -= 1;
            self.reload_left = self.reload_ticks;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spares_load_one_at_a_time_after_the_magazine() {
        let mut rounds = Rounds::default();
        let mut fired = 0;
        for _ in 0..10_000 {
            if rounds.fire() {
                fired += 1;
            }
            rounds.step();
        }
        assert_eq!(fired, MAGAZINE_ROUNDS + SPARE_ROUNDS);
        assert!(rounds.exhausted());
    }
}
