//! The picture in the scope: the range at 50 m in 3D through a round lens (see [`diorama`]), moving as the sight sways and kicking with each shot; over it the five
//! black faces on the plate — hit targets flip white, misses leave their marks —, the muzzle's
//! puff, falling snow, a vignette darkening the lens's edge and the dark eyepiece around it.
//!
//! The faces and marks are placed in milliradians from the range's centre (the targets' line),
//! so the picture and the shots agree: a point `p` is drawn at `(p - sight) × px_per_mrad` from
//! the lens's centre.
//!
//! Its files import one way: this one draws with the diorama, the diorama with the venues,
//! the venues with the palette and the geometry, which import none of the others.

mod diorama;
mod geometry;
mod palette;
mod venue;

use super::layout::{FACE_RADIUS_MRAD, THIN_LINE};
use super::marks::ShotMarks;
use super::round::{draw_disc, draw_oval, draw_ring};
use crate::course::Course;
use crate::shooting::StageView;
use diorama::draw_diorama;
use geometry::hash_share;
pub(super) use geometry::Lens;
use macroquad::color::Color;
use macroquad::math::Vec2;
use macroquad::window::{screen_height, screen_width};
use palette::LensPalette;
use venue::Venue;

/// The edge of a face's hole, round a flipped paddle.
const HOLE_EDGE: Color = Color::new(0.30, 0.32, 0.34, 1.0);
const FACE_BLACK: Color = Color::new(0.04, 0.04, 0.05, 1.0);
const PADDLE: Color = Color::new(0.99, 0.99, 0.97, 1.0);
/// The prone zone's ring on the black face: the only part that counts at prone.
const PRONE_RING: Color = Color::new(0.62, 0.64, 0.66, 1.0);
/// A miss's mark: an orange hole with a dark edge, where the shot went.
const MISS_MARK: Color = Color::new(0.98, 0.45, 0.08, 1.0);
const MISS_EDGE: Color = Color::new(0.10, 0.06, 0.04, 1.0);
const PUFF: Color = Color::new(0.58, 0.59, 0.61, 0.3);
const FLASH: Color = Color::new(1.0, 0.93, 0.75, 0.45);
/// Around the lens: the eyepiece, its metal rim and a glint on it.
const EYEPIECE: Color = Color::new(0.02, 0.02, 0.03, 1.0);
const RIM: Color = Color::new(0.16, 0.17, 0.19, 1.0);
const RIM_GLINT: Color = Color::new(0.42, 0.45, 0.50, 1.0);

/// Falling snow in a heavy fall: flakes in the lens, their sizes (shares of a scale of the lens's
/// radius), how fast they fall (lens widths a second for the biggest) and drift with the wind.
const SNOWFLAKES: u32 = 60;
const FLAKE_MIN: f32 = 0.4;
const FLAKE_VARIES: f32 = 0.6;
const FLAKE_SCALE: f32 = 0.012;
const FLAKE_FALL: f32 = 0.35;
const FLAKE_DRIFT: f32 = 0.6;
const FLAKE: Color = Color::new(1.0, 1.0, 1.0, 0.85);
/// A miss's mark, mrad (a 10 mm hole would vanish: drawn bigger to be seen).
const MISS_MARK_MRAD: f32 = 0.14;
/// The muzzle's puff: where it blooms (lens radii below the centre), how big it grows (radii).
const PUFF_BELOW: f32 = 0.55;
const PUFF_GROWTH: f32 = 0.5;
/// The puff's blobs: where each sits (shares of its size) and how big it is.
const PUFF_BLOBS: [(f32, f32, f32); 6] = [
    (-0.55, 0.15, 0.6),
    (-0.2, -0.1, 0.85),
    (0.0, 0.2, 1.0),
    (0.3, -0.15, 0.8),
    (0.6, 0.1, 0.65),
    (0.15, 0.45, 0.7),
];
/// The flash lasts this share of the puff's life.
const FLASH_SHARE: f64 = 0.12;
/// The vignette: it starts at this share of the radius and darkens to this alpha at the edge,
/// in this many rings.
const VIGNETTE_FROM: f32 = 0.62;
const VIGNETTE_ALPHA: f32 = 0.75;
const VIGNETTE_RINGS: u32 = 32;
/// The glint on the rim: its share of the rim's width.
const GLINT_SHARE: f32 = 0.3;

/// How the range at one place looks in the scope: its colours and light, and its venue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScopeLook {
    pub palette: LensPalette,
    pub venue: Venue,
}

impl ScopeLook {
    /// The look of the range at `z` of `course`.
    pub fn at(course: &Course, z: f64) -> Self {
        Self {
            palette: LensPalette::at(course, z),
            venue: Venue::at(course, z),
        }
    }
}

