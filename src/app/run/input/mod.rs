//! Input: keys, and gestures recognised by [`crate::gesture`] from touches and the mouse, become
//! the simulation's actions (skiing, or shooting at a stage); they wait here until the run hands
//! them to its next tick. At a stage a drag only aims; the fire button fires as it is pressed.

pub(crate) mod pointers;
#[cfg(test)]
mod queue_tests;

use super::range::{StageButtons, UpperRow};
use crate::app::platform::android::screen_density;
use crate::gesture::{
    Direction, Gesture, GestureConfig, GestureRecognizer, PointerEvent, PointerPhase, ScreenSize,
};
use crate::phone::density::{ScreenPx, UiScale};
use crate::shooting::controls::{key_aim_units, AimDrag, KEY_AIM_UNITS_PER_TICK};
use crate::shooting::StageAction;
use crate::sim::Action;
use crate::storage::Settings;
use macroquad::input::{
    is_key_down, is_key_pressed, is_key_released, simulate_mouse_with_touch, KeyCode,
};
use macroquad::math::{Rect, Vec2};
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

/// Keys that act at a shooting stage (aiming keys are read as held, see [`HeldAim`]); Q and E
/// click the sight a click left or right, for the wind.
const STAGE_KEYS: [(KeyCode, Action); 6] = [
    (KeyCode::Space, Action::Fire),
    (KeyCode::Enter, Action::Fire),
    (KeyCode::B, Action::BuyRound),
    (KeyCode::P, Action::TakePenalty),
    (KeyCode::Q, Action::ClickLeft),
    (KeyCode::E, Action::ClickRight),
];

/// Keys that hold the breath while down.
const BREATH_KEYS: [KeyCode; 2] = [KeyCode::LeftShift, KeyCode::RightShift];

/// The player's settings the input reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Controls {
    /// Swipe sensitivity (see [`GestureConfig::sensitivity`]).
    pub sensitivity: f32,
    /// The aim keys' speed, a multiple of the usual (see [`key_aim_units`]).
    pub aim_key_speed: f32,
    /// The range's fire button on the left.
    pub left_handed: bool,
}

impl Controls {
    /// The controls the player set.
    pub fn of(settings: &Settings) -> Self {
        Self {
            sensitivity: settings.swipe_sensitivity,
            aim_key_speed: settings.aim_key_speed,
            left_handed: settings.left_handed,
        }
    }
}

impl Default for Controls {
    fn default() -> Self {
        Self::of(&Settings::default())
    }
}

/// Direction of the held aiming keys: -1, 0 or 1 each way (+x right, +y up), and how many aim
/// units a tick they move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldAim {
    pub right: i32,
    pub up: i32,
    pub units: i32,
}

impl Default for HeldAim {
    fn default() -> Self {
        Self {
            right: 0,
            up: 0,
            units: KEY_AIM_UNITS_PER_TICK,
        }
    }
}

/// What the player's input hands to the run: presses waiting for the next tick, and the aim
/// keys held now (they nudge the aim on every tick).
#[derive(Debug, Default)]
pub struct PlayerInput {
    pub pressed: Vec<Action>,
    pub held_aim: HeldAim,
}

/// A button of the stage a pointer pressed: the pointer is the button's until it lifts (the
/// breath button's lift lets the breath go).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pressed {
    Breath,
    Other,
}

/// Collects actions between simulation ticks.
pub struct ActionQueue {
    input: PlayerInput,
    recognizer: GestureRecognizer,
    aim_drag: AimDrag,
    controls: Controls,
    /// The pointers pressing the stage's buttons (kept out of the gestures until they lift).
    pressing: Vec<(u64, Pressed)>,
    /// Touches on a button drawn over the run (pause), kept out of the gestures.
    reserved: ReservedArea,
    at_stage: bool,
    /// What the stage's upper row of buttons does now.
    upper_row: UpperRow,
}

impl ActionQueue {
    /// A queue reading touches and the mouse as separate pointers (macroquad's touch-to-mouse
    /// emulation is switched off so a finger is not fed twice), with the player's `controls`.
    pub fn new(controls: Controls) -> Self {
        simulate_mouse_with_touch(false);
        Self::reading(controls)
    }

    /// A queue with the player's `controls`, fed by [`ActionQueue::take`].
    pub fn reading(controls: Controls) -> Self {
        let config = GestureConfig {
            sensitivity: controls.sensitivity,
            ..GestureConfig::default()
        };
        Self {
            input: PlayerInput::default(),
            recognizer: GestureRecognizer::new(config),
            aim_drag: AimDrag::default(),
            controls,
            pressing: Vec::new(),
            reserved: ReservedArea::default(),
            at_stage: false,
            upper_row: UpperRow::default(),
        }
    }

