//! Falling snow: flakes drifting down around the eye, more of them the heavier the sky's
//! snowfall, placed each frame into the scene's one dynamic mesh (no draw call of their own).
//! Drawn only: where a flake is depends on the run's clock and the flake's number, never the
//! other way round. Flakes are a few centimetres across and sparse, so none hides an obstacle.

use crate::seed::unit_hash;
use glam::DVec3;

/// Flakes at the heaviest snowfall.
pub const MAX_FLAKES: usize = 240;
/// The box of air the flakes fall through around the eye: half its width, its height above the
/// eye's feet and below, and how far ahead it reaches, metres.
const HALF_WIDTH: f64 = 9.0;
const TOP: f64 = 7.0;
const BOTTOM: f64 = -4.5;
const AHEAD: f64 = 34.0;
/// Falling and drifting speeds, metres per second, and the sway of a flake's drift.
const FALL_M_PER_S: f64 = 1.1;
const DRIFT_M_PER_S: f64 = 0.35;
const SWAY_M: f64 = 0.4;
/// Each flake falls at a share of the speed (a base and a scattered part) and sways at its own
/// rate between one and two of these, radians per second.
const FALL_VARY_BASE: f64 = 0.7;
const FALL_VARY_SPREAD: f64 = 0.6;
const SWAY_PER_S: f64 = 1.0;

/// Numbers drawn per flake (one per `unit` salt).
const DRAWS_PER_FLAKE: u64 = 8;

/// A number in [0, 1) from a flake's index and a salt (the same every frame, and unrelated
/// between salts).
fn unit(index: usize, salt: u64) -> f64 {
    unit_hash(index as u64 * DRAWS_PER_FLAKE + salt)
}

/// Where each flake is at `time_s`, around `eye`, for a snowfall of `density` (0–1).
pub fn flakes(eye: DVec3, time_s: f64, density: f32) -> impl Iterator<Item = DVec3> {
    let count = (f64::from(density.clamp(0.0, 1.0)) * MAX_FLAKES as f64) as usize;
    let height = TOP - BOTTOM;
    (0..count).map(move |i| {
        // Each flake loops through the box: its start height and its own phase.
        let pace = FALL_VARY_BASE + FALL_VARY_SPREAD * unit(i, 2);
        let fall = (unit(i, 1) * height + time_s * FALL_M_PER_S * pace).rem_euclid(height);
        let sway_rate = SWAY_PER_S * (1.0 + unit(i, 3));
        let drift = time_s * DRIFT_M_PER_S + SWAY_M * (time_s * sway_rate).sin();
        let x = (unit(i, 4) * 2.0 * HALF_WIDTH + drift).rem_euclid(2.0 * HALF_WIDTH) - HALF_WIDTH;
        // Ahead of the eye in the world, so flakes do not ski along with the skier.
        let z = (unit(i, 5) * AHEAD - eye.z).rem_euclid(AHEAD);
        DVec3::new(eye.x + x, eye.y + TOP - fall, eye.z + z)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_follows_the_snowfall_and_flakes_stay_in_their_box() {
        let eye = DVec3::new(1.0, 30.0, 1234.5);
        assert_eq!(flakes(eye, 3.0, 0.0).count(), 0);
        assert_eq!(flakes(eye, 3.0, 1.0).count(), MAX_FLAKES);
        for at in flakes(eye, 17.25, 1.0) {
            let d = at - eye;
            assert!(d.x.abs() <= HALF_WIDTH + 1e-9 && d.z >= 0.0 && d.z <= AHEAD);
            assert!(d.y <= TOP + 1e-9 && d.y >= BOTTOM - 1e-9);
        }
        // They move as time passes.
        let (a, b): (Vec<DVec3>, Vec<DVec3>) = (
            flakes(eye, 1.0, 0.5).collect(),
            flakes(eye, 1.5, 0.5).collect(),
        );
        assert_ne!(a, b);
    }
}
