//! The people and flags at the set pieces that move every frame: spectators (flat figures
//! that bob, jump and throw their arms up) and flags whose cloth waves. Each figure is built
//! once per coat colour and arm pose; the app places and lifts them frame by frame.

use super::{CROWD_COLOURS, FACE};
use crate::mesh::MeshData;
use crate::models::primitives::quad;
use glam::Vec3;

/// Where a spectator stands, which way it faces (level, unit) and its coat's colour (an index).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spectator {
    pub feet: Vec3,
    pub facing: Vec3,
    pub coat: usize,
}

/// Coats spectators wear, and arm poses a figure is built in (0: down … last: overhead).
pub const COATS: usize = CROWD_COLOURS.len();
pub const ARM_POSES: usize = 3;

/// A figure's body and head, metres.
const BODY_HALF_WIDTH: f32 = 0.25;
const BODY_HEIGHT: f32 = 1.3;
const HEAD_SIZE: f32 = 0.3;
const ARM_LENGTH: f32 = 0.6;
const ARM_WIDTH: f32 = 0.09;
/// The arms' angle from hanging straight down, radians, in each pose.
const ARM_ANGLES: [f32; ARM_POSES] = [0.25, 1.6, 2.8];

/// A spectator facing +z with its feet at the origin, in `coat` with its arms in pose `arms`.
pub fn spectator_figure(coat: usize, arms: usize) -> MeshData {
    let mut mesh = MeshData::default();
    let colour = CROWD_COLOURS[coat % COATS];
    let across = Vec3::X * BODY_HALF_WIDTH;
    let behind = Vec3::NEG_Z;
    let up = Vec3::Y;
    quad(
        &mut mesh,
        [
            -across,
            across,
            across + up * BODY_HEIGHT,
            -across + up * BODY_HEIGHT,
        ],
        behind,
        colour,
    );
    let neck = up * (BODY_HEIGHT + 0.02);
    let head = across * (HEAD_SIZE / (2.0 * BODY_HALF_WIDTH));
    quad(
        &mut mesh,
        [
            neck - head,
            neck + head,
            neck + head + up * HEAD_SIZE,
            neck - head + up * HEAD_SIZE,
        ],
        behind,
        FACE,
    );
    let angle = ARM_ANGLES[arms.min(ARM_POSES - 1)];
    for side in [-1.0f32, 1.0] {
        let shoulder = Vec3::new(side * BODY_HALF_WIDTH, BODY_HEIGHT - 0.1, 0.01);
        let along = Vec3::new(side * angle.sin(), -angle.cos(), 0.0);
        let width = Vec3::new(-along.y, along.x, 0.0) * (0.5 * ARM_WIDTH);
        let hand = shoulder + along * ARM_LENGTH;
        let corners = if side > 0.0 {
            [
                shoulder - width,
                hand - width,
                hand + width,
                shoulder + width,
            ]
        } else {
            [
                shoulder + width,
                hand + width,
                hand - width,
                shoulder - width,
            ]
        };
        quad(&mut mesh, corners, shoulder + behind, colour);
    }
    mesh
}

/// Segments of a flag's cloth along its length.
pub const FLAG_SEGMENTS: usize = 4;

/// A flag's cloth hanging from a pole's top at the origin, `size` (height, length) metres,
/// streaming along +z and waving: segment `k`'s sideways offset is `waves[k]` metres.
pub fn flag_cloth(size: (f32, f32), waves: [f32; FLAG_SEGMENTS + 1], colour: [u8; 4]) -> MeshData {
    let mut mesh = MeshData::default();
    let step = size.1 / FLAG_SEGMENTS as f32;
    let at = |k: usize, y: f32| Vec3::new(waves[k], y, k as f32 * step);
    for k in 0..FLAG_SEGMENTS {
        let corners = [
            at(k, -size.0),
            at(k + 1, -size.0),
            at(k + 1, 0.0),
            at(k, 0.0),
        ];
        // Both faces: a flag is seen from either side.
        let side = Vec3::X * 0.5;
        let middle = (corners[0] + corners[2]) * 0.5;
        quad(&mut mesh, corners, middle - side, colour);
        let [a, b, c, d] = corners;
        quad(&mut mesh, [b, a, d, c], middle + side, colour);
    }
    mesh
}
