//! The track's set pieces in the scene: snowmobiles driving across the lanes to where the course
//! says they stop, placed where [`crossing_position`] puts them for the skier's drawn position
//! (so the picture moves smoothly between ticks), the ramps in their lanes, and the routes'
//! dividers and signposts ([`routes`]). Drawn only.

use crate::course::movers::crossing_position;
use crate::course::ramps::RAMP_LENGTH;
use crate::course::LANES;
use crate::mesh::MeshData;
use crate::models::{ramp, snowmobile};
use crate::sim::Run;
use crate::terrain::Terrain;
use glam::{DVec3, Quat};
#[cfg(test)]
pub use routes::sign_foot;
use routes::RoutePieces;
pub use routes::{fork_after, high_trail_rise};
use std::collections::BTreeMap;
use std::f32::consts::PI;

mod routes;

/// Millimetres per metre: depths as whole keys of the model cache.
const MM_PER_M: f64 = 1000.0;
/// A ramp's width as a share of its lane's.
const RAMP_LANE_SHARE: f64 = 0.8;

/// The set pieces' models, built on first use.
#[derive(Default)]
pub struct TrackPieces {
    /// Snowmobiles by depth (whole millimetres).
    snowmobiles: BTreeMap<u32, MeshData>,
    /// The ramp, once one is in sight.
    ramp: Option<MeshData>,
    /// The routes' dividers and signposts.
    routes: RoutePieces,
}

impl TrackPieces {
    /// Build the models of every snowmobile from `near` to `far` metres along the track, so that
    /// [`TrackPieces::in_sight`] can lend them.
    pub fn prepare(&mut self, run: &Run, lane_width: f64, (near, far): (f64, f64)) {
        self.routes.prepare(run, lane_width, (near, far));
        if self.ramp.is_none() && ramps_between(run, near, far).next().is_some() {
            self.ramp = Some(ramp((RAMP_LANE_SHARE * lane_width) as f32));
        }
        for o in movers_between(run, near, far) {
            let key = (o.depth * MM_PER_M).round() as u32;
            self.snowmobiles
                .entry(key)
                .or_insert_with(|| snowmobile(o.depth as f32));
        }
    }

    /// The snowmobiles from `near` to `far` (metres along the track), each with where it is
    /// drawn and how it is turned when the skier is drawn at `skier_z`, for lanes `lane_width`
    /// wide (call [`TrackPieces::prepare`] first).
    pub fn in_sight(
        &self,
        run: &Run,
        terrain: &Terrain,
        lane_width: f64,
        skier_z: f64,
        (near, far): (f64, f64),
    ) -> Vec<(&MeshData, DVec3, Quat)> {
        let lane_x = |lane: f64| (lane - f64::from(LANES - 1) / 2.0) * lane_width;
        let ramps = self.ramp.iter().flat_map(|mesh| {
            ramps_between(run, near, far).map(move |r| {
                let at = DVec3::new(lane_x(f64::from(r.lane)), terrain.track_height(r.z), r.z);
                (mesh, at, Quat::IDENTITY)
            })
        });
        movers_between(run, near, far)
            .filter_map(|o| {
                let mesh = self
                    .snowmobiles
                    .get(&((o.depth * MM_PER_M).round() as u32))?;
                let across = crossing_position(o, skier_z);
                let towards_left = o
                    .motion
                    .is_some_and(|crossing| crossing.from > f64::from(o.lanes[0]));
                let turn = Quat::from_rotation_y(if towards_left { PI } else { 0.0 });
                let at = DVec3::new(lane_x(across), terrain.track_height(o.z), o.z);
                // Turned half round about its footprint's centre, it keeps its place along z.
                let at = if towards_left {
                    at + DVec3::Z * o.depth
                } else {
                    at
                };
                Some((mesh, at, turn))
            })
            .chain(ramps)
            .chain(self.routes.in_sight(run, terrain, lane_width, (near, far)))
            .collect()
    }
}

/// The moving obstacles lying from `near` to `far` metres along the track.
fn movers_between(
    run: &Run,
    near: f64,
    far: f64,
) -> impl Iterator<Item = &crate::course::Obstacle> {
    let obstacles = &run.course().obstacles;
    let first = obstacles.partition_point(|o| o.z + o.depth < near);
    obstacles[first..]
        .iter()
        .take_while(move |o| o.z <= far)
        .filter(|o| o.motion.is_some())
}

/// The ramps whose wedge lies (partly) from `near` to `far` metres along the track.
fn ramps_between(run: &Run, near: f64, far: f64) -> impl Iterator<Item = &crate::course::Ramp> {
    let ramps = &run.course().ramps;
    let first = ramps.partition_point(|r| r.z < near);
    ramps[first..]
        .iter()
        .take_while(move |r| r.z - RAMP_LENGTH <= far)
}
