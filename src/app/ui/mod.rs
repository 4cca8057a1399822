//! The widgets every screen draws with.
//!
//! A winter backdrop, titles, text, panels and buttons sized by [`UiScale`] (touch targets never
//! under 48 dp), fonts, shapes and layout, and this frame's taps from touches and the mouse.

pub mod backdrop;
pub mod drawn;
pub mod figure;
pub mod font;
pub mod icons;
pub mod layout;
pub mod missions_panel;
mod name_fonts;
pub mod shapes;
pub mod words;

use crate::phone::density::{Density, ScreenPx, UiScale};
use layout::{Page, BODY_TEXT, TITLE_TEXT};
use macroquad::color::Color;
use macroquad::input::{
    is_mouse_button_down, is_mouse_button_pressed, mouse_position, touches, MouseButton, TouchPhase,
};
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::draw_rectangle;
use macroquad::text::TextDimensions;
use macroquad::window::{screen_height, screen_width};
use shapes::{raised_rect, rounded_rect};

/// Text and outlines: deep night blue.
pub const INK: Color = Color::new(0.07, 0.14, 0.26, 1.0);
/// Secondary text.
pub const FAINT_INK: Color = Color::new(0.30, 0.38, 0.50, 1.0);
/// A button's face: pine green, the run's trees.
pub const BUTTON_FACE: Color = Color::new(0.13, 0.45, 0.33, 1.0);
/// A chosen or highlighted button's face: race-bib red.
pub const BUTTON_CHOSEN: Color = Color::new(0.84, 0.20, 0.18, 1.0);
/// A quiet button's face (Back, arrows): lake blue.
pub const BUTTON_QUIET: Color = Color::new(0.20, 0.40, 0.66, 1.0);
/// Text on a button.
pub const BUTTON_TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
/// Bib yellow, for accents.
pub const ACCENT: Color = Color::new(0.98, 0.80, 0.18, 1.0);
/// A panel laid over the frozen run (pause, notices).
pub const SHADE: Color = Color::new(0.04, 0.08, 0.15, 0.72);
/// A card's face over the backdrop: snow white and opaque, so no cloud, pine or snowflake of
/// the backdrop shows through a card or its text.
pub const CARD: Color = Color::new(1.0, 1.0, 1.0, 1.0);
/// Every other row of a table: a faint blue band.
pub const ROW_STRIPE: Color = Color::new(0.36, 0.62, 0.88, 0.14);
/// Soft shadows under buttons, cards, bars and panels.
pub const SHADOW: Color = Color::new(0.04, 0.10, 0.20, 0.28);
/// How much lighter a button gets under the mouse.
const HOVER_LIFT: f32 = 0.10;
/// How much darker a button gets while held.
const PRESS_DARKEN: f32 = 0.12;
/// Corner radius of buttons and cards, layout units.
pub const CORNER: f32 = 12.0;
/// How far a shadow drops below its shape, layout units.
pub const DROP: f32 = 4.0;
/// Outline width of a field, layout units.
const OUTLINE: f32 = 2.0;
/// Share of a button's height its label may take.
const LABEL_SHARE: f32 = 0.5;
/// How far a held button sinks, as a share of its shadow's drop.
const PRESS_SINK: f32 = 0.75;
/// The title's stripe: thickness (layout units) and its width as a share of the title's.
const STRIPE: f32 = 5.0;
const STRIPE_SHARE: f32 = 0.6;
/// The stripe's gap below the title's text, in stripe thicknesses.
const STRIPE_GAP: f32 = 2.0;
/// The coin's margin inside the purse's pill, as a share of its height.
const PURSE_INSET: f32 = 0.18;
/// A paragraph's line height as a multiple of its font size.
const LINE_SPACING: f32 = 1.25;

