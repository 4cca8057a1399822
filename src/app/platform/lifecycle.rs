//! The app's life on a phone: minimised and restored. Android runs none of the game's code while
//! it is in the background, then hands both events to the first frame after it comes back, with
//! a frame time spanning the whole absence; [`FrameClock`] makes sure the run never counts it.
//! Going away pauses a run (see `screens::nav`); nothing waits to be saved then, because
//! settings are saved when changed and a result when the results screen is left.

use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::EventHandler;
use std::time::Duration;

/// What happened to the window since the last frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LifecycleEvents {
    /// The window was minimised (Android: the app went to the background).
    pub minimized: bool,
    /// The window was restored (Android: the app came back).
    pub restored: bool,
}

impl LifecycleEvents {
    /// Whether the window went away or came back this frame.
    pub fn any(self) -> bool {
        self.minimized || self.restored
    }
}

/// The frame time the game goes by: the measured one, except while the window is away and on
/// the first frame after it comes back, which count as no time at all.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrameClock {
    away: bool,
}

impl FrameClock {
    /// A clock for a window that is showing.
    pub fn new() -> Self {
        Self::default()
    }

    /// The time this frame counts for, given its measured time and the window's events.
    pub fn frame(&mut self, measured: Duration, events: LifecycleEvents) -> Duration {
        if events.minimized {
            self.away = true;
        }
        if events.restored {
            // The frame that brings the window back spans the absence: discard it.
            self.away = false;
            return Duration::ZERO;
        }
        if self.away || events.any() {
            Duration::ZERO
        } else {
            measured
        }
    }
}

/// Reads the window's lifecycle events from macroquad's input queue.
pub struct LifecycleWatch {
    subscriber: usize,
}

/// Collects one frame's events for [`LifecycleWatch`].
#[derive(Default)]
struct Collector {
    events: LifecycleEvents,
}

impl EventHandler for Collector {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn window_minimized_event(&mut self) {
        self.events.minimized = true;
    }
    fn window_restored_event(&mut self) {
        self.events.restored = true;
    }
}

impl LifecycleWatch {
    /// Start watching (call once, inside the window).
    pub fn new() -> Self {
        Self {
            subscriber: register_input_subscriber(),
        }
    }

    /// The events since the last call.
    pub fn poll(&mut self) -> LifecycleEvents {
        let mut collector = Collector::default();
        repeat_all_miniquad_input(&mut collector, self.subscriber);
        collector.events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: Duration = Duration::from_nanos(16_666_667);
    const ABSENCE: Duration = Duration::from_secs(30);

    #[test]
    fn an_ordinary_frame_counts_in_full() {
        let mut clock = FrameClock::new();
        assert_eq!(clock.frame(FRAME, LifecycleEvents::default()), FRAME);
    }

    #[test]
    fn the_frame_after_resuming_is_discarded() {
        let mut clock = FrameClock::new();
        let both = LifecycleEvents {
            minimized: true,
            restored: true,
        };
        // Android: both events reach the first frame back, whose time spans the absence.
        assert_eq!(clock.frame(ABSENCE, both), Duration::ZERO);
        assert!(!clock.away);
        assert_eq!(clock.frame(FRAME, LifecycleEvents::default()), FRAME);
    }

    #[test]
    fn frames_while_away_count_for_nothing() {
        let mut clock = FrameClock::new();
        let gone = LifecycleEvents {
            minimized: true,
            restored: false,
        };
        assert_eq!(clock.frame(FRAME, gone), Duration::ZERO);
        assert!(clock.away);
        assert_eq!(
            clock.frame(ABSENCE, LifecycleEvents::default()),
            Duration::ZERO
        );
        let back = LifecycleEvents {
            minimized: false,
            restored: true,
        };
        assert_eq!(clock.frame(ABSENCE, back), Duration::ZERO);
        assert_eq!(clock.frame(FRAME, LifecycleEvents::default()), FRAME);
    }
}
