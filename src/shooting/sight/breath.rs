//! Breath-hold: holding the breath stops the breathing wave and calms the sight for a few
//! seconds; holding longer strains, and the strain leaves an air debt that keeps the sight
//! shakier for a while after the breath is released.

use crate::seed::StateHasher;
use crate::shooting::TICKS_PER_SECOND;

/// Ticks for the breathing wave to fade out after the hold starts (and back in after release).
pub const SETTLE_TICKS: u32 = TICKS_PER_SECOND / 3;

/// How long a hold stays steady before it starts to strain, ticks.
pub const STEADY_TICKS: u32 = 3 * TICKS_PER_SECOND;

/// Sway multiplier of a settled, unstrained hold.
pub const CALM_FACTOR: f64 = 0.7;

/// Extra sway multiplier per second held beyond [`STEADY_TICKS`].
pub const STRAIN_PER_S: f64 = 0.6;

/// Air debt gained per second held beyond [`STEADY_TICKS`].
pub const DEBT_PER_S: f64 = 0.4;

/// Time constant of paying the air debt back by breathing, seconds.
pub const DEBT_RECOVERY_S: f64 = 3.0;

/// The breath's state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Breath {
    /// Ticks the current hold has lasted; 0 while breathing.
    held_ticks: u32,
    /// Weight of the breathing wave: 1 breathing freely, 0 fully held.
    wave: f64,
    /// Extra sway after an over-long hold, as a fraction.
    debt: f64,
}

impl Default for Breath {
    fn default() -> Breath {
        Breath {
            held_ticks: 0,
            wave: 1.0,
            debt: 0.0,
        }
    }
}

impl Breath {
    /// Whether the breath is held.
    pub fn is_held(&self) -> bool {
        self.held_ticks > 0
    }

    /// Seconds the current hold has lasted (0 while breathing).
    pub fn held_s(&self) -> f64 {
        f64::from(self.held_ticks) / f64::from(TICKS_PER_SECOND)
    }

    /// Seconds a hold stays steady, for the HUD's gauge.
    pub fn steady_s() -> f64 {
        f64::from(STEADY_TICKS) / f64::from(TICKS_PER_SECOND)
    }

    /// Weight of the breathing wave in the sway (1 = free breathing).
    pub fn wave_weight(&self) -> f64 {
        self.wave
    }

    /// Multiplier of the whole sway from the breath: below 1 while a hold is steady, above 1
    /// while it strains or while the air debt lasts.
    pub fn sway_factor(&self) -> f64 {
        let calm = 1.0 - (1.0 - CALM_FACTOR) * (1.0 - self.wave);
        let over = self.held_ticks.saturating_sub(STEADY_TICKS);
        let strain = STRAIN_PER_S * f64::from(over) / f64::from(TICKS_PER_SECOND);
        calm + strain + self.debt
    }

    /// Feed the state into a replay hash.
    pub fn hash_into(&self, hasher: &mut StateHasher) {
        hasher.add(i64::from(self.held_ticks));
        hasher.add_u64(self.wave.to_bits());
        hasher.add_u64(self.debt.to_bits());
    }

    /// One tick with the breath held or not.
    pub fn step(&mut self, hold: bool) {
        let fade = 1.0 / f64::from(SETTLE_TICKS);
        let tick_s = 1.0 / f64::from(TICKS_PER_SECOND);
        if hold {
            self.held_ticks = self.held_ticks.saturating_add(1);
            self.wave = (self.wave - fade).max(0.0);
            if self.held_ticks > STEADY_TICKS {
                self.debt += DEBT_PER_S * tick_s;
            }
        } else {
            self.held_ticks = 0;
            self.wave = (self.wave + fade).min(1.0);
            self.debt *= 1.0 - tick_s / DEBT_RECOVERY_S;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hold_calms_then_strains_and_leaves_a_debt() {
        let mut breath = Breath::default();
        assert_eq!(breath.sway_factor(), 1.0);
        for _ in 0..SETTLE_TICKS + 1 {
            breath.step(true);
        }
        assert!((breath.sway_factor() - CALM_FACTOR).abs() < 1e-9);
        for _ in 0..STEADY_TICKS * 2 {
            breath.step(true);
        }
        assert!(breath.sway_factor() > 1.0);
        for _ in 0..SETTLE_TICKS {
            breath.step(false);
        }
        assert!(breath.sway_factor() > 1.0, "the debt outlasts the hold");
        for _ in 0..STEADY_TICKS * 10 {
            breath.step(false);
        }
        assert!(breath.sway_factor() < 1.01);
    }
}
