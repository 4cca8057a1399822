//! The simulation's clock: whole ticks at a fixed rate. Everything that decides an outcome counts
//! time in ticks, never in the platform's clock.

/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign, Sub};

/// A moment on the run's clock: the number of ticks since the start. A type of its own so that a
/// moment is never taken for a length or a count of something else; the difference of two moments
/// is a count of ticks (`u64`). JSON writes it as its number.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Tick(u64);

impl Tick {
    /// The start of a run.
    pub const ZERO: Tick = Tick(0);

    /// The moment `ticks` ticks after the start.
    pub const fn new(ticks: u64) -> Self {
        Tick(ticks)
    }

    /// Ticks since the start.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Seconds since the start.
    pub fn seconds(self) -> f64 {
        self.0 as f64 / f64::from(TICK_HZ)
    }

    /// The moment `ticks` ticks earlier, or the start if that is before it.
    pub const fn back(self, ticks: u64) -> Tick {
        Tick(self.0.saturating_sub(ticks))
    }

    /// Ticks from `earlier` to this moment, none if `earlier` is later.
    pub const fn since(self, earlier: Tick) -> Option<u64> {
        self.0.checked_sub(earlier.0)
    }
}

/// The moment a number of ticks later.
impl Add<u64> for Tick {
    type Output = Tick;
    fn add(self, ticks: u64) -> Tick {
        Tick(self.0 + ticks)
    }
}

impl AddAssign<u64> for Tick {
    fn add_assign(&mut self, ticks: u64) {
        self.0 += ticks;
    }
}

/// Ticks from the later moment back to the earlier (a bug if the order is wrong).
impl Sub for Tick {
    type Output = u64;
    fn sub(self, earlier: Tick) -> u64 {
        self.0 - earlier.0
    }
}

/// Written as its number (logs, messages).
impl std::fmt::Display for Tick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
