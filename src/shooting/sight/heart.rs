//! Heart rate: high on arrival from skiing, settling towards a calm rate while the player waits.

use crate::course::levels::LEVELS;
use crate::shooting::TICKS_PER_SECOND;

/// Heart rate on arrival at the slowest pace (the floor of the arrival rate), beats per minute.
pub const ARRIVAL_BPM_MIN: f64 = 140.0;

/// Heart rate on arrival at the fastest level's speed (and faster), beats per minute.
pub const ARRIVAL_BPM_MAX: f64 = 185.0;

/// Skiing at this speed (the fastest level's) or faster arrives at [`ARRIVAL_BPM_MAX`], m/s.
const FULL_EFFORT_SPEED: f64 = LEVELS[LEVELS.len() - 1].speed;

/// How much a miss raises the heart rate, beats per minute: rushing costs steadiness.
pub const MISS_BPM: f64 = 10.0;

/// The rate the heart settles towards on the range, beats per minute.
pub const SETTLED_BPM: f64 = 80.0;

/// Heart rate on arrival after skiing at `speed` m/s: faster skiing (higher levels) arrives
/// with a higher pulse.
pub fn arrival_bpm(speed: f64) -> f64 {
    let effort = (speed / FULL_EFFORT_SPEED).clamp(0.0, 1.0);
    ARRIVAL_BPM_MIN + (ARRIVAL_BPM_MAX - ARRIVAL_BPM_MIN) * effort
}

/// The skier's heart rate on the range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeartRate {
    bpm: f64,
    /// Share of the excess over [`SETTLED_BPM`] kept each tick.
    keep: f64,
}

impl HeartRate {
    /// Starts at `bpm` (see [`arrival_bpm`]) and settles with the time constant `settle_time_s`
    /// (the rifle's: the excess falls by about 63 % in that time).
    pub fn new(bpm: f64, settle_time_s: f64) -> HeartRate {
        let keep = 1.0 - 1.0 / (settle_time_s * f64::from(TICKS_PER_SECOND)).max(1.0);
        HeartRate { bpm, keep }
    }

    /// Beats per minute now.
    pub fn bpm(&self) -> f64 {
        self.bpm
    }

    /// A miss: the pulse jumps by [`MISS_BPM`], never above [`ARRIVAL_BPM_MAX`].
    pub fn after_miss(&mut self) {
        self.bpm = (self.bpm + MISS_BPM).min(ARRIVAL_BPM_MAX).max(self.bpm);
    }

    /// One tick of rest: the excess over [`SETTLED_BPM`] decays exponentially (one multiply
    /// per tick, no `exp`, so every platform agrees).
    pub fn step(&mut self) {
        self.bpm = SETTLED_BPM + (self.bpm - SETTLED_BPM) * self.keep;
    }
}
