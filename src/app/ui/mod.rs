//! The menu screens' widgets: a page background, titles, text and buttons sized by
//! [`UiScale`] (touch targets never under 48 dp), and this frame's taps from touches and the
//! mouse.

pub mod layout;

use crate::platform::density::{Density, ScreenPx, UiScale};
use layout::{Page, BODY_TEXT, TITLE_TEXT};
use macroquad::color::Color;
use macroquad::input::{is_mouse_button_pressed, mouse_position, touches, MouseButton, TouchPhase};
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::text::{draw_text, measure_text, TextDimensions};
use macroquad::window::{clear_background, screen_height, screen_width};

/// The menus' snow-and-sky colours.
pub const BACKGROUND: Color = Color::new(0.86, 0.91, 0.96, 1.0);
/// Text and outlines.
pub const INK: Color = Color::new(0.08, 0.15, 0.27, 1.0);
/// Secondary text.
pub const FAINT_INK: Color = Color::new(0.30, 0.38, 0.50, 1.0);
/// A button's face.
pub const BUTTON_FACE: Color = Color::new(0.16, 0.36, 0.66, 1.0);
/// A chosen or highlighted button's face.
pub const BUTTON_CHOSEN: Color = Color::new(0.85, 0.35, 0.18, 1.0);
/// Text on a button.
pub const BUTTON_TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
/// A panel laid over the frozen run (pause, notices).
pub const SHADE: Color = Color::new(0.04, 0.08, 0.15, 0.72);
/// Outline width of a field, layout units.
const OUTLINE: f32 = 2.0;
/// Share of a button's height its label may take.
const LABEL_SHARE: f32 = 0.5;
/// A paragraph's line height as a multiple of its font size.
const LINE_SPACING: f32 = 1.25;

/// One frame of a menu screen: the scale, the screen and the taps not yet used.
pub struct Ui {
    /// How big things are drawn.
    pub scale: UiScale,
    /// The screen in pixels.
    pub screen: ScreenPx,
    taps: Vec<Vec2>,
}

impl Ui {
    /// This frame's screen and taps (touches starting, the left mouse button pressed).
    pub fn begin(density: Density) -> Self {
        let screen = ScreenPx {
            width: screen_width(),
            height: screen_height(),
        };
        let mut taps: Vec<Vec2> = touches()
            .into_iter()
            .filter(|touch| touch.phase == TouchPhase::Started)
            .map(|touch| touch.position)
            .collect();
        if is_mouse_button_pressed(MouseButton::Left) {
            taps.push(Vec2::from(mouse_position()));
        }
        Self {
            scale: UiScale::new(screen, density),
            screen,
            taps,
        }
    }

    /// The page's bands.
    pub fn page(&self) -> Page {
        layout::page(self.screen, &self.scale)
    }

    /// Clear the screen to the menus' background.
    pub fn background(&self) {
        clear_background(BACKGROUND);
    }

    /// Take this frame's taps away (a screen drawn under a message must not act on them).
    pub fn take_taps(&mut self) -> Vec<Vec2> {
        std::mem::take(&mut self.taps)
    }

    /// Hand back taps taken with [`Ui::take_taps`].
    pub fn give_taps(&mut self, taps: Vec<Vec2>) {
        self.taps = taps;
    }

    /// Cover the whole screen with a message panel.
    pub fn cover(&self) {
        draw_rectangle(0.0, 0.0, self.screen.width, self.screen.height, INK);
    }

    /// Shade the frozen run behind an overlay.
    pub fn shade(&self) {
        draw_rectangle(0.0, 0.0, self.screen.width, self.screen.height, SHADE);
    }

    /// A page title centred in `rect`.
    pub fn title(&self, rect: Rect, text: &str, color: Color) {
        self.centered(rect, text, TITLE_TEXT, color);
    }

    /// `text` centred in `rect` at `size` layout units, shrunk to fit its width.
    pub fn centered(&self, rect: Rect, text: &str, size: f32, color: Color) {
        self.centered_px(rect, text, self.scale.px(size), color);
    }

    fn centered_px(&self, rect: Rect, text: &str, px: f32, color: Color) {
        let (px, measured) = fitted(text, px, rect.w);
        let x = rect.x + (rect.w - measured.width) / 2.0;
        let y = rect.y + (rect.h + measured.offset_y) / 2.0;
        draw_text(text, x, y, px, color);
    }

    /// `text` at the left of `rect`, vertically centred, shrunk to fit its width.
    pub fn left(&self, rect: Rect, text: &str, size: f32, color: Color) {
        let (px, measured) = fitted(text, self.scale.px(size), rect.w);
        draw_text(
            text,
            rect.x,
            rect.y + (rect.h + measured.offset_y) / 2.0,
            px,
            color,
        );
    }

    /// A button; whether it was tapped this frame (the tap is used up).
    pub fn button(&mut self, rect: Rect, label: &str) -> bool {
        self.button_colored(rect, label, BUTTON_FACE)
    }

    /// A button with its own face colour.
    pub fn button_colored(&mut self, rect: Rect, label: &str, face: Color) -> bool {
        draw_rectangle(rect.x, rect.y, rect.w, rect.h, face);
        let px = self.scale.px(BODY_TEXT).min(rect.h * LABEL_SHARE);
        self.centered_px(rect, label, px, BUTTON_TEXT);
        self.taps_in(rect)
    }

    /// Whether `rect` was tapped this frame (those taps are used up).
    pub fn taps_in(&mut self, rect: Rect) -> bool {
        let before = self.taps.len();
        self.taps.retain(|tap| !rect.contains(*tap));
        self.taps.len() < before
    }

    /// `text` wrapped to `rect`'s width from its top, at `size` layout units; returns the height
    /// used.
    pub fn paragraph(&self, rect: Rect, text: &str, size: f32, color: Color) -> f32 {
        let px = self.scale.px(size).max(1.0);
        let line_height = px * LINE_SPACING;
        let mut y = rect.y;
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && measure_text(&candidate, None, px as u16, 1.0).width > rect.w {
                y += line_height;
                draw_text(&line, rect.x, y, px, color);
                line = word.to_owned();
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            y += line_height;
            draw_text(&line, rect.x, y, px, color);
        }
        y - rect.y
    }

    /// A framed field (the name being typed).
    pub fn field(&self, rect: Rect, text: &str) {
        draw_rectangle(rect.x, rect.y, rect.w, rect.h, BUTTON_TEXT);
        let line = self.scale.px(OUTLINE);
        draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, line, INK);
        self.centered(rect, text, BODY_TEXT, INK);
    }
}

/// Font size in pixels from `px`, shrunk until `text` fits `width`; with its measure.
fn fitted(text: &str, px: f32, width: f32) -> (f32, TextDimensions) {
    let mut px = px.max(1.0);
    let mut measured = measure_text(text, None, px as u16, 1.0);
    if measured.width > width && measured.width > 0.0 {
        px = (px * width / measured.width).floor().max(1.0);
        measured = measure_text(text, None, px as u16, 1.0);
    }
    (px, measured)
}
