//! The scope's reticle, fixed at the lens's centre: an aperture ring a black face fits inside
//! (as a biathlon rifle's ring sight), thick posts from the edge towards it and a centre dot —
//! every stroke two-tone, a bright core on a dark border, so it reads over a black face and over
//! the white frame and snow alike.

use super::round::{draw_disc, draw_ring};
use super::scope::Lens;
use crate::phone::density::UiScale;
use macroquad::color::Color;
use macroquad::math::Vec2;
use macroquad::shapes::draw_rectangle;

/// The bright core of every stroke, and the dark border round it.
const CORE: Color = Color::new(1.0, 0.80, 0.12, 1.0);
const BORDER: Color = Color::new(0.02, 0.02, 0.02, 1.0);
/// The aperture ring's radius, mrad: a black face (1.15) fits inside with a margin of white.
pub(super) const RING_MRAD: f32 = 1.55;
/// Stroke widths, layout units: the ring's and the thin top post's core, the thick posts' core,
/// the border each side, and the centre dot's radius.
const RING_CORE: f32 = 3.0;
const POST_CORE: f32 = 6.0;
const BORDER_W: f32 = 2.0;
const DOT: f32 = 2.5;
/// The posts stop this far outside the ring, as a share of the ring's radius.
const POST_GAP: f32 = 0.35;
/// A big lens thickens the strokes: each at least this share of the lens's radius per layout
/// unit of its width.
const STROKE_PER_RADIUS: f32 = 1.0 / 170.0;

/// Draw the reticle on `lens`.
pub(super) fn draw_reticle(lens: &Lens, scale: &UiScale) {
    let c = lens.centre;
    let ring = lens.px_per_mrad * RING_MRAD;
    let width = |units: f32| scale.px(units).max(units * lens.radius * STROKE_PER_RADIUS);
    let border = width(BORDER_W);
    let core = width(RING_CORE);
    draw_ring(
        c,
        ring - core / 2.0 - border,
        ring + core / 2.0 + border,
        BORDER,
    );
    draw_ring(c, ring - core / 2.0, ring + core / 2.0, CORE);
    let start = ring * (1.0 + POST_GAP);
    let end = lens.radius;
    let thick = width(POST_CORE);
    for (direction, width) in [
        (Vec2::new(-1.0, 0.0), thick),
        (Vec2::new(1.0, 0.0), thick),
        (Vec2::new(0.0, 1.0), thick),
        (Vec2::new(0.0, -1.0), core),
    ] {
        draw_post(c, direction, start, end, width, border);
    }
    draw_disc(c, width(DOT) + border, BORDER);
    draw_disc(c, width(DOT), CORE);
}

/// A post along `direction` from `start` to `end` pixels off `centre`, `width` wide, bordered.
fn draw_post(centre: Vec2, direction: Vec2, start: f32, end: f32, width: f32, border: f32) {
    let (near, far) = (centre + direction * start, centre + direction * end);
    let (min, max) = (near.min(far), near.max(far));
    let across = Vec2::new(direction.y.abs(), direction.x.abs());
    let half = across * (width / 2.0);
    let edge = across * border + direction.abs() * border;
    let (a, b) = (min - half - edge, max + half + edge);
    draw_rectangle(a.x, a.y, b.x - a.x, b.y - a.y, BORDER);
    let (a, b) = (min - half, max + half);
    draw_rectangle(a.x, a.y, b.x - a.x, b.y - a.y, CORE);
}
