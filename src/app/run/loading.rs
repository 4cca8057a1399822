//! The loading screen: a progress bar while the first visible chunks are built and uploaded,
//! and again whenever a chunk inside the fog end is late (the run clock is held meanwhile).
//! Drawn in the menus' winter style (backdrop, font, rounded bar).

use crate::app::run::hud::screen_scale;
use crate::app::ui::backdrop::draw_backdrop;
use crate::app::ui::font;
use crate::app::ui::shapes::{raised_rect, rounded_rect};
use crate::app::ui::{ACCENT, BUTTON_CHOSEN, INK, SHADOW};
use crate::phone::density::ScreenPx;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::window::{screen_height, screen_width};

/// The bar's empty track.
const BAR_TRACK: Color = Color::new(1.0, 1.0, 1.0, 0.9);
/// Bar width as a fraction of the screen width, and its height, layout units.
const BAR_WIDTH_FRACTION: f32 = 0.7;
const BAR_HEIGHT: f32 = 18.0;
/// The bar's shadow drop and the gap between its track and fill, layout units.
const BAR_DROP: f32 = 3.0;
const BAR_INSET: f32 = 3.0;
/// Heights of the title and the bar as shares of the screen's; the label's gap below the bar,
/// layout units.
const TITLE_Y: f32 = 0.38;
const BAR_Y: f32 = 0.5;
const LABEL_BELOW_BAR: f32 = 50.0;
/// Text sizes, layout units.
const FONT_SIZE: f32 = 22.0;
const TITLE_SIZE: f32 = 72.0;

/// Draw the whole loading screen; `progress` in 0..=1.
pub fn draw_loading_screen(progress: f32) {
    let (screen, unit) = screen_and_unit();
    draw_backdrop(screen, unit);
    draw_centered("Latu", TITLE_SIZE * unit, screen.height * TITLE_Y);
    draw_progress_bar(progress, screen, unit, screen.height * BAR_Y);
    let percent = (progress.clamp(0.0, 1.0) * 100.0).round();
    draw_centered(
        &format!("Building the hills... {percent}%"),
        FONT_SIZE * unit,
        screen.height * BAR_Y + LABEL_BELOW_BAR * unit,
    );
}

/// Draw only the bar (over the world) while a late chunk holds the run.
pub fn draw_waiting_bar(progress: f32) {
    let (screen, unit) = screen_and_unit();
    draw_progress_bar(progress, screen, unit, screen.height * BAR_Y);
}

/// The screen and pixels per layout unit, at the density the menus and the HUD use.
fn screen_and_unit() -> (ScreenPx, f32) {
    let screen = ScreenPx {
        width: screen_width(),
        height: screen_height(),
    };
    (screen, screen_scale().layout_px)
}

fn draw_progress_bar(progress: f32, screen: ScreenPx, unit: f32, y: f32) {
    let width = screen.width * BAR_WIDTH_FRACTION;
    let height = BAR_HEIGHT * unit;
    let track = Rect::new((screen.width - width) / 2.0, y, width, height);
    raised_rect(track, height / 2.0, BAR_DROP * unit, BAR_TRACK, SHADOW);
    let inset = BAR_INSET * unit;
    let inner_w = (width - 2.0 * inset) * progress.clamp(0.0, 1.0);
    let inner_h = height - 2.0 * inset;
    if inner_w > 0.0 {
        let fill = Rect::new(track.x + inset, y + inset, inner_w, inner_h);
        rounded_rect(fill, inner_h / 2.0, BUTTON_CHOSEN);
        // A bib-yellow highlight along the fill's top half.
        let shine = Rect::new(fill.x, fill.y, fill.w, fill.h / 2.0);
        rounded_rect(shine, shine.h / 2.0, with_alpha(ACCENT, SHINE_ALPHA));
    }
}

/// How strongly the highlight shows over the fill.
const SHINE_ALPHA: f32 = 0.35;

fn with_alpha(color: Color, alpha: f32) -> Color {
    Color::new(color.r, color.g, color.b, alpha)
}

fn draw_centered(text: &str, px: f32, y: f32) {
    let measured = font::measure(text, px);
    font::draw(text, (screen_width() - measured.width) / 2.0, y, px, INK);
}
