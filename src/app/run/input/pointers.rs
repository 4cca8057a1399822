//! The window's pointer events, every one in the order the platform sent it: a finger's press,
//! moves and lift, and the mouse's left button as one more pointer. macroquad's `touches()`
//! keeps only each finger's last phase of a frame, so at a low frame rate a press and its lift
//! (a tap) or a press and its moves (a swipe) would be seen as a lift or a move alone; this
//! reads miniquad's event stream instead.

use crate::gesture::{PointerEvent, PointerPhase, MOUSE_POINTER_ID};
use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::window::dpi_scale;
use macroquad::miniquad::{EventHandler, MouseButton, TouchPhase};
use std::cell::RefCell;

thread_local! {
    static WATCH: RefCell<Option<PointerWatch>> = const { RefCell::new(None) };
}

/// The subscription to the window's events and what it read for the frame.
struct PointerWatch {
    subscriber: usize,
    mouse_down: bool,
    frame: Vec<PointerEvent>,
}

/// Read the events since the last frame; call it once at every frame's start, on every screen,
/// so none pile up. They are this frame's until the next call.
pub fn begin_frame() {
    WATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        let watch = slot.get_or_insert_with(|| PointerWatch {
            subscriber: register_input_subscriber(),
            mouse_down: false,
            frame: Vec::new(),
        });
        let mut collector = Collector {
            mouse_down: watch.mouse_down,
            dpi: dpi_scale(),
            events: Vec::new(),
        };
        repeat_all_miniquad_input(&mut collector, watch.subscriber);
        watch.mouse_down = collector.mouse_down;
        watch.frame = collector.events;
    });
}

/// This frame's pointer events, in order.
pub fn frame_events() -> Vec<PointerEvent> {
    WATCH.with(|cell| {
        cell.borrow()
            .as_ref()
            .map(|watch| watch.frame.clone())
            .unwrap_or_default()
    })
}

/// Turns the window's events into pointer events, positions in the drawing's pixels (the
/// platform's physical pixels over its DPI scale, as `screen_width()` counts them).
struct Collector {
    mouse_down: bool,
    dpi: f32,
    events: Vec<PointerEvent>,
}

impl Collector {
    fn push(&mut self, id: u64, phase: PointerPhase, x: f32, y: f32) {
        let dpi = if self.dpi > 0.0 { self.dpi } else { 1.0 };
        self.events.push(PointerEvent {
            id,
            phase,
            x: x / dpi,
            y: y / dpi,
        });
    }
}

impl EventHandler for Collector {
    fn update(&mut self) {}

    fn draw(&mut self) {}

    fn touch_event(&mut self, phase: TouchPhase, id: u64, x: f32, y: f32) {
        let phase = match phase {
            TouchPhase::Started => PointerPhase::Start,
            TouchPhase::Moved => PointerPhase::Move,
            TouchPhase::Ended => PointerPhase::End,
            TouchPhase::Cancelled => PointerPhase::Cancel,
        };
        self.push(id, phase, x, y);
    }

    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left {
            self.mouse_down = true;
            self.push(MOUSE_POINTER_ID, PointerPhase::Start, x, y);
        }
    }

    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        if self.mouse_down {
            self.push(MOUSE_POINTER_ID, PointerPhase::Move, x, y);
        }
    }

    fn mouse_button_up_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left && self.mouse_down {
            self.mouse_down = false;
            self.push(MOUSE_POINTER_ID, PointerPhase::End, x, y);
        }
    }
}
