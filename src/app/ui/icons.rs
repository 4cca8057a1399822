//! The game's small pictures, drawn from shapes like the launcher icon: a coin, a gear
//! (settings), the pause bars and a tick (a mission done; a life's heart is the run's,
//! `run::feel::draw_hearts`; a medal's disc the results'). Each fills a square and notes itself
//! as a badge (no text may cover it).

use super::drawn::note_badge;
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_triangle};
use std::f32::consts::TAU;

/// The coin: gold, a darker rim and a bright inner ring.
const GOLD: Color = Color::new(0.98, 0.78, 0.16, 1.0);
const GOLD_RIM: Color = Color::new(0.72, 0.50, 0.06, 1.0);
const GOLD_SHINE: Color = Color::new(1.0, 0.93, 0.55, 1.0);
/// Shares of an icon's half side: the coin's rim and inner ring, the gear's teeth.
const COIN_RIM: f32 = 0.16;
const COIN_RING: f32 = 0.55;
const GEAR_TEETH: usize = 8;
const GEAR_BODY: f32 = 0.68;
const GEAR_HOLE: f32 = 0.30;
const TOOTH_HALF_WIDTH: f32 = 0.17;
/// The pause bars: each this share of the side wide, this far apart.
const BAR_WIDTH: f32 = 0.22;
const BAR_GAP: f32 = 0.18;
const BAR_HEIGHT: f32 = 0.62;
/// The tick: its three points (shares of the side from the top left) and its stroke.
const TICK: [(f32, f32); 3] = [(0.12, 0.52), (0.40, 0.80), (0.88, 0.22)];
const TICK_STROKE: f32 = 0.2;

/// The largest square centred in `rect`, noted as a badge.
fn square(rect: Rect) -> (Vec2, f32) {
    let side = rect.w.min(rect.h);
    let centre = rect.center();
    note_badge(Rect::new(
        centre.x - side / 2.0,
        centre.y - side / 2.0,
        side,
        side,
    ));
    (centre, side / 2.0)
}

/// A gold coin filling `rect`'s square.
pub fn draw_coin(rect: Rect) {
    let (c, r) = square(rect);
    draw_circle(c.x, c.y, r, GOLD_RIM);
    draw_circle(c.x, c.y, r * (1.0 - COIN_RIM), GOLD);
    draw_circle_lines(c.x, c.y, r * COIN_RING, r * COIN_RIM * 0.6, GOLD_SHINE);
}

/// A gear (settings) in `colour` filling `rect`'s square, its hole showing `hole`.
pub fn draw_gear(rect: Rect, colour: Color, hole: Color) {
    let (c, r) = square(rect);
    for i in 0..GEAR_TEETH {
        let angle = TAU * i as f32 / GEAR_TEETH as f32;
        let along = Vec2::new(angle.cos(), angle.sin());
        let across = Vec2::new(-along.y, along.x) * r * TOOTH_HALF_WIDTH;
        let (inner, outer) = (c + along * r * GEAR_BODY * 0.8, c + along * r);
        draw_triangle(inner - across, inner + across, outer + across, colour);
        draw_triangle(inner - across, outer + across, outer - across, colour);
    }
    draw_circle(c.x, c.y, r * GEAR_BODY, colour);
    draw_circle(c.x, c.y, r * GEAR_HOLE, hole);
}

/// The pause sign (two bars) in `colour` filling `rect`'s square.
pub fn draw_pause(rect: Rect, colour: Color) {
    let (c, r) = square(rect);
    let side = 2.0 * r;
    let (w, h) = (side * BAR_WIDTH, side * BAR_HEIGHT);
    let gap = side * BAR_GAP;
    draw_rectangle(c.x - gap / 2.0 - w, c.y - h / 2.0, w, h, colour);
    draw_rectangle(c.x + gap / 2.0, c.y - h / 2.0, w, h, colour);
}

/// A tick (a mission done), its strokes `colour`, in `rect`'s largest centred square.
pub fn draw_tick(rect: Rect, colour: Color) {
    let (centre, half) = square(rect);
    let at = |(x, y): (f32, f32)| {
        Vec2::new(
            centre.x + (2.0 * x - 1.0) * half,
            centre.y + (2.0 * y - 1.0) * half,
        )
    };
    let stroke = TICK_STROKE * 2.0 * half;
    for pair in TICK.windows(2) {
        let (a, b) = (at(pair[0]), at(pair[1]));
        draw_line(a.x, a.y, b.x, b.y, stroke, colour);
        // A round joint, so the strokes meet without a notch.
        draw_circle(a.x, a.y, stroke / 2.0, colour);
    }
    let end = at(TICK[2]);
    draw_circle(end.x, end.y, stroke / 2.0, colour);
}
