//! Where the results card and the missions card go: the missions below the results where
//! both fit (the name's hint, then the shooting's second row giving way), else beside them on a
//! wide screen, else none; the world's rows in the card or beside the footer.

use super::figures::{figures, fold_shooting};
use super::{FinishedRun, NAME_ROWS};
use crate::app::ui::layout::{
    BODY_TEXT, CARD_PADDING, COLUMN_GAP, GAP, MARGIN, MAX_CARD_WIDTH, MAX_CELL_WIDTH,
};
use crate::app::ui::missions_panel::{missions_height_with, wrapped_lines, MissionsShown, Roomy};
use crate::app::ui::Ui;
use macroquad::math::Rect;

/// The narrowest the missions card goes beside the results, layout units.
const MISSIONS_MIN_WIDTH: f32 = 280.0;

/// The results card's plan: its figures, the name's rows, its area, the missions card and
/// where the world's rows go.
pub(super) struct CardPlan {
    /// The figures, label and value (the shooting folded into one row where room is short).
    pub lines: Vec<(&'static str, String)>,
    /// The name's rows: [`NAME_ROWS`] when asked, 1 when its hint gave way, 0 when not asked.
    pub name_rows: usize,
    /// The results card's area.
    pub area: Rect,
    /// The missions card, and how roomy, where it has a place.
    pub missions_card: Option<(Rect, Roomy)>,
    /// The card's rows before the world's: the medal line, the figures, the name's.
    pub base: usize,
    /// The band beside the footer the world's rows go in, when not in the card.
    pub world_beside: Option<Rect>,
}

impl CardPlan {
    /// The plan for `run` in the page's `body` above its `footer`, with `world_rows` of the
    /// world's and the `shown` missions' card to place (its missions' words whole, on two
    /// lines where one is too short).
    pub(super) fn of(
        ui: &Ui,
        (body, footer): (Rect, Rect),
        run: &FinishedRun,
        world_rows: usize,
        shown: Option<&MissionsShown>,
    ) -> CardPlan {
        let missions = shown.is_some();
        let mut lines = figures(run);
        let mut name_rows = if run.ask_name { NAME_ROWS } else { 0 };
        // Where the world's rows cannot go beside the footer they go in the card, and the
        // missions make room for them too (the world's answer comes first).
        let beside = beside_footer(ui, footer, body.right());
        let world_needs = if beside.is_none() { world_rows } else { 0 };
        let rows = |figures: usize, name_rows: usize| 1 + figures + name_rows + world_needs;
        let mut room = make_room_for_missions(ui, body, rows(lines.len(), name_rows), shown);
        if room.1.is_none() && missions && run.ask_name {
            // Where the missions do not fit beside the name's hint, the hint gives way.
            name_rows = 1;
            room = make_room_for_missions(ui, body, rows(lines.len(), name_rows), shown);
        }
        if room.1.is_none() && missions {
            // Then the shooting's two rows become one.
            lines = fold_shooting(run, lines);
            room = make_room_for_missions(ui, body, rows(lines.len(), name_rows), shown);
        }
        let base = rows(lines.len(), name_rows) - world_needs;
        let (area, missions_card) = room;
        let world_in_card = fits(ui, area, base + world_rows) || beside.is_none();
        CardPlan {
            lines,
            name_rows,
            area,
            missions_card,
            base,
            world_beside: beside.filter(|_| !world_in_card),
        }
    }
}

/// The results card's area in `body` for `rows`, and below it the card of the `shown`
/// missions (as roomy as the room allows; none where even a compact one would squeeze the
/// results).
fn make_room_for_missions(
    ui: &Ui,
    body: Rect,
    rows: usize,
    shown: Option<&MissionsShown>,
) -> (Rect, Option<(Rect, Roomy)>) {
    let pad = 2.0 * ui.scale.px(CARD_PADDING);
    let gap = ui.scale.px(GAP);
    let area = Rect::new(body.x, body.y + pad, body.w, body.h - pad);
    let Some(shown) = shown else {
        return (area, None);
    };
    let width = area.w.min(ui.scale.px(MAX_CARD_WIDTH));
    // Every mission whole, roomy then compact; where neither leaves the results their rows,
    // a compact card wrapping as many as fit, the others' words cut short, rather than none.
    let more = |roomy| wrapped_lines(ui, roomy, shown, width);
    let whole = [Roomy::Full, Roomy::Compact].map(|roomy| (roomy, more(roomy)));
    let fewer = (0..more(Roomy::Compact)).rev().map(|k| (Roomy::Compact, k));
    let mut heights = whole
        .into_iter()
        .chain(fewer)
        .map(|(roomy, k)| (roomy, missions_height_with(ui, roomy, k)));
    let chosen = heights.find(|&(_, height)| {
        let room = area.h - height - 2.0 * gap - pad;
        fits(ui, Rect::new(area.x, area.y, area.w, room), rows)
    });
    let Some((roomy, height)) = chosen else {
        return (area, missions_beside(ui, area, shown));
    };
    let card = Rect::new(
        area.center().x - width / 2.0,
        body.bottom() - height,
        width,
        height,
    );
    let left = Rect::new(area.x, area.y, area.w, card.y - 2.0 * gap - pad - area.y);
    (left, Some((card, roomy)))
}

/// A wide screen's missions card, right of the results card, where there is the room.
fn missions_beside(ui: &Ui, area: Rect, shown: &MissionsShown) -> Option<(Rect, Roomy)> {
    let x = area.center().x + ui.scale.px(MAX_CELL_WIDTH) / 2.0 + ui.scale.px(COLUMN_GAP);
    let right = ui.screen.width - ui.scale.px(MARGIN);
    let width = (right - x).min(ui.scale.px(MAX_CARD_WIDTH));
    let height = missions_height_with(
        ui,
        Roomy::Full,
        wrapped_lines(ui, Roomy::Full, shown, width),
    );
    (width >= ui.scale.px(MISSIONS_MIN_WIDTH) && height <= area.h)
        .then(|| (Rect::new(x, area.y, width, height), Roomy::Full))
}

/// Whether `rows` rows at the touch minimum fit in `area`.
fn fits(ui: &Ui, area: Rect, rows: usize) -> bool {
    let gap = ui.scale.px(crate::app::ui::layout::GAP);
    rows as f32 * (ui.scale.min_touch_px + gap) - gap <= area.h
}

/// The band right of the footer, up to `right` (a landscape screen's spare room); `None` when
/// it is too narrow for a line of body text.
fn beside_footer(ui: &Ui, footer: Rect, right: f32) -> Option<Rect> {
    let gap = ui.scale.px(crate::app::ui::layout::GAP);
    let x = footer.right() + gap;
    let width = right - x;
    (width >= ui.text_width("Will be sent when online", BODY_TEXT))
        .then(|| Rect::new(x, footer.y, width, footer.h))
}
