//! The shooting stage on screen: the sight picture (five targets moving against a fixed
//! crosshair as the sight sways), rounds, heart rate and breath, the aiming reward, and the
//! buttons a touch screen needs (hold breath; buy a round or take the penalty loop).

use crate::course::ShootingPosition;
use crate::shooting::{StagePhase, StageView, TargetState};
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines, draw_triangle,
};
use macroquad::text::{draw_text, measure_text};
use macroquad::window::{screen_height, screen_width};

/// The sight shows this many milliradians across its diameter (the targets span 10).
const SIGHT_SPAN_MRAD: f32 = 13.0;
/// Radius of the black target face, mrad (the 115 mm standing face at 50 m).
const FACE_RADIUS_MRAD: f32 = 1.15;
/// The sight's radius as a fraction of the screen's short side.
const SIGHT_FRACTION: f32 = 0.40;
/// Height of the sight's centre as a share of the screen's.
const SIGHT_CENTRE_Y: f32 = 0.38;
/// Half the crosshair as a share of the sight's radius.
const CROSSHAIR_ARM: f32 = 0.18;
/// Line widths and spacing, pixels.
const LINE: f32 = 2.0;
const THIN_LINE: f32 = 1.5;
const LINE_GAP: f32 = 8.0;
const MARGIN: f32 = 16.0;
/// Segments of the sight's rim.
const RING_SEGMENTS: u32 = 72;
/// Thinnest the sight's rim is drawn, pixels.
const RIM_MIN: f32 = 10.0;
const BUTTON_HEIGHT: f32 = 56.0;
const TEXT_SIZE: f32 = 26.0;
const DIM: Color = Color::new(0.02, 0.04, 0.08, 0.72);
const SIGHT_FIELD: Color = Color::new(0.86, 0.90, 0.86, 1.0);
const SIGHT_RIM: Color = Color::new(0.05, 0.05, 0.05, 1.0);
const FACE_BLACK: Color = Color::new(0.05, 0.05, 0.06, 1.0);
const FACE_HIT: Color = Color::new(0.97, 0.97, 0.97, 1.0);
const ZONE_RING: Color = Color::new(0.45, 0.45, 0.45, 1.0);
const CROSSHAIR: Color = Color::new(0.85, 0.10, 0.10, 1.0);
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const BUTTON: Color = Color::new(0.16, 0.36, 0.66, 0.95);
const BUTTON_ACTIVE: Color = Color::new(0.85, 0.55, 0.10, 0.95);

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
        let (width, height) = (screen_width(), screen_height());
        let margin = MARGIN;
        let half = (width - 3.0 * margin) / 2.0;
        let bottom = height - margin - BUTTON_HEIGHT;
        Self {
            breath: Rect::new(margin, bottom, width - 2.0 * margin, BUTTON_HEIGHT),
            buy: Rect::new(margin, bottom - margin - BUTTON_HEIGHT, half, BUTTON_HEIGHT),
            penalty: Rect::new(
                2.0 * margin + half,
                bottom - margin - BUTTON_HEIGHT,
                half,
                BUTTON_HEIGHT,
            ),
        }
    }
}

/// Draw the stage over the (dimmed) world.
pub fn draw_stage(view: &StageView) {
    let (width, height) = (screen_width(), screen_height());
    draw_rectangle(0.0, 0.0, width, height, DIM);
    let radius = width.min(height) * SIGHT_FRACTION;
    let centre = Vec2::new(width / 2.0, height * SIGHT_CENTRE_Y);
    let outer = draw_sight(view, centre, radius);
    draw_status(view, centre.y + outer + TEXT_SIZE);
    draw_buttons(view, &StageButtons::current());
}

/// Draw the sight; its outer radius, rim included.
fn draw_sight(view: &StageView, centre: Vec2, radius: f32) -> f32 {
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
        if !hit && zone < face {
            draw_circle_lines(at.x, at.y, zone, THIN_LINE, ZONE_RING);
        }
    }
    // A rim as thick as a target hides the parts of targets outside the sight.
    let outer = radius + 2.0 * face + RIM_MIN;
    draw_ring(centre, radius, outer, SIGHT_RIM);
    let arm = radius * CROSSHAIR_ARM;
    draw_line(
        centre.x - arm,
        centre.y,
        centre.x + arm,
        centre.y,
        LINE,
        CROSSHAIR,
    );
    draw_line(
        centre.x,
        centre.y - arm,
        centre.x,
        centre.y + arm,
        LINE,
        CROSSHAIR,
    );
    outer
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

fn draw_status(view: &StageView, top: f32) {
    let position = match view.position {
        ShootingPosition::Prone => "PRONE",
        ShootingPosition::Standing => "STANDING",
    };
    let rounds = format!(
        "{position}  rounds {} + {} spare",
        view.magazine, view.spares
    );
    let heart = format!(
        "heart {:.0} bpm   hit pays {}",
        view.heart_bpm, view.potential_reward
    );
    let phase = match view.phase {
        StagePhase::Aiming if view.breath_held => "breath held".to_owned(),
        StagePhase::Aiming => "aim and fire (Space / tap)".to_owned(),
        StagePhase::Reloading => format!(
            "loading a spare {:.0}%",
            view.reload_progress.unwrap_or(0.0) * 100.0
        ),
        StagePhase::OutOfRounds => format!(
            "out of rounds: buy one ({} coins) or ski {:.0} m",
            view.round_price, view.penalty_if_taken_m
        ),
        StagePhase::Finished => "done".to_owned(),
    };
    for (i, line) in [rounds, heart, phase].iter().enumerate() {
        draw_centered(line, top + i as f32 * (TEXT_SIZE + LINE_GAP));
    }
}

fn draw_buttons(view: &StageView, buttons: &StageButtons) {
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
    draw_button(buttons.breath, breath_label, breath_colour);
    if view.phase == StagePhase::OutOfRounds {
        if view.can_buy {
            draw_button(buttons.buy, "buy round (B)", BUTTON);
        }
        draw_button(buttons.penalty, "penalty (P)", BUTTON);
    }
}

fn draw_button(rect: Rect, label: &str, colour: Color) {
    draw_rectangle(rect.x, rect.y, rect.w, rect.h, colour);
    draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, LINE, TEXT);
    let measured = measure_text(label, None, TEXT_SIZE as u16, 1.0);
    let x = rect.x + (rect.w - measured.width) / 2.0;
    draw_text(
        label,
        x,
        rect.y + rect.h / 2.0 + TEXT_SIZE / 3.0,
        TEXT_SIZE,
        TEXT,
    );
}

fn draw_centered(text: &str, y: f32) {
    let measured = measure_text(text, None, TEXT_SIZE as u16, 1.0);
    draw_text(
        text,
        (screen_width() - measured.width) / 2.0,
        y,
        TEXT_SIZE,
        TEXT,
    );
}
