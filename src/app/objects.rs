//! Simple shapes for what lies on the track: obstacles by class, coins and the skier, added to
//! the frame's [`ShapeMesh`] relative to the frame origin.

use super::dynamic_mesh::ShapeMesh;
use crate::course::looks::look;
use crate::course::{Coin, Lane, Obstacle, ObstacleClass, LANES};
use glam::DVec3;
use macroquad::math::{Quat, Vec3};

const LOG_BROWN: [u8; 4] = [110, 72, 40, 255];
const WALL_WHITE: [u8; 4] = [236, 242, 250, 255];
const ROCK_GREY: [u8; 4] = [105, 108, 116, 255];
const SNOW_WHITE: [u8; 4] = [248, 250, 255, 255];
const CARROT: [u8; 4] = [235, 120, 30, 255];
const COAL: [u8; 4] = [30, 30, 34, 255];
const BANNER_RED: [u8; 4] = [205, 40, 45, 255];
const POST_GREY: [u8; 4] = [70, 70, 80, 255];
const PINE_GREEN: [u8; 4] = [40, 100, 55, 255];
const SIGN_YELLOW: [u8; 4] = [240, 200, 40, 255];
const COIN_GOLD: [u8; 4] = [250, 200, 40, 255];
const SUIT_BLUE: [u8; 4] = [30, 80, 200, 255];
const SKIN: [u8; 4] = [240, 200, 170, 255];
const HAT_RED: [u8; 4] = [220, 30, 40, 255];
const SKI_YELLOW: [u8; 4] = [250, 220, 30, 255];

/// Obstacles are drawn at least this deep along the track, metres.
const MIN_DEPTH: f32 = 0.2;
/// Half the thickness of posts, metres.
const POST_HALF: f32 = 0.08;
/// A span reaches this far past its outer lanes' centres, in lanes.
const LANE_EDGE: f64 = 0.5;
/// Height of the underside of a duck obstacle's banner above the track, metres (above the
/// ducked skier, below the standing one).
const BANNER_BOTTOM: f32 = 1.25;
/// Height of a coin's centre above its `y`, metres (coins float at chest height).
const COIN_LIFT: f32 = 0.7;
/// Coin spin, radians per second of run time.
const COIN_SPIN: f32 = 3.0;

/// Where things go in the current frame.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    /// World position of the frame origin (the camera eye).
    pub origin: DVec3,
    pub lane_width: f64,
}

impl Placement {
    /// World x of a lane's centre: lane 0 is on the left, at negative x (as in `sim`).
    pub fn lane_x(&self, lane: f64) -> f64 {
        (lane - f64::from(LANES - 1) / 2.0) * self.lane_width
    }

    fn local(&self, world: DVec3) -> Vec3 {
        (world - self.origin).as_vec3()
    }
}

/// Add one obstacle standing on the track at height `ground`, shaped after its look.
pub fn add_obstacle(shapes: &mut ShapeMesh, at: &Placement, obstacle: &Obstacle, ground: f64) {
    let depth = (obstacle.depth as f32).max(MIN_DEPTH);
    let near = at.local(DVec3::new(0.0, ground, obstacle.z));
    let (left, right) = lanes_span(at, &obstacle.lanes);
    let base = Vec3::new((left + right) / 2.0, near.y, near.z + depth / 2.0);
    let span = Span {
        base,
        half_width: (right - left) / 2.0,
        half_depth: depth / 2.0,
    };
    let name = look(obstacle.class, obstacle.look)
        .or_else(|| look(obstacle.class, 0))
        .map_or("", |l| l.name);
    match (obstacle.class, name) {
        (ObstacleClass::Jump, "snow wall") => span.slab(shapes, 0.0, 0.8, WALL_WHITE),
        (ObstacleClass::Jump, "hurdle") => {
            span.posts(shapes, 0.75);
            span.slab(shapes, 0.55, 0.2, BANNER_RED);
        }
        (ObstacleClass::Jump, _) => span.slab(shapes, 0.0, 0.5, LOG_BROWN),
        (ObstacleClass::Dodge, "fence") => {
            span.posts(shapes, 1.1);
            span.slab(shapes, 0.35, 0.12, LOG_BROWN);
            span.slab(shapes, 0.85, 0.12, LOG_BROWN);
        }
        (ObstacleClass::Dodge, "snowdrift") => {
            span.slab(shapes, 0.0, 0.9, SNOW_WHITE);
            let top = Vec3::new(span.half_width * 0.6, 0.2, span.half_depth * 0.7);
            shapes.add_box(base + Vec3::Y * 1.0, top, Quat::IDENTITY, SNOW_WHITE);
        }
        (ObstacleClass::Dodge, _) => {
            for &lane in &obstacle.lanes {
                let x = at.local(DVec3::new(at.lane_x(f64::from(lane)), 0.0, 0.0)).x;
                add_dodge_piece(
                    shapes,
                    name,
                    Vec3::new(x, base.y, base.z),
                    at.lane_width as f32,
                );
            }
        }
        (ObstacleClass::Duck, "branch") => {
            span.posts(shapes, BANNER_BOTTOM + 0.9);
            span.slab(shapes, BANNER_BOTTOM, 0.25, LOG_BROWN);
            span.slab(shapes, BANNER_BOTTOM + 0.25, 0.45, PINE_GREEN);
        }
        (ObstacleClass::Duck, "bar") => {
            span.posts(shapes, BANNER_BOTTOM + 0.2);
            span.slab(shapes, BANNER_BOTTOM, 0.15, POST_GREY);
        }
        (ObstacleClass::Duck, _) => {
            span.posts(shapes, BANNER_BOTTOM + 0.5);
            span.slab(shapes, BANNER_BOTTOM, 0.5, BANNER_RED);
        }
    }
}

