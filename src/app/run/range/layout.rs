//! Where the stage's parts go on a screen (portrait: targets down, sight, figures, buttons
//! stacked; landscape: the figures and buttons in a column beside the sight), and when the sight
//! comes up after an arrival.

use super::marks::ShotMarks;
use crate::app::platform::android::screen_density;
use crate::app::run::hud::{screen_scale, top_band_px};
use crate::app::ui::layout::{pause_rect, PAUSE_SIDE};
use crate::phone::density::{ScreenPx, UiScale};
use crate::shooting::{StagePhase, StageView};
use macroquad::math::{Rect, Vec2};
use macroquad::window::{screen_height, screen_width};

/// The sight shows this many milliradians across its diameter: a scope's zoom, so the prone
/// zone (0.9 mrad, the real 45 mm at 50 m) is at least 28 px across on a 360 px wide phone, a
/// short one (360×640) too; the target aimed at and parts of its neighbours (2.5 mrad apart)
/// are in view.
pub(super) const SIGHT_SPAN_MRAD: f32 = 7.8;
/// Radius of the black target face, mrad (the 115 mm standing face at 50 m).
pub(super) const FACE_RADIUS_MRAD: f32 = 1.15;
/// The lens's rim, layout units (outside it the eyepiece is dark).
pub(super) const RIM_MIN: f32 = 10.0;
/// Share of the screen's width a landscape screen gives the column of figures and buttons.
pub(super) const PANEL_SHARE: f32 = 0.38;
/// Sizes in layout units.
pub(super) const LINE: f32 = 2.0;
pub(super) const THIN_LINE: f32 = 1.5;
pub(super) const LINE_GAP: f32 = 8.0;
pub(super) const MARGIN: f32 = 16.0;
pub(super) const BUTTON_HEIGHT: f32 = 56.0;
pub(super) const TEXT_SIZE: f32 = 24.0;
pub(super) const TITLE_SIZE: f32 = 30.0;
/// The row of targets down: each mark's radius and spacing, and the rounds' marks.
pub(super) const MARK_RADIUS: f32 = 11.0;
pub(super) const MARK_SPACING: f32 = 28.0;
pub(super) const ROUND_RADIUS: f32 = 6.0;
pub(super) const ROUND_SPACING: f32 = 16.0;
/// Lines of figures under a portrait sight (position, rounds, heart, aim, what to do).
pub(super) const FIGURE_LINES: f32 = 5.0;
/// The shot cue's baseline above the sight's centre, as a share of the sight's radius, how far
/// it rises as it fades (the same share).
pub(super) const CUE_HEIGHT: f32 = 0.5;
pub(super) const CUE_RISE: f32 = 0.12;
/// The cue's dark plate reaches this far round its words (layout units).
pub(super) const CUE_PAD: f32 = 6.0;
/// The reward bar under the aim line: at most this wide, this thick (layout units).
pub(super) const REWARD_BAR_WIDTH: f32 = 220.0;
pub(super) const REWARD_BAR_HEIGHT: f32 = 4.0;
/// The reward bar's top below the aim line's baseline (clear of its descenders), layout units.
pub(super) const REWARD_BAR_BELOW: f32 = 7.0;
/// Heart rate shown as calm below, and racing above, beats per minute.
pub(super) const CALM_BPM: f64 = 120.0;
pub(super) const RACING_BPM: f64 = 160.0;
/// The arrival caption's card: at most this wide (layout units), its top at this share of the
/// screen's height.
pub(super) const ARRIVAL_CARD_WIDTH: f32 = 340.0;
pub(super) const ARRIVAL_CARD_Y: f32 = 0.05;

/// Seconds the world stays in view after the skier reaches a range (it stops on the mat and
/// takes its position) before the sight comes up: the rules' arrival, during which the speed
/// bonus waits.
const ARRIVAL_VIEW_S: f64 =
    crate::shooting::reward::ARRIVAL_TICKS as f64 / crate::tick::TICK_HZ as f64;

/// When the sight comes up: it waits [`ARRIVAL_VIEW_S`] after each arrival at a range.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SightIntro {
    /// The range the skier is at, and how long it has been there, seconds.
    at: Option<(usize, f64)>,
}

impl SightIntro {
    /// Note this frame (the range the skier is at, the frame's duration); whether the sight is
    /// up.
    pub fn update(&mut self, at_stage: Option<usize>, frame_s: f64) -> bool {
        self.at = match (at_stage, self.at) {
            (Some(stage), Some((was, shown))) if stage == was => Some((stage, shown + frame_s)),
            (Some(stage), _) => Some((stage, 0.0)),
            (None, _) => None,
        };
        self.at.is_some_and(|(_, shown)| shown >= ARRIVAL_VIEW_S)
    }

