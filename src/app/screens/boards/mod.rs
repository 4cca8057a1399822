//! The world: the Boards screen (the Daily today with its countdown and yesterday, each track,
//! Endless; the top 10 and the entries around the player; tap one to Watch or Race it), the
//! results screen's world rows (`world_note`), and what a player sees offline.

mod entries;
mod world_note;

pub use world_note::{draw_world_rows, Pending, WorldNote};

use super::nav::Event;
use super::Choice;
use crate::app::ui::layout::{split_row, BODY_TEXT, CARD_PADDING, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};
use crate::course::daily::Date;
use crate::course::levels::{LEVELS, TRACKS};
use crate::online::{Board, BoardPage, Reach};
use crate::storage::Settings;
use entries::draw_entries;
use macroquad::math::Rect;

/// Over a board kept from before while the server does not answer.
const STALE_LINE: &str = "Offline · as last seen";

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

/// The Boards screen: its layout, the picker, the line under it and the board's view, the footer.
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
    let layout = BoardsLayout::of(ui, page.body);
    let title = board_title(&board, facts.today);
    let choice = draw_picker(ui, layout.picker, page_state, &title, all.len());
    draw_view(ui, &layout, &board, facts, page_state);
    draw_board_footer(ui, page.footer, page_state).or(choice)
}

/// Where the Boards screen's parts go in its body: the picker, the line under it, the list.
struct BoardsLayout {
    picker: Rect,
    line: Rect,
    list: Rect,
}

impl BoardsLayout {
    fn of(ui: &Ui, body: Rect) -> BoardsLayout {
        let gap = ui.scale.px(GAP);
        let pad = ui.scale.px(CARD_PADDING);
        let picker = Rect::new(body.x, body.y + pad, body.w, ui.scale.min_touch_px);
        let line = Rect::new(
            picker.x,
            picker.bottom() + gap,
            picker.w,
            ui.scale.px(BODY_TEXT),
        );
        let list = Rect::new(
            body.x,
            line.bottom() + gap,
            body.w,
            body.bottom() - line.bottom() - gap,
        );
        BoardsLayout { picker, line, list }
    }
}

/// "Next Daily in 5 h 12 min" under today's Daily when the server said, else nothing.
fn next_daily_line(board: &Board, facts: &BoardFacts<'_>) -> String {
    match (board, facts.next_daily_s) {
        (Board::Daily(day), Some(left)) if *day == facts.today => {
            format!("Next Daily in {}", countdown(left))
        }
        _ => String::new(),
    }
}

/// The board's view on the line and in the list: a note, loading, or the entries.
fn draw_view(
    ui: &mut Ui,
    layout: &BoardsLayout,
    board: &Board,
    facts: &BoardFacts<'_>,
    page_state: &mut BoardsPage,
) {
    let BoardsLayout { line, list, .. } = *layout;
    match &facts.view {
        BoardView::NoServer => draw_note(ui, (line, list), "Offline", NO_SERVER_NOTE),
        BoardView::Loading => ui.centered(line, "Loading the board…", SMALL_TEXT, FAINT_INK),
        BoardView::Unreachable => draw_note(ui, (line, list), "Offline", UNREACHABLE_NOTE),
        BoardView::Unreadable => draw_note(ui, (line, list), "Unreadable", UNREADABLE_NOTE),
        BoardView::Page(board_page) => {
            let under = next_daily_line(board, facts);
            let of = format!("{} players", board_page.of);
            let said = if under.is_empty() {
                of
            } else {
                format!("{under} · {of}")
            };
            ui.centered(line, &said, SMALL_TEXT, FAINT_INK);
            draw_entries(ui, list, board_page, board, facts.me, page_state);
        }
        BoardView::Stale(board_page) => {
            ui.centered(line, STALE_LINE, SMALL_TEXT, FAINT_INK);
            draw_entries(ui, list, board_page, board, facts.me, page_state);
        }
    }
}

/// What the Boards screen says with no server set.
const NO_SERVER_NOTE: &str = "No server is set, so the world boards are not shown. Start the game \
     with --server URL, or turn Online on in Settings.";

/// What the Boards screen says while the server cannot be reached.
const UNREACHABLE_NOTE: &str = "The server cannot be reached. Your runs wait on this device and \
     are sent when it answers.";

/// What the Boards screen says when the server answered with a page it cannot read.
pub const UNREADABLE_NOTE: &str = "The server answered, but its answer could not be read: it is \
     not a page this game reads. Your runs wait on this device.";

/// `head` ("Offline") on the board's `line`, and why on a card at the top of the `list`'s
/// place, as tall as its words (the list's whole height, empty under a line or two of small
/// print, looked like a board that failed to draw).
fn draw_note(ui: &mut Ui, (line, list): (Rect, Rect), head: &str, why: &str) {
    ui.centered(line, head, BODY_TEXT, INK);
    let pad = ui.scale.px(CARD_PADDING);
    let words_h = ui.paragraph_height(list.w - 2.0 * pad, why, BODY_TEXT);
    let card = Rect::new(list.x, list.y, list.w, (words_h + 2.0 * pad).min(list.h));
    ui.card(card);
    ui.paragraph(inset(card, pad), why, BODY_TEXT, INK);
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
    fn the_countdown_reads_in_hours_and_minutes() {
        assert_eq!(
            countdown(5.0 * S_PER_HOUR + 12.0 * S_PER_MINUTE + 30.0),
            "5 h 12 min"
        );
        assert_eq!(countdown(59.0 * S_PER_MINUTE), "59 min");
    }
}
