//! The picture in the scope: the range at 50 m seen through a round lens — the wooded hill
//! behind, the snow, the white target frame with its five black faces on the berm, wind flags
//! beside it — moving as the sight sways and kicking with each shot; hit targets flip white,
//! misses leave their marks, the muzzle puffs; a vignette darkens the lens's edge and the
//! eyepiece around it is dark.
//!
//! Everything is placed in milliradians from the range's centre (the targets' line), so the
//! picture and the shots agree: a point `p` is drawn at `(p - sight) × px_per_mrad` from the
//! lens's centre.

use super::layout::{StageLayout, FACE_RADIUS_MRAD, THIN_LINE};
use super::marks::ShotMarks;
use super::palette::LensPalette;
use super::round::{draw_disc, draw_oval, draw_ring, fill_band};
use crate::shooting::StageView;
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_line, draw_rectangle, draw_triangle};
use macroquad::window::{screen_height, screen_width};

const FRAME_EDGE: Color = Color::new(0.30, 0.32, 0.34, 1.0);
const FACE_BLACK: Color = Color::new(0.04, 0.04, 0.05, 1.0);
const PADDLE: Color = Color::new(0.99, 0.99, 0.97, 1.0);
/// The prone zone's ring on the black face: the only part that counts at prone.
const PRONE_RING: Color = Color::new(0.62, 0.64, 0.66, 1.0);
const POLE: Color = Color::new(0.25, 0.22, 0.20, 1.0);
const FLAG: Color = Color::new(0.92, 0.22, 0.16, 1.0);
const FLAG_STRIPE: Color = Color::new(0.99, 0.84, 0.18, 1.0);
/// A miss's mark: an orange hole with a dark edge, where the shot went.
const MISS_MARK: Color = Color::new(0.98, 0.45, 0.08, 1.0);
const MISS_EDGE: Color = Color::new(0.10, 0.06, 0.04, 1.0);
const PUFF: Color = Color::new(0.58, 0.59, 0.61, 0.3);
const FLASH: Color = Color::new(1.0, 0.93, 0.75, 0.45);
/// Around the lens: the eyepiece, its metal rim and a glint on it.
const EYEPIECE: Color = Color::new(0.02, 0.02, 0.03, 1.0);
const RIM: Color = Color::new(0.16, 0.17, 0.19, 1.0);
const RIM_GLINT: Color = Color::new(0.42, 0.45, 0.50, 1.0);

/// The scene, mrad from the range's centre (y up): the frame's plate, the berm's top under it,
/// the snow's far edge where the hill starts, the trees on it.
const FRAME_HALF_W: f32 = 6.6;
const FRAME_TOP: f32 = 1.6;
const FRAME_BOTTOM: f32 = -2.1;
const BERM_TOP: f32 = -1.8;
const HILL_FOOT: f32 = 2.4;
const HILL_TOP: f32 = 3.4;
const TREE_PITCH: f32 = 0.8;
const TREE_HALF_W: f32 = 0.45;
const TREE_MIN_H: f32 = 1.4;
const TREE_VARIES_H: f32 = 1.3;
/// Trees drawn each side of the centre, mrad.
const TREES_REACH: f32 = 24.0;
/// Flag poles: their x, foot and top (mrad), the flag's length and height.
const FLAG_POLES: [f32; 4] = [-7.6, -3.75, 3.75, 7.6];
const POLE_TOP: f32 = 3.2;
const POLE_W: f32 = 0.08;
const FLAG_LEN: f32 = 1.3;
const FLAG_H: f32 = 0.55;
/// The wind: its mean lean of the flags (share of straight out), its gusts' depth and rates.
const WIND_MEAN: f32 = 0.65;
const WIND_GUST: f32 = 0.25;
const GUST_RATE: f32 = 0.7;
const FLUTTER_RATE: f32 = 9.0;
const FLUTTER: f32 = 0.08;
/// The rifle's kick: how far the picture jumps, mrad (up and a little right).
const KICK_MRAD: Vec2 = Vec2::new(0.5, 2.4);
/// The frame's shaded lip along its bottom and the berm's lit top, mrad.
const FRAME_LIP: f32 = 0.18;
const BERM_EDGE: f32 = 0.12;
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

