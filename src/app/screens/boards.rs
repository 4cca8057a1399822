//! The world: the Boards screen (the Daily today with its countdown and yesterday, each track,
//! Endless; the top 10 and the entries around the player; tap one to Watch or Race it), the
//! results screen's world rows ("World #37 of 412", "Will be sent when online", a refusal in the
//! server's sentence, "Race the next one up"), and what a player sees offline.

use super::nav::Event;
use super::results::draw_medal;
use super::Choice;
use crate::app::run::hud::clock;
use crate::app::ui::layout::{split_row, BODY_TEXT, CARD_PADDING, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE};
use crate::course::daily::Date;
use crate::course::levels::{self, ENDLESS, LEVELS, TRACKS};
use crate::online::{rank_line, Board, BoardPage, Entry, Ranked, Reach};
use crate::sim::Medal;
use crate::storage::Settings;
use macroquad::color::Color;
use macroquad::math::Rect;

/// A first result's world row until the player has a name (nothing is sent without one).
const NEEDS_NAME: &str = "Sent to the world with your name";

/// Over a board kept from before while the server does not answer.
const STALE_LINE: &str = "Offline · as last seen";

/// An entry row's height, layout units (a tap target, smaller than a button).
const ENTRY_ROW: f32 = 34.0;
/// Metres in a kilometre, for Endless distances.
const M_PER_KM: f64 = 1000.0;
/// Seconds in an hour and a minute, for the countdown.
const S_PER_HOUR: f64 = 3600.0;
const S_PER_MINUTE: f64 = 60.0;

/// The leaderboard's address these settings use: the one set (`--server` or the settings), or
/// in a browser the page's own origin; `None` when Online is off or none is known.
pub fn server_address(settings: &Settings) -> Option<String> {
    if !settings.online {
        return None;
    }
    let set = settings.server.trim();
    if !set.is_empty() {
        return Some(set.trim_end_matches('/').to_owned());
    }
    crate::app::platform::page_origin()
}

/// The boards in the order the screen steps through them: today's Daily, yesterday's, each
/// level's tracks, Endless.
pub fn boards(today: Date) -> Vec<Board> {
    let yesterday = Date::from_days_since_epoch(today.days_since_epoch() - 1);
    let mut all = vec![Board::Daily(today), Board::Daily(yesterday)];
    all.extend(LEVELS.iter().flat_map(|spec| {
        (1..=TRACKS).map(move |track| Board::Track {
            level: spec.level,
            track,
        })
    }));
    all.push(Board::Endless);
    all
}

/// A board's name for a player.
pub fn board_title(board: &Board, today: Date) -> String {
    match board {
        Board::Daily(day) if *day == today => "Daily · today".to_owned(),
        Board::Daily(day) => format!("Daily · {day}"),
        Board::Track { level, track } => format!("Level {level} · Track {track}"),
        Board::Endless => "Endless".to_owned(),
    }
}

/// "5 h 12 min" until the next Daily.
pub fn countdown(seconds: f64) -> String {
    let seconds = seconds.max(0.0);
    let hours = (seconds / S_PER_HOUR).floor();
    let minutes = ((seconds - hours * S_PER_HOUR) / S_PER_MINUTE).floor();
    if hours >= 1.0 {
        format!("{hours:.0} h {minutes:.0} min")
    } else {
        format!("{minutes:.0} min")
    }
}

/// What the Boards screen shows now.
pub enum BoardView<'a> {
    /// No server: the game is offline, and says how to go online.
    NoServer,
    /// Asked, not answered yet.
    Loading,
    /// The server cannot be reached (why goes to the developers' log).
    Unreachable,
    /// The board.
    Page(&'a BoardPage),
    /// The server answered with a page this game cannot read.
    Unreadable,
    /// The board as it last came, while the server cannot be reached: said to be old.
    Stale(&'a BoardPage),
}

impl<'a> BoardView<'a> {
    /// What to show of a board: the page that came, told as stale while the server does not
    /// answer (never shown as live), else loading or unreachable.
    pub fn of(page: Option<&'a BoardPage>, reach: &Reach) -> BoardView<'a> {
        match (page, reach) {
            (Some(page), Reach::Offline(_)) => BoardView::Stale(page),
            (Some(page), _) => BoardView::Page(page),
            (None, Reach::Offline(_)) => BoardView::Unreachable,
            (None, Reach::Unreadable(_)) => BoardView::Unreadable,
            (None, _) => BoardView::Loading,
        }
    }
}

/// The Boards screen's own state: which board, which entry is picked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BoardsPage {
    /// The board's index in [`boards`].
    pub index: usize,
    /// The picked entry's run id.
    pub picked: Option<String>,
    /// The rows last traced (a browser test reads the board shown from the console).
    pub traced: String,
    /// The Report dialog over the picked run, while it is open.
    pub report: Option<crate::app::screens::settings::account::report::ReportDialog>,
}

/// What the Boards screen reads.
pub struct BoardFacts<'a> {
    pub today: Date,
    /// Seconds to the next Daily, if the server said.
    pub next_daily_s: Option<f64>,
    /// The player's public key (their row is marked).
    pub me: Option<&'a str>,
    pub view: BoardView<'a>,
}

