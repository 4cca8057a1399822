//! The results screen after a run: its score and medal, a new record or the best to beat, where
//! time went (obstacles, penalty loops), the name asked once, and Retry, Next level and Done.

use super::nav::Event;
use super::{Choice, NameEntry};
use crate::app::run::hud::{clock, gap_text};
use crate::app::ui::layout::{
    grid, split_by_need, split_row, BODY_TEXT, CARD_PADDING, COLUMN_GAP, GAP, MARGIN,
    MAX_CARD_WIDTH, MAX_CELL_WIDTH, SMALL_TEXT,
};
use crate::app::ui::missions_panel::{draw_missions, missions_height, MissionsShown, Roomy};
use crate::app::ui::words;
use crate::app::ui::{
    Ui, ACCENT, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE,
};
use crate::course::daily::Date;
use crate::course::levels;
use crate::replay::{CourseChoice, Replay};
use crate::sim::{Medal, Summary};
use crate::storage::NewResult;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::{draw_circle, draw_circle_lines};

/// Rows under the figures when the name is asked: the name field and a hint.
const NAME_ROWS: usize = 2;
/// The narrowest the missions card goes beside the results, layout units.
const MISSIONS_MIN_WIDTH: f32 = 280.0;
/// Space before a row's text, as a share of the row's height.
const TEXT_INSET: f32 = 0.2;
/// The score, the run's main figure, layout units.
const FIGURE_TEXT: f32 = 30.0;
/// The medal's disc as a share of its row's height.
const MEDAL_SHARE: f32 = 0.36;
/// The medal's dark rim, as a share of its radius.
const MEDAL_RIM: f32 = 0.15;
/// Medal colours.
const GOLD: Color = Color::new(0.96, 0.76, 0.16, 1.0);
const SILVER: Color = Color::new(0.74, 0.78, 0.84, 1.0);
const BRONZE: Color = Color::new(0.80, 0.50, 0.26, 1.0);

/// A run that just ended, waiting to be listed.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedRun {
    /// The course it was run on.
    pub choice: CourseChoice,
    /// How it ended.
    pub summary: Summary,
    /// Its replay, saved with the result.
    pub replay: Replay,
    /// The best kept on this course before this run, in the figure its list ranks by (see
    /// [`FinishedRun::ranked_by`]; `None`: the first result).
    pub best_before: Option<u32>,
    /// Whether to ask the name (the first result; later it is remembered, changed in settings).
    pub ask_name: bool,
    /// The day, when it was that day's daily course.
    pub daily: Option<Date>,
    /// The gap to the ghost at the finish, seconds (positive: behind it).
    pub ghost_gap_s: Option<f64>,
    /// Whose world run the ghost was, when one was raced (none: the ghost of your own best).
    pub raced: Option<String>,
    /// The banked purse before this run's coins go in (shown beside them, labelled).
    pub purse_before: u32,
}

impl FinishedRun {
    /// The entry to list under `name`: a level run on its table track, a daily run under its
    /// day, or Endless; `None` for a level run on another seed (it belongs in no list).
    pub fn result(&self, name: &str) -> Option<NewResult> {
        NewResult::of(&self.summary, self.choice, self.daily, name)
    }

    /// The figure this run's list ranks by: a level's score, Endless's metres skied as the list
    /// shows them ([`shown_metres`]).
    pub fn ranked_by(&self) -> u32 {
        match self.choice {
            CourseChoice::Level { .. } => self.summary.score,
            CourseChoice::Endless { .. } => shown_metres(self.summary.distance),
        }
    }

    /// "Best …" as the list ranks: a score, or Endless's distance.
    fn best_text(&self, best: u32) -> String {
        match self.choice {
            CourseChoice::Level { .. } => format!("Best {best}"),
            CourseChoice::Endless { .. } => format!("Best {best} m"),
        }
    }

