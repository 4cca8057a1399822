//! The Results list screen: the results lists (ten best per level and track, Endless by
//! distance), each entry linked to its saved replay by a name made from the result itself.

use super::nav::Event;
use super::results::draw_medal;
use super::Choice;
use crate::app::run::hud::clock;
use crate::app::ui::layout::{BODY_TEXT, BUTTON_HEIGHT, COLUMN_GAP, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE};
use crate::app::AppError;
use crate::course::levels::{LEVELS, TRACKS};
use crate::course::Course;
use crate::phone::density::UiScale;
use crate::replay::ReplayError;
use crate::replay::{build_course, CourseChoice, Replay};
use crate::storage::{replay_name, Listed, ReplayName, Results, Store};
use macroquad::math::Rect;

/// The results table's columns as shares of a row: place, medal, name, time (or distance),
/// misses; the Watch button takes the rest.
const TABLE_COLUMNS: [f32; 5] = [0.08, 0.09, 0.29, 0.22, 0.10];
/// Space between a table's columns, as a share of a row's height.
const COLUMN_SPACE: f32 = 0.12;
/// Gap between a table's rows, layout units: a table reads as one block, and on a 360×800
/// phone all ten rows then fit one column at the touch minimum.
const ROW_GAP: f32 = 2.0;
/// The table's header height, in lines of small text.
const HEADER_LINES: f32 = 1.6;
/// Space before a row's text, as a share of the row's height.
const TEXT_INSET: f32 = 0.2;

/// A saved replay with the course it names, ready to watch; or why it cannot be watched.
pub fn load_for_watching(
    store: &Store,
    name: &ReplayName,
) -> Result<(Replay, CourseChoice, Course), AppError> {
    let replay = store.load_replay(name)?;
    let choice = replay
        .course_choice()
        .map_err(|why| ReplayError::unknown_course(&store.replay_path(name), why))?;
    let course = build_course(choice)?;
    Ok((replay, choice, course))
}

/// Which list the results screen shows: a level's track, Endless after the last track, then
/// today's daily course.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListPage(usize);

/// Level tracks, then Endless, then the daily course.
const TRACK_PAGES: usize = LEVELS.len() * TRACKS as usize;
const ENDLESS_PAGE: usize = TRACK_PAGES;
const DAILY_PAGE: usize = TRACK_PAGES + 1;
const LIST_PAGES: usize = TRACK_PAGES + 2;

impl ListPage {
    /// The list of a level's track.
    pub fn of_level(level: u8, track: u8) -> Self {
        let index = usize::from(level.saturating_sub(1)) * usize::from(TRACKS)
            + usize::from(track.saturating_sub(1));
        Self(index.min(TRACK_PAGES - 1))
    }

    /// The Endless list.
    pub fn endless() -> Self {
        Self(ENDLESS_PAGE)
    }

    /// Today's daily list.
    pub fn daily() -> Self {
        Self(DAILY_PAGE)
    }

    /// The level and track shown, `None` for Endless and the daily course.
    pub fn level_track(self) -> Option<(u8, u8)> {
        let tracks = usize::from(TRACKS);
        (self.0 < TRACK_PAGES).then(|| ((self.0 / tracks + 1) as u8, (self.0 % tracks + 1) as u8))
    }

    /// The next list (wrapping), or the previous one when `forward` is false.
    pub fn step(self, forward: bool) -> Self {
        let by = if forward { 1 } else { LIST_PAGES - 1 };
        Self((self.0 + by) % LIST_PAGES)
    }

    fn title(self, today: &str) -> String {
        match self.level_track() {
            Some((level, track)) => format!("Level {level} · Track {track}"),
            None if self.0 == DAILY_PAGE => format!("Daily · {today}"),
            None => "Endless".to_owned(),
        }
    }
}

