//! The power-ups held, on the HUD: one chip each under the progress bar, in the kind's colour,
//! its name and the seconds left over a bar that empties (second wind: held to the range).

use crate::app::ui::drawn::note_card;
use crate::app::ui::font;
use crate::app::ui::shapes::rounded_rect;
use crate::course::PickupKind;
use crate::models::pickup_colours;
use crate::phone::density::UiScale;
use crate::sim::Run;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::window::screen_width;

/// A chip's size and the gap between chips, layout pixels.
const CHIP_WIDTH: f32 = 150.0;
const CHIP_HEIGHT: f32 = 56.0;
const CHIP_GAP: f32 = 8.0;
const CHIP_PADDING: f32 = 8.0;
const CHIP_CORNER: f32 = 8.0;
/// The name's and the time's text size, layout pixels (the layout check's floor).
const TEXT_SIZE: f32 = crate::phone::layout_check::SMALLEST_TEXT;
/// The emptying bar's height, layout pixels.
const BAR_HEIGHT: f32 = 5.0;
/// How opaque a chip's face is.
const FACE_ALPHA: f32 = 0.88;
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const BAR_BACK: Color = Color::new(0.0, 0.0, 0.0, 0.35);

/// The name a power-up is told by (the HUD's chip, the word when it is taken).
pub fn power_name(kind: PickupKind) -> &'static str {
    match kind {
        PickupKind::Wax => "WAX BOOST",
        PickupKind::Magnet => "MAGNET",
        PickupKind::Shield => "SHIELD",
        PickupKind::Breath => "SECOND WIND",
    }
}

/// Draw a chip for each power-up `run` holds, in a row centred at `top` pixels, keeping
/// `beside` pixels clear at either side (the pause button).
pub fn draw_power_chips(run: &Run, top: f32, beside: f32, scale: &UiScale) {
    let held: Vec<(PickupKind, f64)> = PickupKind::ALL
        .into_iter()
        .filter_map(|kind| Some((kind, run.power_left_s(kind)?)))
        .collect();
    if held.is_empty() {
        return;
    }
    let gap = scale.px(CHIP_GAP);
    let room = (screen_width() - 2.0 * beside).max(0.0);
    let count = held.len() as f32;
    let width = scale
        .px(CHIP_WIDTH)
        .min((room - gap * (count - 1.0)) / count);
    let left = (screen_width() - (width * count + gap * (count - 1.0))) / 2.0;
    for (k, (kind, left_s)) in held.into_iter().enumerate() {
        let rect = Rect::new(
            left + k as f32 * (width + gap),
            top,
            width,
            scale.px(CHIP_HEIGHT),
        );
        draw_chip(kind, left_s, rect, scale);
    }
}

/// One chip: the name over the time left and a bar that empties with it.
fn draw_chip(kind: PickupKind, left_s: f64, rect: Rect, scale: &UiScale) {
    let (face, _) = pickup_colours(kind);
    let [r, g, b, _] = face.map(|c| f32::from(c) / 255.0);
    rounded_rect(rect, scale.px(CHIP_CORNER), Color::new(r, g, b, FACE_ALPHA));
    note_card(rect);
    let padding = scale.px(CHIP_PADDING);
    let inner = rect.w - 2.0 * padding;
    let (px, name) = font::fit(power_name(kind), scale.px(TEXT_SIZE), inner);
    font::draw(
        power_name(kind),
        rect.x + padding,
        rect.y + padding + name.offset_y,
        px,
        TEXT,
    );
    let lasts = kind.lasts_s();
    let time = match lasts {
        Some(_) => format!("{:.0} s", left_s.ceil()),
        None => "to the range".to_owned(),
    };
    let bar_top = rect.bottom() - padding / 2.0 - scale.px(BAR_HEIGHT);
    let (px, _) = font::fit(&time, scale.px(TEXT_SIZE), inner);
    font::draw(&time, rect.x + padding, bar_top - scale.px(2.0), px, TEXT);
    let bar = Rect::new(rect.x + padding, bar_top, inner, scale.px(BAR_HEIGHT));
    rounded_rect(bar, bar.h / 2.0, BAR_BACK);
    let share = lasts.map_or(1.0, |total| (left_s / total).clamp(0.0, 1.0)) as f32;
    if share > 0.0 {
        rounded_rect(
            Rect::new(bar.x, bar.y, bar.w * share, bar.h),
            bar.h / 2.0,
            TEXT,
        );
    }
}