/// Where the picture is drawn: the lens's centre and radius, pixels per mrad, and the point of
/// the scene (mrad) at the lens's centre.
#[derive(Debug, Clone, Copy)]
pub(super) struct Lens {
    pub centre: Vec2,
    pub radius: f32,
    pub px_per_mrad: f32,
    pub looking_at: Vec2,
}

impl Lens {
    /// The lens of `layout` looking where the sight points, kicked by `recoil` (0–1).
    pub(super) fn new(layout: &StageLayout, view: &StageView, recoil: f32) -> Self {
        Self {
            centre: layout.centre,
            radius: layout.radius,
            px_per_mrad: layout.px_per_mrad(),
            looking_at: view.sight_mrad.as_vec2() + KICK_MRAD * recoil,
        }
    }

    /// Where the scene's point `mrad` is on screen.
    pub(super) fn at(&self, mrad: Vec2) -> Vec2 {
        let offset = (mrad - self.looking_at) * self.px_per_mrad;
        // Screen y grows downwards, the sight's upwards.
        self.centre + Vec2::new(offset.x, -offset.y)
    }

    /// Screen y of the scene's height `y` mrad.
    fn y(&self, y: f32) -> f32 {
        self.at(Vec2::new(0.0, y)).y
    }

    fn px(&self, mrad: f32) -> f32 {
        mrad * self.px_per_mrad
    }
}

/// Draw the picture in the lens and the dark eyepiece round it (out to `outer`, the rim).
pub(super) fn draw_lens(
    view: &StageView,
    marks: &ShotMarks,
    (lens, palette): (&Lens, &LensPalette),
    outer: f32,
    line: f32,
    wind_s: f64,
) {
    let (c, r) = (lens.centre, lens.radius);
    draw_disc(c, r, palette.sky);
    fill_band(c, r, lens.y(HILL_TOP), lens.y(HILL_FOOT), palette.hill);
    draw_trees(lens, palette);
    fill_band(c, r, lens.y(HILL_FOOT), f32::INFINITY, palette.snow);
    draw_flags(lens, wind_s);
    draw_frame(view, marks, (lens, palette), line);
    draw_berm(lens, palette);
    draw_snowfall(lens, palette.snowfall, wind_s);
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
    draw_eyepiece(c, r, outer);
}

/// The wooded hill behind the range: a row of spruces of seeded heights, lit on the sun's side.
fn draw_trees(lens: &Lens, palette: &LensPalette) {
    let count = (2.0 * TREES_REACH / TREE_PITCH) as i32;
    for k in 0..=count {
        let x = -TREES_REACH + k as f32 * TREE_PITCH;
        let height = TREE_MIN_H + TREE_VARIES_H * hash_share(k);
        let foot = HILL_FOOT + 0.3 * hash_share(k + 1000);
        let (left, right) = (
            lens.at(Vec2::new(x - TREE_HALF_W, foot)),
            lens.at(Vec2::new(x + TREE_HALF_W, foot)),
        );
        if right.x < lens.centre.x - lens.radius || left.x > lens.centre.x + lens.radius {
            continue;
        }
        let top = lens.at(Vec2::new(x, foot + height));
        let middle = (left + right) / 2.0;
        let (left_face, right_face) = if palette.sun_from_left {
            (palette.trees, palette.trees_shade)
        } else {
            (palette.trees_shade, palette.trees)
        };
        draw_triangle(left, middle, top, left_face);
        draw_triangle(middle, right, top, right_face);
    }
}