    /// The sight already up at `stage` (a `--show` screen of the range after some shooting).
    pub fn up_at(stage: usize) -> Self {
        Self {
            at: Some((stage, ARRIVAL_VIEW_S)),
        }
    }

    /// How long the skier has been at the range, seconds; `None` when skiing.
    pub fn arrival_s(&self) -> Option<f64> {
        self.at.map(|(_, shown)| shown)
    }
}

/// The stage as last seen through the sight: after the shot that ends a stage the sight stays
/// up a moment ([`ShotMarks::lingering`]), so its target is seen flipping white.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LastSight(Option<StageView>);

impl LastSight {
    /// The stage as last seen through the sight (none: not seen since the last stage ended).
    pub fn seen(&self) -> Option<StageView> {
        self.0
    }

    /// Note this frame's stage `view` (`None`: not at a stage) and whether the sight is up; the
    /// stage to draw through the sight although it has ended, if any.
    pub fn update(
        &mut self,
        view: Option<StageView>,
        sight_up: bool,
        marks: &ShotMarks,
    ) -> Option<StageView> {
        match view {
            Some(view) => {
                if sight_up {
                    self.0 = Some(view);
                }
                None
            }
            None => {
                let lingering = self.0.filter(|_| marks.lingering());
                self.0 = lingering;
                lingering
            }
        }
    }
}

/// The room a prompt card has at the range on the current screen: see [`prompt_room_on`].
pub fn prompt_room() -> Rect {
    prompt_room_on(screen_width(), screen_height(), &screen_scale())
}

/// The room a prompt card has at the range on a `width` × `height` screen, pixels, clear of
/// the target faces as the sight rests on them (their row across the lens's centre) and of the
/// figures: on a portrait screen over the lens below the faces and above the figures; on a
/// landscape one at the top of the lens above the faces, beside the figures' column.
pub fn prompt_room_on(width: f32, height: f32, scale: &UiScale) -> Rect {
    let layout = StageLayout::for_screen(width, height, scale, false);
    let margin = scale.px(MARGIN);
    let faces = layout.faces_reach();
    let (top, bottom) = if width > height {
        (
            layout.centre.y - layout.outer + margin,
            layout.centre.y - faces - margin,
        )
    } else {
        (layout.centre.y + faces + margin, layout.figures.y - margin)
    };
    // Across the lens's side of the screen (a landscape screen's figures are beside it).
    let across = if width > height {
        width * (1.0 - PANEL_SHARE)
    } else {
        width
    };
    Rect::new(0.0, top, across, bottom - top)
}

/// What a card at the range must keep clear of on a `width` × `height` screen: the target
/// faces' row as the sight rests on it (across the lens, as far as the faces reach above and
/// below its centre) and the figures.
#[cfg(test)]
pub(crate) fn keep_clear_on(width: f32, height: f32, scale: &UiScale) -> [Rect; 2] {
    let layout = StageLayout::for_screen(width, height, scale, false);
    let reach = layout.faces_reach();
    let faces = Rect::new(
        layout.centre.x - layout.outer,
        layout.centre.y - reach,
        2.0 * layout.outer,
        2.0 * reach,
    );
    [faces, layout.figures]
}

/// Where the stage's touch buttons are on the current screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageButtons {
    /// Fires a shot as it is pressed: under the thumb, at the bottom corner on the hand's side.
    pub fire: Rect,
    pub breath: Rect,
    /// The upper row ([`UpperRow`]): buy a round or click the sight left, on the left; take
    /// the penalty or click the sight right, on the right.
    pub buy: Rect,
    pub penalty: Rect,
}

/// What the stage's upper row of buttons does now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum UpperRow {
    /// Buy a round, or take the penalty loop (out of rounds; and where nothing is shown).
    #[default]
    Rounds,
    /// Click the sight left or right, for the wind (rounds left at a stage with wind).
    Clicks,
}

impl UpperRow {
    /// The row for the stage as it stands.
    pub fn of(view: &StageView) -> Self {
        if view.phase != StagePhase::OutOfRounds && view.wind_mean_mps != 0.0 {
            Self::Clicks
        } else {
            Self::Rounds
        }
    }
}

impl StageButtons {
    /// The layout on a screen of `width` × `height` pixels, the fire button on the left for a
    /// `left_handed` player.
    pub fn for_screen(width: f32, height: f32, left_handed: bool) -> Self {
        let scale = UiScale::new(ScreenPx { width, height }, screen_density());
        StageLayout::for_screen(width, height, &scale, left_handed).buttons
    }
}

