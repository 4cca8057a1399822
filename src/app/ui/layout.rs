//! Where a menu screen's parts go, in pixels, from the screen's size and [`UiScale`]: a title
//! band, a body of equal cells (one column in portrait, two in landscape) and a footer row for
//! Back. Pure maths, tested for phones in both orientations.

use crate::phone::density::{ScreenPx, UiScale};
use macroquad::math::Rect;

/// Space around the page and between cells, layout units.
pub const MARGIN: f32 = 16.0;
/// Gap between cells, layout units.
pub const GAP: f32 = 10.0;
/// Gap between columns of cells, layout units (a label must not run into the cell beside it).
pub const COLUMN_GAP: f32 = 32.0;
/// Height of the title band, layout units.
pub const TITLE_BAND: f32 = 72.0;
/// A button's preferred height, layout units (shrunk to fit, never below 48 dp).
pub const BUTTON_HEIGHT: f32 = 56.0;
/// The pause button over a run: a square as tall as a button, under the HUD's top band.
pub const PAUSE_SIDE: f32 = BUTTON_HEIGHT;
/// The tutorial's Skip button, in pause-button widths.
const SKIP_WIDTHS: f32 = 2.0;

/// Where the pause button goes on a `width` pixels wide screen: below the HUD's band (`band`
/// pixels tall: its strip and progress bar), at the top right (the top left for a
/// `left_handed` player).
pub fn pause_rect(width: f32, band: f32, scale: &UiScale, left_handed: bool) -> Rect {
    let side = scale.touch_px(PAUSE_SIDE);
    let margin = scale.px(MARGIN);
    let x = if left_handed {
        margin
    } else {
        width - margin - side
    };
    Rect::new(x, band + margin, side, side)
}

/// Where the tutorial's Skip button goes: beside the `pause` button, towards the middle.
pub fn skip_rect(pause: Rect, scale: &UiScale, left_handed: bool) -> Rect {
    let width = pause.w * SKIP_WIDTHS;
    let gap = scale.px(GAP);
    let x = if left_handed {
        pause.right() + gap
    } else {
        pause.x - gap - width
    };
    Rect::new(x, pause.y, width, pause.h)
}
/// Widest a cell grows, layout units (a wide window does not get screen-wide buttons).
pub const MAX_CELL_WIDTH: f32 = 420.0;
/// Widest a card grows, layout units.
pub const MAX_CARD_WIDTH: f32 = 480.0;
/// Space inside a card around its content, layout units.
pub const CARD_PADDING: f32 = 10.0;
/// A group heading's height, in lines of small text.
pub const HEADING_LINES: f32 = 1.8;
/// Text sizes, layout units.
pub const TITLE_TEXT: f32 = 44.0;
/// Button and body text, layout units.
pub const BODY_TEXT: f32 = 22.0;
/// Small print (notices, hints), layout units.
pub const SMALL_TEXT: f32 = 16.0;

/// A page's three bands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Page {
    /// The title.
    pub title: Rect,
    /// The screen's cells.
    pub body: Rect,
    /// One button row at the bottom (Back).
    pub footer: Rect,
}

/// The page's bands on `screen`.
pub fn page(screen: ScreenPx, scale: &UiScale) -> Page {
    let margin = scale.px(MARGIN);
    let footer_height = scale.touch_px(BUTTON_HEIGHT);
    let title_height = scale.px(TITLE_BAND);
    let width = screen.width - 2.0 * margin;
    let title = Rect::new(margin, margin, width, title_height);
    let footer_width = width.min(scale.px(MAX_CELL_WIDTH).max(scale.min_touch_px));
    let footer = Rect::new(
        (screen.width - footer_width) / 2.0,
        screen.height - margin - footer_height,
        footer_width,
        footer_height,
    );
    // A card drawn around the body's cells (its padding outside them) stays clear of the
    // title's stripe.
    let body_top = title.bottom() + scale.px(CARD_PADDING);
    let body_height = (footer.y - scale.px(GAP) - body_top).max(0.0);
    Page {
        title,
        body: Rect::new(margin, body_top, width, body_height),
        footer,
    }
}

