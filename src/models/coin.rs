//! The coin: a gold disc standing on edge, facing the skier, spinning about its vertical axis.

use super::builder::MeshBuilder;
use super::primitives::prism;
use crate::mesh::MeshData;
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// Height of the coin's centre above its origin (the course's coin height, which is the height
/// of the skier's skis on the line that takes it), metres: the middle of a ducked skier's body.
pub const COIN_HOVER: f32 = 0.75;
/// Radius and thickness of the disc, metres.
pub const COIN_RADIUS: f32 = 0.28;
const COIN_THICKNESS: f32 = 0.06;
/// The raised face: radius share and how far it stands proud of the rim, metres.
const FACE_SHARE: f32 = 0.7;
const FACE_RAISE: f32 = 0.015;
const COIN_SIDES: usize = 10;

const GOLD: [u8; 4] = [242, 186, 34, 255];
const BRIGHT_GOLD: [u8; 4] = [255, 222, 96, 255];

/// The coin turned `spin` radians about the vertical axis through its origin. The app may
/// instead build `coin(0.0)` once and draw it with `Mat4::from_rotation_y(spin)` after the
/// coin's translation: the same mesh.
pub fn coin(spin: f32) -> MeshData {
    let mut disc = MeshData::default();
    let facing = |radius: f32, thickness: f32| {
        Mat4::from_translation(Vec3::new(0.0, COIN_HOVER, 0.5 * thickness))
            * Mat4::from_rotation_x(-FRAC_PI_2)
            * Mat4::from_scale(Vec3::new(radius, thickness, radius))
    };
    prism(
        &mut disc,
        facing(COIN_RADIUS, COIN_THICKNESS),
        COIN_SIDES,
        GOLD,
    );
    let face_thickness = COIN_THICKNESS + 2.0 * FACE_RAISE;
    prism(
        &mut disc,
        facing(FACE_SHARE * COIN_RADIUS, face_thickness),
        COIN_SIDES,
        BRIGHT_GOLD,
    );
    let mut builder = MeshBuilder::new();
    builder
        .append(&disc, Mat4::from_rotation_y(spin))
        .expect("one coin is far below the u16 vertex limit");
    builder.finish()
}
