//! The heads-up display: a strip of labelled figures across the top of the screen.

use macroquad::color::Color;
use macroquad::shapes::draw_rectangle;
use macroquad::text::{draw_text, measure_text};
use macroquad::window::{screen_height, screen_width};

const STRIP: Color = Color::new(0.05, 0.10, 0.20, 0.55);
const LABEL: Color = Color::new(0.75, 0.85, 1.0, 1.0);
const VALUE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const STRIP_HEIGHT: f32 = 64.0;
const LABEL_SIZE: f32 = 18.0;
const VALUE_SIZE: f32 = 28.0;
const PADDING: f32 = 14.0;
const BANNER_LINE: f32 = 44.0;
const BANNER_TITLE: f32 = 48.0;

/// One figure on the strip.
#[derive(Debug, Clone, PartialEq)]
pub struct HudItem {
    pub label: &'static str,
    pub value: String,
}

impl HudItem {
    pub fn new(label: &'static str, value: String) -> Self {
        Self { label, value }
    }
}

/// Draw the strip with the items spread evenly across it.
pub fn draw_hud(items: &[HudItem]) {
    let width = screen_width();
    draw_rectangle(0.0, 0.0, width, STRIP_HEIGHT, STRIP);
    let slot = width / items.len().max(1) as f32;
    for (i, item) in items.iter().enumerate() {
        let x = slot * i as f32 + PADDING;
        draw_text(item.label, x, PADDING + LABEL_SIZE * 0.6, LABEL_SIZE, LABEL);
        draw_text(&item.value, x, STRIP_HEIGHT - PADDING, VALUE_SIZE, VALUE);
    }
}

/// A centred panel of lines (the first one large), e.g. the finish.
pub fn draw_banner(lines: &[String]) {
    let (width, height) = (screen_width(), screen_height());
    let panel_height = BANNER_LINE * (lines.len() as f32 + 1.0);
    let top = (height - panel_height) / 2.0;
    draw_rectangle(0.0, top, width, panel_height, STRIP);
    for (i, line) in lines.iter().enumerate() {
        let size = if i == 0 { BANNER_TITLE } else { VALUE_SIZE };
        let measured = measure_text(line, None, size as u16, 1.0);
        let y = top + BANNER_LINE * (i as f32 + 1.0);
        draw_text(line, (width - measured.width) / 2.0, y, size, VALUE);
    }
}

/// Seconds as `m:ss.t`.
pub fn clock(seconds: f64) -> String {
    let tenths = (seconds.max(0.0) * 10.0).floor() as u64;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_shows_minutes_seconds_and_tenths() {
        assert_eq!(clock(0.0), "0:00.0");
        assert_eq!(clock(65.37), "1:05.3");
        assert_eq!(clock(600.0), "10:00.0");
    }
}
