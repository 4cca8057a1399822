//! Input: keys, and swipes recognised by [`crate::gesture`] from touches and the mouse, become
//! the simulation's actions; they wait here until the run hands them to its next tick.

use crate::gesture::{
    Direction, Gesture, GestureConfig, GestureRecognizer, PointerEvent, PointerPhase, ScreenSize,
    MOUSE_POINTER_ID,
};
use crate::sim::Action;
use macroquad::input::{
    is_key_pressed, is_mouse_button_down, is_mouse_button_pressed, is_mouse_button_released,
    mouse_position, simulate_mouse_with_touch, touches, KeyCode, MouseButton, TouchPhase,
};
use macroquad::time::get_time;
use macroquad::window::{screen_height, screen_width};

/// Keys and the actions they press (arrows, WASD, Space).
const KEYS: [(KeyCode, Action); 9] = [
    (KeyCode::Left, Action::Left),
    (KeyCode::A, Action::Left),
    (KeyCode::Right, Action::Right),
    (KeyCode::D, Action::Right),
    (KeyCode::Up, Action::Jump),
    (KeyCode::W, Action::Jump),
    (KeyCode::Space, Action::Jump),
    (KeyCode::Down, Action::Duck),
    (KeyCode::S, Action::Duck),
];

/// Collects actions between simulation ticks.
pub struct ActionQueue {
    pending: Vec<Action>,
    recognizer: GestureRecognizer,
}

impl ActionQueue {
    /// A queue reading touches and the mouse as separate pointers (macroquad's touch-to-mouse
    /// emulation is switched off so a finger is not fed twice).
    pub fn new() -> Self {
        simulate_mouse_with_touch(false);
        Self {
            pending: Vec::new(),
            recognizer: GestureRecognizer::new(GestureConfig::default()),
        }
    }

    /// Read this frame's keys, touches and mouse.
    pub fn poll(&mut self) {
        for (key, action) in KEYS {
            if is_key_pressed(key) {
                self.pending.push(action);
            }
        }
        let screen = ScreenSize {
            width: screen_width(),
            height: screen_height(),
        };
        for event in pointer_events() {
            for gesture in self.recognizer.feed(event, screen) {
                if let Gesture::Swipe(direction) = gesture {
                    self.pending.push(action_of(direction));
                }
            }
        }
    }

    /// Actions not yet handed to a tick; the run drains them.
    pub fn pending(&mut self) -> &mut Vec<Action> {
        &mut self.pending
    }

    /// Forget what was pressed while the run clock was held.
    pub fn discard(&mut self) {
        self.pending.clear();
    }
}

/// This frame's touches, then the mouse as one more pointer while its left button is down.
fn pointer_events() -> Vec<PointerEvent> {
    let time_s = get_time();
    let mut events: Vec<PointerEvent> = touches()
        .into_iter()
        .filter_map(|touch| {
            let phase = match touch.phase {
                TouchPhase::Started => PointerPhase::Start,
                TouchPhase::Moved => PointerPhase::Move,
                TouchPhase::Ended => PointerPhase::End,
                TouchPhase::Cancelled => PointerPhase::Cancel,
                TouchPhase::Stationary => return None,
            };
            Some(PointerEvent {
                id: touch.id,
                phase,
                x: touch.position.x,
                y: touch.position.y,
                time_s,
            })
        })
        .collect();
    let mouse_phase = if is_mouse_button_pressed(MouseButton::Left) {
        Some(PointerPhase::Start)
    } else if is_mouse_button_released(MouseButton::Left) {
        Some(PointerPhase::End)
    } else if is_mouse_button_down(MouseButton::Left) {
        Some(PointerPhase::Move)
    } else {
        None
    };
    if let Some(phase) = mouse_phase {
        let (x, y) = mouse_position();
        events.push(PointerEvent {
            id: MOUSE_POINTER_ID,
            phase,
            x,
            y,
            time_s,
        });
    }
    events
}

/// The action a swipe asks for: up jumps, down ducks.
fn action_of(direction: Direction) -> Action {
    match direction {
        Direction::Left => Action::Left,
        Direction::Right => Action::Right,
        Direction::Up => Action::Jump,
        Direction::Down => Action::Duck,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_key_and_a_swipe() {
        for action in [Action::Left, Action::Right, Action::Jump, Action::Duck] {
            assert!(KEYS.iter().any(|&(_, a)| a == action));
        }
        let swipes: Vec<Action> = [
            Direction::Left,
            Direction::Right,
            Direction::Up,
            Direction::Down,
        ]
        .into_iter()
        .map(action_of)
        .collect();
        assert_eq!(
            swipes,
            [Action::Left, Action::Right, Action::Jump, Action::Duck]
        );
    }
}
