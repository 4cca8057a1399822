//! The Boards screen's entry rows: the top entries and those around the player, each with its
//! place, name (yours marked), time or distance, medal and score; traced for the browser tests.

use super::BoardsPage;
use crate::app::run::hud::clock;
use crate::app::screens::results::draw_medal;
use crate::app::ui::layout::{BODY_TEXT, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_FACE, FAINT_INK, INK, ROW_STRIPE};
use crate::course::levels::{self, ENDLESS};
use crate::online::{Board, BoardPage, Entry};
use crate::sim::Medal;
use macroquad::color::Color;
use macroquad::math::Rect;

/// An entry row's height, layout units (a tap target, smaller than a button).
const ENTRY_ROW: f32 = 34.0;
/// Metres in a kilometre, for Endless distances.
const M_PER_KM: f64 = 1000.0;

/// The top entries, then (when the player is further down) a gap and the entries around them.
pub(super) fn draw_entries(
    ui: &mut Ui,
    list: Rect,
    page: &BoardPage,
    board: &Board,
    me: Option<&str>,
    state: &mut BoardsPage,
) {
    let rows = entry_rows(page);
    if rows.is_empty() {
        ui.centered(
            Rect::new(list.x, list.y, list.w, ui.scale.px(ENTRY_ROW)),
            "No runs yet: be the first",
            BODY_TEXT,
            INK,
        );
        return;
    }
    let row_h = ui.scale.px(ENTRY_ROW).min(list.h / rows.len() as f32);
    let cells: Vec<Rect> = (0..rows.len())
        .map(|i| Rect::new(list.x, list.y + i as f32 * row_h, list.w, row_h))
        .collect();
    ui.card_around(&cells);
    trace_rows(state, board, &cells, &rows);
    // The place column as wide as the page's last place needs: the name gets the rest.
    let last_place = rows
        .iter()
        .flatten()
        .map(|entry| entry.rank)
        .max()
        .unwrap_or(1);
    for (cell, row) in cells.iter().zip(rows) {
        match row {
            Some(entry) => draw_pickable_entry(ui, (*cell, last_place), entry, board, me, state),
            None => ui.centered(*cell, "· · ·", SMALL_TEXT, FAINT_INK),
        }
    }
}

/// The rows a page shows: its top entries, then (`None`) a gap and those around the player that
/// are not among the top.
fn entry_rows(page: &BoardPage) -> Vec<Option<&Entry>> {
    let mut rows: Vec<Option<&Entry>> = page.entries.iter().map(Some).collect();
    let below: Vec<&Entry> = page
        .around
        .iter()
        .filter(|entry| !page.entries.iter().any(|top| top.run == entry.run))
        .collect();
    if !below.is_empty() {
        rows.push(None);
        rows.extend(below.into_iter().map(Some));
    }
    rows
}

/// An entry's row marked when picked (or the player's own), tapped to pick or drop it.
fn draw_pickable_entry(
    ui: &mut Ui,
    (cell, last_place): (Rect, u32),
    entry: &Entry,
    board: &Board,
    me: Option<&str>,
    state: &mut BoardsPage,
) {
    let picked = state.picked.as_deref() == Some(entry.run.as_str());
    if picked {
        ui.strip(cell, BUTTON_FACE);
    } else if me == Some(entry.player.as_str()) {
        ui.strip(cell, ROW_STRIPE);
    }
    let ink = if picked {
        crate::app::ui::BUTTON_TEXT
    } else {
        INK
    };
    draw_entry(ui, (cell, last_place), entry, board, me, ink);
    if ui.taps_in(cell) {
        state.picked = (!picked).then(|| entry.run.clone());
    }
}

/// One entry's row: place, name (yours marked), time (Endless: distance), medal, score.
fn draw_entry(
    ui: &mut Ui,
    (cell, last_place): (Rect, u32),
    entry: &Entry,
    board: &Board,
    me: Option<&str>,
    ink: Color,
) {
    let row = EntryRow::of(entry, board, me);
    let [place, name, time, medal, score] = entry_cells(ui, cell, last_place);
    ui.left(place, &format!("#{}", entry.rank), SMALL_TEXT, ink);
    let mark_w = row.mark.map_or(0.0, |mark| ui.text_width(mark, SMALL_TEXT));
    let name_w = ui.text_width(&row.name, SMALL_TEXT);
    let (name, mark) = name_and_mark(name, name_w, mark_w, ui.scale.px(GAP));
    ui.left_clipped(name, &row.name, SMALL_TEXT, ink);
    if let (Some(rect), Some(text)) = (mark, row.mark) {
        ui.left(rect, text, SMALL_TEXT, ink);
    }
    ui.right(time, &row.time, SMALL_TEXT, ink);
    draw_medal(medal, row.medal);
    ui.right(score, &row.score, SMALL_TEXT, ink);
}

/// An entry row's cells: its place (as wide as the page's `last_place` needs), the name (the
/// most room), the time, the medal's disc and the score, each as wide as its text needs at most.
fn entry_cells(ui: &Ui, cell: Rect, last_place: u32) -> [Rect; 5] {
    let text = |sample: &str| ui.text_width(sample, SMALL_TEXT);
    let place = text(&format!("#{last_place}"));
    let time = text("10:00.0");
    let medal = cell.h * 0.8;
    let score = text("99999");
    let gap = ui.scale.px(GAP);
    let name = (cell.w - place - time - medal - score - 4.0 * gap).max(0.0);
    let mut x = cell.x;
    [place, name, time, medal, score].map(|w| {
        let rect = Rect::new(x, cell.y, w, cell.h);
        x += w + gap;
        rect
    })
}