/// Where everything goes on one screen, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct StageLayout {
    pub centre: Vec2,
    pub radius: f32,
    /// The sight's outer radius, rim included.
    pub outer: f32,
    /// The area for the figures (above the buttons).
    pub figures: Rect,
    pub buttons: StageButtons,
}

impl StageLayout {
    /// Pixels per milliradian in the lens: its zoom.
    pub(super) fn px_per_mrad(&self) -> f32 {
        2.0 * self.radius / SIGHT_SPAN_MRAD
    }

    /// How far the target faces reach above and below the lens's centre as the sight rests on
    /// them, pixels.
    pub(super) fn faces_reach(&self) -> f32 {
        FACE_RADIUS_MRAD * self.px_per_mrad()
    }

    pub(super) fn for_screen(width: f32, height: f32, scale: &UiScale, left_handed: bool) -> Self {
        let margin = scale.px(MARGIN);
        let button = scale.touch_px(BUTTON_HEIGHT);
        let panel_width = if width > height {
            width * PANEL_SHARE
        } else {
            width
        };
        let panel_x = width - panel_width;
        let buttons_top = height - 2.0 * (button + margin);
        let buttons = buttons_in(
            Rect::new(panel_x, buttons_top, panel_width, height - buttons_top),
            margin,
            button,
            left_handed,
        );
        let rim = scale.px(RIM_MIN);
        if width > height {
            let area = width - panel_width;
            let outer = (area.min(height) / 2.0 - margin).max(0.0);
            let radius = (outer - rim).max(0.0);
            // The figures start below the pause (and the tutorial's Skip) button at the top
            // right, which would cover their first lines.
            let figures_top = top_band_px(scale) + scale.touch_px(PAUSE_SIDE) + 2.0 * margin;
            Self {
                centre: Vec2::new(area / 2.0, height / 2.0),
                radius,
                outer,
                figures: Rect::new(
                    panel_x,
                    figures_top,
                    panel_width,
                    buttons_top - margin - figures_top,
                ),
                buttons,
            }
        } else {
            // Portrait: the row of targets down at the top, then the sight, then the figures.
            let figures_height = FIGURE_LINES * scale.px(TEXT_SIZE + LINE_GAP) + margin;
            let (top, outer) =
                portrait_sight(width, buttons_top - figures_height, scale, left_handed);
            let radius = (outer - rim).max(0.0);
            let centre = Vec2::new(width / 2.0, top + outer);
            let figures_top = centre.y + outer + margin;
            Self {
                centre,
                radius,
                outer,
                figures: Rect::new(0.0, figures_top, width, buttons_top - margin - figures_top),
                buttons,
            }
        }
    }
}

/// A portrait sight's top and outer radius on a `width` wide screen, above `bottom` (the
/// figures' top): below the pause and Skip buttons at the top right, which sat on its rim,
/// where it keeps [`LEAST_OUTER_SHARE`] of the width there (not on a short phone: 360x640),
/// else under the row of targets down.
fn portrait_sight(width: f32, bottom: f32, scale: &UiScale, left_handed: bool) -> (f32, f32) {
    let outer_from = |top: f32| (width / 2.0).min((bottom - top).max(0.0) / 2.0);
    let pause = pause_rect(width, top_band_px(scale), scale, left_handed);
    let under_buttons = pause.bottom() + scale.px(MARGIN);
    let top = if outer_from(under_buttons) >= width * LEAST_OUTER_SHARE {
        under_buttons
    } else {
        scale.px(2.0 * MARK_SPACING)
    };
    (top, outer_from(top))
}

/// Fire and breath side by side across the bottom of `area` (fire in the corner under the
/// thumb: the right, or the left for a `left_handed` player), buy and penalty side by side above
/// them.
fn buttons_in(area: Rect, margin: f32, height: f32, left_handed: bool) -> StageButtons {
    let inner = area.w - 2.0 * margin;
    let half = (inner - margin) / 2.0;
    let bottom = area.y + area.h - margin - height;
    let upper = bottom - margin - height;
    let fire_w = (inner - margin) * FIRE_SHARE;
    let breath_w = inner - margin - fire_w;
    let (fire_x, breath_x) = if left_handed {
        (area.x + margin, area.x + 2.0 * margin + fire_w)
    } else {
        (area.x + 2.0 * margin + breath_w, area.x + margin)
    };
    StageButtons {
        fire: Rect::new(fire_x, bottom, fire_w, height),
        breath: Rect::new(breath_x, bottom, breath_w, height),
        buy: Rect::new(area.x + margin, upper, half, height),
        penalty: Rect::new(area.x + 2.0 * margin + half, upper, half, height),
    }
}

