//! The medal: its disc's colour and drawing, and the results' medal line.

use super::{by_need, inset, FinishedRun};
use crate::app::ui::layout::BODY_TEXT;
use crate::app::ui::{Ui, ACCENT, BUTTON_CHOSEN, FAINT_INK, INK};
use crate::sim::Medal;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::{draw_circle, draw_circle_lines};

/// The medal's disc as a share of its row's height.
const MEDAL_SHARE: f32 = 0.36;
/// The medal's dark rim, as a share of its radius.
const MEDAL_RIM: f32 = 0.15;
/// Medal colours.
const GOLD: Color = Color::new(0.96, 0.76, 0.16, 1.0);
const SILVER: Color = Color::new(0.74, 0.78, 0.84, 1.0);
const BRONZE: Color = Color::new(0.80, 0.50, 0.26, 1.0);

/// The colour of a medal's disc; `None` for no medal.
pub fn medal_colour(medal: Medal) -> Option<Color> {
    match medal {
        Medal::Gold => Some(GOLD),
        Medal::Silver => Some(SILVER),
        Medal::Bronze => Some(BRONZE),
        Medal::None => None,
    }
}

/// A medal's disc centred in `cell` (nothing for no medal).
pub fn draw_medal(cell: Rect, medal: Medal) {
    if let Some(colour) = medal_colour(medal) {
        let radius = (cell.h * MEDAL_SHARE).min(cell.w / 2.0);
        let (x, y) = (cell.x + radius, cell.center().y);
        crate::app::ui::drawn::note_badge(Rect::new(
            x - radius,
            y - radius,
            2.0 * radius,
            2.0 * radius,
        ));
        draw_circle(x, y, radius, colour);
        draw_circle_lines(x, y, radius, radius * MEDAL_RIM, INK);
    }
}

/// The medal (or none), and "New record!" or the best score to beat.
pub(super) fn draw_medal_line(ui: &mut Ui, cell: Rect, run: &FinishedRun) {
    let inner = inset(cell);
    let medal = run.summary.medal;
    let named = match medal {
        Medal::None => "No medal".to_owned(),
        medal => {
            let mut name = medal.name().to_owned();
            name[..1].make_ascii_uppercase();
            format!("{name} medal")
        }
    };
    let (record, colour) = if run.is_record() {
        ("New record!".to_owned(), BUTTON_CHOSEN)
    } else if let Some(best) = run.best_before {
        (run.best_text(best), FAINT_INK)
    } else {
        (String::new(), FAINT_INK)
    };
    // The disc takes a square at the left; the name and the record share the rest.
    let disc = if medal == Medal::None { 0.0 } else { inner.h };
    let words = Rect::new(inner.x + disc, inner.y, inner.w - disc, inner.h);
    let [left, right] = by_need(ui, words, (&named, BODY_TEXT), (&record, BODY_TEXT));
    draw_medal(Rect::new(inner.x, inner.y, disc, inner.h), medal);
    ui.left(left, &named, BODY_TEXT, INK);
    ui.right(right, &record, BODY_TEXT, colour);
    if medal == Medal::Gold {
        ui.strip(Rect::new(cell.x, cell.bottom() - 2.0, cell.w, 2.0), ACCENT);
    }
}
