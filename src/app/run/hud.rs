//! The heads-up display of the run: a strip of figures across the top (time, coins, hits,
//! speed), a bar showing the way to the finish (or, in Endless, to the next range) with the
//! ranges marked on it, the penalty loop's remaining metres, and the finish panel. Sizes are in
//! layout units scaled by [`UiScale`], so the HUD reads the same on a phone and a desktop, in
//! portrait and in landscape.

use super::feel::{draw_hearts, draw_power_chips, hearts_span, RunFeel};
use super::ghost::Gap;
use crate::app::platform::android::screen_density;
use crate::app::ui::font;
use crate::app::ui::icons::draw_coin;
use crate::app::ui::layout::{MARGIN, PAUSE_SIDE};
use crate::app::ui::shapes::{raised_rect, rounded_rect};
use crate::app::ui::{CORNER, DROP, SHADOW};
use crate::course::levels::ENDLESS;
use crate::phone::density::{ScreenPx, UiScale};
use crate::shooting::reward::PENALTY_LOOP_M;
use crate::sim::run::ENDLESS_LIVES;
use crate::sim::{EndedBy, Run};
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::window::{screen_height, screen_width};

const STRIP: Color = Color::new(0.05, 0.10, 0.20, 0.60);
const LABEL: Color = Color::new(0.75, 0.85, 1.0, 1.0);
const VALUE: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const BAR_BACK: Color = Color::new(0.05, 0.10, 0.20, 0.45);
const BAR_FILL: Color = Color::new(0.98, 0.80, 0.14, 1.0);
const RANGE_MARK: Color = Color::new(0.85, 0.10, 0.10, 1.0);
/// The penalty card: race-bib red, its small heading in a light pink.
const PENALTY: Color = Color::new(0.80, 0.16, 0.15, 0.92);
const PENALTY_LABEL: Color = Color::new(1.0, 0.86, 0.84, 1.0);
/// Sizes in layout units (dp on the design phone).
const STRIP_HEIGHT: f32 = 58.0;
/// Labels at the smallest text a player is asked to read.
const LABEL_SIZE: f32 = crate::phone::layout_check::SMALLEST_TEXT;
const VALUE_SIZE: f32 = 26.0;
const PADDING: f32 = 12.0;
/// Widest slot of one figure on the strip: on a landscape screen the figures stay together.
const SLOT_MAX: f32 = 150.0;
const BAR_HEIGHT: f32 = 10.0;
const BAR_GAP: f32 = 8.0;
const BAR_TEXT_SIZE: f32 = 18.0;
const MARK_WIDTH: f32 = 3.0;
const OUTLINE: f32 = 1.5;
const BANNER_LINE: f32 = 40.0;
const BANNER_TITLE: f32 = 44.0;
/// Widest the penalty panel gets, layout units; its height in banner lines, and its top as a
/// share of the screen's height (above the skier, below the figures).
const PANEL_MAX: f32 = 360.0;
const PENALTY_LINES: f32 = 2.4;
const PENALTY_PANEL_Y: f32 = 0.22;
/// The gap card: its width (layout units), height in banner lines, and faces.
const GAP_CARD_WIDTH: f32 = 220.0;
const GAP_LINES: f32 = 1.7;
const GAP_AHEAD: Color = Color::new(0.12, 0.52, 0.28, 0.92);
const GAP_BEHIND: Color = Color::new(0.80, 0.16, 0.15, 0.92);
/// The coin before the coins' figure is as tall as this digit, and this far from it.
const DIGIT: &str = "0";
const COIN_GAP: f32 = 4.0;
/// A coin bumps the counter's figure up by this share, in gold.
const BUMP_GROWTH: f32 = 0.45;
const BUMP_GOLD: Color = Color::new(1.0, 0.84, 0.20, 1.0);
/// The finish panel's time counts up from zero over this long, seconds.
const COUNT_UP_S: f64 = 1.2;
/// Metres per second to kilometres per hour.
const KMH_PER_MS: f64 = 3.6;

/// The UI scale of the current screen, from the same density the menus use (a desktop's
/// drawing units are already logical pixels; Android's is asked of the system).
pub fn screen_scale() -> UiScale {
    UiScale::new(
        ScreenPx {
            width: screen_width(),
            height: screen_height(),
        },
        screen_density(),
    )
}

