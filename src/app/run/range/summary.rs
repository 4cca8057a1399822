//! The stage's summary, shown a moment as the skier leaves the range: the targets down, the
//! time on the mat and what the wind did, with the aiming left or right that answered it.
//! Built when the run reports [`RunEvent::StageLeft`], from its result and the stage as last
//! seen through the sight.
//!
//! [`RunEvent::StageLeft`]: crate::sim::RunEvent::StageLeft

use super::layout::{LINE_GAP, MARGIN, TEXT_SIZE, TITLE_SIZE};
use super::screen::{aimed, position_name, stage_card, wind_from};
use crate::app::run::hud::screen_scale;
use crate::app::ui::font;
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::{CORNER, DROP};
use crate::course::ShootingPosition;
use crate::shooting::range::TARGET_COUNT;
use crate::shooting::StageView;
use crate::sim::stage::StageResult;
use macroquad::color::Color;
use macroquad::math::Rect;

/// How long the summary stays on screen, seconds.
const SHOWN_S: f64 = 4.0;
const BACK: Color = Color::new(0.02, 0.04, 0.08, 0.7);
const SHADOW: Color = Color::new(0.02, 0.04, 0.08, 0.35);
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const CLEAN: Color = Color::new(0.60, 1.0, 0.45, 1.0);
const LOOPS: Color = Color::new(1.0, 0.72, 0.40, 1.0);
/// The wind's second line when the sight was not turned for it.
const NOT_AIMED: &str = "no aim left or right";

/// What one stage came to.
#[derive(Debug, Clone, PartialEq)]
pub struct StageSummary {
    position: ShootingPosition,
    down: usize,
    shots: u32,
    loops: u32,
    on_mat_s: f64,
    /// The stage's mean crosswind (m/s, + blowing to the right) and the clicks on the sight.
    wind_mps: f64,
    clicks: i32,
}

impl StageSummary {
    /// The stage left with `result`, last seen through the sight as `seen`.
    pub fn of(result: &StageResult, seen: &StageView) -> Self {
        Self {
            position: seen.position,
            down: result.targets_down.iter().filter(|&&down| down).count(),
            shots: result.shots,
            loops: result.penalty_loops,
            on_mat_s: seen.on_mat_s,
            wind_mps: seen.wind_mean_mps,
            clicks: seen.clicks,
        }
    }

    /// The title: the position and the targets down, with the loops they cost.
    fn title(&self) -> String {
        let down = format!(
            "{} {}/{TARGET_COUNT}",
            position_name(self.position),
            self.down
        );
        match self.loops {
            0 => format!("{down} · clean!"),
            1 => format!("{down} · 1 penalty loop"),
            n => format!("{down} · {n} penalty loops"),
        }
    }

    /// The title's colour: a clean stage's green, or the loops' orange.
    fn title_colour(&self) -> Color {
        if self.loops == 0 {
            CLEAN
        } else {
            LOOPS
        }
    }

    /// The time on the mat and the shots fired.
    fn mat_line(&self) -> String {
        let shots = match self.shots {
            1 => "1 shot".to_owned(),
            n => format!("{n} shots"),
        };
        format!("{:.0} s on the mat · {shots}", self.on_mat_s)
    }

    /// What the wind did, and how the sight was clicked for it (a line each; calm: one).
    fn wind_lines(&self) -> Vec<String> {
        if self.wind_mps == 0.0 {
            return vec!["no wind".to_owned()];
        }
        let from = wind_from(self.wind_mps);
        let sight = aimed(self.clicks).unwrap_or_else(|| NOT_AIMED.to_owned());
        vec![
            format!("wind {:.1} m/s from the {from}", self.wind_mps.abs()),
            sight,
        ]
    }

    /// The summary's lines as drawn: its title, then the mat's and the wind's.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.title(), self.mat_line()];
        lines.extend(self.wind_lines());
        lines
    }
}

/// The summary on screen for a moment after the skier leaves a range.
#[derive(Debug, Default)]
pub struct SummaryCard {
    shown: Option<(StageSummary, f64)>,
}

