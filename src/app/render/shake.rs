//! The camera's shake on a hit: a short wobble that dies away, drawn only (the run never knows).

use glam::DVec3;

/// How long the shake lasts after a hit, ticks (0.3 s at 60 Hz).
const SHAKE_TICKS: u64 = 18;
/// The shake's size at the hit, metres.
const SHAKE_M: f64 = 0.14;
/// Wobbles per tick, sideways and up (unequal, so the shake does not trace a line), radians.
const WOBBLE_X: f64 = 1.9;
const WOBBLE_Y: f64 = 2.7;

/// The camera's offset `ticks_since_hit` ticks after a hit (nothing without a recent hit).
pub fn shake_offset(ticks_since_hit: Option<u64>) -> DVec3 {
    let Some(ticks) = ticks_since_hit.filter(|&t| t < SHAKE_TICKS) else {
        return DVec3::ZERO;
    };
    let t = ticks as f64;
    let fade = 1.0 - t / SHAKE_TICKS as f64;
    DVec3::new((t * WOBBLE_X).sin(), (t * WOBBLE_Y).sin(), 0.0) * SHAKE_M * fade * fade
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shake_dies_away_and_is_still_without_a_hit() {
        assert_eq!(shake_offset(None), DVec3::ZERO);
        assert_eq!(shake_offset(Some(SHAKE_TICKS)), DVec3::ZERO);
        let sizes: Vec<f64> = (0..SHAKE_TICKS)
            .map(|t| shake_offset(Some(t)).length())
            .collect();
        assert!(sizes.iter().all(|&s| s <= SHAKE_M * 2f64.sqrt()));
        assert!(sizes.iter().any(|&s| s > SHAKE_M / 4.0));
    }
}