/// How far down the strip of figures and the progress bar under it reach, pixels: buttons
/// drawn over the run go below this.
pub fn top_band_px(scale: &UiScale) -> f32 {
    scale.px(STRIP_HEIGHT + BAR_GAP + BAR_HEIGHT)
}

/// One figure on the strip.
#[derive(Debug, Clone, PartialEq)]
pub struct HudItem {
    pub label: &'static str,
    pub value: String,
    /// How far the figure is bumped up now, 0–1 (a coin just taken).
    pub bump: f32,
    /// A coin drawn before the value (the run's coins).
    pub coin: bool,
}

impl HudItem {
    /// A figure with its label.
    pub fn new(label: &'static str, value: String) -> Self {
        Self {
            label,
            value,
            bump: 0.0,
            coin: false,
        }
    }

    /// The figure bumped by `bump` (0–1).
    fn bumped(self, bump: f32) -> Self {
        Self { bump, ..self }
    }

    /// The figure with a coin before its value.
    fn with_coin(self) -> Self {
        Self { coin: true, ..self }
    }
}

/// Draw the run's HUD: figures (the coins bumped as `feel` says), the way to go, Endless's
/// hearts, the penalty loop, and with `finish_banner` a panel at the finish, its time counting
/// up (a results screen follows).
pub fn draw_run_hud(run: &Run, finish_banner: bool, feel: &RunFeel) {
    let scale = screen_scale();
    draw_hud(
        &[
            HudItem::new("TIME", clock(run.time_s())),
            HudItem::new("COINS", run.coins().to_string())
                .with_coin()
                .bumped(feel.coin_bump()),
            // Obstacles hit, named so a target hit at the range is never read as one.
            HudItem::new("CRASH", run.hits().to_string()),
            HudItem::new("KM/H", format!("{:.0}", run.speed() * KMH_PER_MS)),
        ],
        &scale,
    );
    // Endless's caption ends before its hearts, on the same row.
    let caption_right = run
        .lives_left()
        .map(|_| hearts_span(ENDLESS_LIVES, &scale).0 - scale.px(BAR_GAP) / 2.0);
    draw_progress(
        &Progress::of(run),
        scale.px(STRIP_HEIGHT + BAR_GAP),
        caption_right,
        &scale,
    );
    if let Some(lives) = run.lives_left() {
        let top = top_band_px(&scale) + scale.px(BAR_GAP);
        draw_hearts(lives, ENDLESS_LIVES, top, &scale);
    }
    if let Some(panel) = penalty_card(run, &scale) {
        let loops = run
            .last_stage_result()
            .map_or(0, |(_, result)| result.penalty_loops);
        draw_penalty(panel, run.penalty_left_m(), loops, &scale);
    }
    if run.is_finished() && finish_banner {
        draw_banner(&finish_lines(run, feel), &scale);
    }
}

/// The power-ups the skier holds, a chip each with its time: below where the ghost's gap card
/// shows, clear of the pause button. Only while the run is played on the course: a screen over
/// a frozen run (pause, results), the penalty loop's card (the clocks stop there) and the
/// finish's banner have the room.
pub fn draw_held_power_ups(run: &Run) {
    if run.penalty_left_m() > 0.0 || run.is_finished() {
        return;
    }
    let scale = screen_scale();
    let top = top_band_px(&scale)
        + scale.px(BAR_TEXT_SIZE + 3.0 * BAR_GAP)
        + GAP_LINES * scale.px(BANNER_LINE);
    let beside = scale.px(MARGIN + PAUSE_SIDE + PADDING);
    draw_power_chips(run, top, beside, &scale);
}

/// The finish panel: what ended the run, its time counting up from zero, and the tallies.
fn finish_lines(run: &Run, feel: &RunFeel) -> Vec<String> {
    let since = feel.since_finish().unwrap_or(COUNT_UP_S);
    let counted = run.time_s() * (since / COUNT_UP_S).clamp(0.0, 1.0);
    let title = match run.ended_by() {
        Some(EndedBy::Lives) => "Out of lives",
        _ => "Finish!",
    };
    let (near, style) = feel.near_misses();
    let mut lines = vec![title.to_owned(), format!("Time {}", clock(counted))];
    if run.lives_left().is_some() {
        lines.push(format!("Distance {:.0} m", run.z()));
    }
    lines.push(format!("Coins {}   Crashes {}", run.coins(), run.hits()));
    if near > 0 {
        lines.push(format!("Close calls {near}  (style +{style})"));
    }
    lines
}

