//! Wind at the range: a crosswind that drifts the shot sideways, as real wind drifts a .22 rimfire
//! bullet at 50 m. Each stage has its own seeded wind (direction and mean strength from the
//! level's wind figure), which gusts within the stage: two slow waves of a few seconds on top of
//! the mean, never reversing it. The flags at the range show it; the shooter holds off or clicks
//! the sight. Deterministic from (seed, stage, tick): integer phases and the portable [`trig`].
//!
//! [`trig`]: crate::trig

use crate::shooting::TICKS_PER_SECOND;
use crate::trig::{phase_step, sin_turns};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// Sideways drift of the shot per m/s of crosswind at 50 m, mrad: a .22 LR round at biathlon
/// speed (about 330 m/s) drifts about 6.5 mm at 50 m per m/s of full-value crosswind.
pub const DRIFT_MRAD_PER_MPS: f64 = 0.13;

/// How far one click of the sight moves the point of impact, microradians (5 mm at 50 m).
pub const CLICK_URAD: i64 = 100;

/// Most clicks the sight turns either way from its zero.
pub const MAX_CLICKS: i32 = 20;

/// A stage's mean wind is the level's figure times a seeded share in this range.
const MEAN_SHARE: (f64, f64) = (0.6, 1.3);

/// Gusts swing the wind by up to this share of its mean either way (below 1: never reversing).
const GUST_SHARE: f64 = 0.45;

/// Periods of the two gust waves, seconds (slow enough to read from a flag and wait out).
const GUST_PERIODS_S: (f64, f64) = (6.5, 2.9);

/// Weight of the faster gust wave against the slower one.
const FAST_GUST_WEIGHT: f64 = 0.35;

/// Purpose tag mixed into the seed of the wind's random stream ("WIND").
const WIND_PURPOSE: u64 = 0x5749_4E44;

/// Odd multiplier (2⁶⁴ / golden ratio) that spreads stage indices over the seed's bits.
const STAGE_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// One stage's wind: its mean (signed: + blows towards the shooter's right) and its gusts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wind {
    /// Mean crosswind, m/s; + blows left to right.
    mean_mps: f64,
    /// Starting phases of the two gust waves.
    phases: (u32, u32),
}

impl Wind {
    /// Still air (a level without wind, and tests).
    pub const CALM: Wind = Wind {
        mean_mps: 0.0,
        phases: (0, 0),
    };

    /// The wind of stage `stage_index` of the run seeded `seed`, at a level whose mean wind is
    /// `level_mps` (0: still air).
    pub fn new(seed: u64, stage_index: u32, level_mps: f64) -> Wind {
        if level_mps <= 0.0 {
            return Wind::CALM;
        }
        let mut rng = Pcg32::seed_from_u64(
            seed ^ WIND_PURPOSE.rotate_left(16) ^ u64::from(stage_index).wrapping_mul(STAGE_MIX),
        );
        let share = MEAN_SHARE.0 + (MEAN_SHARE.1 - MEAN_SHARE.0) * unit(&mut rng);
        let sign = if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 };
        Wind {
            mean_mps: sign * level_mps * share,
            phases: (rng.next_u32(), rng.next_u32()),
        }
    }

    /// Mean crosswind of the stage, m/s (+ towards the right).
    pub fn mean_mps(&self) -> f64 {
        self.mean_mps
    }

    /// The crosswind `tick` ticks into the stage, m/s (+ towards the right).
    pub fn mps_at(&self, tick: u32) -> f64 {
        if self.mean_mps == 0.0 {
            return 0.0;
        }
        let wave = |start: u32, period_s: f64| {
            let step = phase_step(1.0 / period_s, TICKS_PER_SECOND);
            sin_turns(start.wrapping_add(step.wrapping_mul(tick)))
        };
        let gust = (wave(self.phases.0, GUST_PERIODS_S.0)
            + FAST_GUST_WEIGHT * wave(self.phases.1, GUST_PERIODS_S.1))
            / (1.0 + FAST_GUST_WEIGHT);
        self.mean_mps * (1.0 + GUST_SHARE * gust)
    }

    /// The shot's sideways drift `tick` ticks into the stage, mrad (+ right).
    pub fn drift_mrad_at(&self, tick: u32) -> f64 {
        self.mps_at(tick) * DRIFT_MRAD_PER_MPS
    }
}

/// The clicks that bring a drift of `drift_mrad` back to the centre, rounded to the nearest
/// click and kept within the sight's travel.
pub fn clicks_for(drift_mrad: f64) -> i32 {
    let clicks = (-drift_mrad * 1000.0 / CLICK_URAD as f64).round();
    clicks.clamp(f64::from(-MAX_CLICKS), f64::from(MAX_CLICKS)) as i32
}

/// A uniform draw in [0, 1) from 32 random bits (no float draws from the RNG).
fn unit(rng: &mut Pcg32) -> f64 {
    f64::from(rng.next_u32()) / (f64::from(u32::MAX) + 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calm_levels_have_no_wind_and_windy_ones_gust_without_reversing() {
        assert_eq!(Wind::new(7, 0, 0.0), Wind::CALM);
        assert_eq!(Wind::CALM.mps_at(500), 0.0);
        let wind = Wind::new(7, 1, 3.0);
        let speeds: Vec<f64> = (0..20 * TICKS_PER_SECOND).map(|t| wind.mps_at(t)).collect();
        let sign = wind.mean_mps().signum();
        assert!(speeds.iter().all(|s| s.signum() == sign), "never reverses");
        let (low, high) = speeds.iter().fold((f64::MAX, 0.0_f64), |(lo, hi), s| {
            (lo.min(s.abs()), hi.max(s.abs()))
        });
        assert!(
            high - low > 0.5 * wind.mean_mps().abs(),
            "it gusts: {low}..{high}"
        );
        assert_eq!(Wind::new(7, 1, 3.0), wind, "the same seed, the same wind");
        assert_ne!(Wind::new(7, 2, 3.0), wind, "each stage its own");
    }

    #[test]
    fn clicks_cancel_the_drift_to_the_nearest_click() {
        assert_eq!(clicks_for(0.0), 0);
        assert_eq!(clicks_for(0.26), -3, "0.26 mrad right: three clicks left");
        assert_eq!(clicks_for(-0.34), 3);
        assert_eq!(clicks_for(50.0), -MAX_CLICKS);
    }
}
