//! Touch and mouse input turned into the game's gestures: swipes recognised during the drag, and
//! drag deltas for aiming. A drag never fires a shot: the range fires from its fire button (a
//! press, not a gesture, so no frame's length ever decides whether it counted).
//!
//! A pure state machine: the app feeds it pointer events (touches by id, the mouse as one more
//! pointer) and maps the [`Gesture`]s it returns to the simulation's actions. Keyboard input does
//! not pass through here; the app maps keys straight to the same actions.
//!
//! A swipe fires as soon as the finger has travelled a distance relative to the screen's short
//! side (never by speed), in the direction of the dominant axis. One swipe is one action, however
//! long: a finger that keeps going (or turns aside) fires nothing more until it lifts, and only a
//! turn back as long as a swipe acts again. Only the first finger down swipes; other fingers are
//! tracked by id and ignored.

mod recognizer;

pub use recognizer::GestureRecognizer;

/// The pointer id the app gives the mouse (touch ids come from the platform).
pub const MOUSE_POINTER_ID: u64 = u64::MAX;

/// Swipe distance as a fraction of the screen's short side, at sensitivity 1.
pub const DEFAULT_SWIPE_FRACTION: f32 = 0.07;

/// Sensitivity range offered by the settings: higher means a shorter swipe.
pub const SENSITIVITY_RANGE: (f32, f32) = (0.25, 4.0);

/// A direction of a swipe on screen (up is towards the top of the screen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards the screen's left edge.
    Left,
    /// Towards the screen's right edge.
    Right,
    /// Towards the screen's top edge.
    Up,
    /// Towards the screen's bottom edge.
    Down,
}

/// What the recogniser reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Gesture {
    /// A swipe of at least the threshold distance, by its dominant axis.
    Swipe(Direction),
    /// The swiping finger moved by this many pixels since its previous event (for aiming).
    Drag {
        /// Horizontal movement in pixels, positive to the right.
        dx: f32,
        /// Vertical movement in pixels, positive downwards.
        dy: f32,
    },
}

/// The life of one pointer (a finger, or the mouse with its button held).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointerPhase {
    /// The pointer touched down (mouse button pressed).
    Start,
    /// The pointer moved while down.
    Move,
    /// The pointer lifted (mouse button released).
    End,
    /// The platform took the pointer away (a system gesture, a call).
    Cancel,
}

/// One input event for the recogniser.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointerEvent {
    /// The platform's touch id, or [`MOUSE_POINTER_ID`].
    pub id: u64,
    /// What happened to the pointer.
    pub phase: PointerPhase,
    /// Horizontal pixel position, from the left edge.
    pub x: f32,
    /// Vertical pixel position, from the top edge.
    pub y: f32,
}

/// The screen (window) size in pixels when the event happened.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenSize {
    /// Width in pixels.
    pub width: f32,
    /// Height in pixels.
    pub height: f32,
}

/// Tunables of the recogniser.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GestureConfig {
    /// Swipe distance as a fraction of the screen's short side, at sensitivity 1.
    pub swipe_fraction: f32,
    /// The player's setting: the threshold is divided by it (clamped to [`SENSITIVITY_RANGE`]).
    pub sensitivity: f32,
}

impl Default for GestureConfig {
    fn default() -> Self {
        Self {
            swipe_fraction: DEFAULT_SWIPE_FRACTION,
            sensitivity: 1.0,
        }
    }
}

impl GestureConfig {
    /// The swipe distance in pixels on a screen of this size.
    pub fn swipe_threshold(&self, screen: ScreenSize) -> f32 {
        let (low, high) = SENSITIVITY_RANGE;
        // A corrupt setting (NaN) must not disable swiping: treat it as the default.
        let sensitivity = if self.sensitivity.is_nan() {
            1.0
        } else {
            self.sensitivity.clamp(low, high)
        };
        self.swipe_fraction * short_side(screen) / sensitivity
    }
}

/// The screen's shorter side in pixels (at least one, so a zero-sized window cannot divide).
fn short_side(screen: ScreenSize) -> f32 {
    screen.width.min(screen.height).max(1.0)
}
