//! The shooting stage on screen: the sight picture (five targets moving against a fixed
//! crosshair as the sight sways), a row showing which targets are down, rounds, heart rate,
//! the aiming timer and its reward, and the buttons a touch screen needs (hold breath; buy a
//! round or take the penalty loop). Portrait screens stack sight, figures and buttons; landscape
//! screens put the figures and buttons in a column beside the sight.

use super::hud::screen_scale;
use super::sway_trail::SwayTrail;
use crate::app::ui::font;
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::{CORNER, DROP};
use crate::course::ShootingPosition;
use crate::phone::density::UiScale;
use crate::shooting::{StagePhase, StageView, TargetState};
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_triangle};
use macroquad::window::{screen_height, screen_width};

/// The sight shows this many milliradians across its diameter: the targets span 10, so all
/// five stay in view (with room for the sway) even while the sight is on an end target.
const SIGHT_SPAN_MRAD: f32 = 24.0;
/// Radius of the black target face, mrad (the 115 mm standing face at 50 m).
const FACE_RADIUS_MRAD: f32 = 1.15;
/// Half the crosshair as a share of the sight's radius.
const CROSSHAIR_ARM: f32 = 0.18;
/// The rim is at least this thick (layout units) and as thick as a target face is wide.
const RIM_MIN: f32 = 10.0;
/// Share of the screen's width a landscape screen gives the column of figures and buttons.
const PANEL_SHARE: f32 = 0.38;
/// Sizes in layout units.
const LINE: f32 = 2.0;
const THIN_LINE: f32 = 1.5;
const LINE_GAP: f32 = 8.0;
const MARGIN: f32 = 16.0;
const BUTTON_HEIGHT: f32 = 56.0;
const TEXT_SIZE: f32 = 24.0;
const TITLE_SIZE: f32 = 30.0;
/// The row of targets down: each mark's radius and spacing, and the rounds' marks.
const MARK_RADIUS: f32 = 11.0;
const MARK_SPACING: f32 = 28.0;
const ROUND_RADIUS: f32 = 6.0;
const ROUND_SPACING: f32 = 16.0;
/// Lines of figures under a portrait sight (position, rounds, heart, aim, what to do).
const FIGURE_LINES: f32 = 5.0;
/// Segments of the sight's rim.
const RING_SEGMENTS: u32 = 72;
/// Heart rate shown as calm below, and racing above, beats per minute.
const CALM_BPM: f64 = 120.0;
const RACING_BPM: f64 = 160.0;
/// The arrival caption's card: at most this wide (layout units), its top at this share of the
/// screen's height.
const ARRIVAL_CARD_WIDTH: f32 = 340.0;
const ARRIVAL_CARD_Y: f32 = 0.05;
/// Soft shadows under cards and buttons.
const CARD_SHADOW: Color = Color::new(0.02, 0.04, 0.08, 0.35);
const FIGURES_BACK: Color = Color::new(0.02, 0.04, 0.08, 0.6);
const DIM: Color = Color::new(0.02, 0.04, 0.08, 0.72);
const SIGHT_FIELD: Color = Color::new(0.86, 0.90, 0.86, 1.0);
const SIGHT_RIM: Color = Color::new(0.05, 0.05, 0.05, 1.0);
const FACE_BLACK: Color = Color::new(0.05, 0.05, 0.06, 1.0);
const FACE_HIT: Color = Color::new(0.97, 0.97, 0.97, 1.0);
const ZONE_RING: Color = Color::new(0.45, 0.45, 0.45, 1.0);
/// The sight's recent path: the crosshair's colour, fading.
const TRAIL: Color = Color::new(0.85, 0.10, 0.10, 0.6);
const CROSSHAIR: Color = Color::new(0.85, 0.10, 0.10, 1.0);
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const MUTED: Color = Color::new(0.65, 0.72, 0.82, 1.0);
const CALM: Color = Color::new(0.45, 0.90, 0.50, 1.0);
const RACING: Color = Color::new(1.0, 0.40, 0.35, 1.0);
const ROUND: Color = Color::new(0.98, 0.80, 0.14, 1.0);
const BUTTON: Color = Color::new(0.16, 0.36, 0.66, 0.95);
const BUTTON_ACTIVE: Color = Color::new(0.85, 0.55, 0.10, 0.95);

/// Seconds the world stays in view after the skier reaches a range (it stops on the mat and
/// takes its position) before the sight comes up.
const ARRIVAL_VIEW_S: f64 = 1.2;

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

    /// How long the skier has been at the range, seconds; `None` when skiing.
    pub fn arrival_s(&self) -> Option<f64> {
        self.at.map(|(_, shown)| shown)
    }
}