/// Columns of cells for `count` cells in `area`: one in portrait, two in landscape when there
/// are enough cells to need them, more when the rows would not fit at the touch minimum.
pub fn columns_for(area: Rect, count: usize, scale: &UiScale) -> usize {
    let gap = scale.px(GAP);
    let max_rows = (((area.h + gap) / (scale.min_touch_px + gap)).floor() as usize).max(1);
    let wanted = if area.w > area.h && count > 3 { 2 } else { 1 };
    wanted.max(count.div_ceil(max_rows))
}

/// `count` equal cells filling `area` row by row in `columns`, centred; each as tall as a button
/// if they fit, shorter if not, never below the touch minimum.
pub fn grid(area: Rect, count: usize, columns: usize, scale: &UiScale) -> Vec<Rect> {
    let columns = columns.max(1);
    let rows = count.div_ceil(columns).max(1);
    let gap = scale.px(GAP);
    let column_gap = scale.px(COLUMN_GAP);
    let fitted = (area.h - gap * (rows as f32 - 1.0)) / rows as f32;
    let height = fitted
        .min(scale.touch_px(BUTTON_HEIGHT))
        .max(scale.min_touch_px);
    let cell_width = ((area.w - column_gap * (columns as f32 - 1.0)) / columns as f32)
        .min(scale.px(MAX_CELL_WIDTH).max(scale.min_touch_px));
    let total_width = cell_width * columns as f32 + column_gap * (columns as f32 - 1.0);
    let left = area.x + (area.w - total_width) / 2.0;
    (0..count)
        .map(|i| {
            let (row, column) = (i / columns, i % columns);
            Rect::new(
                left + column as f32 * (cell_width + column_gap),
                area.y + row as f32 * (height + gap),
                cell_width,
                height,
            )
        })
        .collect()
}

/// [`grid`], the block of cells moved down to the middle of `area` (menus; lists stay at the
/// top).
pub fn centred_grid(area: Rect, count: usize, columns: usize, scale: &UiScale) -> Vec<Rect> {
    let mut cells = grid(area, count, columns, scale);
    let bottom = cells
        .iter()
        .map(|cell| cell.bottom())
        .fold(area.y, f32::max);
    let shift = ((area.bottom() - bottom) / 2.0).max(0.0);
    for cell in &mut cells {
        cell.y += shift;
    }
    cells
}

/// `count` cards filling `area` row by row in `columns`, each `wanted` pixels tall if they fit
/// (shorter if not), as wide as a cell, the block centred.
pub fn cards(area: Rect, count: usize, columns: usize, wanted: f32, scale: &UiScale) -> Vec<Rect> {
    let columns = columns.max(1);
    let rows = count.div_ceil(columns).max(1);
    let gap = scale.px(GAP);
    let column_gap = scale.px(COLUMN_GAP);
    let fitted = (area.h - gap * (rows as f32 - 1.0)) / rows as f32;
    let height = fitted.min(wanted).max(0.0);
    let cell_width = ((area.w - column_gap * (columns as f32 - 1.0)) / columns as f32)
        .min(scale.px(MAX_CARD_WIDTH));
    let total_width = cell_width * columns as f32 + column_gap * (columns as f32 - 1.0);
    let total_height = height * rows as f32 + gap * (rows as f32 - 1.0);
    let left = area.x + (area.w - total_width) / 2.0;
    let top = area.y + ((area.h - total_height) / 2.0).max(0.0);
    (0..count)
        .map(|i| {
            let (row, column) = (i / columns, i % columns);
            Rect::new(
                left + column as f32 * (cell_width + column_gap),
                top + row as f32 * (height + gap),
                cell_width,
                height,
            )
        })
        .collect()
}

/// A card's inside: a heading line `heading` pixels tall at the top and a row of buttons at
/// the bottom. When the card is short the padding goes first, then the buttons shrink towards
/// the touch minimum (never below), then the heading.
pub fn card_parts(card: Rect, heading: f32, scale: &UiScale) -> (Rect, Rect) {
    let pad = scale
        .px(CARD_PADDING)
        .min(((card.h - scale.min_touch_px - heading) / 3.0).max(0.0));
    let inner = Rect::new(
        card.x + pad,
        card.y + pad,
        card.w - 2.0 * pad,
        card.h - 2.0 * pad,
    );
    let buttons_h = (inner.h - pad - heading)
        .min(scale.touch_px(BUTTON_HEIGHT))
        .max(scale.min_touch_px);
    let heading_h = (inner.h - buttons_h - pad).max(0.0);
    (
        Rect::new(inner.x, inner.y, inner.w, heading_h),
        Rect::new(inner.x, inner.bottom() - buttons_h, inner.w, buttons_h),
    )
}

