//! The recogniser's state machine: one swiping finger, any number of ignored ones.

use super::{Direction, Gesture, GestureConfig, PointerEvent, PointerPhase, ScreenSize};

/// The finger that swipes: the first one down while no other was swiping.
#[derive(Debug, Clone, Copy)]
struct Primary {
    id: u64,
    last: (f32, f32),
    /// Where travel is measured from: the touch-down point, then the farthest point the finger
    /// reached in the direction it last swiped (so only a turn back can swipe again).
    anchor: (f32, f32),
    /// The direction this touch last swiped: going on that way never swipes again.
    fired: Option<Direction>,
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
            (PointerPhase::End, true) => {
                // The lift point counts: a swipe can end on it without a move before.
                let gestures = self.move_primary(event, screen);
                self.primary = None;
                gestures
            }
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
            Some(primary) if primary.id != event.id => self.ignored.push(event.id),
            _ => {
                let at = (event.x, event.y);
                self.primary = Some(Primary {
                    id: event.id,
                    last: at,
                    anchor: at,
                    fired: None,
                });
            }
        }
    }

    fn move_primary(&mut self, event: PointerEvent, screen: ScreenSize) -> Vec<Gesture> {
        let threshold = self.config.swipe_threshold(screen);
        let Some(primary) = &mut self.primary else {
            return Vec::new();
        };
        let mut gestures = Vec::new();
        let (dx, dy) = (event.x - primary.last.0, event.y - primary.last.1);
        primary.last = (event.x, event.y);
        if dx != 0.0 || dy != 0.0 {
            gestures.push(Gesture::Drag { dx, dy });
        }
        // One swipe per touch and direction: after a swipe the anchor follows the finger on
        // that way, so only a turn back as long as a swipe acts again.
        if let Some(fired) = primary.fired {
            if along(primary.anchor, primary.last, fired) > 0.0 {
                primary.anchor = primary.last;
            }
        }
        if let Some(direction) = swipe(primary.anchor, primary.last, threshold) {
            if primary
                .fired
                .is_none_or(|fired| direction == opposite(fired))
            {
                primary.fired = Some(direction);
                primary.anchor = primary.last;
                gestures.push(Gesture::Swipe(direction));
            }
        }
        gestures
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

/// How far `at` lies beyond `anchor` in `direction`, pixels (negative: short of it).
fn along(anchor: (f32, f32), at: (f32, f32), direction: Direction) -> f32 {
    match direction {
        Direction::Left => anchor.0 - at.0,
        Direction::Right => at.0 - anchor.0,
        Direction::Up => anchor.1 - at.1,
        Direction::Down => at.1 - anchor.1,
    }
}

/// The way back.
fn opposite(direction: Direction) -> Direction {
    match direction {
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
    }
}
