//! Flat 2D shapes the menus are drawn from: rounded rectangles (with soft shadows), vertical
//! gradients and filled ridges, each one mesh so translucent colours never overlap themselves.

use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::models::{draw_mesh, Mesh, Vertex};
use std::f32::consts::FRAC_PI_2;

/// Points on each rounded corner's arc.
const CORNER_SEGMENTS: usize = 6;

fn vertex(x: f32, y: f32, color: Color) -> Vertex {
    Vertex::new(x, y, 0.0, 0.0, 0.0, color)
}

/// `rect` filled with `color`, its corners rounded by `radius` pixels.
pub fn rounded_rect(rect: Rect, radius: f32, color: Color) {
    let radius = radius.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
    let centre = rect.center();
    let mut vertices = vec![vertex(centre.x, centre.y, color)];
    // Corner centres clockwise from the top right (screen y grows down), with their start angle.
    let corners = [
        (rect.right() - radius, rect.y + radius, -FRAC_PI_2),
        (rect.right() - radius, rect.bottom() - radius, 0.0),
        (rect.x + radius, rect.bottom() - radius, FRAC_PI_2),
        (rect.x + radius, rect.y + radius, 2.0 * FRAC_PI_2),
    ];
    for (cx, cy, start) in corners {
        for i in 0..=CORNER_SEGMENTS {
            let angle = start + FRAC_PI_2 * i as f32 / CORNER_SEGMENTS as f32;
            vertices.push(vertex(
                cx + radius * angle.cos(),
                cy + radius * angle.sin(),
                color,
            ));
        }
    }
    let rim = vertices.len() as u16 - 1;
    let indices = (1..=rim)
        .flat_map(|i| [0, i, if i == rim { 1 } else { i + 1 }])
        .collect();
    draw_mesh(&Mesh {
        vertices,
        indices,
        texture: None,
    });
}

/// A rounded rectangle with a soft shadow `drop` pixels below it.
pub fn raised_rect(rect: Rect, radius: f32, drop: f32, face: Color, shadow: Color) {
    super::drawn::note_card(rect);
    let mut below = rect;
    below.y += drop;
    rounded_rect(below, radius, shadow);
    rounded_rect(rect, radius, face);
}

/// `rect` shaded from `top` to `bottom`.
pub fn vertical_gradient(rect: Rect, top: Color, bottom: Color) {
    draw_mesh(&Mesh {
        vertices: vec![
            vertex(rect.x, rect.y, top),
            vertex(rect.right(), rect.y, top),
            vertex(rect.right(), rect.bottom(), bottom),
            vertex(rect.x, rect.bottom(), bottom),
        ],
        indices: vec![0, 1, 2, 0, 2, 3],
        texture: None,
    });
}

/// The ground under a ridge line down to `floor`: `ridge` gives (x, y) points left to right;
/// shaded from `top` at the ridge to `bottom` at the floor.
pub fn ridge(ridge: &[(f32, f32)], floor: f32, top: Color, bottom: Color) {
    let mut vertices = Vec::with_capacity(ridge.len() * 2);
    for &(x, y) in ridge {
        vertices.push(vertex(x, y, top));
        vertices.push(vertex(x, floor, bottom));
    }
    let indices = (0..ridge.len().saturating_sub(1) as u16)
        .flat_map(|i| {
            let a = 2 * i;
            [a, a + 1, a + 2, a + 1, a + 3, a + 2]
        })
        .collect();
    draw_mesh(&Mesh {
        vertices,
        indices,
        texture: None,
    });
}