/// The least outer radius of a portrait sight moved below the pause and Skip buttons, a share
/// of the screen's width (the sight is at most as wide as the screen: its radius half of it).
const LEAST_OUTER_SHARE: f32 = 0.42;

/// The fire button's share of the bottom row (the breath button has the rest: half, so that
/// its label reads at 360 px wide).
const FIRE_SHARE: f32 = 0.5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ui::layout::skip_rect;
    use crate::phone::density::Density;

    fn layout(width: f32, height: f32) -> (StageLayout, UiScale) {
        let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
        (StageLayout::for_screen(width, height, &scale, false), scale)
    }

    fn inside(outer: Rect, inner: Rect) -> bool {
        inner.x >= outer.x
            && inner.y >= outer.y
            && inner.right() <= outer.right() + 0.5
            && inner.bottom() <= outer.bottom() + 0.5
    }

    #[test]
    fn the_sight_comes_up_a_moment_after_each_arrival() {
        let mut intro = SightIntro::default();
        let frame = 1.0 / 60.0;
        assert!(!intro.update(None, frame));
        assert!(!intro.update(Some(0), frame));
        let frames = (ARRIVAL_VIEW_S / frame).ceil() as usize;
        let up = (0..frames).map(|_| intro.update(Some(0), frame)).last();
        assert_eq!(up, Some(true));
        assert!(!intro.update(None, frame));
        assert!(!intro.update(Some(1), frame));
    }

    #[test]
    fn sight_figures_and_buttons_do_not_overlap_in_either_orientation() {
        for (width, height) in [
            (540.0, 960.0),
            (1280.0, 720.0),
            (360.0, 640.0),
            (1920.0, 1080.0),
        ] {
            let (layout, scale) = layout(width, height);
            let screen = Rect::new(0.0, 0.0, width, height);
            let sight = Rect::new(
                layout.centre.x - layout.outer,
                layout.centre.y - layout.outer,
                2.0 * layout.outer,
                2.0 * layout.outer,
            );
            assert!(inside(screen, sight), "{width}x{height}: sight off screen");
            assert!(
                !sight.overlaps(&layout.figures),
                "{width}x{height}: figures on the rim"
            );
            for button in [
                layout.buttons.fire,
                layout.buttons.breath,
                layout.buttons.buy,
                layout.buttons.penalty,
            ] {
                assert!(inside(screen, button));
                assert!(!sight.overlaps(&button) && !layout.figures.overlaps(&button));
                assert!(button.h >= scale.min_touch_px && button.w >= scale.min_touch_px);
            }
            assert!(
                layout.radius > 0.2 * width.min(height),
                "{width}x{height}: tiny sight"
            );
        }
    }

    /// review5: the pause and Skip buttons sat on the sight's top right rim. They keep clear
    /// of the sight (its square, rim included) wherever it can move below them keeping its
    /// size (not on a short phone). (A left-handed landscape screen's pause, top left, is
    /// clear of the round sight but not of its square.)
    #[test]
    fn the_pause_and_skip_buttons_keep_clear_of_the_sight() {
        for (width, height) in [(360.0, 800.0), (540.0, 960.0), (1280.0, 720.0)] {
            for left_handed in [false, width < height] {
                let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
                let layout = StageLayout::for_screen(width, height, &scale, left_handed);
                let sight = Rect::new(
                    layout.centre.x - layout.outer,
                    layout.centre.y - layout.outer,
                    2.0 * layout.outer,
                    2.0 * layout.outer,
                );
                let pause = pause_rect(width, top_band_px(&scale), &scale, left_handed);
                let skip = skip_rect(pause, &scale, left_handed);
                for (name, button) in [("pause", pause), ("Skip", skip)] {
                    assert!(
                        !sight.overlaps(&button),
                        "{width}x{height} left-handed {left_handed}: {name} {button:?} on the sight {sight:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_prone_hit_zone_is_at_least_28_px_across_at_360_wide() {
        use crate::course::ShootingPosition;
        use crate::shooting::range::zone_radius_mrad;
        for (width, height, floor) in [
            (360.0, 800.0, 28.0),
            (540.0, 960.0, 28.0),
            (1280.0, 720.0, 28.0),
            (360.0, 640.0, 28.0),
        ] {
            let (layout, _) = layout(width, height);
            let across = |position| 2.0 * zone_radius_mrad(position) as f32 * layout.px_per_mrad();
            let (prone, standing) = (
                across(ShootingPosition::Prone),
                across(ShootingPosition::Standing),
            );
            println!("{width}x{height}: prone zone {prone:.1} px, standing zone {standing:.1} px");
            assert!(prone >= floor, "{width}x{height}: prone zone {prone:.1} px");
        }
    }
}
