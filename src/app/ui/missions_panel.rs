//! The missions card on the title, at pause and on results: the three missions held, each with
//! its progress bar and reward, and the multiplier with the set's progress towards its next step.

use super::layout::{CARD_PADDING, GAP, SMALL_TEXT};
use super::{font, Ui, ACCENT, BUTTON_FACE, FAINT_INK, INK, ROW_STRIPE};
use crate::missions::{MissionBook, RunTally, MAX_SETS, SET_SIZE, SLOTS};
use macroquad::color::Color;
use macroquad::math::Rect;

/// How roomy the card is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Roomy {
    /// A line of words, then the bar and its count.
    Full,
    /// A line of words with the count, the bar thin under it (where room is short).
    Compact,
}

/// The sizes of the card, layout units: the header, a mission's text line, its bar's line,
/// the bar's thickness and the gap under each mission.
struct Sizes {
    header: f32,
    text_line: f32,
    bar_line: f32,
    bar: f32,
    gap: f32,
}

impl Roomy {
    fn sizes(self) -> Sizes {
        match self {
            Roomy::Full => Sizes {
                header: 26.0,
                text_line: 21.0,
                bar_line: 15.0,
                bar: 8.0,
                gap: 7.0,
            },
            Roomy::Compact => Sizes {
                header: 22.0,
                text_line: 19.0,
                bar_line: 6.0,
                bar: 4.0,
                gap: 4.0,
            },
        }
    }
}
/// The share of the card's width the reward column takes.
const REWARD_SHARE: f32 = 0.2;
/// …and compact, where the count goes with the reward.
const COMPACT_REWARD_SHARE: f32 = 0.38;
/// The share of the header the heading takes (the set and multiplier the rest).
const HEADING_SHARE: f32 = 0.4;
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
    /// Coins the run shown pays in missions and multiplier bonus (0: none, or no run).
    pub paid: u32,
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
        let change = book.after(tally);
        Self {
            lines,
            multiplier: change.book.multiplier_text(),
            done_in_set: change.book.done_in_set(),
            top: change.book.sets() == MAX_SETS,
            paid: change.coins(),
        }
    }
}

/// The card's height at this scale, pixels.
pub fn missions_height(ui: &Ui, roomy: Roomy) -> f32 {
    let size = roomy.sizes();
    let row = size.text_line + size.bar_line + size.gap;
    ui.scale
        .px(size.header + SLOTS as f32 * row + 2.0 * CARD_PADDING)
}

/// Draw the missions card in `rect` (its height from [`missions_height`]).
pub fn draw_missions(ui: &Ui, rect: Rect, shown: &MissionsShown, roomy: Roomy) {
    let size = roomy.sizes();
    ui.card(rect);
    let pad = ui.scale.px(CARD_PADDING);
    let inner = Rect::new(
        rect.x + pad,
        rect.y + pad,
        rect.w - 2.0 * pad,
        rect.h - 2.0 * pad,
    );
    let header = Rect::new(inner.x, inner.y, inner.w, ui.scale.px(size.header));
    let half = Rect::new(header.x, header.y, header.w * HEADING_SHARE, header.h);
    let heading = match shown.paid {
        0 => "Missions".to_owned(),
        paid => format!("Missions +{paid}"),
    };
    ui.left(half, &heading, SMALL_TEXT + 4.0, INK);
    let set = match shown.top {
        true => format!("Top · coins {}", shown.multiplier),
        false => format!(
            "Set {}/{SET_SIZE} · {}",
            shown.done_in_set, shown.multiplier
        ),
    };
    let right = Rect::new(half.right(), header.y, header.w - half.w, header.h);
    ui.right(right, &set, SMALL_TEXT, FAINT_INK);
    let row_h = ui.scale.px(size.text_line + size.bar_line + size.gap);
    for (i, line) in shown.lines.iter().enumerate() {
        let top = header.bottom() + row_h * i as f32;
        draw_line(ui, Rect::new(inner.x, top, inner.w, row_h), line, roomy);
    }
}

/// One mission: its words and reward, and its bar with the count beside it (compact: the
/// count with the reward, the bar thin under the words).
fn draw_line(ui: &Ui, rect: Rect, line: &MissionLine, roomy: Roomy) {
    let size = roomy.sizes();
    let text_h = ui.scale.px(size.text_line);
    let count = format!(
        "{}/{}",
        shown_count(line.progress),
        shown_count(line.target)
    );
    let reward_share = match roomy {
        Roomy::Full => REWARD_SHARE,
        Roomy::Compact => COMPACT_REWARD_SHARE,
    };
    let reward_w = rect.w * reward_share;
    let paying = match roomy {
        Roomy::Full => format!("+{}", line.reward),
        // A done line's full bar and its "Done:" tell the count: the words get its room.
        Roomy::Compact if line.done => format!("+{}", line.reward),
        Roomy::Compact => format!("{count}  +{}", line.reward),
    };
    // The words take all the reward leaves: its fixed share cut "Jump 5 orange hurdles" on
    // results at 360 wide.
    let paying_w =
        (font::measure(&paying, ui.scale.px(SMALL_TEXT)).width + ui.scale.px(GAP)).min(reward_w);
    let words = Rect::new(rect.x, rect.y, rect.w - paying_w, text_h);
    let done = if line.done { "Done: " } else { "" };
    ui.left_clipped(words, &format!("{done}{}", line.text), SMALL_TEXT, INK);
    let reward = Rect::new(words.right(), rect.y, paying_w, text_h);
    ui.right(reward, &paying, SMALL_TEXT, BUTTON_FACE);
    let thickness = ui.scale.px(size.bar);
    let bar_line = Rect::new(rect.x, rect.y + text_h, rect.w, ui.scale.px(size.bar_line));
    let bar = Rect::new(
        bar_line.x,
        bar_line.center().y - thickness / 2.0,
        match roomy {
            Roomy::Full => bar_line.w - reward_w,
            Roomy::Compact => bar_line.w,
        },
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
    if roomy == Roomy::Compact {
        return;
    }
    let count_rect = Rect::new(bar.right(), bar_line.y, reward_w, bar_line.h);
    ui.right(count_rect, &count, SMALL_TEXT, FAINT_INK);
}

/// A count as it fits a bar: "12", "1.2k".
fn shown_count(n: u32) -> String {
    match n {
        0..=9_999 => n.to_string(),
        _ => format!("{}.{}k", n / 1000, (n % 1000) / 100),
    }
}