    /// Whether the run beats every kept one on this course in the figure its list ranks by (a
    /// first scored result does).
    pub fn is_record(&self) -> bool {
        let figure = self.ranked_by();
        figure > 0 && self.best_before.is_none_or(|best| figure > best)
    }

    /// The run after this one if Next level is pressed: the next level's same track.
    fn next_level(&self) -> Option<Choice> {
        if self.daily.is_some() {
            return None;
        }
        match self.choice {
            CourseChoice::Level { level, track, .. } => {
                levels::level(level + 1).map(|spec| Choice::Race {
                    level: spec.level,
                    track,
                })
            }
            CourseChoice::Endless { .. } => None,
        }
    }

    /// The same course again.
    fn retry(&self) -> Choice {
        if self.daily.is_some() {
            return Choice::Daily;
        }
        match self.choice {
            CourseChoice::Level { level, track, .. } => Choice::Race { level, track },
            CourseChoice::Endless { .. } => Choice::Endless,
        }
    }
}

/// An Endless distance in whole metres as every list and figure shows it (`{:.0} m`: rounded),
/// so "Best" never reads a metre short of the same run in the list.
pub fn shown_metres(distance: f64) -> u32 {
    distance.round() as u32
}

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

/// The figures a player reads, label and value.
/// The shooting's two figures' labels.
const SHOTS_MISSED: &str = "Shots missed";
const PENALTY_LOOPS: &str = "Penalty loops";

fn figures(run: &FinishedRun) -> Vec<(&'static str, String)> {
    let s = &run.summary;
    let main = match run.choice {
        CourseChoice::Endless { .. } => ("Distance", format!("{:.0} m", s.distance)),
        CourseChoice::Level { .. } => ("Time", clock(s.time_s)),
    };
    let lives = s.lives_left.map(|left| ("Lives left", left.to_string()));
    let mut figures = vec![("Score", s.score.to_string())];
    // The day's course says so, and which day: it is listed under that day.
    figures.extend(run.daily.map(|day| ("Daily", day.to_string())));
    figures.push(main);
    figures.extend(lives);
    if let Some(gap) = run.ghost_gap_s {
        // The gap is to the run raced: a world run is named, never taken for your own best
        // (which the title's record line keeps saying).
        figures.push(match &run.raced {
            Some(name) => ("Against", format!("{name} {}", gap_text(gap))),
            None => ("Against your best", gap_text(gap)),
        });
    }
    figures.extend([
        ("Coins earned", coins_text(run)),
        (
            "Obstacles hit",
            with_time_lost(s.hits, s.obstacle_time_lost_s),
        ),
    ]);
    // Before any range (an Endless run ended early) there were no shots to count.
    if s.shots > 0 {
        figures.extend([
            (SHOTS_MISSED, format!("{} of {}", s.misses, s.shots)),
            (
                PENALTY_LOOPS,
                with_time_lost(penalty_loops(run), s.penalty_time_s),
            ),
        ]);
    }
    figures
}

/// What the run itself earned, and beside it the purse it leaves, labelled ("39 · purse 380"):
/// the purse is not the run's doing (a run brings none of it).
fn coins_text(run: &FinishedRun) -> String {
    let won = run.summary.coins_won();
    match run.purse_before {
        0 => won.to_string(),
        before => format!("{won} · purse {}", before.saturating_add(won)),
    }
}

/// The penalty loops the run skied.
fn penalty_loops(run: &FinishedRun) -> u32 {
    (run.summary.penalty_m / crate::shooting::reward::PENALTY_LOOP_M).round() as u32
}