    /// What the stage's upper row of buttons does from now (the stage's phase and wind decide).
    pub fn set_upper_row(&mut self, row: UpperRow) {
        self.upper_row = row;
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
            if self.pressing.iter().any(|&(_, b)| b == Pressed::Breath) {
                self.input.pressed.push(Action::ReleaseBreath);
            }
            self.pressing.clear();
            self.at_stage = at_stage;
        }
        let keys: &[(KeyCode, Action)] = if at_stage { &STAGE_KEYS } else { &KEYS };
        for &(key, action) in keys {
            if frame.pressed.contains(&key) {
                self.input.pressed.push(action);
            }
        }
        self.input.held_aim = if at_stage {
            held_aim(&frame.down, key_aim_units(self.controls.aim_key_speed))
        } else {
            HeldAim::default()
        };
        if at_stage {
            self.take_breath_keys(frame);
        }
        let screen = frame.screen;
        let buttons =
            StageButtons::for_screen(screen.width, screen.height, self.controls.left_handed);
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
            if matches!(event.phase, PointerPhase::End | PointerPhase::Cancel) {
                self.aim_drag.release();
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

    /// A pointer on one of the stage's buttons acts on it as it presses (the fire button fires
    /// then: no frame's length decides whether it counted) and is not a gesture until it lifts.
    fn stage_button(&mut self, event: PointerEvent, buttons: &StageButtons) -> bool {
        let at = Vec2::new(event.x, event.y);
        let held = self.pressing.iter().position(|&(id, _)| id == event.id);
        match (event.phase, held) {
            (PointerPhase::Start, _) => {
                let pressed = if buttons.fire.contains(at) {
                    self.input.pressed.push(Action::Fire);
                    Pressed::Other
                } else if buttons.breath.contains(at) {
                    self.input.pressed.push(Action::HoldBreath);
                    Pressed::Breath
                } else if buttons.buy.contains(at) {
                    self.input.pressed.push(match self.upper_row {
                        UpperRow::Rounds => Action::BuyRound,
                        UpperRow::Clicks => Action::ClickLeft,
                    });
                    Pressed::Other
                } else if buttons.penalty.contains(at) {
                    self.input.pressed.push(match self.upper_row {
                        UpperRow::Rounds => Action::TakePenalty,
                        UpperRow::Clicks => Action::ClickRight,
                    });
                    Pressed::Other
                } else {
                    return false;
                };
                self.pressing.retain(|&(id, _)| id != event.id);
                self.pressing.push((event.id, pressed));
                true
            }
            (PointerPhase::End | PointerPhase::Cancel, Some(index)) => {
                if self.pressing.remove(index).1 == Pressed::Breath {
                    self.input.pressed.push(Action::ReleaseBreath);
                }
                true
            }
            (_, held) => held.is_some(),
        }
    }

    fn gesture(&mut self, gesture: Gesture, screen: ScreenSize) {
        match (self.at_stage, gesture) {
            (false, Gesture::Swipe(direction)) => self.input.pressed.push(action_of(direction)),
            (true, Gesture::Drag { dx, dy }) => {
                let px_per_cm = px_per_cm(screen);
                if let Some(StageAction::Drag { dx, dy }) = self.aim_drag.drag(dx, dy, px_per_cm) {
                    self.input.pressed.push(Action::Drag { dx, dy });
                }
            }
            _ => {}
        }
    }

    /// The input for the run's next ticks; the run drains the presses.
    pub fn input(&mut self) -> &mut PlayerInput {
        &mut self.input
    }

    /// Forget what was pressed while the run clock was held.
    pub fn discard(&mut self) {
        self.input.pressed.clear();
    }
}

/// Pixels in a centimetre of a screen of this size, at the screen's density.
pub fn px_per_cm(screen: ScreenSize) -> f32 {
    let px = ScreenPx {
        width: screen.width,
        height: screen.height,
    };
    UiScale::new(px, screen_density()).px_per_cm()
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
            pointers: pointers::frame_events(),
            screen: ScreenSize {
                width: screen_width(),
                height: screen_height(),
            },
        }
    }
}

/// The aiming keys held in `down` (arrows or WASD), moving `units` a tick.
fn held_aim(down: &[KeyCode], units: i32) -> HeldAim {
    let axis = |plus: [KeyCode; 2], minus: [KeyCode; 2]| {
        i32::from(plus.iter().any(|k| down.contains(k)))
            - i32::from(minus.iter().any(|k| down.contains(k)))
    };
    HeldAim {
        right: axis([KeyCode::Right, KeyCode::D], [KeyCode::Left, KeyCode::A]),
        up: axis([KeyCode::Up, KeyCode::W], [KeyCode::Down, KeyCode::S]),
        units,
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
