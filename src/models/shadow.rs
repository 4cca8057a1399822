//! Shadows on the snow: the skier's flat dark oval under the skis, so a jump's height reads at a
//! glance (the skier rises, the shadow stays on the track); and each obstacle's footprint, a flat
//! dark strip under exactly the lanes it blocks, so its lanes read at speed (a banner overhead
//! included); and the falling snow's flakes.

use super::primitives::{block, prism, quad};
use crate::mesh::MeshData;
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

/// How much of its lanes' width an obstacle's footprint covers: a gap shows between neighbours.
pub const FOOTPRINT_SHARE: f32 = 0.92;
/// The footprint reaches this far before and past the obstacle along the track, metres.
pub const FOOTPRINT_MARGIN: f32 = 0.3;
/// A footprint is darker than the skier's shadow: it lies under a whole obstacle.
const FOOTPRINT_COLOUR: [u8; 4] = [146, 158, 184, 255];

/// An obstacle's footprint for an obstacle `lanes_span_m` wide and `depth` deep, its origin at
/// the middle of the obstacle's near edge on the snow (as the obstacle models').
pub fn footprint(lanes_span_m: f32, depth: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let length = depth + 2.0 * FOOTPRINT_MARGIN;
    block(
        &mut mesh,
        Vec3::new(0.0, LIFT + THICKNESS / 2.0, depth / 2.0),
        Vec3::new(lanes_span_m * FOOTPRINT_SHARE, THICKNESS, length),
        FOOTPRINT_COLOUR,
    );
    mesh
}

/// A tree's contact shadow: its radius (about a middling tree's canopy), the sides of its
/// disc, and how far it floats above the snow (the ground under a tree is a grid's slope, not
/// a plane: it must clear the grid's bend between samples), metres.
const TREE_SHADOW_RADIUS: f32 = 1.9;
const TREE_SHADOW_SIDES: usize = 8;
const TREE_SHADOW_LIFT: f32 = 0.12;
/// Darkest under the trunk, fading towards a shade a little below the snow's own at the rim
/// (soft-edged). The scene's meshes are lit brighter than the snow's surface (seen on dusk's
/// level: a rim of 188 showed lighter than the snow), so the rim is well below the snow's
/// colour, or it would show as a pale ring.
const TREE_SHADOW_CORE: [u8; 4] = [84, 92, 120, 255];
const TREE_SHADOW_RIM: [u8; 4] = [150, 156, 180, 255];

/// A tree's soft contact shadow: a flat disc on the snow, dark at its middle and pale at its
/// rim (the vertex colours blend between them), its origin at the trunk's foot.
pub fn tree_shadow() -> MeshData {
    let mut mesh = MeshData::default();
    let up = [0.0, 1.0, 0.0];
    mesh.positions.push([0.0, TREE_SHADOW_LIFT, 0.0]);
    mesh.colors.push(TREE_SHADOW_CORE);
    for k in 0..TREE_SHADOW_SIDES {
        let angle = std::f32::consts::TAU * k as f32 / TREE_SHADOW_SIDES as f32;
        let (sin, cos) = angle.sin_cos();
        mesh.positions.push([
            TREE_SHADOW_RADIUS * cos,
            TREE_SHADOW_LIFT,
            TREE_SHADOW_RADIUS * sin,
        ]);
        mesh.colors.push(TREE_SHADOW_RIM);
    }
    mesh.normals = vec![up; mesh.positions.len()];
    mesh.uvs = vec![[0.0, 0.0]; mesh.positions.len()];
    // Counter-clockwise seen from above: the centre, then the ring backwards.
    for k in 0..TREE_SHADOW_SIDES {
        let next = (k + 1) % TREE_SHADOW_SIDES;
        mesh.indices.extend([0, 1 + next as u16, 1 + k as u16]);
    }
    mesh
}

/// A snowflake's size, metres: a few centimetres, so it never hides an obstacle.
const FLAKE_SIZE: f32 = 0.06;
/// Flakes are brighter than the snow they fall on.
const FLAKE_COLOUR: [u8; 4] = [255, 255, 255, 255];

/// One snowflake: a tiny white diamond facing the chase camera (4 vertices: the scene merges
/// hundreds each frame), its origin at its centre.
pub fn flake() -> MeshData {
    let mut mesh = MeshData::default();
    let r = FLAKE_SIZE / 2.0;
    let corners = [
        Vec3::new(0.0, r, 0.0),
        Vec3::new(r, 0.0, 0.0),
        Vec3::new(0.0, -r, 0.0),
        Vec3::new(-r, 0.0, 0.0),
    ];
    // Its face turns to the camera behind the skier (the inside point is ahead of it).
    quad(&mut mesh, corners, Vec3::Z, FLAKE_COLOUR);
    mesh
}

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

    #[test]
    fn a_trees_shadow_faces_up_dark_in_the_middle_and_pale_at_the_rim() {
        let mesh = tree_shadow();
        check(&mesh).expect("a valid mesh");
        assert_eq!(mesh.indices.len(), 3 * TREE_SHADOW_SIDES);
        for corners in mesh.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|i| Vec3::from(mesh.positions[usize::from(corners[i])]));
            assert!((b - a).cross(c - a).y > 0.0, "faces the sky");
        }
        assert!(mesh.colors[0][0] < mesh.colors[1][0]);
        assert!(mesh.positions.iter().all(|p| p[1] == TREE_SHADOW_LIFT));
    }

    #[test]
    fn a_footprint_lies_flat_under_its_lanes_and_a_little_past_the_obstacle() {
        let mesh = footprint(5.0, 1.2);
        check(&mesh).expect("a valid mesh");
        let xs = mesh.positions.iter().map(|p| p[0]);
        let (lo, hi) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
        assert!((hi - lo - 5.0 * FOOTPRINT_SHARE).abs() < 1e-4 && (hi + lo).abs() < 1e-4);
        let zs = mesh.positions.iter().map(|p| p[2]);
        let (near, far) = zs.fold((f32::MAX, f32::MIN), |(a, b), z| (a.min(z), b.max(z)));
        assert!(
            (near + FOOTPRINT_MARGIN).abs() < 1e-4 && (far - 1.2 - FOOTPRINT_MARGIN).abs() < 1e-4
        );
        assert!(mesh
            .positions
            .iter()
            .all(|p| p[1] <= LIFT + THICKNESS + 1e-6));
    }
}
