//! Integer lengths: the simulation keeps positions in micrometres so that every platform adds
//! them up to the same value.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A length (or a length per tick) in micrometres. A type of its own so that a length is never
/// added to a tick count or a lane by mistake; the arithmetic a length needs is here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Micros(i64);

impl Micros {
    /// No length.
    pub const ZERO: Micros = Micros(0);

    /// A length of `micrometres`.
    pub const fn new(micrometres: i64) -> Self {
        Micros(micrometres)
    }

    /// The length in micrometres.
    pub const fn get(self) -> i64 {
        self.0
    }

    /// How many whole `step`s fit in this length, rounding toward minus infinity.
    pub const fn div_euclid(self, step: Micros) -> i64 {
        self.0.div_euclid(step.0)
    }
}

impl Add for Micros {
    type Output = Micros;
    fn add(self, other: Micros) -> Micros {
        Micros(self.0 + other.0)
    }
}

impl Sub for Micros {
    type Output = Micros;
    fn sub(self, other: Micros) -> Micros {
        Micros(self.0 - other.0)
    }
}

impl AddAssign for Micros {
    fn add_assign(&mut self, other: Micros) {
        self.0 += other.0;
    }
}

impl SubAssign for Micros {
    fn sub_assign(&mut self, other: Micros) {
        self.0 -= other.0;
    }
}

impl Neg for Micros {
    type Output = Micros;
    fn neg(self) -> Micros {
        Micros(-self.0)
    }
}

/// A length times a count (a speed per tick times ticks).
impl Mul<i64> for Micros {
    type Output = Micros;
    fn mul(self, times: i64) -> Micros {
        Micros(self.0 * times)
    }
}

/// A length shared out (rounds toward zero, as `i64` division does).
impl Div<i64> for Micros {
    type Output = Micros;
    fn div(self, parts: i64) -> Micros {
        Micros(self.0 / parts)
    }
}

/// Micrometres per metre.
pub const MICROS_PER_METRE: f64 = 1_000_000.0;

/// Metres → micrometres, rounded to the nearest (only `*` and `round`: exact everywhere).
pub fn micros(metres: f64) -> Micros {
    Micros((metres * MICROS_PER_METRE).round() as i64)
}

/// Micrometres → metres.
pub fn metres(length: Micros) -> f64 {
    length.0 as f64 / MICROS_PER_METRE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_micrometres() {
        assert_eq!(micros(1.5), Micros::new(1_500_000));
        assert_eq!(micros(0.000_000_4), Micros::ZERO);
        assert_eq!(micros(-2.25), Micros::new(-2_250_000));
        assert_eq!(metres(micros(1_234.567_891)), 1_234.567_891);
    }

    #[test]
    fn arithmetic_is_the_integers() {
        let speed = Micros::new(250_001);
        assert_eq!(speed * 3 - speed, Micros::new(500_002));
        assert_eq!(-speed / 2, Micros::new(-125_000));
    }
}
