//! Input: keys, and gestures recognised by [`crate::gesture`] from touches and the mouse, become
//! the simulation's actions (skiing, or shooting at a stage); they wait here until the run hands
//! them to its next tick.

use super::range::StageButtons;
use crate::gesture::{
    Direction, Gesture, GestureConfig, GestureRecognizer, PointerEvent, PointerPhase, ScreenSize,
    MOUSE_POINTER_ID,
};
use crate::shooting::controls::AimDrag;
use crate::shooting::StageAction;
use crate::sim::Action;
use macroquad::input::{
    is_key_down, is_key_pressed, is_key_released, is_mouse_button_down, is_mouse_button_pressed,
    is_mouse_button_released, mouse_position, simulate_mouse_with_touch, touches, KeyCode,
    MouseButton, TouchPhase,
};
use macroquad::math::{Rect, Vec2};
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

/// Keys that act at a shooting stage (aiming keys are read as held, see [`HeldAim`]).
const STAGE_KEYS: [(KeyCode, Action); 4] = [
    (KeyCode::Space, Action::Fire),
    (KeyCode::Enter, Action::Fire),
    (KeyCode::B, Action::BuyRound),
    (KeyCode::P, Action::TakePenalty),
];

/// Keys that hold the breath while down.
const BREATH_KEYS: [KeyCode; 2] = [KeyCode::LeftShift, KeyCode::RightShift];

/// Direction of the held aiming keys: -1, 0 or 1 each way (+x right, +y up).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeldAim {
    pub right: i32,
    pub up: i32,
}

/// What the player's input hands to the run: presses waiting for the next tick, and the aim
/// keys held now (they nudge the aim on every tick).
#[derive(Debug, Default)]
pub struct TickInput {
    pub pressed: Vec<Action>,
    pub held_aim: HeldAim,
}

/// Collects actions between simulation ticks.
pub struct ActionQueue {
    input: TickInput,
    recognizer: GestureRecognizer,
    aim_drag: AimDrag,
    /// The pointer holding the on-screen breath button.
    breath_pointer: Option<u64>,
    /// Touches on a button drawn over the run (pause), kept out of the gestures.
    reserved: ReservedArea,
    at_stage: bool,
}

impl ActionQueue {
    /// A queue reading touches and the mouse as separate pointers (macroquad's touch-to-mouse
    /// emulation is switched off so a finger is not fed twice), swipes recognised at the
    /// player's `sensitivity`.
    pub fn with_sensitivity(sensitivity: f32) -> Self {
        simulate_mouse_with_touch(false);
        Self::reading_at(sensitivity)
    }

    /// A queue with swipes recognised at `sensitivity`, fed by [`ActionQueue::take`].
    pub fn reading_at(sensitivity: f32) -> Self {
        let config = GestureConfig {
            sensitivity,
            ..GestureConfig::default()
        };
        Self {
            input: TickInput::default(),
            recognizer: GestureRecognizer::new(config),
            aim_drag: AimDrag::default(),
            breath_pointer: None,
            reserved: ReservedArea::default(),
            at_stage: false,
        }
    }

    /// Read this frame's keys, touches and mouse, for skiing or (`at_stage`) for shooting.
    pub fn poll(&mut self, at_stage: bool) {
        self.take(&DeviceFrame::read(), at_stage);
    }

    /// Take one frame of the devices (read from the window, or scripted by a test), for skiing
    /// or (`at_stage`) for shooting.
    pub fn take(&mut self, frame: &DeviceFrame, at_stage: bool) {
        if at_stage != self.at_stage {
            // A finger still down from a swipe must not become an aim drag, nor the reverse.
            self.recognizer.reset();
            self.aim_drag.release();
            self.breath_pointer = None;
            self.at_stage = at_stage;
        }
        let keys: &[(KeyCode, Action)] = if at_stage { &STAGE_KEYS } else { &KEYS };
        for &(key, action) in keys {
            if frame.pressed.contains(&key) {
                self.input.pressed.push(action);
            }
        }
        self.input.held_aim = if at_stage {
            held_aim(&frame.down)
        } else {
            HeldAim::default()
        };
        if at_stage {
            self.take_breath_keys(frame);
        }
        let screen = frame.screen;
        let buttons = StageButtons::for_screen(screen.width, screen.height);
        for &event in &frame.pointers {
            if self.reserved.claims(event) {
                continue;
            }
            if at_stage && self.stage_button(event, &buttons) {
                continue;
            }
            for gesture in self.recognizer.feed(event, screen) {
                self.gesture(gesture, screen);
            }
        }
    }