/// The figures with "Shots missed" and "Penalty loops" in one row ("Shooting": "1/5 missed ·
/// 1 loop"), for a card short of room.
fn fold_shooting(
    run: &FinishedRun,
    figures: Vec<(&'static str, String)>,
) -> Vec<(&'static str, String)> {
    let s = &run.summary;
    let loops = match penalty_loops(run) {
        1 => "1 loop".to_owned(),
        n => format!("{n} loops"),
    };
    let shooting = format!("{}/{} missed · {loops}", s.misses, s.shots);
    figures
        .into_iter()
        .filter(|(label, _)| *label != PENALTY_LOOPS)
        .map(|(label, value)| match label {
            SHOTS_MISSED => ("Shooting", shooting.clone()),
            _ => (label, value),
        })
        .collect()
}

/// A count and the time it cost, when it cost any ("2 · +4.1 s lost", or just "0").
fn with_time_lost(count: u32, lost_s: f64) -> String {
    if count == 0 {
        "0".to_owned()
    } else {
        format!("{count} · +{lost_s:.1} s lost")
    }
}

/// The results screen after a run, with where it stands in the world (`world`); tapping the
/// name field (when asked) starts typing.
pub fn draw_results(
    ui: &mut Ui,
    run: &FinishedRun,
    name: &mut NameEntry,
    world: &super::boards::WorldNote,
    missions: Option<&MissionsShown>,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, results_title(run), INK);
    let mut lines = figures(run);
    let mut name_rows = if run.ask_name { NAME_ROWS } else { 0 };
    // Where the world's rows cannot go beside the footer they go in the card, and the missions
    // make room for them too (the world's answer comes first).
    let beside = beside_footer(ui, page.footer, page.body.right());
    let world_needs = if beside.is_none() { world.rows() } else { 0 };
    let rows = |figures: usize, name_rows| 1 + figures + name_rows + world_needs;
    let mut room = make_room_for_missions(
        ui,
        page.body,
        rows(lines.len(), name_rows),
        missions.is_some(),
    );
    if room.1.is_none() && missions.is_some() && run.ask_name {
        // Where the missions do not fit beside the name's hint, the hint gives way.
        name_rows = 1;
        room = make_room_for_missions(ui, page.body, rows(lines.len(), name_rows), true);
    }
    if room.1.is_none() && missions.is_some() {
        // Then the shooting's two rows become one.
        lines = fold_shooting(run, lines);
        room = make_room_for_missions(ui, page.body, rows(lines.len(), name_rows), true);
    }
    let base = rows(lines.len(), name_rows) - world_needs;
    let (area, missions_card) = room;
    if let (Some((card, roomy)), Some(missions)) = (missions_card, missions) {
        draw_missions(ui, card, missions, roomy);
    }
    // The medal line, the figures, then (the first time) the name, then the world where it
    // fits; a landscape screen without the room has it beside the footer.
    let world_in_card = fits(ui, area, base + world.rows()) || beside.is_none();
    let world_rows = if world_in_card { world.rows() } else { 0 };
    let cells = grid(area, base + world_rows, 1, &ui.scale);
    ui.card_around(&cells);
    draw_medal_line(ui, cells[0], run);
    for (index, (cell, (label, value))) in cells[1..].iter().zip(&lines).enumerate() {
        if index.is_multiple_of(2) {
            ui.strip(*cell, ROW_STRIPE);
        }
        let size = if index == 0 { FIGURE_TEXT } else { BODY_TEXT };
        let [left, right] = by_need(ui, inset(*cell), (label, BODY_TEXT), (value, size));
        ui.left(left, label, BODY_TEXT, FAINT_INK);
        ui.right(right, value, size, INK);
    }
    if run.ask_name {
        let name_cell = cells[1 + lines.len()];
        let parts = split_row(name_cell, 2, &ui.scale);
        let (label, field) = (parts[0], parts[1]);
        ui.left(inset(label), "Your name", BODY_TEXT, FAINT_INK);
        name.draw_field(ui, field);
        let hint = if name.editing {
            words::TYPE_NAME.now()
        } else {
            words::TAP_NAME.now()
        };
        if name_rows == NAME_ROWS {
            ui.centered(cells[2 + lines.len()], hint, SMALL_TEXT, INK);
        }
    }
    let world_cells = match beside.filter(|_| !world_in_card) {
        Some(band) => vec![band],
        None => cells[base..].to_vec(),
    };
    let raced = super::boards::draw_world_rows(ui, &world_cells, world);
    draw_footer(ui, page.footer, run).or(raced)
}