/// Draw the strip with the items spread across it (centred, each at most [`SLOT_MAX`] wide).
pub fn draw_hud(items: &[HudItem], scale: &UiScale) {
    let width = screen_width();
    let strip = scale.px(STRIP_HEIGHT);
    let padding = scale.px(PADDING);
    draw_rectangle(0.0, 0.0, width, strip, STRIP);
    let slot = (width / items.len().max(1) as f32).min(scale.px(SLOT_MAX));
    let left = (width - slot * items.len() as f32) / 2.0;
    let room = slot - 2.0 * padding;
    for (i, item) in items.iter().enumerate() {
        let x = left + slot * i as f32 + padding;
        let (label_px, label) = font::fit(item.label, scale.px(LABEL_SIZE), room);
        font::draw(item.label, x, padding + label.offset_y, label_px, LABEL);
        // The coin as tall as the figure's digits, standing on its baseline.
        let coin = if item.coin {
            let side = font::measure(DIGIT, scale.px(VALUE_SIZE)).height;
            draw_coin(Rect::new(x, strip - padding - side, side, side));
            side + scale.px(COIN_GAP)
        } else {
            0.0
        };
        let (x, room) = (x + coin, room - coin);
        let (value_px, _) = font::fit(&item.value, scale.px(VALUE_SIZE), room);
        // A bumped figure grows up to the label, never over it.
        let below_label = strip - 2.0 * padding - label.height;
        let grown = value_px * (1.0 + BUMP_GROWTH * item.bump);
        let tall = font::measure(&item.value, grown).height.max(1.0);
        let value_px = grown * (below_label / tall).min(1.0);
        let colour = mix(VALUE, BUMP_GOLD, item.bump);
        font::draw(&item.value, x, strip - padding, value_px, colour);
    }
}

/// The way to go, as the progress bar shows it.
#[derive(Debug, Clone, PartialEq)]
struct Progress {
    /// Share of the way done, 0–1.
    done: f64,
    /// Where the ranges are, as shares of the way.
    ranges: Vec<f64>,
    /// The caption beside the bar.
    caption: String,
}

impl Progress {
    /// A level: start to finish, every range marked. Endless: from the last range (or the
    /// start) to the next one.
    fn of(run: &Run) -> Self {
        let z = run.z();
        let stages = &run.course().stages;
        match run.course().length {
            Some(length) => Self {
                done: (z / length).clamp(0.0, 1.0),
                ranges: stages.iter().map(|s| s.z / length).collect(),
                caption: format!("{z:.0} / {length:.0} m"),
            },
            None => {
                // Endless ranges lie every stage interval, laid out or not yet.
                let interval = ENDLESS.stage_interval;
                let last = (z / interval).floor() * interval;
                Self {
                    done: ((z - last) / interval).clamp(0.0, 1.0),
                    ranges: vec![1.0],
                    caption: format!("{z:.0} m · range {:.0} m", last + interval - z),
                }
            }
        }
    }
}

/// The bar under the strip, a caption below it (ending before `caption_right`, pixels, if given).
fn draw_progress(progress: &Progress, top: f32, caption_right: Option<f32>, scale: &UiScale) {
    let margin = scale.px(PADDING);
    let width = screen_width() - 2.0 * margin;
    let height = scale.px(BAR_HEIGHT);
    draw_rectangle(margin, top, width, height, BAR_BACK);
    draw_rectangle(margin, top, width * progress.done as f32, height, BAR_FILL);
    for &share in &progress.ranges {
        let x = margin + width * share as f32;
        let mark = scale.px(MARK_WIDTH);
        draw_rectangle(
            x - mark / 2.0,
            top - mark,
            mark,
            height + 2.0 * mark,
            RANGE_MARK,
        );
    }
    draw_rectangle_lines(margin, top, width, height, scale.px(OUTLINE), VALUE);
    // The caption on a plate of the strip's own face: bare, its white print stood on the snow
    // and the pale sky (about 1.6:1 at 360x800). Its print keeps the bar's left edge, as the
    // strip's figures do, and the plate reaches out around it, into the half gap before
    // Endless's hearts (its caption keeps its size there).
    let pad = scale.px(BAR_GAP) / 2.0;
    let caption_width = caption_right.map_or(width, |right| (right - margin).min(width));
    let (px, measured) = font::fit(&progress.caption, scale.px(BAR_TEXT_SIZE), caption_width);
    let ink_top = top + height + scale.px(BAR_GAP);
    let plate = Rect::new(
        margin - pad,
        ink_top - pad,
        measured.width + 2.0 * pad,
        measured.height + 2.0 * pad,
    );
    rounded_rect(plate, pad, STRIP);
    font::draw(
        &progress.caption,
        margin,
        ink_top + measured.offset_y,
        px,
        VALUE,
    );
}

