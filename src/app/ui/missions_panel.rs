//! The missions card on the title, at pause and on results: the three missions held, each with
//! its progress bar and reward, and the multiplier with the set's progress towards its next step.

use super::layout::{CARD_PADDING, SMALL_TEXT};
use super::{Ui, ACCENT, BUTTON_FACE, FAINT_INK, INK, ROW_STRIPE};
use crate::missions::{MissionBook, RunTally, MAX_SETS, SET_SIZE, SLOTS};
use macroquad::color::Color;
use macroquad::math::Rect;

/// The header line's height, layout units.
const HEADER: f32 = 26.0;
/// A mission's text line, its bar's line and the bar in it, layout units.
const TEXT_LINE: f32 = 21.0;
const BAR: f32 = 15.0;
const BAR_THICKNESS: f32 = 8.0;
/// The gap under each mission, layout units.
const ROW_GAP: f32 = 7.0;
/// The share of the card's width the reward column takes.
const REWARD_SHARE: f32 = 0.2;
/// A completed mission's bar and tick: bib yellow on pine.
const DONE: Color = ACCENT;

/// One mission as the card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionLine {
    pub text: String,
    pub progress: u32,
    pub target: u32,
    pub reward: u32,
    /// Completed (by the run shown): paid when the run is kept.
    pub done: bool,
}

/// The card's content: the missions and the multiplier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionsShown {
    pub lines: Vec<MissionLine>,
    /// "×1.2"
    pub multiplier: String,
    /// Missions of this set done, towards the multiplier's next step.
    pub done_in_set: u32,
    /// Whether the multiplier is at its top.
    pub top: bool,
}

impl MissionsShown {
    /// The missions of `book`, with what `tally` (the run being shown) adds to them.
    pub fn of(book: &MissionBook, tally: Option<&RunTally>) -> Self {
        let empty = RunTally::default();
        let tally = tally.unwrap_or(&empty);
        let lines: Vec<MissionLine> = (0..SLOTS)
            .map(|slot| {
                let mission = book.slots[slot].mission();
                let progress = book.progress_with(slot, tally);
                MissionLine {
                    text: mission.text(),
                    progress,
                    target: mission.target,
                    reward: mission.reward,
                    done: progress >= mission.target,
                }
            })
            .collect();
        let done_now = lines.iter().filter(|line| line.done).count() as u32;
        let after = MissionBook {
            completed: book.completed + done_now,
            ..book.clone()
        };
        Self {
            lines,
            multiplier: after.multiplier_text(),
            done_in_set: after.done_in_set(),
            top: after.sets() == MAX_SETS,
        }
    }
}

/// The card's height at this scale, pixels.
pub fn missions_height(ui: &Ui) -> f32 {
    let row = TEXT_LINE + BAR + ROW_GAP;
    ui.scale
        .px(HEADER + SLOTS as f32 * row + 2.0 * CARD_PADDING)
}

/// Draw the missions card in `rect` (its height from [`missions_height`]).
pub fn draw_missions(ui: &Ui, rect: Rect, shown: &MissionsShown) {
    ui.card(rect);
    let pad = ui.scale.px(CARD_PADDING);
    let inner = Rect::new(
        rect.x + pad,
        rect.y + pad,
        rect.w - 2.0 * pad,
        rect.h - 2.0 * pad,
    );
    let header = Rect::new(inner.x, inner.y, inner.w, ui.scale.px(HEADER));
    let half = Rect::new(header.x, header.y, header.w / 2.0, header.h);
    ui.left(half, "Missions", SMALL_TEXT + 4.0, INK);
    let set = match shown.top {
        true => format!("Coins {} (top)", shown.multiplier),
        false => format!(
            "Set {}/{SET_SIZE} · coins {}",
            shown.done_in_set, shown.multiplier
        ),
    };
    let right = Rect::new(header.center().x, header.y, header.w / 2.0, header.h);
    ui.right(right, &set, SMALL_TEXT, FAINT_INK);
    let row_h = ui.scale.px(TEXT_LINE + BAR + ROW_GAP);
    for (i, line) in shown.lines.iter().enumerate() {
        let top = header.bottom() + row_h * i as f32;
        draw_line(ui, Rect::new(inner.x, top, inner.w, row_h), line);
    }
}

/// One mission: its words and reward, and its bar with the count on it.
fn draw_line(ui: &Ui, rect: Rect, line: &MissionLine) {
    let text_h = ui.scale.px(TEXT_LINE);
    let reward_w = rect.w * REWARD_SHARE;
    let words = Rect::new(rect.x, rect.y, rect.w - reward_w, text_h);
    let done = if line.done { "Done: " } else { "" };
    ui.left_clipped(words, &format!("{done}{}", line.text), SMALL_TEXT, INK);
    let reward = Rect::new(words.right(), rect.y, reward_w, text_h);
    ui.right(
        reward,
        &format!("+{}", line.reward),
        SMALL_TEXT,
        BUTTON_FACE,
    );
    let thickness = ui.scale.px(BAR_THICKNESS);
    let bar_line = Rect::new(rect.x, rect.y + text_h, rect.w, ui.scale.px(BAR));
    let bar = Rect::new(
        bar_line.x,
        bar_line.center().y - thickness / 2.0,
        bar_line.w - reward_w,
        thickness,
    );
    ui.strip(bar, ROW_STRIPE);
    let share = match line.target {
        0 => 1.0,
        target => (line.progress as f32 / target as f32).min(1.0),
    };
    if share > 0.0 {
        let fill = Rect::new(bar.x, bar.y, (bar.w * share).max(bar.h), bar.h);
        ui.strip(fill, if line.done { DONE } else { BUTTON_FACE });
    }
    let count = format!(
        "{}/{}",
        shown_count(line.progress),
        shown_count(line.target)
    );
    let count_rect = Rect::new(bar.right(), bar_line.y, reward_w, bar_line.h);
    ui.right(count_rect, &count, SMALL_TEXT - 2.0, FAINT_INK);
}

/// A count as it fits a bar: "12", "1.2k".
fn shown_count(n: u32) -> String {
    match n {
        0..=9_999 => n.to_string(),
        _ => format!("{}.{}k", n / 1000, (n % 1000) / 100),
    }
}