/// Columns of cards for `count` cards in `area`: like [`columns_for`], with more when rows of
/// the shortest useful card (a touch-minimum button row) would not fit.
pub fn card_columns(area: Rect, count: usize, scale: &UiScale) -> usize {
    let gap = scale.px(GAP);
    let shortest = scale.min_touch_px;
    let max_rows = (((area.h + gap) / (shortest + gap)).floor() as usize).max(1);
    columns_for(area, count, scale).max(count.div_ceil(max_rows))
}

/// A card's height holding a heading of `heading` pixels over a button row.
pub fn card_height(heading: f32, scale: &UiScale) -> f32 {
    let pad = scale.px(CARD_PADDING);
    3.0 * pad + heading + scale.touch_px(BUTTON_HEIGHT)
}

/// One group of rows under a heading (settings).
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The heading's line.
    pub heading: Rect,
    /// The group's rows, top first.
    pub rows: Vec<Rect>,
}

/// Groups of `sizes` rows each, under headings, in one column (portrait) or two (landscape),
/// the groups kept whole and in order; rows as tall as a button if they fit. `None` when the
/// rows would not fit at the touch minimum (the caller lays them out without headings).
pub fn groups(area: Rect, sizes: &[usize], scale: &UiScale) -> Option<Vec<Group>> {
    let columns = if area.w > area.h { 2 } else { 1 };
    let total: usize = sizes.iter().sum();
    // Groups go into a column while it holds no more than its share of the rows.
    let mut split: Vec<Vec<usize>> = vec![Vec::new()];
    let mut in_column = 0;
    for &size in sizes {
        let over_share = (in_column + size) * columns > total;
        if in_column > 0 && over_share && split.len() < columns {
            split.push(Vec::new());
            in_column = 0;
        }
        split.last_mut()?.push(size);
        in_column += size;
    }
    let gap = scale.px(GAP);
    let heading_h = scale.px(SMALL_TEXT) * HEADING_LINES;
    let group_gap = 2.0 * scale.px(CARD_PADDING) + gap;
    let column_gap = scale.px(COLUMN_GAP);
    let width = ((area.w - column_gap * (split.len() as f32 - 1.0)) / split.len() as f32)
        .min(scale.px(MAX_CARD_WIDTH));
    let total_width = width * split.len() as f32 + column_gap * (split.len() as f32 - 1.0);
    let left = area.x + (area.w - total_width) / 2.0;
    // Each column's row height and height used; every column starts at the same top.
    let mut fitted = Vec::new();
    for group_sizes in &split {
        let rows: usize = group_sizes.iter().sum();
        let count = group_sizes.len() as f32;
        let fixed = count * heading_h + (count - 1.0) * group_gap + (rows as f32 - count) * gap;
        let row_h = ((area.h - fixed) / rows as f32).min(scale.touch_px(BUTTON_HEIGHT));
        if row_h < scale.min_touch_px {
            return None;
        }
        fitted.push((row_h, fixed + row_h * rows as f32));
    }
    let tallest = fitted.iter().map(|&(_, used)| used).fold(0.0, f32::max);
    let top = area.y + ((area.h - tallest) / 2.0).max(0.0);
    let mut out = Vec::new();
    for (column, (group_sizes, &(row_h, _))) in split.iter().zip(&fitted).enumerate() {
        let x = left + column as f32 * (width + column_gap);
        let mut y = top;
        for &size in group_sizes {
            let heading = Rect::new(x, y, width, heading_h);
            y += heading_h;
            let rows = (0..size)
                .map(|i| Rect::new(x, y + i as f32 * (row_h + gap), width, row_h))
                .collect();
            y += size as f32 * (row_h + gap) - gap + group_gap;
            out.push(Group { heading, rows });
        }
    }
    Some(out)
}