/// Where the penalty loop's card stands while a loop is left to ski: high on the screen, over
/// the stage's summary (which goes under it).
pub fn penalty_card(run: &Run, scale: &UiScale) -> Option<Rect> {
    if run.penalty_left_m() <= 0.0 {
        return None;
    }
    let margin = scale.px(PADDING);
    let width = (screen_width() - 2.0 * margin).min(scale.px(PANEL_MAX));
    Some(Rect::new(
        (screen_width() - width) / 2.0,
        screen_height() * PENALTY_PANEL_Y,
        width,
        PENALTY_LINES * scale.px(BANNER_LINE),
    ))
}

/// The penalty loop: a rounded bib-red card with the loops and the metres left, and a bar
/// emptying as the oval is skied (nothing to thread: the loop is skied as it comes).
fn draw_penalty(panel: Rect, left_m: f64, loops: u32, scale: &UiScale) {
    let margin = scale.px(PADDING);
    let line = scale.px(BANNER_LINE);
    raised_rect(panel, scale.px(CORNER), scale.px(DROP), PENALTY, SHADOW);
    let inner = panel.w - 2.0 * margin;
    let centre = panel.center().x;
    let label = match loops {
        0 | 1 => "PENALTY LOOP".to_owned(),
        n => format!("PENALTY LOOPS · {n} × {PENALTY_LOOP_M:.0} m"),
    };
    font::draw_centred(
        &label,
        centre,
        panel.y + line * 0.75,
        scale.px(LABEL_SIZE),
        inner,
        PENALTY_LABEL,
    );
    font::draw_centred(
        &format!("{left_m:.0} m to ski"),
        centre,
        panel.y + line * 1.55,
        scale.px(VALUE_SIZE),
        inner,
        VALUE,
    );
    let total_m = (f64::from(loops) * PENALTY_LOOP_M).max(left_m);
    let share = (left_m / total_m.max(1.0)).clamp(0.0, 1.0) as f32;
    let height = scale.px(BAR_HEIGHT);
    let bar = Rect::new(
        panel.x + margin,
        panel.bottom() - margin - height,
        inner,
        height,
    );
    rounded_rect(bar, height / 2.0, BAR_BACK);
    if share > 0.0 {
        rounded_rect(
            Rect::new(bar.x, bar.y, bar.w * share, bar.h),
            height / 2.0,
            BAR_FILL,
        );
    }
}

/// The gap to the ghost at the last split: a small card under the progress bar (or `below` a
/// given height, at a range under its arrival card), green when the player is ahead, red when
/// behind.
pub fn draw_gap(gap: &Gap, below: Option<f32>) {
    let scale = screen_scale();
    let line = scale.px(BANNER_LINE);
    // Clear of the pause button on either side.
    let beside = scale.px(MARGIN + PAUSE_SIDE + PADDING);
    let width = scale.px(GAP_CARD_WIDTH).min(screen_width() - 2.0 * beside);
    let top = below.map_or_else(
        || top_band_px(&scale) + scale.px(BAR_TEXT_SIZE + 2.0 * BAR_GAP),
        |y| y + scale.px(BAR_GAP),
    );
    let card = Rect::new((screen_width() - width) / 2.0, top, width, GAP_LINES * line);
    let face = if gap.seconds > 0.0 {
        GAP_BEHIND
    } else {
        GAP_AHEAD
    };
    raised_rect(card, scale.px(CORNER), scale.px(DROP), face, SHADOW);
    let label = if gap.at_finish {
        "BEST RUN · FINISH"
    } else {
        "BEST RUN"
    };
    let inner = width - 2.0 * scale.px(PADDING);
    let centre = card.center().x;
    font::draw_centred(
        label,
        centre,
        card.y + line * 0.6,
        scale.px(LABEL_SIZE),
        inner,
        PENALTY_LABEL,
    );
    font::draw_centred(
        &gap_text(gap.seconds),
        centre,
        card.y + line * 1.35,
        scale.px(VALUE_SIZE),
        inner,
        VALUE,
    );
}

