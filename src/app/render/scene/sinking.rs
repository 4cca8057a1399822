//! Cleared obstacles, gates and the targets' gantry sinking into the snow behind the skier.

/// How far a jump or duck obstacle the skier cleared is sunk into the snow once the skier is
/// `passed` metres beyond it: between the skier and the chase camera a track-wide wall or bar
/// filled the bottom of the screen as a hard-edged band; sinking it smoothly takes it out of
/// the picture without a pop (a hit one flies off instead, see the knock).
pub(super) fn sunk_behind(passed: f64) -> f64 {
    SUNK_DEPTH * (passed / SINK_OVER_M).clamp(0.0, 1.0)
}

/// How far a gate or the targets' gantry is sunk once the skier is `passed` metres beyond it:
/// hung high across the track, at the chase camera's height, it would pass through the eye
/// (a grey slab over the picture) on its way under the camera.
pub(super) fn overhead_sunk(passed: f64) -> f64 {
    sunk_behind(passed)
}

/// A cleared obstacle sinks this deep (below every model's top) over this far behind the
/// skier, metres.
const SUNK_DEPTH: f64 = 6.0;
const SINK_OVER_M: f64 = 2.5;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::ObstacleClass;
    use crate::mesh::MeshData;
    use crate::models::{gate, obstacle_parts, target_gantry, GateKind};

    #[test]
    fn a_cleared_obstacle_sinks_out_of_sight_only_once_the_skier_is_past_it() {
        assert_eq!(sunk_behind(-5.0), 0.0, "ahead of the skier it stands");
        assert_eq!(sunk_behind(0.0), 0.0);
        assert!(sunk_behind(0.5 * SINK_OVER_M) > 0.0);
        assert_eq!(sunk_behind(SINK_OVER_M), SUNK_DEPTH);
    }

    #[test]
    fn sunk_this_deep_the_gates_and_the_gantry_are_under_the_snow() {
        let top = |mesh: &MeshData| mesh.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        for mesh in [
            gate(GateKind::Start, 9.5),
            gate(GateKind::Finish, 9.5),
            target_gantry(9.5, 2.5),
        ] {
            assert!(f64::from(top(&mesh)) < overhead_sunk(SINK_OVER_M));
        }
        assert_eq!(overhead_sunk(0.0), 0.0, "the skier under it still sees it");
    }

    #[test]
    fn sunk_this_deep_every_jump_and_duck_model_is_under_the_snow() {
        for class in [ObstacleClass::Jump, ObstacleClass::Duck] {
            for (index, look) in crate::course::looks::looks(class).iter().enumerate() {
                let parts = obstacle_parts(class, index as u8, 7.5, look.depth as f32)
                    .expect("every look has a model");
                let top = [&parts.standing, &parts.loose]
                    .iter()
                    .flat_map(|mesh| mesh.positions.iter().map(|p| p[1]))
                    .fold(f32::MIN, f32::max);
                assert!(f64::from(top) < SUNK_DEPTH, "{class:?} look {index}: {top}");
            }
        }
    }
}
