//! The power-ups in the scene: those on the track not yet taken, bobbing and turning slowly so
//! their shape shows from every side, and the look of each one the skier holds. Drawn only.

use super::track_pieces::high_trail_rise;
use crate::course::{PickupKind, LANES};
use crate::mesh::MeshData;
use crate::models::{pickup, pickup_pool, power_look};
use crate::sim::Run;
use crate::terrain::Terrain;
use glam::{DVec3, Quat};

/// How far a power-up bobs up and down, metres, and how fast, radians per second.
const BOB_M: f64 = 0.12;
const BOB_RATE: f64 = 3.2;
/// How far a power-up turns either way as it hovers, radians, and how fast.
const SWAY_RAD: f32 = 0.5;
const SWAY_RATE: f32 = 1.6;
/// The shield's hoop and the icon over the skier's head turn this fast, radians per second.
const LOOK_SPIN: f32 = 2.4;

/// The power-ups' models, one per kind, built once.
pub struct PickupModels {
    /// Each kind's power-up and its pool of light, in [`PickupKind::ALL`]'s order.
    meshes: Vec<(MeshData, MeshData)>,
}

impl PickupModels {
    /// Build every kind's model.
    pub fn new() -> Self {
        Self {
            meshes: PickupKind::ALL
                .into_iter()
                .map(|kind| (pickup(kind), pickup_pool(kind)))
                .collect(),
        }
    }

    fn meshes(&self, kind: PickupKind) -> &(MeshData, MeshData) {
        let index = PickupKind::ALL
            .iter()
            .position(|&k| k == kind)
            .expect("every kind has a model");
        &self.meshes[index]
    }

    /// The pickups lying from `near` to `far` (metres along the track) not yet taken, each with
    /// where it is drawn and how it is turned now (and its pool of light on the snow), for lanes
    /// `lane_width` wide.
    pub fn in_sight(
        &self,
        run: &Run,
        terrain: &Terrain,
        lane_width: f64,
        (near, far): (f64, f64),
    ) -> Vec<(&MeshData, DVec3, Quat)> {
        let time = run.time_s();
        let pickups = &run.course().pickups;
        let first = pickups.partition_point(|p| p.z < near);
        let lane_x = |lane: f64| (lane - f64::from(LANES - 1) / 2.0) * lane_width;
        (first..pickups.len())
            .take_while(|&index| pickups[index].z <= far)
            .filter(|&index| !run.pickup_taken(index))
            .flat_map(|index| {
                let p = pickups[index];
                // Each one bobs a little out of step with the next.
                let phase = time * BOB_RATE + index as f64;
                let lift = BOB_M * (1.0 + phase.sin());
                let lane = f64::from(p.lane);
                let height =
                    terrain.track_height(p.z) + high_trail_rise(&run.course().routes, lane, p.z);
                let ground = DVec3::new(lane_x(lane), height, p.z);
                let turn = Quat::from_rotation_y(
                    SWAY_RAD * (phase as f32 * SWAY_RATE / BOB_RATE as f32).sin(),
                );
                let (mesh, pool) = self.meshes(p.kind);
                [
                    (mesh, ground + DVec3::Y * lift, turn),
                    (pool, ground, Quat::IDENTITY),
                ]
            })
            .collect()
    }
}

/// The looks of the power-ups the skier holds now (placed at its feet, mirrored as it is).
pub fn power_looks(run: &Run) -> Vec<MeshData> {
    let spin = run.time_s() as f32 * LOOK_SPIN;
    PickupKind::ALL
        .into_iter()
        .filter(|&kind| run.power_left_s(kind).is_some())
        .map(|kind| power_look(kind, spin))
        .collect()
}
