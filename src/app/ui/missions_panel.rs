//! The missions card on the title, at pause and on results: the three missions held, each with
//! its progress bar and reward, and the multiplier with the set's progress towards its next step.

use super::layout::{CARD_PADDING, GAP, SMALL_TEXT};
use super::{font, icons, Ui, ACCENT, BUTTON_FACE, FAINT_INK, INK, ROW_STRIPE};
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
const COMPACT_REWARD_SHARE: f32 = 0.42;
/// The share of the header the heading takes (the set and multiplier the rest).
const HEADING_SHARE: f32 = 0.45;
/// A completed mission's bar: bib yellow on pine.
const DONE: Color = ACCENT;
/// A done mission's tick before its words (in place of the words "Done:", which cut the
/// longest missions on results at 360 wide): its width, a share of the text line's height,
/// its margin inside that room, and its colour (the pine of the rewards: the yellow bar under
/// it is light on the card).
const TICK_SHARE: f32 = 1.1;
const TICK_INSET: f32 = 0.1;
const DONE_TICK: Color = BUTTON_FACE;

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

/// The card's height at this scale with each mission on one line, pixels.
pub fn missions_height(ui: &Ui, roomy: Roomy) -> f32 {
    missions_height_with(ui, roomy, 0)
}

/// The card's height with `more` lines than one a mission (missions' words wrapped), pixels.
pub fn missions_height_with(ui: &Ui, roomy: Roomy, more: usize) -> f32 {
    let size = roomy.sizes();
    let row = size.text_line + size.bar_line + size.gap;
    let lines = SLOTS as f32 * row + size.text_line * more as f32;
    ui.scale.px(size.header + lines + 2.0 * CARD_PADDING)
}

/// The lines more than one a mission the `shown` missions need on a card `width` pixels wide
/// for every mission's words to read whole.
pub fn wrapped_lines(ui: &Ui, roomy: Roomy, shown: &MissionsShown, width: f32) -> usize {
    let inner = width - 2.0 * ui.scale.px(CARD_PADDING);
    shown
        .lines
        .iter()
        .map(|line| word_lines(ui, line, roomy, inner).len() - 1)
        .sum()
}

/// Draw the missions card in `rect`: a mission's words too long for a line go on two or more
/// while the card has the height for them ([`missions_height_with`] and [`wrapped_lines`]),
/// else they are cut short ("…").
pub fn draw_missions(ui: &Ui, rect: Rect, shown: &MissionsShown, roomy: Roomy) {
    let size = roomy.sizes();
    let one_line = missions_height(ui, roomy);
    let line_h = ui.scale.px(size.text_line);
    let mut spare = ((rect.h - one_line + 0.5) / line_h).floor().max(0.0) as usize;
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
    let mut top = header.bottom();
    for line in &shown.lines {
        let wrapped = word_lines(ui, line, roomy, inner.w);
        let words = match wrapped.len() - 1 {
            more if more <= spare => {
                spare -= more;
                wrapped
            }
            _ => vec![line.text.clone()],
        };
        let text_lines = size.text_line * words.len() as f32;
        let row_h = ui.scale.px(text_lines + size.bar_line + size.gap);
        draw_line(
            ui,
            Rect::new(inner.x, top, inner.w, row_h),
            line,
            &words,
            roomy,
        );
        top += row_h;
    }
}

/// The room before a done mission's words, for its tick (a share of the text line's height).
fn tick_width(ui: &Ui, line: &MissionLine, roomy: Roomy) -> f32 {
    match line.done {
        true => ui.scale.px(roomy.sizes().text_line) * TICK_SHARE,
        false => 0.0,
    }
}

/// What a mission pays, as drawn right of its words, and its count.
fn paying_and_count(line: &MissionLine, roomy: Roomy) -> (String, String) {
    let count = format!(
        "{}/{}",
        shown_count(line.progress),
        shown_count(line.target)
    );
    let paying = match roomy {
        Roomy::Full => format!("+{}", line.reward),
        // A done line's full bar and its tick tell the count: the words get its room.
        Roomy::Compact if line.done => format!("+{}", line.reward),
        Roomy::Compact => format!("{count}  +{}", line.reward),
    };
    (paying, count)
}

/// The width of what a mission pays on a card `inner` pixels wide, gap included: the words
/// take all it leaves (a fixed share cut "Jump 5 orange hurdles" on results at 360 wide).
fn paying_width(ui: &Ui, paying: &str, roomy: Roomy, inner: f32) -> f32 {
    let reward_share = match roomy {
        Roomy::Full => REWARD_SHARE,
        Roomy::Compact => COMPACT_REWARD_SHARE,
    };
    let measured = font::measure(paying, ui.scale.px(SMALL_TEXT)).width;
    (measured + ui.scale.px(GAP)).min(inner * reward_share)
}

/// A mission's words on a card `inner` pixels wide, in as many lines as they need to read
/// whole beside what it pays.
fn word_lines(ui: &Ui, line: &MissionLine, roomy: Roomy, inner: f32) -> Vec<String> {
    let (paying, _) = paying_and_count(line, roomy);
    let room = inner - paying_width(ui, &paying, roomy, inner) - tick_width(ui, line, roomy);
    super::wrap(&line.text, ui.scale.px(SMALL_TEXT), room)
}

/// One mission: its `words` (a line each) and reward, and its bar with the count beside it
/// (compact: the count with the reward, the bar thin under the words).
fn draw_line(ui: &Ui, rect: Rect, line: &MissionLine, words: &[String], roomy: Roomy) {
    let size = roomy.sizes();
    let text_h = ui.scale.px(size.text_line);
    let (paying, count) = paying_and_count(line, roomy);
    let reward_w = match roomy {
        Roomy::Full => rect.w * REWARD_SHARE,
        Roomy::Compact => rect.w * COMPACT_REWARD_SHARE,
    };
    let paying_w = paying_width(ui, &paying, roomy, rect.w);
    let tick_w = tick_width(ui, line, roomy);
    if line.done {
        let inset = text_h * TICK_INSET;
        let tick = Rect::new(rect.x, rect.y + inset, tick_w - inset, text_h - 2.0 * inset);
        icons::draw_tick(tick, DONE_TICK);
    }
    for (i, text) in words.iter().enumerate() {
        let top = rect.y + text_h * i as f32;
        let at = Rect::new(rect.x + tick_w, top, rect.w - paying_w - tick_w, text_h);
        ui.left_clipped(at, text, SMALL_TEXT, INK);
    }
    let reward = Rect::new(rect.right() - paying_w, rect.y, paying_w, text_h);
    ui.right(reward, &paying, SMALL_TEXT, BUTTON_FACE);
    let thickness = ui.scale.px(size.bar);
    let words_h = text_h * words.len() as f32;
    let bar_line = Rect::new(rect.x, rect.y + words_h, rect.w, ui.scale.px(size.bar_line));
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