/// The Boards screen.
pub fn draw_boards(
    ui: &mut Ui,
    page_state: &mut BoardsPage,
    facts: &BoardFacts<'_>,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, "World boards", INK);
    let all = boards(facts.today);
    page_state.index = page_state.index.min(all.len() - 1);
    let board = all[page_state.index];
    let gap = ui.scale.px(GAP);
    let pad = ui.scale.px(CARD_PADDING);
    let picker = Rect::new(
        page.body.x,
        page.body.y + pad,
        page.body.w,
        ui.scale.min_touch_px,
    );
    let mut choice = draw_picker(
        ui,
        picker,
        page_state,
        &board_title(&board, facts.today),
        all.len(),
    );
    let line = Rect::new(
        picker.x,
        picker.bottom() + gap,
        picker.w,
        ui.scale.px(BODY_TEXT),
    );
    let under = match (&board, facts.next_daily_s) {
        (Board::Daily(day), Some(left)) if *day == facts.today => {
            format!("Next Daily in {}", countdown(left))
        }
        _ => String::new(),
    };
    let list = Rect::new(
        page.body.x,
        line.bottom() + gap,
        page.body.w,
        page.body.bottom() - line.bottom() - gap,
    );
    match &facts.view {
        BoardView::NoServer => draw_note(
            ui,
            (line, list),
            "Offline",
            "No server is set, so the world boards are not shown. Start the game with \
             --server URL, or turn Online on in Settings.",
        ),
        BoardView::Loading => ui.centered(line, "Loading the board…", SMALL_TEXT, FAINT_INK),
        BoardView::Unreachable => draw_note(
            ui,
            (line, list),
            "Offline",
            "The server cannot be reached. Your runs wait on this device and are sent when \
             it answers.",
        ),
        BoardView::Unreadable => draw_note(ui, (line, list), "Unreadable", UNREADABLE_NOTE),
        BoardView::Page(board_page) => {
            let of = format!("{} players", board_page.of);
            let said = if under.is_empty() {
                of
            } else {
                format!("{under} · {of}")
            };
            ui.centered(line, &said, SMALL_TEXT, FAINT_INK);
            draw_entries(ui, list, board_page, &board, facts.me, page_state);
        }
        BoardView::Stale(board_page) => {
            ui.centered(line, STALE_LINE, SMALL_TEXT, FAINT_INK);
            draw_entries(ui, list, board_page, &board, facts.me, page_state);
        }
    }
    choice = draw_board_footer(ui, page.footer, page_state).or(choice);
    choice
}

/// What the Boards screen says when the server answered with a page it cannot read.
pub const UNREADABLE_NOTE: &str = "The server answered, but its answer could not be read: it is \
     not a page this game reads. Your runs wait on this device.";

/// `head` ("Offline") on the board's `line`, and why on a card in the `list`'s place.
fn draw_note(ui: &mut Ui, (line, list): (Rect, Rect), head: &str, why: &str) {
    ui.centered(line, head, BODY_TEXT, INK);
    ui.card(list);
    let pad = ui.scale.px(CARD_PADDING);
    ui.paragraph(inset(list, pad), why, SMALL_TEXT, INK);
}

fn inset(rect: Rect, by: f32) -> Rect {
    Rect::new(
        rect.x + by,
        rect.y + by,
        rect.w - 2.0 * by,
        rect.h - 2.0 * by,
    )
}

/// ‹ board › : steps through the boards; a new board drops the pick.
fn draw_picker(
    ui: &mut Ui,
    picker: Rect,
    state: &mut BoardsPage,
    title: &str,
    count: usize,
) -> Option<Choice> {
    let side = picker.h;
    let previous = Rect::new(picker.x, picker.y, side, side);
    let next = Rect::new(picker.right() - side, picker.y, side, side);
    let name = Rect::new(previous.right(), picker.y, picker.w - 2.0 * side, side);
    ui.centered(name, title, BODY_TEXT, INK);
    let mut stepped = None;
    if ui.button_colored(previous, "<", BUTTON_QUIET) {
        stepped = Some((state.index + count - 1) % count);
    }
    if ui.button_colored(next, ">", BUTTON_QUIET) {
        stepped = Some((state.index + 1) % count);
    }
    stepped.map(|index| {
        state.index = index;
        state.picked = None;
        Choice::WorldBoard
    })
}

