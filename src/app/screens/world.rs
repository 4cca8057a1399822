//! The world: the Boards screen (the Daily today with its countdown and yesterday, each track,
//! Endless; the top 10 and the entries around the player; tap one to Watch or Race it), the
//! results screen's world rows ("World #37 of 412", "Will be sent when online", a refusal in the
//! server's sentence, "Race the next one up"), and what a player sees offline.

use super::nav::Event;
use super::Choice;
use crate::app::ui::layout::{split_row, BODY_TEXT, CARD_PADDING, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE};
use crate::course::daily::Date;
use crate::course::levels::{LEVELS, TRACKS};
use crate::online::{rank_line, Board, BoardPage, Entry, Ranked};
use crate::storage::Settings;
use macroquad::math::Rect;

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
        BoardView::NoServer => draw_offline(
            ui,
            (line, list),
            "No server is set, so the world boards are not shown. Start the game with \
             --server URL, or turn Online on in Settings.",
        ),
        BoardView::Loading => ui.centered(line, "Loading the board…", SMALL_TEXT, FAINT_INK),
        BoardView::Unreachable => draw_offline(
            ui,
            (line, list),
            "The server cannot be reached. Your runs wait on this device and are sent when \
             it answers.",
        ),
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
    }
    choice = draw_board_footer(ui, page.footer, page_state).or(choice);
    choice
}

/// "Offline" on the board's `line`, and why on a card in the `list`'s place.
fn draw_offline(ui: &mut Ui, (line, list): (Rect, Rect), why: &str) {
    ui.centered(line, "Offline", BODY_TEXT, INK);
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
        let parts = split_row(*cell, 4, &ui.scale);
        let name = Rect::new(
            parts[0].right() - parts[0].w * 0.5,
            cell.y,
            parts[1].right() - parts[0].x,
            cell.h,
        );
        ui.left(parts[0], &format!("#{}", entry.rank), SMALL_TEXT, ink);
        ui.left_clipped(name, &entry.name, SMALL_TEXT, ink);
        ui.right(parts[3], &figure(entry, board), SMALL_TEXT, ink);
        if ui.taps_in(*cell) {
            state.picked = (!picked).then(|| entry.run.clone());
        }
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

/// Watch and Race for the picked entry, and Back.
fn draw_board_footer(ui: &mut Ui, footer: Rect, state: &BoardsPage) -> Option<Choice> {
    let Some(run) = &state.picked else {
        return ui
            .button_colored(footer, "Back", BUTTON_QUIET)
            .then_some(Choice::Go(Event::Back));
    };
    let cells = split_row(footer, 3, &ui.scale);
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
    if ui.button_colored(cells[2], "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// Where a finished run stands in the world, for the results screen.
#[derive(Debug, Clone, PartialEq)]
pub enum WorldNote {
    /// No server, or a run no board takes: nothing to say.
    None,
    /// Queued: "Will be sent when online" (or being sent).
    Waiting { offline: bool },
    /// Ranked; the run one place above, once the board has come.
    Ranked {
        ranked: Ranked,
        next_up: Option<Entry>,
    },
    /// Refused: the server's sentence.
    Refused(String),
}

impl WorldNote {
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
        WorldNote::Waiting { offline } => {
            let said = if *offline {
                "Will be sent when online"
            } else {
                "Sending to the world board…"
            };
            ui.centered(first, said, BODY_TEXT, FAINT_INK);
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

    #[test]
    fn the_countdown_reads_in_hours_and_minutes() {
        assert_eq!(
            countdown(5.0 * S_PER_HOUR + 12.0 * S_PER_MINUTE + 30.0),
            "5 h 12 min"
        );
        assert_eq!(countdown(59.0 * S_PER_MINUTE), "59 min");
    }
}
