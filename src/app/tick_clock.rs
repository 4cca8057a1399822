//! Fixed simulation ticks from variable frame times: an accumulator, a cap on catch-up steps,
//! and the fraction of a tick left over for interpolating what is drawn.

use std::time::Duration;

/// Most ticks simulated in one frame; after a longer stall the run slows down instead of
/// spiralling (a slow device draws later, it never plays differently).
pub const MAX_CATCH_UP_TICKS: u32 = 8;

/// Turns frame durations into whole ticks.
#[derive(Debug, Clone, Copy)]
pub struct TickClock {
    tick: Duration,
    accumulated: Duration,
}

impl TickClock {
    /// A clock for `ticks_per_second` ticks.
    pub fn new(ticks_per_second: u32) -> Self {
        Self {
            tick: Duration::from_secs(1) / ticks_per_second,
            accumulated: Duration::ZERO,
        }
    }

    /// Add a frame's time; how many ticks to simulate now (at most [`MAX_CATCH_UP_TICKS`]).
    pub fn advance(&mut self, frame: Duration) -> u32 {
        self.accumulated += frame;
        let mut ticks = 0;
        while self.accumulated >= self.tick && ticks < MAX_CATCH_UP_TICKS {
            self.accumulated -= self.tick;
            ticks += 1;
        }
        if ticks == MAX_CATCH_UP_TICKS {
            // Time beyond the cap is dropped, not owed.
            self.accumulated = self.accumulated.min(self.tick);
        }
        ticks
    }

    /// How far the present lies between the last tick and the next, 0–1.
    pub fn alpha(&self) -> f32 {
        (self.accumulated.as_secs_f64() / self.tick.as_secs_f64()).clamp(0.0, 1.0) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_ticks_are_taken_and_the_rest_carried() {
        let mut clock = TickClock::new(60);
        let tick = Duration::from_secs(1) / 60;
        assert_eq!(clock.advance(tick / 2), 0);
        assert!((clock.alpha() - 0.5).abs() < 1e-3);
        assert_eq!(clock.advance(tick), 1);
        assert!((clock.alpha() - 0.5).abs() < 1e-3);
        assert_eq!(clock.advance(tick * 2), 2);
    }

    #[test]
    fn a_long_stall_is_capped_not_owed() {
        let mut clock = TickClock::new(60);
        assert_eq!(clock.advance(Duration::from_secs(2)), MAX_CATCH_UP_TICKS);
        assert!(clock.advance(Duration::ZERO) <= 1);
    }
}
