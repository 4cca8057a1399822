//! The routes in the scene: each fork's divider, piece by piece on the ground between the high
//! lane and the middle one from its mouth to where the trails join, and the signpost at the
//! mouth beside the track, just past the high lane's outer edge (in no lane: the skier passes
//! beside it, never at it). The high trail rises: its lane's ground climbs onto a ridge
//! ([`high_trail_rise`]) whose flank faces the low trail under the divider, and the skier, the
//! coins, rows and power-ups in that lane are drawn on it. Drawn only: the simulation never
//! reads a height.

use crate::course::routes::SIGN_AHEAD;
use crate::course::{Route, LANES};
use crate::mesh::MeshData;
use crate::models::{divider_piece, ridge_piece, route_sign, DIVIDER_PIECE, ROUTE_SIGN_HALF_WIDTH};
use crate::sim::Run;
use crate::terrain::Terrain;
use glam::{DVec3, Quat};
use std::collections::BTreeMap;

/// How high the high trail's ridge stands over the track, metres.
pub const HIGH_TRAIL_RISE_M: f64 = 2.0;
/// The ridge starts climbing this far past the mouth and is back down this far before the
/// trails join, metres.
const RISE_INSET_M: f64 = 4.0;
/// Length of the ridge's climb and of its descent, metres.
const RISE_RAMP_M: f64 = 18.0;
/// Millimetres per metre: ridge pieces keyed by their heights.
const MM_PER_M: f64 = 1000.0;

/// How far the ground under lane position `lane` (0 left … 2 right, fractional between lanes)
/// is raised at `z` by a route's high trail, metres: a smooth climb after the mouth, flat on
/// top, a smooth descent before the trails join; nothing off the high lane.
pub fn high_trail_rise(routes: &[Route], lane: f64, z: f64) -> f64 {
    let first = routes.partition_point(|r| r.end() < z);
    routes[first..]
        .iter()
        .take_while(|r| r.z <= z)
        .map(|r| {
            let on_lane = (1.0 - (lane - f64::from(r.lane)).abs()).clamp(0.0, 1.0);
            let up = (z - r.z - RISE_INSET_M) / RISE_RAMP_M;
            let down = (r.end() - RISE_INSET_M - z) / RISE_RAMP_M;
            on_lane * HIGH_TRAIL_RISE_M * smoothstep(up.min(down))
        })
        .fold(0.0, f64::max)
}