    /// Keep pointers that go down in `area` (a button over the run) out of the gestures.
    pub fn reserve(&mut self, area: Option<Rect>) {
        self.reserved.area = area;
    }

    fn take_breath_keys(&mut self, frame: &DeviceFrame) {
        if BREATH_KEYS.iter().any(|key| frame.pressed.contains(key)) {
            self.input.pressed.push(Action::HoldBreath);
        }
        if BREATH_KEYS.iter().any(|key| frame.released.contains(key)) {
            self.input.pressed.push(Action::ReleaseBreath);
        }
    }

    /// A pointer on one of the stage's buttons acts on it (and is not a gesture).
    fn stage_button(&mut self, event: PointerEvent, buttons: &StageButtons) -> bool {
        let at = Vec2::new(event.x, event.y);
        match event.phase {
            PointerPhase::Start if buttons.breath.contains(at) => {
                self.breath_pointer = Some(event.id);
                self.input.pressed.push(Action::HoldBreath);
                true
            }
            PointerPhase::Start if buttons.buy.contains(at) => {
                self.input.pressed.push(Action::BuyRound);
                true
            }
            PointerPhase::Start if buttons.penalty.contains(at) => {
                self.input.pressed.push(Action::TakePenalty);
                true
            }
            PointerPhase::End | PointerPhase::Cancel if self.breath_pointer == Some(event.id) => {
                self.breath_pointer = None;
                self.input.pressed.push(Action::ReleaseBreath);
                true
            }
            _ => self.breath_pointer == Some(event.id),
        }
    }

    fn gesture(&mut self, gesture: Gesture, screen: ScreenSize) {
        match (self.at_stage, gesture) {
            (false, Gesture::Swipe(direction)) => self.input.pressed.push(action_of(direction)),
            (true, Gesture::Tap { .. }) => self.input.pressed.push(Action::Fire),
            (true, Gesture::Drag { dx, dy }) => {
                let short_side = screen.width.min(screen.height);
                if let Some(StageAction::Aim { dx, dy }) = self.aim_drag.drag(dx, dy, short_side) {
                    self.input.pressed.push(Action::Aim { dx, dy });
                }
            }
            _ => {}
        }
    }

    /// The input for the run's next ticks; the run drains the presses.
    pub fn input(&mut self) -> &mut TickInput {
        &mut self.input
    }

    /// Forget what was pressed while the run clock was held.
    pub fn discard(&mut self) {
        self.input.pressed.clear();
    }
}

/// A screen area whose touches belong to a button, not to gestures: a pointer that goes down
/// in it is claimed until it lifts, wherever it moves.
#[derive(Debug, Clone, Copy, Default)]
struct ReservedArea {
    area: Option<Rect>,
    pointer: Option<u64>,
}

impl ReservedArea {
    /// Whether the event belongs to a claimed pointer.
    fn claims(&mut self, event: PointerEvent) -> bool {
        let at = Vec2::new(event.x, event.y);
        if event.phase == PointerPhase::Start && self.area.is_some_and(|r| r.contains(at)) {
            self.pointer = Some(event.id);
        }
        let claimed = self.pointer == Some(event.id);
        if claimed && matches!(event.phase, PointerPhase::End | PointerPhase::Cancel) {
            self.pointer = None;
        }
        claimed
    }
}

/// One frame of the player's devices: keys pressed, released and held, and the pointers'
/// events (touches, then the mouse), on a screen of a size.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceFrame {
    pub pressed: Vec<KeyCode>,
    pub released: Vec<KeyCode>,
    pub down: Vec<KeyCode>,
    pub pointers: Vec<PointerEvent>,
    pub screen: ScreenSize,
}

/// Every key the run reads.
const READ_KEYS: [KeyCode; 14] = [
    KeyCode::Left,
    KeyCode::A,
    KeyCode::Right,
    KeyCode::D,
    KeyCode::Up,
    KeyCode::W,
    KeyCode::Space,
    KeyCode::Down,
    KeyCode::S,
    KeyCode::Enter,
    KeyCode::B,
    KeyCode::P,
    KeyCode::LeftShift,
    KeyCode::RightShift,
];