/// The world stays in view while the skier takes position on the mat: only a caption, on a
/// small rounded card high on the screen (above the skier on the mat).
pub fn draw_arrival(view: &StageView) {
    let scale = screen_scale();
    let title = position_name(view.position);
    let rounds = format!("{} rounds + {} spare", view.magazine, view.spares);
    let margin = scale.px(MARGIN);
    let width = screen_width().min(scale.px(ARRIVAL_CARD_WIDTH)) - 2.0 * margin;
    let step = scale.px(TEXT_SIZE + LINE_GAP);
    let card = Rect::new(
        (screen_width() - width) / 2.0,
        screen_height() * ARRIVAL_CARD_Y,
        width,
        scale.px(TITLE_SIZE) + step + 2.0 * margin,
    );
    raised_rect(
        card,
        scale.px(CORNER),
        scale.px(DROP),
        FIGURES_BACK,
        CARD_SHADOW,
    );
    let x = card.center().x;
    let inner = width - 2.0 * margin;
    let y = card.y + margin + scale.px(TITLE_SIZE);
    font::draw_centred(title, x, y, scale.px(TITLE_SIZE), inner, ROUND);
    let size = scale.px(TEXT_SIZE);
    font::draw_centred(&rounds, x, y + step, size, inner, TEXT);
}

fn position_name(position: ShootingPosition) -> &'static str {
    match position {
        ShootingPosition::Prone => "PRONE",
        ShootingPosition::Standing => "STANDING",
    }
}

/// Where the stage's touch buttons are on the current screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageButtons {
    pub breath: Rect,
    pub buy: Rect,
    pub penalty: Rect,
}

impl StageButtons {
    /// The layout for the current screen size.
    pub fn current() -> Self {
        StageLayout::for_screen(screen_width(), screen_height(), &screen_scale()).buttons
    }
}

/// Where everything goes on one screen, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StageLayout {
    centre: Vec2,
    radius: f32,
    /// The sight's outer radius, rim included.
    outer: f32,
    /// The area for the figures (above the buttons).
    figures: Rect,
    buttons: StageButtons,
}

