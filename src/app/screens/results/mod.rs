//! The results screen after a run: its score and medal, a new record or the best to beat, where
//! time went (obstacles, penalty loops), the name asked once, and Retry, Next level and Done.
//! The figures (`figures`), the medal (`medal`) and where the card and missions go (`room`) are
//! its parts.

mod figures;
mod medal;
mod room;
#[cfg(test)]
mod tests;

pub use medal::draw_medal;

use super::boards::{draw_world_rows, WorldNote};
use super::nav::Event;
use super::{Choice, NameEntry};
use crate::app::ui::layout::{grid, split_by_need, split_row, BODY_TEXT, CARD_PADDING, SMALL_TEXT};
use crate::app::ui::missions_panel::{draw_missions, MissionsShown};
use crate::app::ui::words;
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE};
use crate::course::daily::Date;
use crate::course::levels;
use crate::replay::{CourseChoice, Replay};
use crate::sim::Summary;
use crate::storage::NewResult;
use macroquad::math::Rect;
use medal::draw_medal_line;
use room::CardPlan;

/// Rows under the figures when the name is asked: the name field and a hint.
const NAME_ROWS: usize = 2;
/// Space before a row's text, as a share of the row's height.
const TEXT_INSET: f32 = 0.2;
/// The score, the run's main figure, layout units.
const FIGURE_TEXT: f32 = 30.0;

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

#[cfg(test)]
impl FinishedRun {
    /// A test's run: `replay` on `choice` as it ended, a first result (nothing kept before, no
    /// name asked), no ghost raced, no purse.
    pub(crate) fn of_replay(choice: CourseChoice, replay: Replay) -> FinishedRun {
        FinishedRun {
            choice,
            summary: replay.summary.clone().expect("a recorded summary"),
            replay,
            best_before: None,
            ask_name: false,
            daily: None,
            ghost_gap_s: None,
            raced: None,
            purse_before: 0,
        }
    }
}

/// An Endless distance in whole metres as every list and figure shows it (`{:.0} m`: rounded),
/// so "Best" never reads a metre short of the same run in the list.
pub fn shown_metres(distance: f64) -> u32 {
    distance.round() as u32
}

/// The results screen after a run, with where it stands in the world (`world`); tapping the
/// name field (when asked) starts typing.
pub fn draw_results(
    ui: &mut Ui,
    run: &FinishedRun,
    name: &mut NameEntry,
    world: &WorldNote,
    missions: Option<&MissionsShown>,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, results_title(run), INK);
    let plan = CardPlan::of(ui, (page.body, page.footer), run, world.rows(), missions);
    if let (Some((card, roomy)), Some(missions)) = (plan.missions_card, missions) {
        draw_missions(ui, card, missions, roomy);
    }
    // The medal line, the figures, then (the first time) the name, then the world where it
    // fits; a landscape screen without the room has it beside the footer.
    let world_rows = if plan.world_beside.is_none() {
        world.rows()
    } else {
        0
    };
    // The card reaches its padding below the rows: rows filling the area to the page's body
    // put its edge on the footer's buttons (a landscape window's results).
    let pad = ui.scale.px(CARD_PADDING);
    let rows_area = Rect::new(plan.area.x, plan.area.y, plan.area.w, plan.area.h - pad);
    let cells = grid(rows_area, plan.base + world_rows, 1, &ui.scale);
    ui.card_around(&cells);
    draw_medal_line(ui, cells[0], run);
    draw_figure_rows(ui, &cells[1..], &plan.lines);
    if run.ask_name {
        draw_name_rows(ui, &cells[1 + plan.lines.len()..], name, plan.name_rows);
    }
    let world_cells = match plan.world_beside {
        Some(band) => vec![band],
        None => cells[plan.base..].to_vec(),
    };
    let raced = draw_world_rows(ui, &world_cells, world);
    draw_footer(ui, page.footer, run).or(raced)
}

/// The figures, label at the left and value at the right, every other row striped; the first
/// (the score) large.
fn draw_figure_rows(ui: &mut Ui, cells: &[Rect], lines: &[(&'static str, String)]) {
    for (index, (cell, (label, value))) in cells.iter().zip(lines).enumerate() {
        if index.is_multiple_of(2) {
            ui.strip(*cell, ROW_STRIPE);
        }
        let size = if index == 0 { FIGURE_TEXT } else { BODY_TEXT };
        let [left, right] = by_need(ui, inset(*cell), (label, BODY_TEXT), (value, size));
        ui.left(left, label, BODY_TEXT, FAINT_INK);
        ui.right(right, value, size, INK);
    }
}

/// The name's row (its label and field) and, when it has its [`NAME_ROWS`], the hint under it.
fn draw_name_rows(ui: &mut Ui, cells: &[Rect], name: &mut NameEntry, rows: usize) {
    let parts = split_row(cells[0], 2, &ui.scale);
    let (label, field) = (parts[0], parts[1]);
    ui.left(inset(label), "Your name", BODY_TEXT, FAINT_INK);
    name.draw_field(ui, field);
    let hint = if name.editing {
        words::TYPE_NAME.now()
    } else {
        words::TAP_NAME.now()
    };
    if rows == NAME_ROWS {
        ui.centered(cells[1], hint, SMALL_TEXT, INK);
    }
}

/// The results' title: how the run ended.
fn results_title(run: &FinishedRun) -> &'static str {
    match run.summary.ended_by {
        Some(crate::sim::EndedBy::Lives) => "Out of lives",
        _ if matches!(run.choice, CourseChoice::Endless { .. }) => "Run over",
        _ => "Finish!",
    }
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
