//! The loading screen: a progress bar while the first visible chunks are built and uploaded,
//! and again whenever a chunk inside the fog end is late (the run clock is held meanwhile).

use macroquad::color::Color;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::text::{draw_text, measure_text};
use macroquad::window::{clear_background, screen_height, screen_width};

const BACKGROUND: Color = Color::new(0.80, 0.87, 0.94, 1.0);
const BAR_FILL: Color = Color::new(0.16, 0.36, 0.66, 1.0);
const BAR_FRAME: Color = Color::new(0.10, 0.18, 0.30, 1.0);
const TEXT: Color = Color::new(0.10, 0.18, 0.30, 1.0);
/// Bar width as a fraction of the screen width.
const BAR_WIDTH_FRACTION: f32 = 0.7;
const BAR_HEIGHT: f32 = 18.0;
const BAR_LINE: f32 = 2.0;
/// Heights of the title and the bar as shares of the screen's; the label's gap below the bar.
const TITLE_Y: f32 = 0.38;
const BAR_Y: f32 = 0.5;
const LABEL_BELOW_BAR: f32 = 50.0;
const FONT_SIZE: f32 = 28.0;
const TITLE_SIZE: f32 = 64.0;

/// Draw the whole loading screen; `progress` in 0..=1.
pub fn draw_loading_screen(progress: f32) {
    clear_background(BACKGROUND);
    let (width, height) = (screen_width(), screen_height());
    draw_centered("Latu", TITLE_SIZE, height * TITLE_Y);
    draw_progress_bar(progress, width, height * BAR_Y);
    let percent = (progress.clamp(0.0, 1.0) * 100.0).round();
    draw_centered(
        &format!("Building the hills... {percent}%"),
        FONT_SIZE,
        height * BAR_Y + LABEL_BELOW_BAR,
    );
}

/// Draw only the bar (over the world) while a late chunk holds the run.
pub fn draw_waiting_bar(progress: f32) {
    let (width, height) = (screen_width(), screen_height());
    draw_progress_bar(progress, width, height * BAR_Y);
}

fn draw_progress_bar(progress: f32, screen_width: f32, y: f32) {
    let bar_width = screen_width * BAR_WIDTH_FRACTION;
    let x = (screen_width - bar_width) / 2.0;
    draw_rectangle(
        x,
        y,
        bar_width * progress.clamp(0.0, 1.0),
        BAR_HEIGHT,
        BAR_FILL,
    );
    draw_rectangle_lines(x, y, bar_width, BAR_HEIGHT, BAR_LINE, BAR_FRAME);
}

fn draw_centered(text: &str, size: f32, y: f32) {
    let font_size = size as u16;
    let measured = measure_text(text, None, font_size, 1.0);
    draw_text(text, (screen_width() - measured.width) / 2.0, y, size, TEXT);
}
