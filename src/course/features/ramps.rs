//! Ramps: a wedge of snow in one lane whose lip launches the skier into a long air (much longer
//! and higher than a jump), time for a trick or two (`sim`: a spread or a tuck, scored on
//! landing). A ramp is optional — the lanes beside it are plain track — and lies in the lane of
//! the planned safe line, in a pause the planner makes long enough for it, with a short line of
//! coins leading to it and an arc of coins along the flight.
//!
//! Fair by a clear stretch (`fairness`): no obstacle row from just before the wedge to the sight
//! a player needs after landing (at the speed a wax boost could bring), so nothing is met in the
//! air and the first row after it is seen from the snow, with the smallest timing window to
//! spare; no lane change in the air is ever needed.

use crate::course::fairness::visibility_needed;
use crate::course::model::{Lane, SkierParams, ACTION_MARGIN};
use crate::course::pickups::boosted;
use crate::course::rng::chance;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// A ramp in `lane` whose lip (where the skier takes off) is at `z`; its wedge rises over the
/// [`RAMP_LENGTH`] metres before.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ramp {
    pub z: f64,
    pub lane: Lane,
}

/// Length of the wedge before the lip, metres.
pub const RAMP_LENGTH: f64 = 3.0;
/// Height of the lip above the track, metres.
pub const RAMP_HEIGHT: f64 = 0.6;
/// Time in the air after a ramp, seconds (two jumps' worth).
pub const FLIGHT_S: f64 = 1.5;
/// Highest point of the flight above the track, metres.
pub const FLIGHT_APEX: f64 = 3.2;
/// Time one trick takes, seconds: two fit in a flight started at once, one started late does
/// not finish before the landing.
pub const TRICK_S: f64 = 0.5;
// Two tricks fit one flight, three do not.
const _: () = assert!(2.0 * TRICK_S < FLIGHT_S && 3.0 * TRICK_S >= FLIGHT_S);

/// Coins a trick landed pays.
pub const TRICK_COINS: u32 = 10;
/// Seconds of skiing between two ramps, at least.
const RAMP_EVERY_S: f64 = 14.0;
/// Chance that a pause between patterns, far enough from the last ramp, gets one, percent.
const RAMP_PERCENT: u32 = 25;

/// Height of the skis above the track `dz` metres after the lip, for a flight of
/// `flight_length` metres: from the lip's height down to the snow, over an arc peaking near
/// [`FLIGHT_APEX`] (no transcendental functions: replays agree). 0 outside the flight.
pub fn flight_height(flight_length: f64, dz: f64) -> f64 {
    if flight_length <= 0.0 || dz < 0.0 || dz >= flight_length {
        return 0.0;
    }
    let s = dz / flight_length;
    RAMP_HEIGHT * (1.0 - s) + 4.0 * FLIGHT_APEX * s * (1.0 - s)
}

/// Distance covered in the air at `skier`'s speed, metres.
pub fn flight_length(skier: &SkierParams) -> f64 {
    skier.speed * FLIGHT_S
}

/// The stretch around a ramp's lip that holds no obstacle row, metres before and after it, for
/// the skier at `skier`'s pace on a course asking `min_window_s`: the wedge and a margin before;
/// after, the flight and then a row's sight, both at the speed a wax boost would bring, and
/// the smallest timing window.
pub fn clear_stretch(skier: &SkierParams, min_window_s: f64) -> (f64, f64) {
    let fast = boosted(skier);
    let before = RAMP_LENGTH + ACTION_MARGIN;
    let after = flight_length(&fast) + visibility_needed(&fast) + min_window_s * fast.speed;
    (before, after)
}

/// Which pauses between a window's patterns get a ramp: drawn from the window's own stream,
/// [`RAMP_EVERY_S`] apart at least (the planner makes the pause long enough for the ramp's
/// clear stretch).
pub(crate) struct RampDraw {
    rng: Pcg32,
    /// The last ramp's lip, metres.
    last: Option<f64>,
}

impl RampDraw {
    /// Draws from `rng`.
    pub(crate) fn new(rng: Pcg32) -> Self {
        Self { rng, last: None }
    }

    /// Whether a pause starting at `z` gets a ramp, for a skier at `skier`'s pace.
    pub(crate) fn due(&mut self, z: f64, skier: &SkierParams) -> bool {
        let apart = self
            .last
            .is_none_or(|last| z - last >= RAMP_EVERY_S * skier.speed);
        apart && chance(&mut self.rng, RAMP_PERCENT)
    }

    /// A ramp was laid with its lip at `z`.
    pub(crate) fn laid(&mut self, z: f64) {
        self.last = Some(z);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flight_leaves_the_lip_rises_above_a_jump_and_lands() {
        let length = 20.0;
        assert_eq!(flight_height(length, 0.0), RAMP_HEIGHT);
        let top = flight_height(length, 0.5 * length);
        assert!(top > crate::course::model::JUMP_APEX * 1.5, "{top}");
        assert_eq!(flight_height(length, length), 0.0);
        assert!(flight_height(length, 0.95 * length) < 1.0);
    }
}