impl StageLayout {
    fn for_screen(width: f32, height: f32, scale: &UiScale) -> Self {
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
        );
        let rim = scale.px(RIM_MIN);
        // The outer radius is the field's plus two target faces and the rim.
        let outer_per_radius = 1.0 + 4.0 * FACE_RADIUS_MRAD / SIGHT_SPAN_MRAD;
        if width > height {
            let area = width - panel_width;
            let outer = (area.min(height) / 2.0 - margin).max(0.0);
            let radius = ((outer - rim) / outer_per_radius).max(0.0);
            Self {
                centre: Vec2::new(area / 2.0, height / 2.0),
                radius,
                outer,
                figures: Rect::new(panel_x, margin, panel_width, buttons_top - 2.0 * margin),
                buttons,
            }
        } else {
            // Portrait: the row of targets down at the top, then the sight, then the figures.
            let top = scale.px(2.0 * MARK_SPACING);
            let figures_height = FIGURE_LINES * scale.px(TEXT_SIZE + LINE_GAP) + margin;
            let room = (buttons_top - figures_height - top).max(0.0);
            let outer = (width / 2.0).min(room / 2.0);
            let radius = ((outer - rim) / outer_per_radius).max(0.0);
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

/// Breath across the bottom of `area`, buy and penalty side by side above it.
fn buttons_in(area: Rect, margin: f32, height: f32) -> StageButtons {
    let inner = area.w - 2.0 * margin;
    let half = (inner - margin) / 2.0;
    let bottom = area.y + area.h - margin - height;
    let upper = bottom - margin - height;
    StageButtons {
        breath: Rect::new(area.x + margin, bottom, inner, height),
        buy: Rect::new(area.x + margin, upper, half, height),
        penalty: Rect::new(area.x + 2.0 * margin + half, upper, half, height),
    }
}

/// Draw the stage over the (dimmed) world, with the sight's recent path.
pub fn draw_stage(view: &StageView, trail: &SwayTrail) {
    let (width, height) = (screen_width(), screen_height());
    let scale = screen_scale();
    let layout = StageLayout::for_screen(width, height, &scale);
    draw_rectangle(0.0, 0.0, width, height, DIM);
    draw_sight(view, &layout, &scale);
    draw_trail(view, trail, &layout, &scale);
    draw_crosshair(&layout, &scale);
    let figures = layout.figures;
    draw_rectangle(figures.x, figures.y, figures.w, figures.h, FIGURES_BACK);
    let mut y = figures.y;
    if width > height {
        y += scale.px(MARK_SPACING);
        draw_targets_down(view, Vec2::new(figures.center().x, y), &scale);
        y += scale.px(MARK_SPACING + TITLE_SIZE);
    } else {
        let row_y = scale.px(MARK_SPACING);
        draw_targets_down(view, Vec2::new(width / 2.0, row_y), &scale);
        y += scale.px(TEXT_SIZE);
    }
    let room = figures.w - 2.0 * scale.px(MARGIN);
    draw_figures(view, figures.center().x, y, room, &scale);
    draw_buttons(view, &layout.buttons, &scale);
}

/// Draw the sight: the field, the targets where the sway puts them, and the rim.
fn draw_sight(view: &StageView, layout: &StageLayout, scale: &UiScale) {
    let (centre, radius) = (layout.centre, layout.radius);
    let px_per_mrad = 2.0 * radius / SIGHT_SPAN_MRAD;
    draw_circle(centre.x, centre.y, radius, SIGHT_FIELD);
    let face = FACE_RADIUS_MRAD * px_per_mrad;
    let zone = view.zone_radius_mrad as f32 * px_per_mrad;
    for (target, state) in view.target_centres_mrad.iter().zip(view.targets) {
        let offset = (*target - view.sight_mrad).as_vec2() * px_per_mrad;
        // Screen y grows downwards, the sight's upwards.
        let at = centre + Vec2::new(offset.x, -offset.y);
        if at.distance(centre) - face > radius {
            continue;
        }
        let hit = state == TargetState::Hit;
        draw_circle(at.x, at.y, face, if hit { FACE_HIT } else { FACE_BLACK });
        if hit {
            // A white face on the pale field needs an edge to read.
            draw_circle_lines(at.x, at.y, face, scale.px(LINE), FACE_BLACK);
        } else if zone < face {
            draw_circle_lines(at.x, at.y, zone, scale.px(THIN_LINE), ZONE_RING);
        }
    }
    // A rim as thick as a target hides the parts of targets outside the sight.
    draw_ring(centre, radius, layout.outer, SIGHT_RIM);
}

/// The sight's recent path relative to the targets, fading with age, inside the field.
fn draw_trail(view: &StageView, trail: &SwayTrail, layout: &StageLayout, scale: &UiScale) {
    let (centre, radius) = (layout.centre, layout.radius);
    let px_per_mrad = 2.0 * radius / SIGHT_SPAN_MRAD;
    let on_screen = |sight: glam::DVec2| {
        let offset = (sight - view.sight_mrad).as_vec2() * px_per_mrad;
        centre + Vec2::new(offset.x, -offset.y)
    };
    let points: Vec<Vec2> = trail.points().map(on_screen).collect();
    let count = points.len().max(1) as f32;
    for (k, pair) in points.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a.distance(centre) > radius || b.distance(centre) > radius {
            continue;
        }
        let colour = Color {
            a: TRAIL.a * (k as f32 + 1.0) / count,
            ..TRAIL
        };
        draw_line(a.x, a.y, b.x, b.y, scale.px(LINE), colour);
    }
}

/// The crosshair, fixed at the sight's centre.
fn draw_crosshair(layout: &StageLayout, scale: &UiScale) {
    let (centre, radius) = (layout.centre, layout.radius);
    let arm = radius * CROSSHAIR_ARM;
    let line = scale.px(LINE);
    draw_line(
        centre.x - arm,
        centre.y,
        centre.x + arm,
        centre.y,
        line,
        CROSSHAIR,
    );
    draw_line(
        centre.x,
        centre.y - arm,
        centre.x,
        centre.y + arm,
        line,
        CROSSHAIR,
    );
}

/// A solid ring between two radii.
fn draw_ring(centre: Vec2, inner: f32, outer: f32, colour: Color) {
    let point = |k: u32, r: f32| {
        let angle = std::f32::consts::TAU * k as f32 / RING_SEGMENTS as f32;
        centre + Vec2::new(angle.cos(), angle.sin()) * r
    };
    for k in 0..RING_SEGMENTS {
        let (a, b) = (point(k, inner), point(k + 1, inner));
        let (c, d) = (point(k, outer), point(k + 1, outer));
        draw_triangle(a, c, d, colour);
        draw_triangle(a, d, b, colour);
    }
}

/// Five marks, white for a target down, centred on `centre`.
fn draw_targets_down(view: &StageView, centre: Vec2, scale: &UiScale) {
    let spacing = scale.px(MARK_SPACING);
    let radius = scale.px(MARK_RADIUS);
    let first = centre.x - spacing * (view.targets.len() as f32 - 1.0) / 2.0;
    for (k, state) in view.targets.iter().enumerate() {
        let x = first + spacing * k as f32;
        let colour = if *state == TargetState::Hit {
            FACE_HIT
        } else {
            FACE_BLACK
        };
        draw_circle(x, centre.y, radius, colour);
        draw_circle_lines(x, centre.y, radius, scale.px(THIN_LINE), MUTED);
    }
}

/// Position and rounds, heart rate, aiming timer and reward, and what to do now, centred on
/// `x` from the baseline `top` down, each line shrunk to fit `width`.
fn draw_figures(view: &StageView, x: f32, top: f32, width: f32, scale: &UiScale) {
    let step = scale.px(TEXT_SIZE + LINE_GAP);
    let size = scale.px(TEXT_SIZE);
    let title = scale.px(TITLE_SIZE);
    font::draw_centred(position_name(view.position), x, top, title, width, TEXT);
    draw_rounds(view, x, top + step * 0.9, scale);
    let heart = format!("heart {:.0} bpm", view.heart_bpm);
    let beat = heart_colour(view.heart_bpm);
    font::draw_centred(&heart, x, top + 2.0 * step, size, width, beat);
    let aim = format!(
        "aim {:.1} s   hit pays {}",
        view.aim_timer_s, view.potential_reward
    );
    font::draw_centred(&aim, x, top + 3.0 * step, size, width, TEXT);
    font::draw_centred(&phase_line(view), x, top + 4.0 * step, size, width, MUTED);
}

/// The magazine's rounds as filled marks, the spares after a gap.
fn draw_rounds(view: &StageView, x: f32, y: f32, scale: &UiScale) {
    let spacing = scale.px(ROUND_SPACING);
    let radius = scale.px(ROUND_RADIUS);
    let marks = usize::from(view.magazine) + usize::from(view.spares) + 1;
    let first = x - spacing * (marks as f32 - 1.0) / 2.0;
    for k in 0..marks {
        let at = Vec2::new(first + spacing * k as f32, y - radius);
        let magazine = k < usize::from(view.magazine);
        let spare = k > usize::from(view.magazine);
        if magazine {
            draw_circle(at.x, at.y, radius, ROUND);
        } else if spare {
            draw_circle_lines(at.x, at.y, radius, scale.px(LINE), ROUND);
        }
    }
}

/// Green when calm, red when racing, blended between.
fn heart_colour(bpm: f64) -> Color {
    let t = ((bpm - CALM_BPM) / (RACING_BPM - CALM_BPM)).clamp(0.0, 1.0) as f32;
    Color::new(
        CALM.r + (RACING.r - CALM.r) * t,
        CALM.g + (RACING.g - CALM.g) * t,
        CALM.b + (RACING.b - CALM.b) * t,
        1.0,
    )
}

fn phase_line(view: &StageView) -> String {
    match view.phase {
        StagePhase::Aiming if view.breath_held => "breath held: steady".to_owned(),
        StagePhase::Aiming => "aim and fire (Space / tap)".to_owned(),
        StagePhase::Reloading => format!(
            "loading a spare {:.0}%",
            view.reload_progress.unwrap_or(0.0) * 100.0
        ),
        StagePhase::OutOfRounds => format!(
            "buy a round ({} coins) or ski {:.0} m",
            view.round_price, view.penalty_if_taken_m
        ),
        StagePhase::Finished => "done".to_owned(),
    }
}

fn draw_buttons(view: &StageView, buttons: &StageButtons, scale: &UiScale) {
    let breath_label = if view.breath_held {
        "holding breath (Shift)"
    } else {
        "hold breath (Shift)"
    };
    let breath_colour = if view.breath_held {
        BUTTON_ACTIVE
    } else {
        BUTTON
    };
    draw_button(buttons.breath, breath_label, breath_colour, scale);
    if view.phase == StagePhase::OutOfRounds {
        if view.can_buy {
            draw_button(buttons.buy, "buy round (B)", BUTTON, scale);
        }
        draw_button(buttons.penalty, "penalty (P)", BUTTON, scale);
    }
}

/// A rounded button on a soft shadow, like the menus' buttons, its label centred.
fn draw_button(rect: Rect, label: &str, colour: Color, scale: &UiScale) {
    raised_rect(rect, scale.px(CORNER), scale.px(DROP), colour, CARD_SHADOW);
    let room = rect.w - 2.0 * scale.px(LINE_GAP);
    let (px, measured) = font::fit(label, scale.px(TEXT_SIZE), room);
    font::draw(
        label,
        rect.center().x - measured.width / 2.0,
        rect.y + (rect.h + measured.offset_y) / 2.0,
        px,
        TEXT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phone::density::{Density, ScreenPx};

    fn layout(width: f32, height: f32) -> (StageLayout, UiScale) {
        let scale = UiScale::new(ScreenPx { width, height }, Density::PxPerDp(1.0));
        (StageLayout::for_screen(width, height, &scale), scale)
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
}