/// The name's cell split for the name and, when `mark_w` is not 0, the mark after it ("(you)"):
/// the mark right after the name, or where the name is too long, at the cell's end with the
/// name cut before it; the mark is never cut.
fn name_and_mark(cell: Rect, name_w: f32, mark_w: f32, gap: f32) -> (Rect, Option<Rect>) {
    if mark_w <= 0.0 {
        return (cell, None);
    }
    let room = (cell.w - mark_w - gap).max(0.0);
    let name = Rect::new(cell.x, cell.y, room.min(name_w), cell.h);
    let mark = Rect::new(name.right() + gap, cell.y, mark_w, cell.h);
    (name, Some(mark))
}

/// The mark after your own name on a board.
const YOURS: &str = "(you)";

/// What an entry's row says, worked out from the entry alone.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryRow {
    /// The name.
    pub name: String,
    /// "(you)" after the player's own name, drawn whole even where the name is cut.
    pub mark: Option<&'static str>,
    /// Its time ("2:40.3"), or Endless's distance ("1.50 km").
    pub time: String,
    /// The medal its score earns on the board's course.
    pub medal: Medal,
    /// Its score.
    pub score: String,
}

impl EntryRow {
    /// The row of `entry` on `board`, for the player whose key is `me`.
    pub fn of(entry: &Entry, board: &Board, me: Option<&str>) -> EntryRow {
        let mark = (me == Some(entry.player.as_str())).then_some(YOURS);
        let time = if board.by_distance() {
            format!("{:.2} km", entry.distance_m / M_PER_KM)
        } else {
            clock(entry.time_s)
        };
        EntryRow {
            name: entry.name.clone(),
            mark,
            time,
            medal: Medal::for_score(entry.score, board_medals(board)),
            score: entry.score.to_string(),
        }
    }
}

/// The scores that earn gold, silver and bronze on a board's course.
fn board_medals(board: &Board) -> [u32; 3] {
    match board {
        Board::Daily(day) => day.level().medals,
        Board::Track { level, .. } => {
            levels::level(*level).map_or(ENDLESS.medals, |spec| spec.medals)
        }
        Board::Endless => ENDLESS.medals,
    }
}

/// Trace the rows shown when they change: each entry's rank, name, figure, run and where its row is
/// on screen (a browser test reads the order and taps a row from it).
fn trace_rows(state: &mut BoardsPage, board: &Board, cells: &[Rect], rows: &[Option<&Entry>]) {
    let shown: Vec<String> = cells
        .iter()
        .zip(rows)
        .filter_map(|(cell, row)| {
            let entry = (*row)?;
            let at = cell.center();
            Some(format!(
                "#{} {} {} run {} at {:.0},{:.0}",
                entry.rank,
                entry.name,
                figure(entry, board),
                entry.run,
                at.x,
                at.y
            ))
        })
        .collect();
    let line = format!("board {} rows: {}", board.name(), shown.join(" | "));
    if line != state.traced {
        crate::app::platform::log::trace(&line);
        state.traced = line;
    }
}

/// An entry's figure: Endless its distance, the others their score.
fn figure(entry: &Entry, board: &Board) -> String {
    if board.by_distance() {
        format!("{:.2} km", entry.distance_m / M_PER_KM)
    } else {
        entry.score.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: &str, score: u32) -> Entry {
        Entry {
            rank: 2,
            name: "Aino".to_owned(),
            player: player.to_owned(),
            score,
            time_s: 160.35,
            misses: 1,
            distance_m: 1500.0,
            rifle: crate::shooting::Rifle::default(),
            run: "7".to_owned(),
            at: String::new(),
        }
    }

    #[test]
    fn a_board_row_shows_time_and_medal_and_marks_your_own() {
        let board = Board::Track { level: 1, track: 2 };
        let [gold, _, bronze] = board_medals(&board);
        let row = EntryRow::of(&entry("a1", gold), &board, Some("b2"));
        assert_eq!(row.name, "Aino");
        assert_eq!(row.time, "2:40.3");
        assert_eq!(row.medal, Medal::Gold);
        assert_eq!(row.score, gold.to_string());
        let mine = EntryRow::of(&entry("b2", bronze), &board, Some("b2"));
        assert_eq!((mine.name.as_str(), mine.mark), ("Aino", Some("(you)")));
        assert_eq!(row.mark, None);
        assert_eq!(mine.medal, Medal::Bronze);
        let endless = EntryRow::of(&entry("a1", 0), &Board::Endless, None);
        assert_eq!(endless.time, "1.50 km");
        assert_eq!(endless.medal, Medal::None);
    }

    #[test]
    fn your_mark_is_never_cut_however_long_the_name() {
        let cell = Rect::new(40.0, 0.0, 100.0, 20.0);
        // A name wider than the cell: it is cut, the mark stands whole at the cell's end.
        let (name, mark) = name_and_mark(cell, 150.0, 40.0, 5.0);
        let mark = mark.expect("a mark");
        assert_eq!(name.w, 55.0);
        assert!(mark.x >= name.right() && mark.right() <= cell.right() + 1e-3);
        assert_eq!(mark.w, 40.0);
        // A short name: the mark right after it.
        let (name, mark) = name_and_mark(cell, 20.0, 40.0, 5.0);
        assert_eq!((name.w, mark.map(|m| m.x)), (20.0, Some(65.0)));
        // No mark: the whole cell for the name.
        assert_eq!(name_and_mark(cell, 150.0, 0.0, 5.0), (cell, None));
    }
}
