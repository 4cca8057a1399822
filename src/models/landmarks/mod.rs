//! Landmarks: one kind of large, far-seen thing for each level's place, standing beside the
//! track at the world's edge (drawn only, never in the way): a wooden village with smoking
//! chimneys, a frozen lake with fishing huts, a ski-jump tower, a chapel with lit windows, a
//! ridge of cliffs. Origin on the ground at the landmark's middle; bases reach
//! [`LANDMARK_SINK`] below it so they meet sloping ground.

mod buildings;
mod nature;

pub use crate::course::LandmarkKind;
use crate::mesh::MeshData;

/// How far bases reach below the ground, metres (hills slope under a wide footprint).
pub const LANDMARK_SINK: f32 = 3.0;

/// The model of a landmark of `kind`.
pub fn landmark(kind: LandmarkKind) -> MeshData {
    let mut mesh = MeshData::default();
    match kind {
        LandmarkKind::Village => buildings::village(&mut mesh),
        LandmarkKind::FrozenLake => nature::frozen_lake(&mut mesh),
        LandmarkKind::SkiJump => buildings::ski_jump(&mut mesh),
        LandmarkKind::Chapel => buildings::chapel(&mut mesh),
        LandmarkKind::Cliffs => nature::cliffs(&mut mesh),
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    #[test]
    fn every_landmark_is_a_valid_mesh_within_its_extent() {
        for kind in LandmarkKind::ALL {
            let mesh = landmark(kind);
            check(&mesh).unwrap_or_else(|fault| panic!("{kind:?}: {fault:?}"));
            assert!(!mesh.positions.is_empty(), "{kind:?}");
            let reach = mesh
                .positions
                .iter()
                .map(|p| p[0].abs())
                .fold(0.0, f32::max);
            assert!(
                reach <= kind.half_extent() + 1e-3,
                "{kind:?} reaches {reach}"
            );
        }
    }
}