/// The results lists, one level track (or Endless) at a time, with Watch on entries whose
/// replay is saved.
pub fn draw_results_list(
    ui: &mut Ui,
    results: &Results,
    list: &mut ListPage,
    today: &str,
    has_replay: impl Fn(&ReplayName) -> bool,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, "Results", INK);
    let header_height = ui.scale.touch_px(crate::app::ui::layout::BUTTON_HEIGHT);
    let header = Rect::new(page.body.x, page.body.y, page.body.w, header_height);
    let [back, name, forward] = thirds(header, ui);
    if ui.button_colored(back, "<", BUTTON_QUIET) {
        *list = list.step(false);
    }
    ui.centered(name, &list.title(today), BODY_TEXT, INK);
    if ui.button_colored(forward, ">", BUTTON_QUIET) {
        *list = list.step(true);
    }
    let gap = ui.scale.px(GAP);
    let body = Rect::new(
        page.body.x,
        header.bottom() + 2.0 * gap,
        page.body.w,
        page.body.h - header.h - 2.0 * gap,
    );
    let entries: Vec<Listed<'_>> = match list.level_track() {
        Some((level, track)) => results
            .top(level, track)
            .into_iter()
            .map(Listed::Run)
            .collect(),
        None if list.0 == DAILY_PAGE => results
            .daily(today)
            .into_iter()
            .map(Listed::Daily)
            .collect(),
        None => results.endless().iter().map(Listed::Endless).collect(),
    };
    let endless = list.0 == ENDLESS_PAGE;
    let mut choice = draw_entries(ui, body, &entries, endless, has_replay);
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// The table: a header per column of rows, then a row per entry with Watch on the right.
fn draw_entries(
    ui: &mut Ui,
    body: Rect,
    entries: &[Listed<'_>],
    endless: bool,
    has_replay: impl Fn(&ReplayName) -> bool,
) -> Option<Choice> {
    let header_h = ui.scale.px(SMALL_TEXT) * HEADER_LINES;
    let rows_area = Rect::new(body.x, body.y + header_h, body.w, body.h - header_h);
    let max_rows = crate::storage::MAX_RESULTS;
    let rows = table_rows(rows_area, max_rows, &ui.scale);
    let columns = rows.iter().filter(|row| row.y == rows[0].y).count();
    let shown = if entries.is_empty() {
        &rows[..1]
    } else {
        &rows[..entries.len()]
    };
    let heads: Vec<Rect> = rows
        .iter()
        .take(columns)
        .map(|row| Rect::new(row.x, body.y, row.w, header_h))
        .collect();
    let mut card_cells = shown.to_vec();
    card_cells.extend(&heads);
    ui.card_around(&card_cells);
    for head in heads {
        draw_heads(ui, head, endless);
    }
    if entries.is_empty() {
        ui.centered(rows[0], "No results yet", BODY_TEXT, FAINT_INK);
        return None;
    }
    let mut choice = None;
    for (place, (row, entry)) in rows.into_iter().zip(entries).enumerate() {
        // Stripe every other line of the table (a line holds `columns` entries).
        if (place / columns).is_multiple_of(2) {
            ui.strip(row, ROW_STRIPE);
        }
        choice = draw_entry(ui, row, place, entry, &has_replay).or(choice);
    }
    choice
}

/// A column's headings: place, medal (none), name, time or distance, misses.
fn draw_heads(ui: &mut Ui, head: Rect, endless: bool) {
    let first = if endless { "Distance" } else { "Time" };
    let heads = table_cells(head);
    // "Miss" may run on over the Watch column, which has no heading.
    let miss = heads[4].combine_with(heads[5]);
    let cells = [heads[0], heads[1], heads[2], heads[3], miss];
    for (cell, head) in cells.iter().zip(["#", "", "Name", first, "Miss"]) {
        ui.left(*cell, head, SMALL_TEXT, FAINT_INK);
    }
}

/// One entry's row at its `place` from 0, with Watch where its replay is saved; Watch tapped.
fn draw_entry(
    ui: &mut Ui,
    row: Rect,
    place: usize,
    entry: &Listed<'_>,
    has_replay: impl Fn(&ReplayName) -> bool,
) -> Option<Choice> {
    let (name, figure, misses, medal) = match entry {
        Listed::Run(run) => (&run.name, clock(run.kind.time_s), run.misses, run.medal),
        Listed::Endless(run) => (
            &run.name,
            format!("{:.0} m", run.kind.distance),
            run.misses,
            run.medal,
        ),
        Listed::Daily(run) => (&run.name, clock(run.kind.time_s), run.misses, run.medal),
    };
    let [place_cell, medal_cell, name_cell, figure_cell, misses_cell, watch] = table_cells(row);
    ui.left(place_cell, &(place + 1).to_string(), BODY_TEXT, FAINT_INK);
    draw_medal(medal_cell, medal);
    ui.left_clipped(name_cell, name, BODY_TEXT, INK);
    ui.left(figure_cell, &figure, BODY_TEXT, INK);
    ui.left(misses_cell, &misses.to_string(), BODY_TEXT, INK);
    let replay = replay_name(*entry).filter(|replay| has_replay(replay))?;
    ui.button_colored(watch, "Watch", BUTTON_FACE)
        .then_some(Choice::Watch(replay))
}

/// Up to `count` table rows in `area`: one column while the rows fit it at the touch minimum
/// (close together), else two side by side; each row as tall as a button where there is room.
fn table_rows(area: Rect, count: usize, scale: &UiScale) -> Vec<Rect> {
    let gap = scale.px(ROW_GAP);
    let fit = (((area.h + gap) / (scale.min_touch_px + gap)).floor() as usize).max(1);
    let columns = count.div_ceil(fit).max(1);
    let per_column = count.div_ceil(columns);
    let height = ((area.h + gap) / per_column as f32 - gap)
        .min(scale.touch_px(BUTTON_HEIGHT))
        .max(scale.min_touch_px);
    let column_gap = scale.px(COLUMN_GAP);
    let width = (area.w - column_gap * (columns as f32 - 1.0)) / columns as f32;
    (0..count)
        .map(|i| {
            let (row, column) = (i % per_column, i / per_column);
            Rect::new(
                area.x + column as f32 * (width + column_gap),
                area.y + row as f32 * (height + gap),
                width,
                height,
            )
        })
        .collect()
}

/// A table row cut into its columns (place, medal, name, figure, misses, Watch), with a little
/// space at the left edge so text does not touch the row's stripe.
fn table_cells(row: Rect) -> [Rect; 6] {
    let indent = row.h * TEXT_INSET;
    let mut x = row.x + indent;
    let usable = row.w - indent;
    let space = row.h * COLUMN_SPACE;
    let mut cells = [Rect::default(); 6];
    for (cell, share) in cells.iter_mut().zip(TABLE_COLUMNS) {
        *cell = Rect::new(x, row.y, usable * share - space, row.h);
        x += usable * share;
    }
    cells[5] = Rect::new(x, row.y, row.right() - x, row.h);
    cells
}

/// A header row: a square button each side, the rest between.
fn thirds(rect: Rect, ui: &Ui) -> [Rect; 3] {
    let side = rect.h.max(ui.scale.min_touch_px);
    [
        Rect::new(rect.x, rect.y, side, rect.h),
        Rect::new(rect.x + side, rect.y, rect.w - 2.0 * side, rect.h),
        Rect::new(rect.right() - side, rect.y, side, rect.h),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::screens::FinishedRun;

    #[test]
    fn a_listed_run_links_to_its_saved_replay_for_watching() {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let choice = CourseChoice::of(&course);
        let replay = crate::replay::record_bot(choice, course, crate::replay::MAX_TICKS);
        let finished = FinishedRun::of_replay(choice, replay);
        let Some(crate::storage::NewResult::Run(result)) = finished.result("Anna") else {
            panic!("a table track's run is listed");
        };
        let dir = std::env::temp_dir().join(format!("latu-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(&dir);
        let name = replay_name(Listed::Run(&result)).expect("a real run names its replay");
        store
            .save_replay(&name, &finished.replay)
            .expect("the replay is saved");
        let (loaded, loaded_choice, _) = load_for_watching(&store, &name).expect("it loads");
        assert_eq!(loaded_choice, choice);
        assert_eq!(loaded.inputs, finished.replay.inputs);
        let missing = ReplayName::new("L1T1-1-0m-0c-nobody").expect("a valid name");
        assert!(load_for_watching(&store, &missing).is_err());
        std::fs::remove_dir_all(&dir).expect("the scratch dir is removed");
    }

    #[test]
    fn a_run_on_another_seed_is_not_listed() {
        let course = Course::level(1, 1, Some(7)).expect("a reseeded track");
        let choice = CourseChoice::of(&course);
        let replay = crate::replay::record_bot(choice, course, 1);
        let finished = FinishedRun::of_replay(choice, replay);
        assert!(finished.result("Anna").is_none());
    }

    #[test]
    fn list_pages_cover_every_track_then_endless_and_wrap() {
        assert_eq!(ListPage::default().level_track(), Some((1, 1)));
        assert_eq!(ListPage::of_level(5, 3).level_track(), Some((5, 3)));
        assert_eq!(ListPage::of_level(5, 3).step(true), ListPage::endless());
        assert_eq!(ListPage::endless().level_track(), None);
        assert_eq!(ListPage::endless().step(true), ListPage::daily());
        assert_eq!(ListPage::daily().step(true), ListPage::default());
        assert_eq!(ListPage::default().step(false), ListPage::daily());
        assert_eq!(ListPage::daily().title("2026-12-01"), "Daily · 2026-12-01");
    }
}
