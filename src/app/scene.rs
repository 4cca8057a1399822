//! This frame's moving things: the obstacles and coins within sight and the skier, merged into
//! one shape mesh relative to the camera.

use super::dynamic_mesh::ShapeMesh;
use super::objects::{add_coin, add_obstacle, add_skier, Placement, SkierPose};
use crate::sim::Run;
use crate::terrain::Terrain;

/// Objects this far behind the skier are still drawn (the camera sees a little behind it), metres.
const DRAW_BEHIND: f64 = 10.0;

/// What the frame needs to place objects.
pub struct SceneView<'a> {
    pub run: &'a Run,
    pub terrain: &'a Terrain,
    pub placement: Placement,
    /// Skier position along the track as drawn, metres.
    pub skier_z: f64,
    /// Objects beyond this distance ahead of the skier are in the fog, metres.
    pub sight: f64,
    /// Seconds of run time, for spinning coins.
    pub time_s: f32,
}

/// Fill `shapes` with the frame's objects.
pub fn build_scene(shapes: &mut ShapeMesh, view: &SceneView, skier: SkierPose) {
    shapes.clear();
    let course = view.run.course();
    let near = view.skier_z - DRAW_BEHIND;
    let far = view.skier_z + view.sight;
    let first = course.obstacles.partition_point(|o| o.z + o.depth < near);
    for obstacle in &course.obstacles[first..] {
        if obstacle.z > far {
            break;
        }
        let ground = view.terrain.track_height(obstacle.z);
        add_obstacle(shapes, &view.placement, obstacle, ground);
    }
    let first = course.coins.partition_point(|c| c.z < near);
    for (index, coin) in course.coins.iter().enumerate().skip(first) {
        if coin.z > far {
            break;
        }
        if !view.run.coin_taken(index) {
            let ground = view.terrain.track_height(coin.z);
            add_coin(shapes, &view.placement, coin, ground, view.time_s);
        }
    }
    add_skier(shapes, &view.placement, skier);
}
