//! The 3-2-1 before a run starts and before it resumes from pause: the run clock waits, the
//! numbers count down on screen with a beep each, and "Go!" stays a moment as the skier sets off.

use crate::app::ui::font;
use macroquad::color::Color;
use macroquad::window::{screen_height, screen_width};

/// Seconds counted down before the run goes.
pub const COUNTDOWN_S: f64 = 3.0;
/// Seconds "Go!" stays on screen once the run goes.
pub const GO_SHOWN_S: f64 = 0.7;
/// The numbers' height as a share of the screen's shorter side.
const NUMBER_SHARE: f32 = 0.3;
/// The numbers' centre, as a share of the screen's height from the top.
const NUMBER_Y: f32 = 0.42;
const NUMBER: Color = Color::new(1.0, 0.84, 0.20, 1.0);
const GO: Color = Color::new(0.45, 0.95, 0.50, 1.0);
/// The outline round the number and "Go!": deep night blue, this share of the font size thick,
/// drawn as copies moved this way round.
const OUTLINE: Color = Color::new(0.02, 0.05, 0.12, 1.0);
const OUTLINE_SHARE: f32 = 0.035;
const OUTLINE_DIRECTIONS: [(f32, f32); 8] = [
    (-1.0, -1.0),
    (0.0, -1.0),
    (1.0, -1.0),
    (-1.0, 0.0),
    (1.0, 0.0),
    (-1.0, 1.0),
    (0.0, 1.0),
    (1.0, 1.0),
];

/// A moment of the countdown worth a sound (and, on a phone, a buzz).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beat {
    /// A number appears (3, 2 or 1).
    Count(u8),
    /// The run goes.
    Go,
}

/// The countdown's state: seconds left to count, and how long "Go!" has shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Countdown {
    left_s: f64,
    since_go_s: f64,
}

impl Default for Countdown {
    /// A countdown already over (a run that does not count down).
    fn default() -> Self {
        Self {
            left_s: 0.0,
            since_go_s: f64::INFINITY,
        }
    }
}

impl Countdown {
    /// A countdown from the start.
    pub fn start() -> Self {
        Self {
            left_s: COUNTDOWN_S,
            since_go_s: 0.0,
        }
    }

    /// Whether the run clock must still wait.
    pub fn holding(&self) -> bool {
        self.left_s > 0.0
    }

    /// The whole seconds left to count (3, 2, 1; 0 once it is over): the start clock's.
    pub fn seconds_left(&self) -> u8 {
        self.number().unwrap_or(0)
    }

    /// The number on screen while counting (3, 2, 1).
    fn number(&self) -> Option<u8> {
        self.holding().then(|| self.left_s.ceil() as u8)
    }

    /// Let `frame_s` pass; the beat it brings, if any (the first frame of a countdown beats 3).
    pub fn pass(&mut self, frame_s: f64) -> Option<Beat> {
        if !self.holding() {
            self.since_go_s += frame_s;
            return None;
        }
        let before = self.number();
        let fresh = self.left_s == COUNTDOWN_S;
        self.left_s = (self.left_s - frame_s).max(0.0);
        match self.number() {
            None => Some(Beat::Go),
            Some(now) if fresh || Some(now) != before => Some(Beat::Count(now)),
            Some(_) => None,
        }
    }

    /// Draw the number, or "Go!" just after it, big in the middle of the screen.
    pub fn draw(&self) {
        let (text, colour) = match self.number() {
            Some(n) => (n.to_string(), NUMBER),
            None if self.since_go_s < GO_SHOWN_S => ("Go!".to_owned(), GO),
            None => return,
        };
        let (width, height) = (screen_width(), screen_height());
        let size = width.min(height) * NUMBER_SHARE;
        let (x, y) = (width / 2.0, height * NUMBER_Y);
        // A dark outline: the words read on any banner, sky or snow behind them (a light-green
        // "Go!" vanished on the green start banner).
        let outline = (size * OUTLINE_SHARE).max(1.0);
        for (dx, dy) in OUTLINE_DIRECTIONS {
            let (ox, oy) = (x + dx * outline, y + dy * outline);
            font::draw_centred(&text, ox, oy, size, width, OUTLINE);
        }
        font::draw_centred(&text, x, y, size, width, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_counts_three_two_one_then_goes_and_holds_the_run_until_then() {
        let mut countdown = Countdown::start();
        let frame = 1.0 / 60.0;
        let mut beats = Vec::new();
        let mut frames = 0;
        while countdown.holding() {
            beats.extend(countdown.pass(frame));
            frames += 1;
        }
        assert_eq!(
            beats,
            [Beat::Count(3), Beat::Count(2), Beat::Count(1), Beat::Go]
        );
        assert!((frames as f64 * frame - COUNTDOWN_S).abs() < 2.0 * frame);
        assert_eq!(countdown.pass(frame), None);
        assert!(!Countdown::default().holding());
    }
}
