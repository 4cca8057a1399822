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
    use crate::app::platform::lifecycle::{FrameClock, LifecycleEvents};

    const FRAME: Duration = Duration::from_nanos(16_666_667);
    const ABSENCE: Duration = Duration::from_secs(30);
    const FRAMES: u32 = 60;

    fn ticks_over(frames: &[(Duration, LifecycleEvents)]) -> u32 {
        let mut clock = FrameClock::new();
        let mut ticks = TickClock::new(60);
        frames
            .iter()
            .map(|&(time, events)| ticks.advance(clock.frame(time, events)))
            .sum()
    }

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

    #[test]
    fn the_sim_ticks_are_the_same_with_or_without_a_pause() {
        let plain = vec![(FRAME, LifecycleEvents::default()); FRAMES as usize];
        let mut paused = plain.clone();
        paused.insert(
            (FRAMES / 2) as usize,
            (
                ABSENCE,
                LifecycleEvents {
                    minimized: true,
                    restored: true,
                },
            ),
        );
        assert_eq!(ticks_over(&plain), ticks_over(&paused));
        assert!(ticks_over(&plain) >= FRAMES - 1);
    }
}