/// Local x of the outer edges of the blocked lanes (all lanes if the list is empty).
fn lanes_span(at: &Placement, lanes: &[Lane]) -> (f32, f32) {
    let first = lanes.first().map_or(0.0, |&l| f64::from(l));
    let last = lanes.last().map_or(f64::from(LANES - 1), |&l| f64::from(l));
    let x = |lane: f64| at.local(DVec3::new(at.lane_x(lane), 0.0, 0.0)).x;
    (x(first - LANE_EDGE), x(last + LANE_EDGE))
}

/// The footprint of an obstacle spanning one or more lanes.
struct Span {
    base: Vec3,
    half_width: f32,
    half_depth: f32,
}

impl Span {
    /// A box across the whole span from `bottom` up by `height`.
    fn slab(&self, shapes: &mut ShapeMesh, bottom: f32, height: f32, color: [u8; 4]) {
        let center = self.base + Vec3::Y * (bottom + height / 2.0);
        let half = Vec3::new(self.half_width, height / 2.0, self.half_depth.min(0.5));
        shapes.add_box(center, half, Quat::IDENTITY, color);
    }

    /// A post at each end of the span, `height` tall.
    fn posts(&self, shapes: &mut ShapeMesh, height: f32) {
        for side in [-1.0, 1.0] {
            let center = self.base + Vec3::new(side * self.half_width, height / 2.0, 0.0);
            let half = Vec3::new(POST_HALF, height / 2.0, POST_HALF);
            shapes.add_box(center, half, Quat::IDENTITY, POST_GREY);
        }
    }
}

/// One lane's worth of a one-lane dodge obstacle.
fn add_dodge_piece(shapes: &mut ShapeMesh, name: &str, base: Vec3, lane_width: f32) {
    let y = Vec3::Y;
    match name {
        "snowman" => add_snowman(shapes, base),
        "stump" => {
            let half = Vec3::new(0.35, 0.35, 0.3);
            shapes.add_box(base + y * 0.35, half, Quat::from_rotation_y(0.3), LOG_BROWN);
        }
        "signpost" => {
            let post = Vec3::new(POST_HALF, 0.9, POST_HALF);
            shapes.add_box(base + y * 0.9, post, Quat::IDENTITY, POST_GREY);
            let board = Vec3::new(0.45, 0.3, 0.04);
            shapes.add_box(base + y * 1.5, board, Quat::IDENTITY, SIGN_YELLOW);
        }
        _ => {
            // A rock: a big tilted block with a smaller one leaning on it.
            let half = Vec3::new(lane_width * 0.28, 0.45, 0.5);
            let turn = Quat::from_rotation_y(0.5) * Quat::from_rotation_z(0.12);
            shapes.add_box(base + y * 0.4, half, turn, ROCK_GREY);
            let small = Vec3::new(lane_width * 0.14, 0.3, 0.35);
            let side = Vec3::new(lane_width * 0.22, 0.25, -0.1);
            let lean = Quat::from_rotation_y(-0.3) * Quat::from_rotation_z(-0.25);
            shapes.add_box(base + side, small, lean, ROCK_GREY);
        }
    }
}