/// The results' title: how the run ended.
fn results_title(run: &FinishedRun) -> &'static str {
    match run.summary.ended_by {
        Some(crate::sim::EndedBy::Lives) => "Out of lives",
        _ if matches!(run.choice, CourseChoice::Endless { .. }) => "Run over",
        _ => "Finish!",
    }
}

/// The results card's area in `body` for `rows`, and below it the missions card (as roomy as
/// the room allows; none where even a compact one would squeeze the results).
fn make_room_for_missions(
    ui: &Ui,
    body: Rect,
    rows: usize,
    missions: bool,
) -> (Rect, Option<(Rect, Roomy)>) {
    let pad = 2.0 * ui.scale.px(CARD_PADDING);
    let gap = ui.scale.px(GAP);
    let area = Rect::new(body.x, body.y + pad, body.w, body.h - pad);
    let roomy = [Roomy::Full, Roomy::Compact].into_iter().find(|&roomy| {
        let room = area.h - missions_height(ui, roomy) - 2.0 * gap - pad;
        let left = Rect::new(area.x, area.y, area.w, room);
        missions && fits(ui, left, rows)
    });
    let Some(roomy) = roomy else {
        return (area, missions.then(|| missions_beside(ui, area)).flatten());
    };
    let height = missions_height(ui, roomy);
    let width = area.w.min(ui.scale.px(MAX_CARD_WIDTH));
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
fn missions_beside(ui: &Ui, area: Rect) -> Option<(Rect, Roomy)> {
    let x = area.center().x + ui.scale.px(MAX_CELL_WIDTH) / 2.0 + ui.scale.px(COLUMN_GAP);
    let right = ui.screen.width - ui.scale.px(MARGIN);
    let width = (right - x).min(ui.scale.px(MAX_CARD_WIDTH));
    let height = missions_height(ui, Roomy::Full);
    (width >= ui.scale.px(MISSIONS_MIN_WIDTH) && height <= area.h)
        .then(|| (Rect::new(x, area.y, width, height), Roomy::Full))
}

/// The medal (or none), and "New record!" or the best score to beat.
fn draw_medal_line(ui: &mut Ui, cell: Rect, run: &FinishedRun) {
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

/// Retry, Next level (when there is one) and Done.
fn draw_footer(ui: &mut Ui, footer: Rect, run: &FinishedRun) -> Option<Choice> {
    let next = run.next_level();
    let count = if next.is_some() { 3 } else { 2 };
    let labels: &[&str] = if next.is_some() {
        &["Retry", "Next level", "Done"]
    } else {
        &["Retry", "Done"]
    };
    // Each button as wide as its label needs (Next level is the longest), so none shrinks.
    let pad = 2.0 * ui.scale.px(CARD_PADDING);
    let needs: Vec<f32> = labels
        .iter()
        .map(|label| ui.text_width(label, BODY_TEXT) + pad)
        .collect();
    let cells = split_by_need(footer, &needs, &ui.scale);
    let mut choice = None;
    if ui.button_colored(cells[0], "Retry", BUTTON_FACE) {
        choice = Some(run.retry());
    }
    if let Some(next) = next {
        if ui.button_colored(cells[1], "Next level", BUTTON_CHOSEN) {
            choice = Some(next);
        }
    }
    if ui.button_colored(cells[count - 1], "Done", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Done));
    }
    choice
}

/// `rect` less a little space each side, so text does not touch a row's stripe.
fn inset(rect: Rect) -> Rect {
    let by = rect.h * TEXT_INSET;
    Rect::new(rect.x + by, rect.y, rect.w - 2.0 * by, rect.h)
}

