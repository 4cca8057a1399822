//! Round shapes at any size for the lens: discs, rings and ovals with a segment every few pixels
//! of their edge.

use macroquad::color::Color;
use macroquad::math::Vec2;
use macroquad::shapes::draw_triangle;

/// A segment every this many pixels of rim, within these bounds.
const PX_PER_SEGMENT: f32 = 3.0;
const MIN_SEGMENTS: u32 = 24;
const MAX_SEGMENTS: u32 = 512;

/// Segments for a round edge of `radius` pixels: one every couple of pixels of its rim, so it
/// looks round at any size.
fn segments_for(radius: f32) -> u32 {
    ((std::f32::consts::TAU * radius / PX_PER_SEGMENT) as u32).clamp(MIN_SEGMENTS, MAX_SEGMENTS)
}

/// The point at `k` of `segments` round `centre` on an oval of half sizes `r`.
fn rim_point(centre: Vec2, k: u32, segments: u32, r: Vec2) -> Vec2 {
    let angle = std::f32::consts::TAU * k as f32 / segments as f32;
    centre + Vec2::new(angle.cos(), angle.sin()) * r
}

/// A filled oval of half width `rx` and half height `ry`.
pub fn draw_oval(centre: Vec2, rx: f32, ry: f32, colour: Color) {
    let segments = segments_for(rx.max(ry));
    let r = Vec2::new(rx, ry);
    for k in 0..segments {
        let (a, b) = (
            rim_point(centre, k, segments, r),
            rim_point(centre, k + 1, segments, r),
        );
        draw_triangle(centre, a, b, colour);
    }
}

/// A filled disc with a round edge at any size.
pub fn draw_disc(centre: Vec2, radius: f32, colour: Color) {
    draw_oval(centre, radius, radius, colour);
}

/// A solid ring between two radii.
pub fn draw_ring(centre: Vec2, inner: f32, outer: f32, colour: Color) {
    let segments = segments_for(outer);
    let point = |k: u32, r: f32| rim_point(centre, k, segments, Vec2::splat(r));
    for k in 0..segments {
        let (a, b) = (point(k, inner), point(k + 1, inner));
        let (c, d) = (point(k, outer), point(k + 1, outer));
        draw_triangle(a, c, d, colour);
        draw_triangle(a, d, b, colour);
    }
}