/// 0 below 0, 1 above 1, an S-curve between.
fn smoothstep(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The routes' models, built once a route is in sight.
#[derive(Default)]
pub struct RoutePieces {
    /// The divider's piece, and the signposts pointing left and right.
    models: Option<(MeshData, [MeshData; 2])>,
    /// The ridge's pieces by the heights of their two ends (whole millimetres).
    ridges: BTreeMap<(i64, i64), MeshData>,
}

impl RoutePieces {
    /// Build the models if a route lies from `near` to `far` metres along the track, for lanes
    /// `lane_width` metres wide.
    pub fn prepare(&mut self, run: &Run, lane_width: f64, (near, far): (f64, f64)) {
        if self.models.is_none() && routes_between(run, near, far).next().is_some() {
            self.models = Some((divider_piece(), [route_sign(true), route_sign(false)]));
        }
        for route in routes_between(run, near, far) {
            for (_, key) in ridge_steps(route) {
                self.ridges.entry(key).or_insert_with(|| {
                    let (from, to) = (key.0 as f64 / MM_PER_M, key.1 as f64 / MM_PER_M);
                    ridge_piece(ridge_width(lane_width) as f32, (from as f32, to as f32))
                });
            }
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
                placed.push((sign, sign_foot(route, terrain, lane_width), Quat::IDENTITY));
            }
            let step = f64::from(DIVIDER_PIECE);
            let pieces = (route.length / step).floor() as u32;
            // The divider rides the ridge's edge, its bank reaching down the flank.
            let high = f64::from(route.lane);
            let edge = |z: f64| high_trail_rise(std::slice::from_ref(route), high, z);
            for k in 0..pieces {
                let z = route.z + f64::from(k) * step;
                if z + step >= near && z <= far {
                    let rise = edge(z).min(edge(z + step));
                    placed.push((piece, at(z) + DVec3::Y * rise, Quat::IDENTITY));
                }
            }
            let ridge_x = ridge_centre_x(route, lane_width);
            for (z, key) in ridge_steps(route) {
                if let (true, Some(mesh)) = (z + step >= near && z <= far, self.ridges.get(&key)) {
                    let at = DVec3::new(ridge_x, terrain.track_height(z), z);
                    placed.push((mesh, at, Quat::IDENTITY));
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

/// The ridge's pieces along `route`, one per divider piece where the ground is raised: where
/// each starts, and the heights of its two ends (whole millimetres).
fn ridge_steps(route: &Route) -> impl Iterator<Item = (f64, (i64, i64))> + '_ {
    let step = f64::from(DIVIDER_PIECE);
    let pieces = (route.length / step).floor() as u32;
    let high = f64::from(route.lane);
    let mm = move |z: f64| {
        let rise = high_trail_rise(std::slice::from_ref(route), high, z);
        (rise * MM_PER_M).round() as i64
    };
    (0..pieces)
        .map(move |k| route.z + f64::from(k) * step)
        .map(move |z| (z, (mm(z), mm(z + step))))
        .filter(|(_, (from, to))| from.max(to) > &0)
}

/// Width of the ridge: the high lane and on to the divider's far side, metres.
fn ridge_width(lane_width: f64) -> f64 {
    lane_width + f64::from(crate::models::DIVIDER_WIDTH)
}

/// World x of the ridge's centre: over the high lane, reaching under the divider.
fn ridge_centre_x(route: &Route, lane_width: f64) -> f64 {
    let outer = (f64::from(route.lane) - f64::from(LANES - 1) / 2.0) * lane_width;
    let side = if route.lane.number() == 0 { -1.0 } else { 1.0 };
    let outer_edge = outer + side * 0.5 * lane_width;
    outer_edge - side * 0.5 * ridge_width(lane_width)
}

/// Clear space between the high lane's outer edge and the signpost's board, metres.
const SIGN_CLEARANCE_M: f64 = 0.3;

/// World x of a route's signpost: beside the track, its board clear of the high lane's outer
/// edge.
fn sign_x(route: &Route, lane_width: f64) -> f64 {
    let side = if route.lane.number() == 0 { -1.0 } else { 1.0 };
    let high = (f64::from(route.lane) - f64::from(LANES - 1) / 2.0) * lane_width;
    high + side * (0.5 * lane_width + f64::from(ROUTE_SIGN_HALF_WIDTH) + SIGN_CLEARANCE_M)
}

/// Where a route's signpost is drawn: beside the mouth ([`sign_x`]), on the ground there.
pub fn sign_foot(route: &Route, terrain: &Terrain, lane_width: f64) -> DVec3 {
    let x = sign_x(route, lane_width);
    DVec3::new(x, terrain.height(x, route.z), route.z)
}

/// A fork whose mouth lies within this far past a range's targets' gantry is announced on the
/// gantry too ([`gantry_fork_boards`](crate::models::gantry_fork_boards)): hung across the track
/// at the chase camera's height, the gantry stands between the eye and the fork's signpost
/// while the signpost is read from [`SIGN_AHEAD`] metres, metres.
const GANTRY_ANNOUNCES_M: f64 = 2.0 * SIGN_AHEAD;

/// The fork a range's targets' gantry at `z` announces, if one follows it closely.
pub fn fork_after(routes: &[Route], z: f64) -> Option<&Route> {
    let next = routes.partition_point(|r| r.z <= z);
    routes.get(next).filter(|r| r.z - z <= GANTRY_ANNOUNCES_M)
}

/// The routes whose divider lies (partly) from `near` to `far` metres along the track.
fn routes_between(run: &Run, near: f64, far: f64) -> impl Iterator<Item = &Route> {
    let routes = &run.course().routes;
    let first = routes.partition_point(|r| r.end() < near);
    routes[first..].iter().take_while(move |r| r.z <= far)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{Lane, RouteKind};

    #[test]
    fn the_signpost_stands_beside_the_track_on_the_high_side_in_no_lane() {
        let width = 2.5;
        let lanes_edge = 0.5 * f64::from(LANES) * width;
        for (lane, side) in [(Lane::LEFT, -1.0), (Lane::RIGHT, 1.0)] {
            let route = Route {
                z: 100.0,
                length: 120.0,
                kind: RouteKind::Ridge,
                lane,
            };
            let x = sign_x(&route, width);
            let inner_edge = x * side - f64::from(ROUTE_SIGN_HALF_WIDTH);
            assert!(
                inner_edge > lanes_edge,
                "{lane:?}: board from {inner_edge} m"
            );
        }
    }

    #[test]
    fn the_high_trail_climbs_after_the_mouth_and_is_down_before_the_end_in_its_lane_only() {
        let route = Route {
            z: 100.0,
            length: 120.0,
            kind: RouteKind::Ridge,
            lane: Lane::RIGHT,
        };
        let routes = [route];
        let rise = |lane: f64, z: f64| high_trail_rise(&routes, lane, z);
        assert_eq!(rise(2.0, 100.0), 0.0);
        assert_eq!(rise(2.0, 160.0), HIGH_TRAIL_RISE_M);
        assert_eq!(rise(2.0, 220.0), 0.0);
        assert_eq!(rise(1.0, 160.0), 0.0);
        assert_eq!(rise(0.0, 160.0), 0.0);
        // Smooth: no step larger than a few centimetres per 10 cm along the climb.
        let steps: Vec<f64> = (1000..1400)
            .map(|k| rise(2.0, f64::from(k) / 10.0))
            .collect();
        assert!(steps.windows(2).all(|w| (w[1] - w[0]).abs() < 0.03));
        assert!(steps.windows(2).all(|w| w[1] >= w[0]));
    }
}
