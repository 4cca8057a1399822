//! Input: keys and swipes become gestures; gestures are handed to the simulation once per tick.

use macroquad::input::{is_key_pressed, touches, KeyCode, TouchPhase};
use macroquad::math::Vec2;
use macroquad::window::screen_width;

/// What the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gesture {
    Left,
    Right,
    Jump,
    Duck,
}

/// A swipe must travel this fraction of the screen width to count.
const SWIPE_FRACTION: f32 = 0.08;

/// Collects gestures between simulation ticks.
#[derive(Debug, Default)]
pub struct GestureQueue {
    pending: Vec<Gesture>,
    swipe_start: Option<Vec2>,
}

impl GestureQueue {
    /// Read this frame's keys and touches.
    pub fn poll(&mut self) {
        const KEYS: [(KeyCode, Gesture); 9] = [
            (KeyCode::Left, Gesture::Left),
            (KeyCode::A, Gesture::Left),
            (KeyCode::Right, Gesture::Right),
            (KeyCode::D, Gesture::Right),
            (KeyCode::Up, Gesture::Jump),
            (KeyCode::W, Gesture::Jump),
            (KeyCode::Space, Gesture::Jump),
            (KeyCode::Down, Gesture::Duck),
            (KeyCode::S, Gesture::Duck),
        ];
        for (key, gesture) in KEYS {
            if is_key_pressed(key) {
                self.pending.push(gesture);
            }
        }
        for touch in touches() {
            match touch.phase {
                TouchPhase::Started => self.swipe_start = Some(touch.position),
                TouchPhase::Moved | TouchPhase::Ended => {
                    if let Some(start) = self.swipe_start {
                        let threshold = screen_width() * SWIPE_FRACTION;
                        if let Some(gesture) = swipe(touch.position - start, threshold) {
                            self.pending.push(gesture);
                            self.swipe_start = None;
                        }
                    }
                    if touch.phase == TouchPhase::Ended {
                        self.swipe_start = None;
                    }
                }
                TouchPhase::Stationary | TouchPhase::Cancelled => {}
            }
        }
    }

    /// Gestures not yet handed to a tick; the run drains them.
    pub fn pending(&mut self) -> &mut Vec<Gesture> {
        &mut self.pending
    }

    /// Forget what was pressed while the run clock was held.
    pub fn discard(&mut self) {
        self.pending.clear();
    }
}

/// The gesture a drag makes once it is longer than `threshold` (screen y grows downwards).
fn swipe(delta: Vec2, threshold: f32) -> Option<Gesture> {
    if delta.length() < threshold {
        return None;
    }
    Some(if delta.x.abs() > delta.y.abs() {
        if delta.x < 0.0 {
            Gesture::Left
        } else {
            Gesture::Right
        }
    } else if delta.y < 0.0 {
        Gesture::Jump
    } else {
        Gesture::Duck
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swipes_map_to_their_direction() {
        assert_eq!(swipe(Vec2::new(-50.0, 5.0), 20.0), Some(Gesture::Left));
        assert_eq!(swipe(Vec2::new(50.0, -5.0), 20.0), Some(Gesture::Right));
        assert_eq!(swipe(Vec2::new(3.0, -40.0), 20.0), Some(Gesture::Jump));
        assert_eq!(swipe(Vec2::new(3.0, 40.0), 20.0), Some(Gesture::Duck));
        assert_eq!(swipe(Vec2::new(3.0, 4.0), 20.0), None);
    }
}
