//! The skier's shadow: a flat dark oval lying on the snow under the skis, so a jump's height
//! reads at a glance (the skier rises, the shadow stays on the track).

use super::primitives::prism;
use crate::terrain::MeshData;
use glam::{Mat4, Vec3};

/// Half the oval's width and length, metres (about the skis' footprint).
const HALF_WIDTH: f32 = 0.45;
const HALF_LENGTH: f32 = 0.95;
/// Thickness of the oval, and how far its underside floats above the snow (no depth fighting
/// with the track at chase distance; below the skis' tops, which stand on the snow), metres.
const THICKNESS: f32 = 0.008;
const LIFT: f32 = 0.004;
const SIDES: usize = 12;
/// Blue-grey, as a shadow on snow under a bright sky.
const COLOUR: [u8; 4] = [120, 134, 160, 255];

/// The shadow, its origin on the snow at the middle of the skis.
pub fn shadow() -> MeshData {
    let mut mesh = MeshData::default();
    let transform = Mat4::from_translation(Vec3::Y * LIFT)
        * Mat4::from_scale(Vec3::new(HALF_WIDTH, THICKNESS, HALF_LENGTH));
    prism(&mut mesh, transform, SIDES, COLOUR);
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    #[test]
    fn the_shadow_is_a_valid_flat_mesh_on_the_snow() {
        let mesh = shadow();
        check(&mesh).expect("the shadow is a valid mesh");
        assert!(mesh
            .positions
            .iter()
            .all(|p| p[1] >= LIFT && p[1] <= LIFT + THICKNESS + 1e-6));
    }
}
