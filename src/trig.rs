//! The game's one portable sine and cosine, of a fixed-point phase, using only `+ - * /` (exact
//! in IEEE 754), so the range's sway and the synthesised sounds agree bit for bit on every
//! platform. A phase is a `u32` where 2³² is one full
//! turn: advancing it wraps for free and the range reduction is integer arithmetic.

/// One full turn in phase units.
pub const TURN: f64 = 4_294_967_296.0;

/// A quarter turn in phase units.
pub const QUARTER_TURN: u32 = 1 << 30;

/// Radians per phase unit (a power-of-two division, exact).
const RADIANS_PER_UNIT: f64 = std::f64::consts::TAU / TURN;

/// An eighth of a turn: the reduced argument lies within ±this of a quarter-turn multiple.
const EIGHTH_TURN: u32 = 1 << 29;

/// Phase units gained per tick by a wave of `hertz` at `ticks_per_second`.
pub fn phase_step(hertz: f64, ticks_per_second: u32) -> u32 {
    // `as` saturates and truncates: defined and identical on every platform.
    (hertz / f64::from(ticks_per_second) * TURN) as u32
}

/// sin(2π · phase / 2³²).
pub fn sin_turns(phase: u32) -> f64 {
    // Round to the nearest quarter turn; the remainder is within ±1/8 turn (±π/4).
    let shifted = phase.wrapping_add(EIGHTH_TURN);
    let quadrant = shifted >> 30;
    let remainder = i64::from(shifted & (QUARTER_TURN - 1)) - i64::from(EIGHTH_TURN);
    let x = remainder as f64 * RADIANS_PER_UNIT;
    match quadrant {
        0 => sin_poly(x),
        1 => cos_poly(x),
        2 => -sin_poly(x),
        _ => -cos_poly(x),
    }
}

/// cos(2π · phase / 2³²).
pub fn cos_turns(phase: u32) -> f64 {
    sin_turns(phase.wrapping_add(QUARTER_TURN))
}

/// Taylor series of sin to x¹³; error below 1e-14 for |x| ≤ π/4.
fn sin_poly(x: f64) -> f64 {
    let x2 = x * x;
    let tail = 1.0 / 39_916_800.0 - x2 / 6_227_020_800.0;
    let tail = 1.0 / 362_880.0 - x2 * tail;
    let tail = 1.0 / 5_040.0 - x2 * tail;
    let tail = 1.0 / 120.0 - x2 * tail;
    let tail = 1.0 / 6.0 - x2 * tail;
    x * (1.0 - x2 * tail)
}

/// Taylor series of cos to x¹⁴; error below 1e-15 for |x| ≤ π/4.
fn cos_poly(x: f64) -> f64 {
    let x2 = x * x;
    let tail = 1.0 / 3_628_800.0 - x2 * (1.0 / 479_001_600.0 - x2 / 87_178_291_200.0);
    let tail = 1.0 / 40_320.0 - x2 * tail;
    let tail = 1.0 / 720.0 - x2 * tail;
    let tail = 1.0 / 24.0 - x2 * tail;
    let tail = 0.5 - x2 * tail;
    1.0 - x2 * tail
}

#[cfg(test)]
// The platform's `sin`/`cos` is the reference the portable series is measured against.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_platform_sine_and_cosine_closely() {
        let mut phase: u32 = 0;
        for _ in 0..100_000 {
            let angle = f64::from(phase) * RADIANS_PER_UNIT;
            assert!(
                (sin_turns(phase) - angle.sin()).abs() < 1e-13,
                "sin at {phase}"
            );
            assert!(
                (cos_turns(phase) - angle.cos()).abs() < 1e-13,
                "cos at {phase}"
            );
            phase = phase.wrapping_add(42_949_673);
        }
    }

    #[test]
    fn exact_at_the_quarter_turns() {
        assert_eq!(sin_turns(0), 0.0);
        assert_eq!(sin_turns(QUARTER_TURN), 1.0);
        assert_eq!(sin_turns(2 * QUARTER_TURN), 0.0);
        assert_eq!(sin_turns(3 * QUARTER_TURN), -1.0);
    }

    #[test]
    fn a_one_hertz_wave_turns_once_a_second() {
        let step = phase_step(1.0, 60);
        let after_a_second = step.wrapping_mul(60);
        // Truncation loses under one unit per tick.
        assert!(after_a_second.wrapping_neg() <= 60, "{after_a_second}");
    }
}
