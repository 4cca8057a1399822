//! #42: on every level's tracks a fork comes 40–48 m after a range, so while its signpost is
//! read (from [`SIGN_AHEAD`] metres) the range's targets' gantry, hung across the track at the
//! chase camera's height, stands between the eye and the sign. The sign's board, as the chase
//! camera projects it (the world's bend included), must be clear of every gantry's picture on
//! the way from 10 m further than that to 10 m nearer, from every lane — or, while the gantry
//! stands in the way, the fork's board the gantry carries ahead of the eye must be wholly in
//! the picture.

use super::{gantry_foot, ModelCache};
use crate::app::render::camera::{ChaseRig, ViewCamera, FOLLOW_X};
use crate::app::render::track_pieces::{fork_after, sign_foot};
use crate::app::render::world::place::bend_at;
use crate::course::routes::SIGN_AHEAD;
use crate::course::{Course, LANES};
use crate::mesh::MeshData;
use crate::models::{route_sign_board, TARGET_DISTANCE};
use crate::terrain::{Terrain, TerrainConfig};
use glam::{DVec3, Vec2, Vec3};

/// A phone held upright: width over height (only the picture's proportions matter here).
const ASPECT: f32 = 360.0 / 800.0;
/// The far clip plane the test's camera uses, metres (beyond anything measured).
const FAR: f32 = 400.0;
/// The top of the picture under the HUD, normalised device coordinates (1: the screen's top).
const UNDER_THE_HUD: f32 = 0.75;
/// The stretch of the approach checked, metres either side of [`SIGN_AHEAD`], and its step.
const AROUND_M: f64 = 10.0;
const STEP_M: f64 = 0.5;

/// The screen box (normalised device coordinates, lowest and highest corner) of `points`.
fn screen_box(camera: &ViewCamera, points: impl Iterator<Item = DVec3>) -> [Vec2; 2] {
    let view_proj = camera.view_proj(ASPECT);
    points
        .map(|world| {
            let clip = view_proj * camera.relative(world).extend(1.0);
            assert!(clip.w > 0.0, "a point behind the eye: {world}");
            clip.truncate().truncate() / clip.w
        })
        .fold([Vec2::MAX, Vec2::MIN], |[low, high], p| {
            [low.min(p), high.max(p)]
        })
}

/// The corners of `mesh` drawn at `foot`.
fn placed<'a>(mesh: &'a MeshData, foot: DVec3) -> impl Iterator<Item = DVec3> + 'a {
    mesh.positions
        .iter()
        .map(move |&p| foot + Vec3::from(p).as_dvec3())
}

/// The eight corners of the sign's board standing at `foot`.
fn board_corners(foot: DVec3) -> impl Iterator<Item = DVec3> {
    let [low, high] = route_sign_board();
    (0..8).map(move |k| {
        let pick = |bit: usize, a: f32, b: f32| if k & bit == 0 { a } else { b };
        let corner = Vec3::new(
            pick(1, low.x, high.x),
            pick(2, low.y, high.y),
            pick(4, low.z, high.z),
        );
        foot + corner.as_dvec3()
    })
}

/// Whether a screen box is wholly in the picture, below the HUD's strip of figures and its
/// progress bar across the top (less than an eighth of a phone's height).
fn in_view(shown: [Vec2; 2]) -> bool {
    shown[0].cmpge(Vec2::splat(-1.0)).all() && shown[1].x <= 1.0 && shown[1].y <= UNDER_THE_HUD
}

fn overlap(a: [Vec2; 2], b: [Vec2; 2]) -> bool {
    a[0].x < b[1].x && b[0].x < a[1].x && a[0].y < b[1].y && b[0].y < a[1].y
}

/// Where the sign is hidden by a gantry on `course`: one line per fork, distance and lane.
fn hidden_signs(course: &Course, name: &str) -> Vec<String> {
    let terrain = Terrain::of_course(course, TerrainConfig::default());
    let cache = ModelCache::new(&terrain);
    let lane_width = cache.lane_width;
    let mut hidden = Vec::new();
    for route in &course.routes {
        let sign = sign_foot(route, &terrain, lane_width);
        let gantries: Vec<f64> = (course.stages.iter())
            .map(|stage| stage.z + f64::from(TARGET_DISTANCE))
            .filter(|&z| z < route.z)
            .collect();
        let steps = (2.0 * AROUND_M / STEP_M) as u32;
        for k in 0..=steps {
            let ahead = SIGN_AHEAD + AROUND_M - f64::from(k) * STEP_M;
            let skier_z = route.z - ahead;
            for lane in 0..LANES {
                let x = cache.lane_x(f64::from(lane));
                let skier = DVec3::new(x, terrain.track_height(skier_z), skier_z);
                let track = |z: f64| terrain.track_height(z);
                let mut camera = ChaseRig::default().follow(skier, track, 0.0, FAR, None);
                camera.bend = bend_at(course, camera.eye.z);
                let board = screen_box(&camera, board_corners(sign));
                for &z in gantries.iter().filter(|&&z| z > camera.eye.z) {
                    let foot = gantry_foot(&terrain, z, skier_z);
                    let gantry =
                        placed(&cache.gantry, foot).chain(placed(&cache.range_numbers, foot));
                    let shown = screen_box(&camera, gantry);
                    let announced = fork_after(&course.routes, z)
                        .filter(|&fork| std::ptr::eq(fork, route))
                        .map(|fork| {
                            let mesh = &cache.fork_boards[usize::from(fork.lane.number() != 0)];
                            let ahead = FOLLOW_X * skier.x;
                            let own = |p: &DVec3| (p.x - ahead).abs() < 0.5 * FOLLOW_X * lane_width;
                            screen_box(&camera, placed(mesh, foot).filter(own))
                        });
                    if overlap(board, shown) && !announced.is_some_and(in_view) {
                        hidden.push(format!(
                            "{name}: the fork at {:.0} m, {ahead:.1} m ahead in lane {lane}: \
                             the sign {board:?} behind the gantry at {z:.0} m {shown:?}, \
                             its board {announced:?}",
                            route.z
                        ));
                    }
                }
            }
        }
    }
    hidden
}

#[test]
fn a_forks_sign_reads_over_the_ranges_gantry_on_every_level_track() {
    let mut hidden = Vec::new();
    let mut forks_after_ranges = 0;
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a level track");
            forks_after_ranges += (course.routes.iter())
                .filter(|route| {
                    course.stages.iter().any(|stage| {
                        let gantry = stage.z + f64::from(TARGET_DISTANCE);
                        gantry < route.z && route.z - gantry <= SIGN_AHEAD + AROUND_M
                    })
                })
                .count();
            hidden.extend(hidden_signs(
                &course,
                &format!("level {level} track {track}"),
            ));
        }
    }
    // The case this guards: forks right after ranges, where the gantry stands in the way.
    assert!(
        forks_after_ranges >= 15,
        "{forks_after_ranges} forks after ranges"
    );
    assert!(
        hidden.is_empty(),
        "{} moments hidden, e.g.:\n{}",
        hidden.len(),
        hidden[..hidden.len().min(8)].join("\n")
    );
}