impl SummaryCard {
    /// Show `summary` from now.
    pub fn show(&mut self, summary: StageSummary) {
        self.shown = Some((summary, 0.0));
    }

    /// Age the card by `step_s` seconds (it goes after [`SHOWN_S`]).
    pub fn pass(&mut self, step_s: f64) {
        if let Some((_, age)) = &mut self.shown {
            *age += step_s;
        }
        self.shown = self.shown.take().filter(|&(_, age)| age < SHOWN_S);
    }

    /// Whether a summary is on screen.
    pub fn is_shown(&self) -> bool {
        self.shown.is_some()
    }

    /// Draw the card high on the screen, where the arrival's was, or `below` a height (the
    /// penalty loop's card, which comes first).
    pub fn draw(&self, below: Option<f32>) {
        let Some((summary, _)) = &self.shown else {
            return;
        };
        let scale = screen_scale();
        let lines = summary.lines();
        let under_title = u8::try_from(lines.len() - 1).expect("a few lines");
        let card = under(stage_card(under_title), below, scale.px(LINE_GAP));
        raised_rect(card, scale.px(CORNER), scale.px(DROP), BACK, SHADOW);
        let margin = scale.px(MARGIN);
        let (x, inner) = (card.center().x, card.w - 2.0 * margin);
        let step = scale.px(TEXT_SIZE + LINE_GAP);
        let y = card.y + margin + scale.px(TITLE_SIZE);
        let colour = summary.title_colour();
        font::draw_centred(&lines[0], x, y, scale.px(TITLE_SIZE), inner, colour);
        // The lines under the title in one size: the largest that fits them all.
        let size = lines[1..]
            .iter()
            .map(|line| font::fit(line, scale.px(TEXT_SIZE), inner).0)
            .fold(scale.px(TEXT_SIZE), f32::min);
        for (k, line) in lines.iter().enumerate().skip(1) {
            font::draw_centred(line, x, y + k as f32 * step, size, inner, TEXT);
        }
    }
}

/// `card` moved down to start `gap` under `below` when it would reach above that.
fn under(card: Rect, below: Option<f32>, gap: f32) -> Rect {
    match below {
        Some(y) if card.y < y + gap => Rect::new(card.x, y + gap, card.w, card.h),
        _ => card,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_goes_under_the_penalty_loops_card_never_over_it() {
        let summary = Rect::new(20.0, 40.0, 320.0, 180.0);
        let loop_card = Rect::new(20.0, 176.0, 320.0, 96.0);
        let placed = under(summary, Some(loop_card.bottom()), 8.0);
        assert!(placed.y >= loop_card.bottom(), "{placed:?}");
        assert!(!placed.overlaps(&loop_card));
        assert_eq!(
            under(summary, None, 8.0),
            summary,
            "no loop: where the arrival's was"
        );
    }

    fn summary(loops: u32, wind_mps: f64, clicks: i32) -> StageSummary {
        StageSummary {
            position: ShootingPosition::Prone,
            down: TARGET_COUNT - loops as usize,
            shots: 6,
            loops,
            on_mat_s: 37.6,
            wind_mps,
            clicks,
        }
    }

    #[test]
    fn the_summary_says_the_targets_the_mat_and_the_wind() {
        assert_eq!(
            summary(0, -2.44, 3).lines(),
            [
                "PRONE 5/5 · clean!",
                "38 s on the mat · 6 shots",
                "wind 2.4 m/s from the right",
                "aim right ×3"
            ]
        );
        assert_eq!(
            summary(2, 2.0, 0).lines(),
            [
                "PRONE 3/5 · 2 penalty loops",
                "38 s on the mat · 6 shots",
                "wind 2.0 m/s from the left",
                "no aim left or right"
            ]
        );
        assert_eq!(summary(1, 0.0, 0).lines()[2..], ["no wind"]);
    }

    #[test]
    fn the_card_shows_for_a_moment_then_goes() {
        let mut card = SummaryCard::default();
        card.show(summary(0, 0.0, 0));
        card.pass(SHOWN_S - 0.1);
        assert!(card.is_shown());
        card.pass(0.2);
        assert!(!card.is_shown());
    }
}