/// One frame of a menu screen: the scale, the screen and the taps not yet used.
pub struct Ui {
    /// How big things are drawn.
    pub scale: UiScale,
    /// The screen in pixels.
    pub screen: ScreenPx,
    taps: Vec<Vec2>,
    /// Where the mouse is (hover), if anywhere.
    pointer: Option<Vec2>,
    /// Points held down now (touches, the left mouse button): buttons under them look pressed.
    held: Vec<Vec2>,
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
        let mouse = Vec2::from(mouse_position());
        if is_mouse_button_pressed(MouseButton::Left) {
            taps.push(mouse);
        }
        let mut held: Vec<Vec2> = touches()
            .into_iter()
            .filter(|touch| matches!(touch.phase, TouchPhase::Moved | TouchPhase::Stationary))
            .map(|touch| touch.position)
            .collect();
        if is_mouse_button_down(MouseButton::Left) {
            held.push(mouse);
        }
        Self {
            scale: UiScale::new(screen, density),
            screen,
            taps,
            pointer: Some(mouse),
            held,
        }
    }

    /// The page's bands.
    pub fn page(&self) -> Page {
        layout::page(self.screen, &self.scale)
    }

    /// Paint the menus' winter backdrop over the whole screen.
    pub fn background(&self) {
        backdrop::draw_backdrop(self.screen, self.scale.px(1.0));
    }

    /// A frosted card behind a group of content, with a soft shadow.
    pub fn card(&self, rect: Rect) {
        raised_rect(
            rect,
            self.scale.px(CORNER),
            self.scale.px(DROP),
            CARD,
            SHADOW,
        );
    }

    /// A card drawn around `cells` with room to spare (a group of rows).
    pub fn card_around(&self, cells: &[Rect]) {
        let Some(first) = cells.first() else {
            return;
        };
        let bounds = cells
            .iter()
            .fold(*first, |all, cell| all.combine_with(*cell));
        let pad = self.scale.px(layout::CARD_PADDING);
        self.card(Rect::new(
            bounds.x - pad,
            bounds.y - pad,
            bounds.w + 2.0 * pad,
            bounds.h + 2.0 * pad,
        ));
    }

    /// A flat rounded strip (table rows, headers) in `color`.
    pub fn strip(&self, rect: Rect, color: Color) {
        rounded_rect(rect, self.scale.px(CORNER) / 2.0, color);
    }

    /// Take this frame's taps away (a screen drawn under a message must not act on them).
    pub fn take_taps(&mut self) -> Vec<Vec2> {
        std::mem::take(&mut self.taps)
    }

    /// Hand back taps taken with [`Ui::take_taps`].
    pub fn give_taps(&mut self, taps: Vec<Vec2>) {
        self.taps = taps;
    }

    /// Shade the frozen run behind an overlay.
    pub fn shade(&self) {
        draw_rectangle(0.0, 0.0, self.screen.width, self.screen.height, SHADE);
    }

    /// A page title centred in `rect`, with a soft shadow and a red-and-yellow bib stripe
    /// under it.
    pub fn title(&self, rect: Rect, text: &str, color: Color) {
        self.hero(rect, text, TITLE_TEXT, color);
    }

    /// A title at `size` layout units (the game's name is bigger than a page's title).
    pub fn hero(&self, rect: Rect, text: &str, size: f32, color: Color) {
        let drop = self.scale.px(DROP) / 2.0;
        let mut shadow_rect = rect;
        shadow_rect.y += drop;
        shadow_rect.x += drop;
        self.centered(shadow_rect, text, size, SHADOW);
        self.centered(rect, text, size, color);
        let (_, measured) = fitted(text, self.scale.px(size), rect.w);
        let stripe_h = self.scale.px(STRIPE);
        let y = rect.y + (rect.h + measured.height) / 2.0 + stripe_h * STRIPE_GAP;
        let w = measured.width.min(rect.w) * STRIPE_SHARE;
        let x = rect.center().x - w / 2.0;
        rounded_rect(
            Rect::new(x, y, w / 2.0, stripe_h),
            stripe_h / 2.0,
            BUTTON_CHOSEN,
        );
        rounded_rect(
            Rect::new(x + w / 2.0, y, w / 2.0, stripe_h),
            stripe_h / 2.0,
            ACCENT,
        );
    }

    /// `text` centred in `rect` at `size` layout units, shrunk to fit its width.
    pub fn centered(&self, rect: Rect, text: &str, size: f32, color: Color) {
        self.centered_px(rect, text, self.scale.px(size), color);
    }

    fn centered_px(&self, rect: Rect, text: &str, px: f32, color: Color) {
        let (px, measured) = fitted(text, px, rect.w);
        let x = rect.x + (rect.w - measured.width) / 2.0;
        let y = rect.y + (rect.h + measured.offset_y) / 2.0;
        font::draw(text, x, y, px, color);
    }

    /// `text` at the left of `rect`, vertically centred, shrunk to fit its width.
    pub fn left(&self, rect: Rect, text: &str, size: f32, color: Color) {
        self.left_px(rect, text, self.scale.px(size), color);
    }

    /// How wide `text` is at `size` layout units, pixels.
    pub fn text_width(&self, text: &str, size: f32) -> f32 {
        font::measure(text, self.scale.px(size)).width
    }

    /// The font size (pixels) at which `text` at `size` layout units fits `width`: smaller
    /// when it does not fit.
    pub fn fit_px(&self, text: &str, size: f32, width: f32) -> f32 {
        fitted(text, self.scale.px(size), width).0
    }

    /// `text` at the left of `rect` at `px` pixels (one size for a column of labels), shrunk
    /// further only if it does not fit.
    pub fn left_px(&self, rect: Rect, text: &str, px: f32, color: Color) {
        let (px, measured) = fitted(text, px, rect.w);
        font::draw(
            text,
            rect.x,
            rect.y + (rect.h + measured.offset_y) / 2.0,
            px,
            color,
        );
    }

    /// `text` at the left of `rect` at `size` layout units, shrunk to fit down to small text
    /// and cut short with "…" beyond that (a long name in a table's column).
    pub fn left_clipped(&self, rect: Rect, text: &str, size: f32, color: Color) {
        let floor = self.scale.px(layout::SMALL_TEXT);
        if self.fit_px(text, size, rect.w) >= floor {
            self.left(rect, text, size, color);
            return;
        }
        let mut kept: String = text.to_owned();
        while kept.pop().is_some() {
            let shown = format!("{kept}…");
            if fitted(&shown, floor, rect.w).0 >= floor {
                self.left_px(rect, &shown, floor, color);
                return;
            }
        }
        self.left_px(rect, "…", floor, color);
    }

    /// `text` at the right of `rect`, vertically centred, shrunk to fit its width.
    pub fn right(&self, rect: Rect, text: &str, size: f32, color: Color) {
        let (px, measured) = fitted(text, self.scale.px(size), rect.w);
        font::draw(
            text,
            rect.right() - measured.width,
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
    /// Rounded, on a soft shadow; lighter under the mouse, pressed down while held.
    pub fn button_colored(&mut self, rect: Rect, label: &str, face: Color) -> bool {
        self.button_after(rect, label, face, 0.0)
    }

    /// A button whose label is centred in what `lead` pixels at its left leave (a badge sits
    /// there, clear of the label).
    pub fn button_after(&mut self, rect: Rect, label: &str, face: Color, lead: f32) -> bool {
        let drop = self.scale.px(DROP);
        let held = self.held.iter().any(|point| rect.contains(*point));
        let hovered = self.pointer.is_some_and(|point| rect.contains(point));
        let (face, sink) = if held {
            (shade(face, -PRESS_DARKEN), drop * PRESS_SINK)
        } else if hovered {
            (shade(face, HOVER_LIFT), 0.0)
        } else {
            (face, 0.0)
        };
        let mut shown = rect;
        shown.y += sink;
        raised_rect(shown, self.scale.px(CORNER), drop - sink, face, SHADOW);
        let px = self.scale.px(BODY_TEXT).min(rect.h * LABEL_SHARE);
        let room = Rect::new(shown.x + lead, shown.y, shown.w - lead, shown.h);
        self.centered_px(room, label, px, BUTTON_TEXT);
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
        let lines = wrap(text, px, rect.w);
        for (i, line) in lines.iter().enumerate() {
            font::draw(
                line,
                rect.x,
                rect.y + (i + 1) as f32 * line_height,
                px,
                color,
            );
        }
        lines.len() as f32 * line_height
    }

    /// The height [`Ui::paragraph`] would use for `text` in `width` pixels.
    pub fn paragraph_height(&self, width: f32, text: &str, size: f32) -> f32 {
        let px = self.scale.px(size).max(1.0);
        wrap(text, px, width).len() as f32 * px * LINE_SPACING
    }

    /// The purse: a dark pill with a coin and the coins in it, its top right corner at
    /// (`right`, `top`), a touch target tall.
    pub fn purse(&self, right: f32, top: f32, coins: u32) {
        let side = self.scale.min_touch_px;
        let inset = side * PURSE_INSET;
        let figure = coins.to_string();
        let text_w = font::measure(&figure, self.scale.px(BODY_TEXT)).width;
        let width = self.purse_width(coins);
        let pill = Rect::new(right - width, top, width, side);
        rounded_rect(pill, side / 2.0, SHADE);
        let coin = side - 2.0 * inset;
        icons::draw_coin(Rect::new(pill.x + inset, pill.y + inset, coin, coin));
        let text = Rect::new(pill.x + side, pill.y, text_w + inset, side);
        self.left(text, &figure, BODY_TEXT, BUTTON_TEXT);
    }

    /// How wide [`Ui::purse`] draws `coins`, pixels.
    pub fn purse_width(&self, coins: u32) -> f32 {
        let side = self.scale.min_touch_px;
        let text_w = font::measure(&coins.to_string(), self.scale.px(BODY_TEXT)).width;
        side + text_w + 2.0 * side * PURSE_INSET
    }

    /// A framed field (the name being typed).
    pub fn field(&self, rect: Rect, text: &str) {
        let corner = self.scale.px(CORNER);
        let line = self.scale.px(OUTLINE);
        rounded_rect(rect, corner, BUTTON_QUIET);
        let inner = Rect::new(
            rect.x + line,
            rect.y + line,
            rect.w - 2.0 * line,
            rect.h - 2.0 * line,
        );
        rounded_rect(inner, corner - line, BUTTON_TEXT);
        self.centered(rect, text, BODY_TEXT, INK);
    }
}

/// `color` made lighter (`by` > 0, towards white) or darker (`by` < 0, towards black).
fn shade(color: Color, by: f32) -> Color {
    let toward = if by > 0.0 { 1.0 } else { 0.0 };
    let mix = |c: f32| c + (toward - c) * by.abs();
    Color::new(mix(color.r), mix(color.g), mix(color.b), color.a)
}

/// `text` broken into lines no wider than `width` at `px`; a word longer than a line is broken
/// between characters.
fn wrap(text: &str, px: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let words = text
        .split_whitespace()
        .flat_map(|word| split_long_word(word, px, width));
    for word in words {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && font::measure(&candidate, px).width > width {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `word` as it is when it fits `width`, else in pieces that each fit (at least a character).
fn split_long_word(word: &str, px: f32, width: f32) -> Vec<String> {
    if font::measure(word, px).width <= width {
        return vec![word.to_owned()];
    }
    let mut pieces = vec![String::new()];
    for c in word.chars() {
        let last = pieces.last_mut().expect("pieces start with one");
        last.push(c);
        if last.chars().count() > 1 && font::measure(last, px).width > width {
            last.pop();
            pieces.push(c.to_string());
        }
    }
    pieces
}

/// Font size in pixels from `px`, shrunk until `text` fits `width`; with its measure.
fn fitted(text: &str, px: f32, width: f32) -> (f32, TextDimensions) {
    let mut px = px.max(1.0);
    let mut measured = font::measure(text, px);
    if measured.width > width && measured.width > 0.0 {
        px = (px * width / measured.width).floor().max(1.0);
        measured = font::measure(text, px);
    }
    (px, measured)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_hides_the_backdrop_behind_it() {
        // The backdrop's clouds and snow are drawn first: an opaque card keeps them off its text.
        assert_eq!(CARD.a, 1.0);
    }

    #[test]
    fn hover_lightens_and_press_darkens_a_face_keeping_its_alpha() {
        let lit = shade(BUTTON_FACE, HOVER_LIFT);
        let held = shade(BUTTON_FACE, -PRESS_DARKEN);
        for (base, up, down) in [
            (BUTTON_FACE.r, lit.r, held.r),
            (BUTTON_FACE.g, lit.g, held.g),
            (BUTTON_FACE.b, lit.b, held.b),
        ] {
            assert!(up > base && up <= 1.0);
            assert!(down < base && down >= 0.0);
        }
        assert_eq!(lit.a, BUTTON_FACE.a);
        assert_eq!(held.a, BUTTON_FACE.a);
    }
}