/// The top entries, then (when the player is further down) a gap and the entries around them.
fn draw_entries(
    ui: &mut Ui,
    list: Rect,
    page: &BoardPage,
    board: &Board,
    me: Option<&str>,
    state: &mut BoardsPage,
) {
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
        let Some(entry) = row else {
            ui.centered(*cell, "· · ·", SMALL_TEXT, FAINT_INK);
            continue;
        };
        let picked = state.picked.as_deref() == Some(entry.run.as_str());
        if picked {
            ui.strip(*cell, BUTTON_FACE);
        } else if me == Some(entry.player.as_str()) {
            ui.strip(*cell, ROW_STRIPE);
        }
        let ink = if picked {
            crate::app::ui::BUTTON_TEXT
        } else {
            INK
        };
        draw_entry(ui, (*cell, last_place), entry, board, me, ink);
        if ui.taps_in(*cell) {
            state.picked = (!picked).then(|| entry.run.clone());
        }
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

/// Watch, Race and Report for the picked entry, and Back.
fn draw_board_footer(ui: &mut Ui, footer: Rect, state: &mut BoardsPage) -> Option<Choice> {
    let Some(run) = &state.picked else {
        return ui
            .button_colored(footer, "Back", BUTTON_QUIET)
            .then_some(Choice::Go(Event::Back));
    };
    let cells = split_row(footer, 4, &ui.scale);
    if ui.button_colored(cells[2], "Report", BUTTON_QUIET) {
        state.report = Some(crate::app::screens::settings::account::report::ReportDialog::new(run));
    }
    let mut choice = None;
    if ui.button_colored(cells[0], "Watch", BUTTON_FACE) {
        choice = Some(Choice::WorldRun {
            run: run.clone(),
            race: false,
        });
    }
    if ui.button_colored(cells[1], "Race", BUTTON_CHOSEN) {
        choice = Some(Choice::WorldRun {
            run: run.clone(),
            race: true,
        });
    }
    if ui.button_colored(cells[3], "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// Where a finished run stands in the world, for the results screen.
#[derive(Debug, Clone, PartialEq)]
pub enum WorldNote {
    /// No server, or a run no board takes: nothing to say.
    None,
    /// Queued, and why it has no answer yet.
    Waiting(Pending),
    /// Queued, but nothing is sent before the player has a name: says so.
    NeedsName,
    /// Ranked; the run one place above, once the board has come.
    Ranked {
        ranked: Ranked,
        next_up: Option<Entry>,
    },
    /// Refused: the server's sentence.
    Refused(String),
}

/// Why a queued run has no answer from the server yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// Nothing has been heard from the server yet: "Waiting for the server…".
    NotHeard,
    /// The server answers: the run is on its way, "Sending to the world board…".
    Sending,
    /// The server cannot be reached: "Will be sent when online".
    Offline,
}

impl Pending {
    /// Where the server stands, for a run waiting to be sent.
    pub fn of(reach: &Reach) -> Pending {
        match reach {
            Reach::Unknown => Pending::NotHeard,
            // A server whose answers cannot be read still answers: the queue keeps sending.
            Reach::Online | Reach::Unreadable(_) => Pending::Sending,
            Reach::Offline(_) => Pending::Offline,
        }
    }

    /// What the results say of it.
    pub fn words(self) -> &'static str {
        match self {
            Pending::NotHeard => "Waiting for the server…",
            Pending::Sending => "Sending to the world board…",
            Pending::Offline => "Will be sent when online",
        }
    }
}

impl WorldNote {
    /// A queued run's note: it waits for a name before anything else (the client sends
    /// nothing for a player without one), then for the server (`reach`), saying which.
    pub fn waiting(named: bool, reach: &Reach) -> WorldNote {
        if named {
            WorldNote::Waiting(Pending::of(reach))
        } else {
            WorldNote::NeedsName
        }
    }

    /// Rows it takes on the results card.
    pub fn rows(&self) -> usize {
        match self {
            WorldNote::None => 0,
            WorldNote::Refused(_) => 2,
            _ => 1,
        }
    }
}

/// The world rows of the results card in `cells` ([`WorldNote::rows`] of them).
pub fn draw_world_rows(ui: &mut Ui, cells: &[Rect], note: &WorldNote) -> Option<Choice> {
    let first = cells.first().copied()?;
    match note {
        WorldNote::None => None,
        WorldNote::Waiting(pending) => {
            ui.centered(first, pending.words(), BODY_TEXT, FAINT_INK);
            None
        }
        WorldNote::NeedsName => {
            ui.centered(first, NEEDS_NAME, BODY_TEXT, FAINT_INK);
            None
        }
        WorldNote::Ranked { ranked, next_up } => {
            let colour = if ranked.best { BUTTON_CHOSEN } else { INK };
            let line = rank_line(ranked);
            let Some(entry) = next_up else {
                ui.centered(first, &line, BODY_TEXT, colour);
                return None;
            };
            // The rank at the left, the button at the right: its full words where they fit.
            let pad = 2.0 * ui.scale.px(CARD_PADDING);
            let long = "Race the next one up";
            let short = format!("Race #{}", entry.rank);
            let need = |label: &str| ui.text_width(label, BODY_TEXT) + pad;
            let rank_need = ui.text_width(&line, BODY_TEXT);
            let room = first.w - rank_need - ui.scale.px(GAP);
            let label = if need(long) <= room {
                long
            } else {
                short.as_str()
            };
            let parts =
                crate::app::ui::layout::split_by_need(first, &[rank_need, need(label)], &ui.scale);
            ui.left(parts[0], &line, BODY_TEXT, colour);
            ui.button_colored(parts[1], label, BUTTON_FACE)
                .then(|| Choice::WorldRun {
                    run: entry.run.clone(),
                    race: true,
                })
        }
        WorldNote::Refused(sentence) => {
            let both = Rect::new(
                first.x,
                first.y,
                first.w,
                cells.last().map_or(first.h, |last| last.bottom() - first.y),
            );
            ui.paragraph(both, &format!("Not ranked: {sentence}"), SMALL_TEXT, INK);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boards_step_through_today_yesterday_each_track_and_endless() {
        let today = Date::parse("2026-12-04").unwrap();
        let all = boards(today);
        assert_eq!(all[0], Board::Daily(today));
        assert_eq!(all[1].name(), "daily-2026-12-03");
        assert_eq!(all.len(), 2 + LEVELS.len() * usize::from(TRACKS) + 1);
        assert_eq!(all.last(), Some(&Board::Endless));
    }

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

    #[test]
    fn a_board_kept_from_before_is_never_shown_as_live_while_the_server_is_unreachable() {
        let page = BoardPage {
            board: "endless".to_owned(),
            of: 0,
            entries: Vec::new(),
            around: Vec::new(),
        };
        let away = Reach::Offline("connection refused".to_owned());
        assert!(matches!(
            BoardView::of(Some(&page), &away),
            BoardView::Stale(_)
        ));
        assert!(matches!(
            BoardView::of(Some(&page), &Reach::Online),
            BoardView::Page(_)
        ));
        assert!(matches!(BoardView::of(None, &away), BoardView::Unreachable));
        assert!(matches!(
            BoardView::of(None, &Reach::Unknown),
            BoardView::Loading
        ));
        let garbled = Reach::Unreadable("expected value at line 1 column 1".to_owned());
        assert!(matches!(
            BoardView::of(None, &garbled),
            BoardView::Unreadable
        ));
        assert!(!UNREADABLE_NOTE.contains("cannot be reached"));
    }

    #[test]
    fn a_first_result_says_it_waits_for_a_name_not_that_it_is_sending() {
        let away = Reach::Offline("connection refused".to_owned());
        for reach in [Reach::Unknown, Reach::Online, away] {
            assert_eq!(WorldNote::waiting(false, &reach), WorldNote::NeedsName);
        }
        assert_eq!(
            WorldNote::waiting(true, &Reach::Online),
            WorldNote::Waiting(Pending::Sending)
        );
        assert_eq!(WorldNote::NeedsName.rows(), 1);
    }

    #[test]
    fn a_named_run_waiting_says_what_it_waits_for() {
        let away = Reach::Offline("connection refused".to_owned());
        let said = |reach: &Reach| Pending::of(reach).words();
        assert_eq!(said(&Reach::Unknown), "Waiting for the server…");
        assert_eq!(said(&away), "Will be sent when online");
        assert_eq!(said(&Reach::Online), "Sending to the world board…");
    }

    #[test]
    fn the_countdown_reads_in_hours_and_minutes() {
        assert_eq!(
            countdown(5.0 * S_PER_HOUR + 12.0 * S_PER_MINUTE + 30.0),
            "5 h 12 min"
        );
        assert_eq!(countdown(59.0 * S_PER_MINUTE), "59 min");
    }
}