/// Draw the picture in the lens and the dark eyepiece round it (out to `outer`, the rim).
pub(super) fn draw_lens(
    view: &StageView,
    marks: &ShotMarks,
    (lens, look): (&Lens, &ScopeLook),
    outer: f32,
    line: f32,
    wind_s: f64,
) {
    draw_diorama(lens, (&look.palette, look.venue), wind_s, view.wind_mps);
    draw_faces(view, marks, lens, line);
    draw_snowfall(lens, look.palette.snowfall, wind_s);
    for mark in marks.misses() {
        let at = lens.at(mark.point_mrad.as_vec2());
        let hole = lens.px(MISS_MARK_MRAD);
        draw_disc(at, hole + line, MISS_EDGE);
        draw_disc(at, hole, MISS_MARK);
    }
    if let Some(puff) = marks.puff() {
        draw_puff(lens, puff);
    }
    draw_vignette(lens);
    draw_eyepiece(lens.centre, lens.radius, outer);
}

/// The five faces on the plate: black standing, white once the paddle flips up.
fn draw_faces(view: &StageView, marks: &ShotMarks, lens: &Lens, line: f32) {
    let face = lens.px(FACE_RADIUS_MRAD);
    let zone = lens.px(view.zone_radius_mrad as f32);
    for (index, centre) in view.target_centres_mrad.iter().enumerate() {
        let at = lens.at(centre.as_vec2());
        draw_disc(at, face, FACE_BLACK);
        if zone < face {
            draw_ring(at, zone - line * THIN_LINE / 2.0, zone, PRONE_RING);
        }
        // The paddle rises from below the face, seen edge-on first: an oval growing round, as
        // wide as the hole where its middle is (so it never spills past the hole's edge).
        if let Some(up) = marks.flip(index) {
            let below = 1.0 - up;
            draw_oval(
                at + Vec2::new(0.0, face * below),
                face * (1.0 - below * below).sqrt(),
                face * up,
                PADDLE,
            );
            draw_ring(at, face - line, face, HOLE_EDGE);
        }
    }
}

/// Snow falling between the rifle and the targets: flakes of seeded places and sizes drifting
/// down and with the wind, wrapping round a square about the lens (as many as `snowfall` says).
fn draw_snowfall(lens: &Lens, snowfall: f32, wind_s: f64) {
    let flakes = (SNOWFLAKES as f32 * snowfall) as i32;
    let side = 2.0 * lens.radius;
    let t = wind_s as f32;
    for k in 0..flakes {
        let size = FLAKE_MIN + FLAKE_VARIES * hash_share(k + 2000);
        // Nearer flakes are bigger and cross the lens faster.
        let speed = side * FLAKE_FALL * size;
        let x = (hash_share(k + 3000) * side + speed * FLAKE_DRIFT * t).rem_euclid(side);
        let y = (hash_share(k + 4000) * side + speed * t).rem_euclid(side);
        let at = lens.centre - Vec2::splat(lens.radius) + Vec2::new(x, y);
        if at.distance(lens.centre) < lens.radius {
            draw_disc(at, size * lens.radius * FLAKE_SCALE, FLAKE);
        }
    }
}

/// The muzzle's smoke blooming low in the lens and drifting with the wind, and the flash.
fn draw_puff(lens: &Lens, share: f64) {
    let fade = (1.0 - share) as f32;
    let grown = lens.radius * PUFF_GROWTH * (0.4 + 0.6 * share as f32);
    let base = lens.centre + Vec2::new(grown * 0.3, lens.radius * PUFF_BELOW - grown * 0.4);
    for (dx, dy, size) in PUFF_BLOBS {
        let at = base + Vec2::new(dx, dy) * grown;
        let colour = Color {
            a: PUFF.a * fade,
            ..PUFF
        };
        // Cut to the lens: a puff's part beyond it is under the eyepiece drawn later.
        draw_disc(at, grown * size * 0.6, colour);
    }
    if share < FLASH_SHARE {
        let flash = Color {
            a: FLASH.a * (1.0 - (share / FLASH_SHARE) as f32),
            ..FLASH
        };
        draw_disc(lens.centre, lens.radius, flash);
    }
}

/// The lens darkening towards its edge.
fn draw_vignette(lens: &Lens) {
    let from = lens.radius * VIGNETTE_FROM;
    let step = (lens.radius - from) / VIGNETTE_RINGS as f32;
    for k in 0..VIGNETTE_RINGS {
        let outer_share = (k + 1) as f32 / VIGNETTE_RINGS as f32;
        let colour = Color::new(0.0, 0.0, 0.0, VIGNETTE_ALPHA * outer_share * outer_share);
        let inner = from + step * k as f32;
        draw_ring(lens.centre, inner, inner + step, colour);
    }
}

/// The dark eyepiece round the lens (over the whole screen outside it) and its metal rim.
fn draw_eyepiece(centre: Vec2, radius: f32, outer: f32) {
    let reach = Vec2::new(screen_width(), screen_height()).length() + centre.length();
    draw_ring(centre, outer, reach, EYEPIECE);
    draw_ring(centre, radius - 1.0, outer, RIM);
    let glint = (outer - radius) * GLINT_SHARE;
    draw_ring(centre, outer - glint, outer, RIM_GLINT);
}
