//! The recogniser's state machine: one swiping finger, any number of ignored ones.

use super::{Direction, Gesture, GestureConfig, PointerEvent, PointerPhase, ScreenSize};

/// The finger that swipes and taps: the first one down while no other was swiping.
#[derive(Debug, Clone, Copy)]
struct Primary {
    id: u64,
    start: (f32, f32),
    start_time_s: f64,
    last: (f32, f32),
    /// Where travel is measured from: the touch-down point, then each swipe's firing point.
    anchor: (f32, f32),
    /// The direction already fired by this touch; later swipes must go the same way.
    fired: Option<Direction>,
    /// Another finger touched during this touch: it is a multi-finger contact, never a tap.
    shared: bool,
    /// The touch wandered too far from where it began to be a tap.
    wandered: bool,
}

impl Primary {
    /// Mark the touch as no tap once it is farther than `limit` pixels from where it began.
    fn note_travel(&mut self, limit: f32) {
        let (dx, dy) = (self.last.0 - self.start.0, self.last.1 - self.start.1);
        self.wandered |= dx * dx + dy * dy > limit * limit;
    }
}

/// Turns pointer events into [`Gesture`]s. Feed every event of every pointer, in order.
#[derive(Debug, Clone)]
pub struct GestureRecognizer {
    config: GestureConfig,
    primary: Option<Primary>,
    /// Fingers that are down but ignored (they arrived while another finger was swiping).
    ignored: Vec<u64>,
}

impl GestureRecognizer {
    /// A recogniser with nothing down.
    pub fn new(config: GestureConfig) -> Self {
        Self {
            config,
            primary: None,
            ignored: Vec::new(),
        }
    }

    /// Change the player's swipe sensitivity (takes effect on the next event).
    pub fn set_sensitivity(&mut self, sensitivity: f32) {
        self.config.sensitivity = sensitivity;
    }

    /// The current tunables.
    pub fn config(&self) -> GestureConfig {
        self.config
    }

    /// Forget every pointer (the app lost focus, the screen changed): nothing fires afterwards
    /// until a new touch begins.
    pub fn reset(&mut self) {
        self.primary = None;
        self.ignored.clear();
    }

    /// Feed one event; returns the gestures it completes, in order (usually none or one).
    pub fn feed(&mut self, event: PointerEvent, screen: ScreenSize) -> Vec<Gesture> {
        let is_primary = self.primary.is_some_and(|p| p.id == event.id);
        match (event.phase, is_primary) {
            (PointerPhase::Start, _) => {
                self.start(event);
                Vec::new()
            }
            (PointerPhase::Move, true) => self.move_primary(event, screen),
            (PointerPhase::End, true) => self.end_primary(event, screen),
            (PointerPhase::Cancel, true) => {
                self.primary = None;
                Vec::new()
            }
            (PointerPhase::End | PointerPhase::Cancel, false) => {
                self.ignored.retain(|&id| id != event.id);
                Vec::new()
            }
            (PointerPhase::Move, false) => Vec::new(),
        }
    }

    fn start(&mut self, event: PointerEvent) {
        // A repeated start for a known id (a lost end event) begins that pointer afresh.
        self.ignored.retain(|&id| id != event.id);
        match &mut self.primary {
            Some(primary) if primary.id != event.id => {
                primary.shared = true;
                self.ignored.push(event.id);
            }
            _ => {
                let at = (event.x, event.y);
                self.primary = Some(Primary {
                    id: event.id,
                    start: at,
                    start_time_s: event.time_s,
                    last: at,
                    anchor: at,
                    fired: None,
                    shared: !self.ignored.is_empty(),
                    wandered: false,
                });
            }
        }
    }

    fn move_primary(&mut self, event: PointerEvent, screen: ScreenSize) -> Vec<Gesture> {
        let threshold = self.config.swipe_threshold(screen);
        let tap_max_travel = self.config.tap_max_travel(screen);
        let Some(primary) = &mut self.primary else {
            return Vec::new();
        };
        let mut gestures = Vec::new();
        let (dx, dy) = (event.x - primary.last.0, event.y - primary.last.1);
        primary.last = (event.x, event.y);
        primary.note_travel(tap_max_travel);
        if dx != 0.0 || dy != 0.0 {
            gestures.push(Gesture::Drag { dx, dy });
        }
        // A single large jump between events may cover several thresholds: one swipe each.
        while let Some(direction) = swipe(primary.anchor, primary.last, threshold) {
            if primary.fired.is_some_and(|fired| fired != direction) {
                break;
            }
            primary.fired = Some(direction);
            primary.anchor = advance(primary.anchor, primary.last, direction, threshold);
            gestures.push(Gesture::Swipe(direction));
        }
        gestures
    }

    fn end_primary(&mut self, event: PointerEvent, screen: ScreenSize) -> Vec<Gesture> {
        let Some(mut primary) = self.primary.take() else {
            return Vec::new();
        };
        primary.last = (event.x, event.y);
        primary.note_travel(self.config.tap_max_travel(screen));
        let short = event.time_s - primary.start_time_s <= self.config.tap_max_seconds;
        if primary.fired.is_none() && !primary.shared && !primary.wandered && short {
            let (x, y) = primary.start;
            vec![Gesture::Tap { x, y }]
        } else {
            Vec::new()
        }
    }
}

/// The swipe from `anchor` to `at`, if its dominant axis covers the threshold.
fn swipe(anchor: (f32, f32), at: (f32, f32), threshold: f32) -> Option<Direction> {
    let (dx, dy) = (at.0 - anchor.0, at.1 - anchor.1);
    if dx.abs() >= dy.abs() {
        if dx >= threshold {
            Some(Direction::Right)
        } else if dx <= -threshold {
            Some(Direction::Left)
        } else {
            None
        }
    } else if dy >= threshold {
        Some(Direction::Down)
    } else if dy <= -threshold {
        Some(Direction::Up)
    } else {
        None
    }
}

/// The anchor after a swipe: one threshold further along the swipe's axis (so leftover travel
/// counts towards the next swipe) and level with the finger across it (so earlier sideways drift
/// does not outweigh later travel).
fn advance(anchor: (f32, f32), at: (f32, f32), direction: Direction, threshold: f32) -> (f32, f32) {
    match direction {
        Direction::Left => (anchor.0 - threshold, at.1),
        Direction::Right => (anchor.0 + threshold, at.1),
        Direction::Up => (at.0, anchor.1 - threshold),
        Direction::Down => (at.0, anchor.1 + threshold),
    }
}