/// A gap in seconds as a split board shows it: "+1.4 s" behind, "−0.8 s" ahead.
pub fn gap_text(seconds: f64) -> String {
    let tenths = (seconds.abs() * 10.0).round();
    let sign = match tenths {
        0.0 => "±",
        _ if seconds > 0.0 => "+",
        _ => "\u{2212}",
    };
    format!("{sign}{:.1} s", tenths / 10.0)
}

/// A centred panel of lines (the first one large), e.g. the finish.
pub fn draw_banner(lines: &[String], scale: &UiScale) {
    let (width, height) = (screen_width(), screen_height());
    let line = scale.px(BANNER_LINE);
    let panel_height = line * (lines.len() as f32 + 1.0);
    let top = (height - panel_height) / 2.0;
    draw_rectangle(0.0, top, width, panel_height, STRIP);
    let room = width - 2.0 * scale.px(PADDING);
    for (i, text) in lines.iter().enumerate() {
        let size = scale.px(if i == 0 { BANNER_TITLE } else { VALUE_SIZE });
        let y = top + line * (i as f32 + 1.0);
        font::draw_centred(text, width / 2.0, y, size, room, VALUE);
    }
}

/// `from` turned `share` (0–1) of the way to `to`.
fn mix(from: Color, to: Color, share: f32) -> Color {
    let at = |a: f32, b: f32| a + (b - a) * share;
    Color::new(
        at(from.r, to.r),
        at(from.g, to.g),
        at(from.b, to.b),
        at(from.a, to.a),
    )
}

/// Seconds as `m:ss.t`.
pub fn clock(seconds: f64) -> String {
    let tenths = (seconds.max(0.0) * 10.0).floor() as u64;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;

    #[test]
    fn the_finish_tallies_crashes_not_hits_so_targets_hit_are_not_read_as_them() {
        let mut run = Run::unshot(Course::level(1, 1, None).expect("level 1 track 1 exists"));
        while !run.is_finished() {
            run.step(&[]);
        }
        let lines = finish_lines(&run, &RunFeel::default());
        let tally = lines
            .iter()
            .find(|line| line.starts_with("Coins"))
            .expect("a tally line");
        assert!(
            tally.contains(&format!("Crashes {}", run.hits())),
            "{tally}"
        );
        assert!(lines.iter().all(|line| !line.contains("Hits")), "{lines:?}");
    }

    #[test]
    fn a_gap_reads_like_a_split_board() {
        assert_eq!(gap_text(1.44), "+1.4 s");
        assert_eq!(gap_text(-0.78), "\u{2212}0.8 s");
        assert_eq!(gap_text(0.02), "±0.0 s");
    }

    #[test]
    fn clock_shows_minutes_seconds_and_tenths() {
        assert_eq!(clock(0.0), "0:00.0");
        assert_eq!(clock(65.37), "1:05.3");
        assert_eq!(clock(600.0), "10:00.0");
    }

    #[test]
    fn a_level_shows_the_way_to_the_finish_with_its_ranges() {
        let run = Run::new(Course::level(1, 1, None).expect("level 1 track 1 exists"));
        let progress = Progress::of(&run);
        assert_eq!(progress.done, 0.0);
        assert!(!progress.ranges.is_empty());
        assert!(progress.ranges.iter().all(|&r| r > 0.0 && r < 1.0));
    }

    #[test]
    fn endless_shows_the_way_to_the_next_range() {
        let run = Run::new(Course::endless(7));
        let progress = Progress::of(&run);
        assert_eq!(progress.ranges, vec![1.0]);
        assert!(progress.caption.contains(" · range "));
    }
}
