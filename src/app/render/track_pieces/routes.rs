//! The routes in the scene: each fork's divider, piece by piece on the ground between the high
//! lane and the middle one from its mouth to where the trails join, and the signpost on its
//! nose. Drawn only.

use crate::course::{Route, LANES};
use crate::mesh::MeshData;
use crate::models::{divider_piece, route_sign, DIVIDER_PIECE};
use crate::sim::Run;
use crate::terrain::Terrain;
use glam::{DVec3, Quat};

/// The routes' models, built once a route is in sight.
#[derive(Default)]
pub struct RoutePieces {
    /// The divider's piece, and the signposts pointing left and right.
    models: Option<(MeshData, [MeshData; 2])>,
}

impl RoutePieces {
    /// Build the models if a route lies from `near` to `far` metres along the track.
    pub fn prepare(&mut self, run: &Run, (near, far): (f64, f64)) {
        if self.models.is_none() && routes_between(run, near, far).next().is_some() {
            self.models = Some((divider_piece(), [route_sign(true), route_sign(false)]));
        }
    }

    /// The divider pieces and signposts from `near` to `far`, with where each is drawn.
    pub fn in_sight(
        &self,
        run: &Run,
        terrain: &Terrain,
        lane_width: f64,
        (near, far): (f64, f64),
    ) -> Vec<(&MeshData, DVec3, Quat)> {
        let Some((piece, signs)) = &self.models else {
            return Vec::new();
        };
        let mut placed = Vec::new();
        for route in routes_between(run, near, far) {
            let x = divider_x(route, lane_width);
            let at = |z: f64| DVec3::new(x, terrain.track_height(z), z);
            if (near..=far).contains(&route.z) {
                let sign = &signs[usize::from(route.lane.number() != 0)];
                placed.push((sign, at(route.z), Quat::IDENTITY));
            }
            let step = f64::from(DIVIDER_PIECE);
            let pieces = (route.length / step).floor() as u32;
            for k in 0..pieces {
                let z = route.z + f64::from(k) * step;
                if z + step >= near && z <= far {
                    placed.push((piece, at(z), Quat::IDENTITY));
                }
            }
        }
        placed
    }
}

/// World x of a route's divider: half-way between its high lane and the middle one.
fn divider_x(route: &Route, lane_width: f64) -> f64 {
    let lane = (f64::from(route.lane) + f64::from(LANES - 1) / 2.0) / 2.0;
    (lane - f64::from(LANES - 1) / 2.0) * lane_width
}

/// The routes whose divider lies (partly) from `near` to `far` metres along the track.
fn routes_between(run: &Run, near: f64, far: f64) -> impl Iterator<Item = &Route> {
    let routes = &run.course().routes;
    let first = routes.partition_point(|r| r.end() < near);
    routes[first..].iter().take_while(move |r| r.z <= far)
}
