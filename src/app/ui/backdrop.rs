//! The menus' winter scene: a sky-to-snow gradient, a low sun, clouds drifting across, three
//! rows of soft hills and pine silhouettes, and snow falling over it all: flat 2D shapes in the
//! run's palette, scaled to any screen, moving with the clock (drawing only).

use super::shapes::{ridge, vertical_gradient};
use crate::phone::density::ScreenPx;
use macroquad::color::Color;
use macroquad::math::{vec2, Rect};
use macroquad::shapes::{draw_circle, draw_rectangle, draw_triangle};

/// Sky at the top of the screen and at the horizon.
const SKY_TOP: Color = Color::new(0.36, 0.62, 0.88, 1.0);
const SKY_HORIZON: Color = Color::new(0.82, 0.91, 0.98, 1.0);
/// The low winter sun and its glow.
const SUN: Color = Color::new(1.0, 0.97, 0.86, 0.95);
const SUN_GLOW: Color = Color::new(1.0, 0.96, 0.82, 0.05);
/// Where the sun sits, as shares of the screen, and its radius in layout units.
const SUN_AT: (f32, f32) = (0.86, 0.07);
const SUN_RADIUS: f32 = 30.0;
/// The glow's rings: the widest ring's radius, layout units, and how many rings fade to it.
const SUN_GLOW_RADIUS: f32 = 72.0;
const SUN_GLOW_RINGS: usize = 10;
/// Pine needles, the shaded side and the trunk.
const PINE: Color = Color::new(0.11, 0.35, 0.24, 1.0);
const PINE_SHADE: Color = Color::new(0.07, 0.26, 0.18, 1.0);
const TRUNK: Color = Color::new(0.33, 0.22, 0.14, 1.0);
/// Ridge points across the screen.
const RIDGE_POINTS: usize = 48;
/// Clouds: how many, their puffs, size (layout units), height band (shares of the screen's
/// height), drift (layout units per second) and colour.
const CLOUDS: usize = 4;
const CLOUD_PUFFS: usize = 5;
const CLOUD_PUFF_RADIUS: f32 = 26.0;
const CLOUD_BAND: (f32, f32) = (0.12, 0.32);
const CLOUD_DRIFT: f32 = 9.0;
const CLOUD: Color = Color::new(0.93, 0.96, 1.0, 1.0);
/// How much clouds, puffs and flakes vary from one another: a base share plus a scattered one.
const VARY_BASE: f32 = 0.6;
const VARY_SPREAD: f32 = 0.6;
/// Puffs sit this many radii apart and rise up to this share of their radius.
const PUFF_SPACING: f32 = 1.1;
const PUFF_RISE: f32 = 0.4;
/// A flake's sway: its phase spread, radians.
const SWAY_PHASES: f32 = 6.0;
/// Falling snow: flakes, their radius (layout units), fall and sway speeds.
const FLAKES: usize = 70;
const FLAKE_RADIUS: f32 = 2.2;
const FLAKE_FALL: f32 = 38.0;
const FLAKE_SWAY: f32 = 14.0;
const FLAKE: Color = Color::new(1.0, 1.0, 1.0, 0.85);

/// One row of hills: where its ridge sits (share of screen height), how much it rolls
/// (share of height), its waves (cycles across the screen, phase) and its colours.
struct Hills {
    base: f32,
    roll: f32,
    waves: [(f32, f32); 2],
    top: Color,
    bottom: Color,
}

/// Far blue hills, middle snowfield, near snowbank.
const HILLS: [Hills; 3] = [
    Hills {
        base: 0.60,
        roll: 0.05,
        waves: [(1.3, 0.4), (3.1, 1.7)],
        top: Color::new(0.66, 0.78, 0.90, 1.0),
        bottom: Color::new(0.80, 0.88, 0.95, 1.0),
    },
    Hills {
        base: 0.70,
        roll: 0.035,
        waves: [(0.9, 2.2), (2.4, 0.3)],
        top: Color::new(0.90, 0.94, 0.98, 1.0),
        bottom: Color::new(0.80, 0.87, 0.94, 1.0),
    },
    Hills {
        base: 0.84,
        roll: 0.03,
        waves: [(0.7, 4.0), (1.9, 1.1)],
        top: Color::new(0.99, 0.99, 1.0, 1.0),
        bottom: Color::new(0.86, 0.91, 0.97, 1.0),
    },
];

/// Pines: (which hills they stand on, share of screen width, height in layout units).
const PINES: [(usize, f32, f32); 14] = [
    (1, 0.04, 64.0),
    (1, 0.09, 84.0),
    (1, 0.14, 58.0),
    (1, 0.21, 72.0),
    (1, 0.66, 60.0),
    (1, 0.73, 88.0),
    (1, 0.79, 66.0),
    (1, 0.90, 78.0),
    (1, 0.96, 58.0),
    (2, 0.02, 120.0),
    (2, 0.10, 96.0),
    (2, 0.88, 110.0),
    (2, 0.97, 130.0),
    (0, 0.45, 36.0),
];
/// A pine's width as a share of its height, its tiers and the trunk's share of its height.
const PINE_WIDTH: f32 = 0.5;
const PINE_TIERS: usize = 3;
const TRUNK_SHARE: f32 = 0.12;
/// A tier's height as a multiple of its even share of the crown, and how far up the next
/// tier starts (share of that share): tiers overlap so the crown reads as one tree.
const TIER_HEIGHT: f32 = 1.6;
const TIER_RISE: f32 = 0.75;
/// The trunk's width as a share of its height.
const TRUNK_WIDTH: f32 = 0.66;