/// A fixed share 0–1 from a number (the trees' heights: the same every frame).
fn hash_share(k: i32) -> f32 {
    let mixed = (k as u32).wrapping_mul(0x9E37_79B9).rotate_left(13) ^ 0x5bd1_e995;
    (mixed.wrapping_mul(0x85EB_CA6B) >> 8) as f32 / (1u32 << 24) as f32
}

/// Wind flags on poles beside the frame, leaning and fluttering with the gusts.
fn draw_flags(lens: &Lens, wind_s: f64) {
    let t = wind_s as f32;
    for (k, &x) in FLAG_POLES.iter().enumerate() {
        let foot = lens.at(Vec2::new(x, BERM_TOP));
        let top = lens.at(Vec2::new(x, POLE_TOP));
        draw_line(foot.x, foot.y, top.x, top.y, lens.px(POLE_W), POLE);
        let phase = k as f32 * 1.7;
        let lean = (WIND_MEAN + WIND_GUST * (t * GUST_RATE + phase).sin()).clamp(0.0, 1.0);
        let flutter = FLUTTER * (t * FLUTTER_RATE + phase).sin();
        // Straight out at lean 1, hanging down the pole at 0.
        let droop = (1.0 - lean) * FLAG_LEN;
        let tip = Vec2::new(
            x + FLAG_LEN * lean,
            POLE_TOP - FLAG_H / 2.0 - droop + flutter,
        );
        let upper = lens.at(Vec2::new(x, POLE_TOP));
        let lower = lens.at(Vec2::new(x, POLE_TOP - FLAG_H));
        let tip = lens.at(tip);
        draw_triangle(upper, lower, tip, FLAG);
        let mid = (upper + lower) / 2.0;
        draw_triangle(mid, lower, (tip + lower) / 2.0, FLAG_STRIPE);
    }
}

/// The white frame and its five faces: black standing, white once the paddle flips up. The
/// frame's lip along its bottom is in its own shade.
fn draw_frame(
    view: &StageView,
    marks: &ShotMarks,
    (lens, palette): (&Lens, &LensPalette),
    line: f32,
) {
    let top_left = lens.at(Vec2::new(-FRAME_HALF_W, FRAME_TOP));
    let bottom_right = lens.at(Vec2::new(FRAME_HALF_W, FRAME_BOTTOM));
    let plate = Rect::new(
        top_left.x,
        top_left.y,
        bottom_right.x - top_left.x,
        bottom_right.y - top_left.y,
    );
    draw_rectangle(
        plate.x - line,
        plate.y - line,
        plate.w + 2.0 * line,
        plate.h + 2.0 * line,
        FRAME_EDGE,
    );
    draw_rectangle(plate.x, plate.y, plate.w, plate.h, palette.frame);
    let lip = lens.px(FRAME_LIP);
    draw_rectangle(
        plate.x,
        plate.bottom() - lip,
        plate.w,
        lip,
        palette.frame_shade,
    );
    let face = lens.px(FACE_RADIUS_MRAD);
    let zone = lens.px(view.zone_radius_mrad as f32);
    for (index, centre) in view.target_centres_mrad.iter().enumerate() {
        let at = lens.at(centre.as_vec2());
        draw_disc(at, face, FACE_BLACK);
        if zone < face {
            draw_ring(at, zone - line * THIN_LINE / 2.0, zone, PRONE_RING);
        }
        // The paddle rises from below the face, seen edge-on first: an oval growing round.
        if let Some(up) = marks.flip(index) {
            draw_oval(
                at + Vec2::new(0.0, face * (1.0 - up)),
                face,
                face * up,
                PADDLE,
            );
            draw_ring(at, face - line, face, FRAME_EDGE);
        }
    }
}

/// The snow berm in front of the frame, its rounded top catching the light.
fn draw_berm(lens: &Lens, palette: &LensPalette) {
    let (c, r) = (lens.centre, lens.radius);
    let top = lens.y(BERM_TOP);
    fill_band(c, r, top, f32::INFINITY, palette.berm);
    fill_band(c, r, top, top + lens.px(BERM_EDGE), palette.berm_edge);
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
