//! The clock the window measures frames, uploads and start-up with. `std::time::Instant` has no
//! clock on wasm32-unknown-unknown (it panics there), so in a browser the page's
//! `performance.now()` stands in: monotonic, in milliseconds since the page's navigation.

use std::time::Duration;

/// A point in time on this platform's monotonic clock.
#[derive(Debug, Clone, Copy)]
pub struct Moment(
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))] std::time::Instant,
    /// Milliseconds since the page's navigation.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    f64,
);

impl Moment {
    /// Now.
    pub fn now() -> Self {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return Self(std::time::Instant::now());
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return Self(super::web::now_ms());
    }

    /// When the game began: on a desktop or phone the first call (made as `latu play` starts);
    /// in a browser the page's navigation, so start-up counts the download and compile too.
    pub fn start_of_play() -> Self {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return Self::now();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return Self(0.0);
    }

    /// Time from `earlier` to this moment (zero if `earlier` is later).
    pub fn since(self, earlier: Self) -> Duration {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.0.saturating_duration_since(earlier.0);
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return Duration::from_secs_f64((self.0 - earlier.0).max(0.0) / MS_PER_S);
    }

    /// Time since this moment.
    pub fn elapsed(self) -> Duration {
        Self::now().since(self)
    }
}

/// Whole seconds since 1970 by the device's wall clock (0 if it is set before then); in a
/// browser, where `SystemTime` has no clock, the page's `Date.now()` through miniquad.
pub fn unix_seconds() -> u64 {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return macroquad::miniquad::date::now().max(0.0) as u64;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
const MS_PER_S: f64 = 1000.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_moves_forward_only() {
        let start = Moment::now();
        let later = Moment::now();
        assert!(later.since(start) < Duration::from_secs(60));
        assert_eq!(start.since(later), Duration::ZERO);
        assert!(Moment::start_of_play().elapsed() < Duration::from_secs(60));
    }
}
