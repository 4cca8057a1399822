//! Where a menu screen's parts go, in pixels, from the screen's size and [`UiScale`]: a title
//! band, a body of equal cells (one column in portrait, two in landscape) and a footer row for
//! Back. Pure maths, tested for phones in both orientations.

use crate::platform::density::{ScreenPx, UiScale};
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
/// Widest a cell grows, layout units (a wide window does not get screen-wide buttons).
pub const MAX_CELL_WIDTH: f32 = 420.0;
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
    let body_top = title.bottom();
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

/// `rect` cut into `count` equal pieces side by side with gaps between.
pub fn split_row(rect: Rect, count: usize, scale: &UiScale) -> Vec<Rect> {
    let count = count.max(1);
    let gap = scale.px(GAP);
    let width = (rect.w - gap * (count as f32 - 1.0)) / count as f32;
    (0..count)
        .map(|i| Rect::new(rect.x + i as f32 * (width + gap), rect.y, width, rect.h))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::density::{Density, MIN_TOUCH_TARGET_DP};

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