fn add_snowman(shapes: &mut ShapeMesh, base: Vec3) {
    let turn = Quat::from_rotation_y(0.785);
    let y = Vec3::Y;
    shapes.add_box(base + y * 0.45, Vec3::splat(0.45), turn, SNOW_WHITE);
    shapes.add_box(base + y * 1.15, Vec3::splat(0.32), turn, SNOW_WHITE);
    shapes.add_box(base + y * 1.65, Vec3::splat(0.22), turn, SNOW_WHITE);
    let nose = Vec3::new(0.05, 0.05, 0.15);
    shapes.add_box(
        base + Vec3::new(0.0, 1.65, -0.3),
        nose,
        Quat::IDENTITY,
        CARROT,
    );
    shapes.add_box(base + y * 1.95, Vec3::new(0.2, 0.1, 0.2), turn, COAL);
}

/// Add a coin at its lane, `ground` being the track height at its z; it spins with run time.
pub fn add_coin(shapes: &mut ShapeMesh, at: &Placement, coin: &Coin, ground: f64, time_s: f32) {
    let world = DVec3::new(at.lane_x(f64::from(coin.lane)), ground + coin.y, coin.z);
    let center = at.local(world) + Vec3::Y * COIN_LIFT;
    let spin = Quat::from_rotation_y(time_s * COIN_SPIN);
    shapes.add_box(center, Vec3::new(0.28, 0.28, 0.05), spin, COIN_GOLD);
}

/// The skier's pose for drawing.
#[derive(Debug, Clone, Copy)]
pub struct SkierPose {
    /// World position of the point between the skis' bindings.
    pub feet: DVec3,
    /// 0 upright … 1 fully ducked.
    pub crouch: f32,
}

/// Add the skier: skis, legs, body, head, hat and poles.
pub fn add_skier(shapes: &mut ShapeMesh, at: &Placement, pose: SkierPose) {
    let feet = at.local(pose.feet);
    let squash = 1.0 - 0.45 * pose.crouch.clamp(0.0, 1.0);
    let y = |h: f32| feet + Vec3::Y * (h * squash);
    let still = Quat::IDENTITY;
    for side in [-0.18_f32, 0.18] {
        let ski = feet + Vec3::new(side, 0.03, 0.25);
        shapes.add_box(ski, Vec3::new(0.05, 0.03, 0.9), still, SKI_YELLOW);
        let leg = y(0.45) + Vec3::X * side * 0.7;
        shapes.add_box(leg, Vec3::new(0.08, 0.42 * squash, 0.1), still, SUIT_BLUE);
        let pole = y(0.75) + Vec3::new(side * 2.2, 0.0, -0.15);
        let lean = Quat::from_rotation_x(-0.35);
        shapes.add_box(pole, Vec3::new(0.02, 0.6, 0.02), lean, POST_GREY);
    }
    let lean = Quat::from_rotation_x(0.25 + 0.5 * pose.crouch);
    shapes.add_box(y(1.2), Vec3::new(0.22, 0.32, 0.14), lean, SUIT_BLUE);
    shapes.add_box(y(1.68), Vec3::splat(0.13), still, SKIN);
    shapes.add_box(y(1.83), Vec3::new(0.14, 0.06, 0.14), still, HAT_RED);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placement() -> Placement {
        Placement {
            origin: DVec3::new(0.0, 5.0, 1000.0),
            lane_width: 2.0,
        }
    }

    #[test]
    fn lanes_are_centred_and_lane_zero_is_on_the_left() {
        let at = placement();
        assert_eq!(at.lane_x(1.0), 0.0);
        assert_eq!(at.lane_x(0.0), -2.0);
        assert_eq!(at.lane_x(2.0), 2.0);
    }

    #[test]
    fn a_jump_obstacle_spans_the_whole_track() {
        let mut shapes = ShapeMesh::default();
        let obstacle = Obstacle {
            z: 1010.0,
            class: ObstacleClass::Jump,
            lanes: vec![0, 1, 2],
            look: 0,
            depth: 0.5,
        };
        add_obstacle(&mut shapes, &placement(), &obstacle, 5.0);
        assert_eq!(shapes.triangles(), 12);
    }

    #[test]
    fn a_dodge_obstacle_puts_one_shape_per_blocked_lane() {
        let mut shapes = ShapeMesh::default();
        let obstacle = Obstacle {
            z: 1010.0,
            class: ObstacleClass::Dodge,
            lanes: vec![0, 2],
            look: 0,
            depth: 1.0,
        };
        add_obstacle(&mut shapes, &placement(), &obstacle, 5.0);
        // A rock is two blocks.
        assert_eq!(shapes.triangles(), 2 * 2 * 12);
    }
}
