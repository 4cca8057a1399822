//! Snow spray from the skis: a few crystals kicked up behind the skier while it skis, more in a
//! lane change, a burst on landing a jump and a puff when it hits an obstacle. Placed each frame
//! into the scene's one dynamic mesh; drawn only (it follows the run, never the reverse).

use crate::seed::unit_hash;
use glam::DVec3;

/// How hard the skis throw snow now.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SprayCause {
    /// On the snow and moving (not in the air, not standing at a range).
    pub skiing: bool,
    /// In a lane change.
    pub turning: bool,
    /// Seconds since the last landing, and since the last hit (`None`: long ago).
    pub since_landing_s: Option<f64>,
    pub since_hit_s: Option<f64>,
}

/// Crystals in the air while skiing straight, in a turn, just after a landing, just after a hit.
const STRAIGHT: usize = 10;
const TURN: usize = 36;
const LANDING: usize = 120;
const HIT: usize = 150;
/// How long a landing's burst and a hit's puff last, seconds.
const LANDING_S: f64 = 0.5;
const HIT_S: f64 = 0.5;
/// Each crystal lives this long, seconds, and is thrown at up to these speeds (back, sideways,
/// up), m/s; gravity pulls it down.
const LIFE_S: f64 = 0.45;
const THROW_BACK: f64 = 2.5;
const THROW_SIDE: f64 = 1.8;
const THROW_UP: f64 = 2.2;
const GRAVITY: f64 = 9.8;
/// Draws per crystal (one per hash salt).
const DRAWS: u64 = 4;

/// A number in [0, 1) from a crystal's index, its life cycle and a salt.
fn unit(index: usize, cycle: u64, salt: u64) -> f64 {
    unit_hash((index as u64 * DRAWS + salt) ^ cycle.wrapping_mul(CYCLE_MIX))
}

/// Odd multiplier that spreads a crystal's life cycles over the seed's bits.
const CYCLE_MIX: u64 = 0xD6E8_FEB8_6659_FD93;

/// How many crystals fly now.
fn count(cause: SprayCause) -> usize {
    let fresh = |since: Option<f64>, span: f64| since.is_some_and(|s| s < span);
    let mut n = 0;
    if cause.skiing {
        n = if cause.turning { TURN } else { STRAIGHT };
    }
    if fresh(cause.since_landing_s, LANDING_S) {
        n += LANDING;
    }
    if fresh(cause.since_hit_s, HIT_S) {
        n += HIT;
    }
    n
}

/// Where each crystal is at `time_s` for a skier with its feet at `feet` going `speed` m/s:
/// thrown from the skis a moment ago, it stays where it was thrown while the skier goes on.
pub fn crystals(feet: DVec3, speed: f64, time_s: f64, cause: SprayCause) -> Vec<DVec3> {
    (0..count(cause))
        .map(|i| {
            // Crystals are staggered through their life so the spray is continuous.
            let offset = unit(i, 0, 0) * LIFE_S;
            let cycle = ((time_s + offset) / LIFE_S).floor();
            let age = time_s + offset - cycle * LIFE_S;
            let cycle = cycle as u64;
            let side = (unit(i, cycle, 1) - 0.5) * 2.0 * THROW_SIDE;
            let up = unit(i, cycle, 2) * THROW_UP;
            let back = unit(i, cycle, 3) * THROW_BACK;
            DVec3::new(
                feet.x + side * age,
                feet.y + (up * age - 0.5 * GRAVITY * age * age).max(0.0),
                feet.z - (speed + back) * age,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_landings_and_hits_throw_more_snow_and_it_falls_behind() {
        let skiing = SprayCause {
            skiing: true,
            ..SprayCause::default()
        };
        let turning = SprayCause {
            turning: true,
            ..skiing
        };
        let landed = SprayCause {
            since_landing_s: Some(0.1),
            ..skiing
        };
        let hit = SprayCause {
            since_hit_s: Some(0.1),
            ..skiing
        };
        let n = |cause| count(cause);
        assert_eq!(n(SprayCause::default()), 0);
        assert!(n(turning) > n(skiing) && n(landed) > n(skiing) && n(hit) > n(landed));
        let feet = DVec3::new(0.0, 10.0, 100.0);
        for at in crystals(feet, 12.0, 3.3, hit) {
            assert!(at.z <= feet.z && at.y >= feet.y);
        }
    }
}
