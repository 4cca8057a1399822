//! Integer lengths: the simulation keeps positions in micrometres so that every platform adds
//! them up to the same value.

/// A length in micrometres.
pub type Micros = i64;

/// Micrometres per metre.
pub const MICROS_PER_METRE: f64 = 1_000_000.0;

/// Metres → micrometres, rounded to the nearest (only `*` and `round`: exact everywhere).
pub fn micros(metres: f64) -> Micros {
    (metres * MICROS_PER_METRE).round() as Micros
}

/// Micrometres → metres.
pub fn metres(length: Micros) -> f64 {
    length as f64 / MICROS_PER_METRE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_micrometres() {
        assert_eq!(micros(1.5), 1_500_000);
        assert_eq!(micros(0.000_000_4), 0);
        assert_eq!(micros(-2.25), -2_250_000);
        assert_eq!(metres(micros(1_234.567_891)), 1_234.567_891);
    }
}
