//! The natural landmarks: a frozen lake with fishing huts, a ridge of cliffs.

use super::LANDMARK_SINK;
use crate::mesh::MeshData;
use crate::models::primitives::{block, hexahedron, prism};
use glam::{Mat4, Vec3};

const ICE: [u8; 4] = [150, 202, 228, 255];
const ICE_CRACK: [u8; 4] = [104, 156, 196, 255];
const HUT_RED: [u8; 4] = [176, 44, 36, 255];
const ROCK: [u8; 4] = [78, 80, 90, 255];
const ROCK_DARK: [u8; 4] = [56, 58, 68, 255];
const SNOW_CAP: [u8; 4] = [232, 238, 248, 255];

/// The lake's radius and how high its ice stands above the lowest ground it covers, metres.
const LAKE_RADIUS: f32 = 16.0;
const ICE_LIFT: f32 = 0.15;

/// A round sheet of pale blue ice with darker cracks and two red fishing huts on it.
pub(super) fn frozen_lake(mesh: &mut MeshData) {
    let sheet = Mat4::from_translation(Vec3::new(0.0, -LANDMARK_SINK, 0.0))
        * Mat4::from_scale(Vec3::new(
            LAKE_RADIUS,
            LANDMARK_SINK + ICE_LIFT,
            LAKE_RADIUS,
        ));
    prism(mesh, sheet, 12, ICE);
    for (x, z, length, turn) in [(-4.0, 3.0, 14.0, 0.5), (5.0, -4.0, 10.0, -0.8)] {
        let crack = Mat4::from_translation(Vec3::new(x, ICE_LIFT, z))
            * Mat4::from_rotation_y(turn)
            * Mat4::from_scale(Vec3::new(0.25, 0.04, length));
        crate::models::primitives::cuboid(mesh, crack, ICE_CRACK);
    }
    for (x, z) in [(-6.0, -5.0), (7.0, 6.0)] {
        block(
            mesh,
            Vec3::new(x, ICE_LIFT + 1.1, z),
            Vec3::new(2.0, 2.2, 2.4),
            HUT_RED,
        );
    }
}

/// A ridge of tall, leaning rock faces with snow on their tops.
pub(super) fn cliffs(mesh: &mut MeshData) {
    let rocks: [(f32, f32, f32, f32); 5] = [
        (-5.0, -8.0, 3.5, 16.0),
        (0.5, -2.0, 4.5, 22.0),
        (-3.0, 5.0, 4.0, 18.0),
        (4.5, 9.0, 3.0, 12.0),
        (-6.0, 12.0, 2.5, 9.0),
    ];
    for (k, &(x, z, half, height)) in rocks.iter().enumerate() {
        let lean = if k % 2 == 0 { 0.8 } else { -0.6 };
        let top_half = 0.45 * half;
        let base = |dx: f32, dz: f32| Vec3::new(x + dx * half, -LANDMARK_SINK, z + dz * half);
        let top = |dx: f32, dz: f32| Vec3::new(x + lean + dx * top_half, height, z + dz * top_half);
        let corners = [
            base(-1.0, -1.0),
            base(1.0, -0.8),
            base(0.9, 1.0),
            base(-0.8, 0.9),
            top(-1.0, -1.0),
            top(1.0, -0.8),
            top(0.9, 1.0),
            top(-0.8, 0.9),
        ];
        hexahedron(mesh, corners, if k % 2 == 0 { ROCK } else { ROCK_DARK });
        block(
            mesh,
            Vec3::new(x + lean, height + 0.25, z),
            Vec3::new(1.6 * top_half, 0.6, 1.6 * top_half),
            SNOW_CAP,
        );
    }
}