impl DeviceFrame {
    /// Nothing pressed on a screen of `width` × `height` pixels (a scripted frame's start).
    #[cfg(test)]
    pub fn idle(width: f32, height: f32) -> Self {
        Self {
            pressed: Vec::new(),
            released: Vec::new(),
            down: Vec::new(),
            pointers: Vec::new(),
            screen: ScreenSize { width, height },
        }
    }

    /// This frame as the window saw it.
    fn read() -> Self {
        let keys = |read: fn(KeyCode) -> bool| -> Vec<KeyCode> {
            READ_KEYS.into_iter().filter(|&key| read(key)).collect()
        };
        Self {
            pressed: keys(is_key_pressed),
            released: keys(is_key_released),
            down: keys(is_key_down),
            pointers: pointer_events(),
            screen: ScreenSize {
                width: screen_width(),
                height: screen_height(),
            },
        }
    }
}

/// The aiming keys held in `down` (arrows or WASD).
fn held_aim(down: &[KeyCode]) -> HeldAim {
    let axis = |plus: [KeyCode; 2], minus: [KeyCode; 2]| {
        i32::from(plus.iter().any(|k| down.contains(k)))
            - i32::from(minus.iter().any(|k| down.contains(k)))
    };
    HeldAim {
        right: axis([KeyCode::Right, KeyCode::D], [KeyCode::Left, KeyCode::A]),
        up: axis([KeyCode::Up, KeyCode::W], [KeyCode::Down, KeyCode::S]),
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
    let (x, y) = mouse_position();
    let phases = mouse_phases(
        is_mouse_button_pressed(MouseButton::Left),
        is_mouse_button_released(MouseButton::Left),
        is_mouse_button_down(MouseButton::Left),
    );
    events.extend(phases.into_iter().map(|phase| PointerEvent {
        id: MOUSE_POINTER_ID,
        phase,
        x,
        y,
        time_s,
    }));
    events
}

/// The mouse button's phases this frame, in order: a press and a release in one frame (a
/// touchpad's tap-to-click) are both, a tap, never one of them alone.
fn mouse_phases(pressed: bool, released: bool, down: bool) -> Vec<PointerPhase> {
    match (pressed, released) {
        (true, true) => vec![PointerPhase::Start, PointerPhase::End],
        (true, false) => vec![PointerPhase::Start],
        (false, true) => vec![PointerPhase::End],
        (false, false) if down => vec![PointerPhase::Move],
        (false, false) => Vec::new(),
    }
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

    fn pointer(id: u64, phase: PointerPhase, x: f32) -> PointerEvent {
        PointerEvent {
            id,
            phase,
            x,
            y: 10.0,
            time_s: 0.0,
        }
    }

    #[test]
    fn a_touch_on_the_reserved_button_is_claimed_until_it_lifts() {
        let mut reserved = ReservedArea {
            area: Some(Rect::new(0.0, 0.0, 20.0, 20.0)),
            pointer: None,
        };
        assert!(reserved.claims(pointer(1, PointerPhase::Start, 10.0)));
        // Dragged off the button, it is still the button's.
        assert!(reserved.claims(pointer(1, PointerPhase::Move, 300.0)));
        assert!(!reserved.claims(pointer(2, PointerPhase::Start, 300.0)));
        assert!(reserved.claims(pointer(1, PointerPhase::End, 300.0)));
        assert!(!reserved.claims(pointer(1, PointerPhase::Start, 300.0)));
    }

    #[test]
    fn a_click_pressed_and_released_in_one_frame_is_a_tap() {
        let mut recognizer = GestureRecognizer::new(GestureConfig::default());
        let screen = ScreenSize {
            width: 540.0,
            height: 960.0,
        };
        let gestures: Vec<Gesture> = mouse_phases(true, true, false)
            .into_iter()
            .flat_map(|phase| recognizer.feed(pointer(MOUSE_POINTER_ID, phase, 100.0), screen))
            .collect();
        assert_eq!(gestures, [Gesture::Tap { x: 100.0, y: 10.0 }]);
        assert_eq!(mouse_phases(false, false, true), [PointerPhase::Move]);
        assert!(mouse_phases(false, false, false).is_empty());
    }

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