impl Hills {
    /// The ridge's height at `u` (0 at the left edge, 1 at the right), pixels.
    fn y_at(&self, u: f32, height: f32) -> f32 {
        let wave: f32 = self
            .waves
            .iter()
            .map(|(cycles, phase)| (u * cycles * std::f32::consts::TAU + phase).sin())
            .sum::<f32>()
            / self.waves.len() as f32;
        height * (self.base - self.roll * wave)
    }
}

/// Draw the whole scene over `screen`; `unit` is pixels per layout unit.
pub fn draw_backdrop(screen: ScreenPx, unit: f32) {
    let (width, height) = (screen.width, screen.height);
    vertical_gradient(Rect::new(0.0, 0.0, width, height), SKY_TOP, SKY_HORIZON);
    let (sun_x, sun_y) = (SUN_AT.0 * width, SUN_AT.1 * height);
    // Stacked faint rings read as a soft glow.
    for ring in 0..SUN_GLOW_RINGS {
        let share = 1.0 - ring as f32 / SUN_GLOW_RINGS as f32;
        let radius = SUN_RADIUS + (SUN_GLOW_RADIUS - SUN_RADIUS) * share;
        draw_circle(sun_x, sun_y, radius * unit, SUN_GLOW);
    }
    draw_circle(sun_x, sun_y, SUN_RADIUS * unit, SUN);
    let time_s = macroquad::time::get_time() as f32;
    draw_clouds(screen, unit, time_s);
    for (index, hills) in HILLS.iter().enumerate() {
        let points: Vec<(f32, f32)> = (0..=RIDGE_POINTS)
            .map(|i| {
                let u = i as f32 / RIDGE_POINTS as f32;
                (u * width, hills.y_at(u, height))
            })
            .collect();
        ridge(&points, height, hills.top, hills.bottom);
        for &(on, u, size) in &PINES {
            if on == index {
                pine(u * width, hills.y_at(u, height), size * unit);
            }
        }
    }
    draw_snow(screen, unit, time_s);
}

/// A share in [0, 1) for element `i` and `salt` (a fixed scatter, the same every frame).
fn scatter(i: usize, salt: u32) -> f32 {
    crate::seed::unit_hash(((i as u64) << u32::BITS) | u64::from(salt)) as f32
}

/// Soft clouds of overlapping puffs drifting right, wrapping round the screen.
fn draw_clouds(screen: ScreenPx, unit: f32, time_s: f32) {
    let span = screen.width + 2.0 * CLOUD_PUFFS as f32 * CLOUD_PUFF_RADIUS * unit;
    for c in 0..CLOUDS {
        let speed = CLOUD_DRIFT * unit * (VARY_BASE + VARY_SPREAD * scatter(c, 1));
        let x = (scatter(c, 2) * span + time_s * speed).rem_euclid(span)
            - CLOUD_PUFFS as f32 * CLOUD_PUFF_RADIUS * unit;
        let band = CLOUD_BAND.0 + (CLOUD_BAND.1 - CLOUD_BAND.0) * scatter(c, 3);
        let y = band * screen.height;
        for p in 0..CLOUD_PUFFS {
            let r = CLOUD_PUFF_RADIUS
                * unit
                * (VARY_BASE + VARY_SPREAD * scatter(c * CLOUD_PUFFS + p, 4));
            let dx = p as f32 * CLOUD_PUFF_RADIUS * unit * PUFF_SPACING;
            let dy = -r * PUFF_RISE * scatter(c * CLOUD_PUFFS + p, 5);
            draw_circle(x + dx, y + dy, r, CLOUD);
        }
    }
}

/// Flakes falling and swaying, wrapping from the bottom back to the top.
fn draw_snow(screen: ScreenPx, unit: f32, time_s: f32) {
    for f in 0..FLAKES {
        let fall = FLAKE_FALL * unit * (VARY_BASE + VARY_SPREAD * scatter(f, 6));
        let y = (scatter(f, 7) * screen.height + time_s * fall).rem_euclid(screen.height);
        let phase = time_s * (VARY_BASE + scatter(f, 8)) + SWAY_PHASES * scatter(f, 9);
        let sway = FLAKE_SWAY * unit * phase.sin();
        let x = (scatter(f, 10) * screen.width + sway).rem_euclid(screen.width);
        let radius = FLAKE_RADIUS * unit * (VARY_BASE + VARY_SPREAD * scatter(f, 11));
        draw_circle(x, y, radius, FLAKE);
    }
}

/// A pine standing at (`x`, `ground`), `tall` pixels high: stacked tiers, lit on the left.
fn pine(x: f32, ground: f32, tall: f32) {
    let trunk = tall * TRUNK_SHARE;
    let half = tall * PINE_WIDTH / 2.0;
    let trunk_w = trunk * TRUNK_WIDTH;
    draw_rectangle(x - trunk_w / 2.0, ground - trunk, trunk_w, trunk, TRUNK);
    let crown = tall - trunk;
    let tier = crown / PINE_TIERS as f32;
    for i in 0..PINE_TIERS {
        // Upper tiers are narrower and overlap the one below by half.
        let shrink = 1.0 - i as f32 / (PINE_TIERS as f32 + 1.0);
        let bottom = ground - trunk - i as f32 * tier * TIER_RISE;
        let top = bottom - tier * TIER_HEIGHT;
        let w = half * shrink;
        draw_triangle(vec2(x - w, bottom), vec2(x + w, bottom), vec2(x, top), PINE);
        draw_triangle(
            vec2(x, bottom),
            vec2(x + w, bottom),
            vec2(x, top),
            PINE_SHADE,
        );
    }
}