/// `rect` cut in two for a label and its value, each as wide as its text at its size needs.
fn by_need(ui: &Ui, rect: Rect, left: (&str, f32), right: (&str, f32)) -> [Rect; 2] {
    let needs = [
        ui.text_width(left.0, left.1),
        ui.text_width(right.0, right.1),
    ];
    let parts = split_by_need(rect, &needs, &ui.scale);
    [parts[0], parts[1]]
}

/// The highest level, for the tests' "no next level" case.
#[cfg(test)]
const LAST_LEVEL: u8 = levels::LEVELS[levels::LEVELS.len() - 1].level;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;

    fn finished(level: u8, best_before: Option<u32>) -> FinishedRun {
        let course = Course::level(level, 2, None).expect("a table track");
        let choice = CourseChoice::of(&course);
        let replay = crate::replay::record_bot(choice, course, crate::replay::MAX_TICKS);
        FinishedRun {
            choice,
            summary: replay.summary.clone().expect("a recorded summary"),
            replay,
            best_before,
            ask_name: false,
            daily: None,
            ghost_gap_s: None,
            raced: None,
            purse_before: 0,
        }
    }

    #[test]
    fn retry_runs_the_same_track_and_next_the_next_levels_same_track() {
        let run = finished(1, None);
        assert_eq!(run.retry(), Choice::Race { level: 1, track: 2 });
        assert_eq!(run.next_level(), Some(Choice::Race { level: 2, track: 2 }));
        assert_eq!(finished(LAST_LEVEL, None).next_level(), None);
        let daily = FinishedRun {
            daily: Some(Date::parse("2026-12-01").expect("a date")),
            ..finished(2, None)
        };
        assert_eq!(daily.retry(), Choice::Daily);
        assert_eq!(daily.next_level(), None);
        assert!(matches!(daily.result("Anna"), Some(NewResult::Daily(_))));
    }

    #[test]
    fn a_record_beats_every_kept_score() {
        let run = finished(1, None);
        assert!(run.is_record(), "the first scored result is a record");
        let score = run.summary.score;
        assert!(FinishedRun {
            best_before: Some(score - 1),
            ..run.clone()
        }
        .is_record());
        assert!(!FinishedRun {
            best_before: Some(score),
            ..run
        }
        .is_record());
    }

    #[test]
    fn the_figures_name_things_as_a_player_reads_them() {
        let labels: Vec<&str> = figures(&finished(1, None)).iter().map(|f| f.0).collect();
        assert!(labels.contains(&"Obstacles hit") && labels.contains(&"Shots missed"));
        assert!(!labels.contains(&"Hits") && !labels.contains(&"Misses"));
        assert_eq!(labels[0], "Score");
    }

    #[test]
    fn endless_is_a_record_and_its_best_by_distance_as_its_list_ranks() {
        let course = Course::endless(7);
        let choice = CourseChoice::of(&course);
        let replay = crate::replay::record_bot(choice, course, 3600);
        let summary = replay.summary.clone().expect("a recorded summary");
        let metres = shown_metres(summary.distance);
        let run = FinishedRun {
            choice,
            summary,
            replay,
            best_before: Some(metres + 1),
            ask_name: false,
            daily: None,
            ghost_gap_s: None,
            raced: None,
            purse_before: 0,
        };
        assert_eq!(run.ranked_by(), metres);
        // Its score is far above the best distance, yet it is no record: it skied less far.
        assert!(run.summary.score > metres + 1);
        assert!(!run.is_record());
        assert_eq!(run.best_text(metres + 1), format!("Best {} m", metres + 1));
        assert!(FinishedRun {
            best_before: Some(metres - 1),
            ..run
        }
        .is_record());
    }

    #[test]
    fn endless_best_reads_as_the_list_shows_the_same_run() {
        // The best kept is this very run: 469.6 m, listed as "470 m".
        let course = Course::endless(7);
        let choice = CourseChoice::of(&course);
        let replay = crate::replay::record_bot(choice, course, 600);
        let mut summary = replay.summary.clone().expect("a recorded summary");
        summary.distance = 469.6;
        let run = FinishedRun {
            choice,
            summary,
            replay,
            best_before: Some(shown_metres(469.6)),
            ask_name: false,
            daily: None,
            ghost_gap_s: None,
            raced: None,
            purse_before: 0,
        };
        assert_eq!(
            run.best_text(run.ranked_by()),
            format!("Best {:.0} m", 469.6)
        );
        assert!(!run.is_record(), "the same run is no new record");
    }

    #[test]
    fn the_coins_are_what_the_run_earned_with_the_purse_beside_them_labelled() {
        let mut run = finished(1, None);
        run.summary.coins = 39;
        assert!(figures(&run).contains(&("Coins earned", "39".to_owned())));
        run.purse_before = 341;
        assert!(figures(&run).contains(&("Coins earned", "39 · purse 380".to_owned())));
    }

    #[test]
    fn after_a_world_race_the_gap_is_named_after_the_run_raced() {
        let own = FinishedRun {
            ghost_gap_s: Some(13.3),
            ..finished(1, Some(900))
        };
        assert!(figures(&own).contains(&("Against your best", gap_text(13.3))));
        let raced = FinishedRun {
            raced: Some("Aino".to_owned()),
            purse_before: 0,
            ..own
        };
        let shown = figures(&raced);
        assert!(shown.contains(&("Against", format!("Aino {}", gap_text(13.3)))));
        assert!(!shown.iter().any(|(label, _)| *label == "Against your best"));
    }

    #[test]
    fn a_daily_runs_results_say_daily_and_its_date() {
        let daily = FinishedRun {
            daily: Some(Date::parse("2026-12-01").expect("a date")),
            ..finished(2, None)
        };
        let figures = figures(&daily);
        assert_eq!(figures[0].0, "Score");
        assert_eq!(figures[1], ("Daily", "2026-12-01".to_owned()));
        let level = figures_labels(&finished(2, None));
        assert!(!level.contains(&"Daily"));
    }

    fn figures_labels(run: &FinishedRun) -> Vec<&'static str> {
        figures(run).iter().map(|f| f.0).collect()
    }

    #[test]
    fn the_shootings_two_rows_fold_into_one_for_a_short_card() {
        let mut run = finished(1, None);
        run.summary.shots = 6;
        run.summary.misses = 1;
        run.summary.penalty_m = crate::shooting::reward::PENALTY_LOOP_M;
        let folded = fold_shooting(&run, figures(&run));
        let labels: Vec<&str> = folded.iter().map(|f| f.0).collect();
        assert_eq!(labels.len() + 1, figures(&run).len());
        assert!(!labels.contains(&SHOTS_MISSED) && !labels.contains(&PENALTY_LOOPS));
        let shooting = folded.iter().find(|f| f.0 == "Shooting").expect("a row");
        assert_eq!(shooting.1, "1/6 missed · 1 loop");
    }

    #[test]
    fn time_lost_reads_as_time_lost_and_shots_count_shots() {
        assert_eq!(with_time_lost(2, 1.5), "2 · +1.5 s lost");
        assert_eq!(with_time_lost(0, 0.0), "0");
        let mut run = finished(1, None);
        run.summary.shots = 6;
        run.summary.misses = 1;
        let shots = figures(&run)
            .into_iter()
            .find(|(label, _)| *label == "Shots missed")
            .expect("a level's run counts its shots");
        assert_eq!(shots.1, "1 of 6");
    }

    #[test]
    fn a_run_that_never_reached_a_range_shows_no_shots_or_loops() {
        let mut run = finished(1, None);
        run.summary.shots = 0;
        run.summary.misses = 0;
        let labels: Vec<&str> = figures(&run).iter().map(|f| f.0).collect();
        assert!(!labels.contains(&"Shots missed") && !labels.contains(&"Penalty loops"));
        assert!(labels.contains(&"Obstacles hit"));
    }
}