/// `rect` cut into `count` equal pieces side by side with gaps between.
pub fn split_row(rect: Rect, count: usize, scale: &UiScale) -> Vec<Rect> {
    let count = count.max(1);
    let gap = scale.px(GAP);
    let width = (rect.w - gap * (count as f32 - 1.0)) / count as f32;
    (0..count)
        .map(|i| Rect::new(rect.x + i as f32 * (width + gap), rect.y, width, rect.h))
        .collect()
}

/// `rect` cut into pieces side by side with gaps between, each at least as wide as its `needs`
/// (pixels) when they all fit, the room left shared equally; else each in proportion to its
/// need (so every text in them shrinks by the same share).
pub fn split_by_need(rect: Rect, needs: &[f32], scale: &UiScale) -> Vec<Rect> {
    let gap = scale.px(GAP);
    let room = (rect.w - gap * (needs.len().max(1) as f32 - 1.0)).max(0.0);
    let needed: f32 = needs.iter().sum();
    let widths: Vec<f32> = if needed <= room {
        let spare = (room - needed) / needs.len().max(1) as f32;
        needs.iter().map(|need| need + spare).collect()
    } else {
        needs.iter().map(|need| need / needed * room).collect()
    };
    let mut x = rect.x;
    widths
        .into_iter()
        .map(|w| {
            let piece = Rect::new(x, rect.y, w, rect.h);
            x += w + gap;
            piece
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phone::density::{Density, MIN_TOUCH_TARGET_DP};

    /// Phones as (width, height, px per dp), portrait; each is also tried in landscape.
    const PHONES: [(f32, f32, f32); 4] = [
        (720.0, 1280.0, 2.0),
        (1080.0, 2400.0, 2.75),
        (1440.0, 3200.0, 3.5),
        (480.0, 800.0, 1.5),
    ];
    /// The most cells a screen shows (settings: its rows).
    const MOST_CELLS: usize = 9;

    fn screens() -> Vec<(ScreenPx, UiScale)> {
        PHONES
            .iter()
            .flat_map(|&(w, h, density)| [(w, h, density), (h, w, density)])
            .map(|(width, height, density)| {
                let screen = ScreenPx { width, height };
                (screen, UiScale::new(screen, Density::PxPerDp(density)))
            })
            .collect()
    }

    fn inside(inner: Rect, outer: Rect) -> bool {
        let slack = 0.5;
        inner.x >= outer.x - slack
            && inner.y >= outer.y - slack
            && inner.right() <= outer.right() + slack
            && inner.bottom() <= outer.bottom() + slack
    }

    #[test]
    fn every_cell_is_at_least_48_dp_at_phone_densities() {
        for (screen, scale) in screens() {
            let page = page(screen, &scale);
            let columns = columns_for(page.body, MOST_CELLS, &scale);
            for cell in grid(page.body, MOST_CELLS, columns, &scale) {
                assert!(
                    cell.h / scale.px_per_dp >= MIN_TOUCH_TARGET_DP,
                    "{screen:?}"
                );
                assert!(
                    cell.w / scale.px_per_dp >= MIN_TOUCH_TARGET_DP,
                    "{screen:?}"
                );
            }
            assert!(page.footer.h / scale.px_per_dp >= MIN_TOUCH_TARGET_DP);
        }
    }

    #[test]
    fn the_cells_fit_the_body_in_portrait_and_landscape() {
        for (screen, scale) in screens() {
            let page = page(screen, &scale);
            let columns = columns_for(page.body, MOST_CELLS, &scale);
            for cell in grid(page.body, MOST_CELLS, columns, &scale) {
                assert!(
                    inside(cell, page.body),
                    "{screen:?}: {cell:?} outside {:?}",
                    page.body
                );
            }
            let whole = Rect::new(0.0, 0.0, screen.width, screen.height);
            assert!(inside(page.footer, whole));
            assert!(page.body.bottom() <= page.footer.y);
        }
    }

    #[test]
    fn landscape_uses_two_columns_and_portrait_one() {
        let at = |width, height| {
            let screen = ScreenPx { width, height };
            let scale = UiScale::new(screen, Density::PxPerDp(1.0));
            columns_for(page(screen, &scale).body, MOST_CELLS, &scale)
        };
        assert_eq!(at(540.0, 960.0), 1);
        assert_eq!(at(1280.0, 720.0), 2);
    }

    #[test]
    fn level_cards_keep_their_buttons_touchable_and_inside_the_body() {
        let levels = 5;
        for (screen, scale) in screens() {
            let page = page(screen, &scale);
            let columns = card_columns(page.body, levels, &scale);
            let heading_h = scale.px(BODY_TEXT) * 2.0;
            let wanted = card_height(heading_h, &scale);
            for card in cards(page.body, levels, columns, wanted, &scale) {
                assert!(inside(card, page.body), "{screen:?}: {card:?}");
                let (heading, buttons) = card_parts(card, heading_h, &scale);
                assert!(
                    buttons.h / scale.px_per_dp >= MIN_TOUCH_TARGET_DP,
                    "{screen:?}"
                );
                assert!(
                    inside(buttons, card),
                    "{screen:?}: {buttons:?} outside {card:?}"
                );
                assert!(heading.bottom() <= buttons.y + 0.5, "{screen:?}");
            }
        }
    }

    #[test]
    fn settings_groups_fit_and_stay_touchable_or_step_aside() {
        let sizes = [2, 2, 4];
        for (screen, scale) in screens() {
            let page = page(screen, &scale);
            let Some(groups) = groups(page.body, &sizes, &scale) else {
                continue;
            };
            assert_eq!(groups.len(), sizes.len());
            for (group, size) in groups.iter().zip(sizes) {
                assert_eq!(group.rows.len(), size);
                assert!(inside(group.heading, page.body), "{screen:?}");
                for row in &group.rows {
                    assert!(inside(*row, page.body), "{screen:?}: {row:?}");
                    assert!(row.h / scale.px_per_dp >= MIN_TOUCH_TARGET_DP, "{screen:?}");
                    assert!(row.y >= group.heading.bottom() - 0.5, "{screen:?}");
                }
            }
        }
        let portrait = ScreenPx {
            width: 540.0,
            height: 960.0,
        };
        let scale = UiScale::new(portrait, Density::PxPerDp(1.0));
        assert!(groups(page(portrait, &scale).body, &sizes, &scale).is_some());
        let landscape = ScreenPx {
            width: 1280.0,
            height: 720.0,
        };
        let scale = UiScale::new(landscape, Density::PxPerDp(1.0));
        let two = groups(page(landscape, &scale).body, &sizes, &scale).expect("they fit");
        assert!(
            two[2].heading.x > two[0].heading.right(),
            "World beside Sound"
        );
    }

    #[test]
    fn pieces_cut_by_need_keep_their_need_when_it_fits_and_share_the_shortfall_when_not() {
        let scale = UiScale::new(
            ScreenPx {
                width: 360.0,
                height: 800.0,
            },
            Density::PxPerDp(1.0),
        );
        let gap = scale.px(GAP);
        let row = Rect::new(0.0, 0.0, 300.0 + 2.0 * gap, 40.0);
        let roomy = split_by_need(row, &[60.0, 120.0, 60.0], &scale);
        assert_eq!(
            roomy.iter().map(|r| r.w).collect::<Vec<_>>(),
            [80.0, 140.0, 80.0]
        );
        assert!((roomy[2].right() - row.right()).abs() < 1e-3);
        let tight = split_by_need(row, &[100.0, 300.0, 100.0], &scale);
        assert_eq!(
            tight.iter().map(|r| r.w).collect::<Vec<_>>(),
            [60.0, 180.0, 60.0]
        );
    }

    #[test]
    fn cells_do_not_overlap() {
        let screen = ScreenPx {
            width: 1280.0,
            height: 720.0,
        };
        let scale = UiScale::new(screen, Density::PxPerDp(1.0));
        let cells = grid(page(screen, &scale).body, MOST_CELLS, 2, &scale);
        for (i, a) in cells.iter().enumerate() {
            for b in &cells[i + 1..] {
                assert!(
                    a.intersect(*b).is_none_or(|r| r.w * r.h < 1.0),
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
