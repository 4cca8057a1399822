//! Every obstacle look renders within its class's envelope, so the class reads at a glance and
//! the picture agrees with the simulation.

mod models_support;

use latu::course::looks::{looks, Look};
use latu::course::{ObstacleClass, DUCK_OBSTACLE_CLEARANCE, JUMP_APEX, JUMP_OBSTACLE_HEIGHT};
use latu::models::{obstacle, GROUND_SINK};
use latu::sim::run::STANDING_HEIGHT;
use latu::terrain::{MeshData, TerrainConfig};
use models_support::{assert_well_formed, bounds, triangle_ranges};

const EPS: f32 = 1e-3;

fn lane_width() -> f32 {
    TerrainConfig::default().lane_width as f32
}

/// Every look of `class` with its name, span and depth, built.
fn built(class: ObstacleClass) -> Vec<(&'static Look, f32, MeshData)> {
    looks(class)
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let span = f32::from(l.lanes) * lane_width();
            let mesh = obstacle(class, k as u8, span, l.depth as f32).expect("a listed look");
            (l, span, mesh)
        })
        .collect()
}

const CLASSES: [ObstacleClass; 3] = [
    ObstacleClass::Jump,
    ObstacleClass::Dodge,
    ObstacleClass::Duck,
];

#[test]
fn every_look_is_well_formed_and_distinct() {
    for class in CLASSES {
        let models = built(class);
        for (look, _, mesh) in &models {
            assert_well_formed(look.name, mesh);
            let (lo, _) = bounds(mesh);
            assert!(lo.y >= -GROUND_SINK - EPS, "{}: sinks {}", look.name, lo.y);
        }
        for (i, a) in models.iter().enumerate() {
            for b in &models[i + 1..] {
                assert_ne!(a.2, b.2, "{} and {} look alike", a.0.name, b.0.name);
            }
        }
    }
}

#[test]
fn a_look_past_the_list_has_no_model() {
    for class in CLASSES {
        assert_eq!(obstacle(class, looks(class).len() as u8, 7.5, 1.0), None);
    }
}

#[test]
fn jump_obstacles_cross_the_track_below_the_jump() {
    for (look, span, mesh) in built(ObstacleClass::Jump) {
        let (lo, hi) = bounds(&mesh);
        assert!(
            hi.y <= JUMP_OBSTACLE_HEIGHT as f32 + EPS,
            "{}: top {}",
            look.name,
            hi.y
        );
        assert!(hi.y < JUMP_APEX as f32);
        assert!(
            hi.y > 0.5 * JUMP_OBSTACLE_HEIGHT as f32,
            "{}: too low to see",
            look.name
        );
        assert!(
            lo.x >= -0.5 * span - EPS && hi.x <= 0.5 * span + EPS,
            "{}",
            look.name
        );
        assert!(
            lo.x < -0.5 * span + 0.15 && hi.x > 0.5 * span - 0.15,
            "{}: gaps",
            look.name
        );
        assert!(
            lo.z >= -EPS && hi.z <= look.depth as f32 + EPS,
            "{}: depth",
            look.name
        );
    }
}

#[test]
fn dodge_obstacles_stand_tall_within_their_lanes() {
    for (look, span, mesh) in built(ObstacleClass::Dodge) {
        let (lo, hi) = bounds(&mesh);
        assert!(
            lo.x >= -0.5 * span && hi.x <= 0.5 * span,
            "{}: leaves its lanes",
            look.name
        );
        assert!(
            lo.z >= -EPS && hi.z <= look.depth as f32 + EPS,
            "{}: depth",
            look.name
        );
        assert!(
            hi.y > JUMP_OBSTACLE_HEIGHT as f32 + 0.5,
            "{}: looks jumpable",
            look.name
        );
        assert!(hi.x - lo.x > 0.25 * span, "{}: too thin to see", look.name);
    }
}

/// Whether the x-ranges cover [from, to] without a gap.
fn covers(mut ranges: Vec<(f32, f32)>, from: f32, to: f32) -> bool {
    ranges.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut reached = from;
    for (lo, hi) in ranges {
        if lo > reached + EPS {
            break;
        }
        reached = reached.max(hi);
    }
    reached >= to - EPS
}

#[test]
fn duck_obstacles_clear_a_ducked_skier_and_block_a_standing_one() {
    let clearance = DUCK_OBSTACLE_CLEARANCE as f32;
    let standing = STANDING_HEIGHT as f32;
    for (look, span, mesh) in built(ObstacleClass::Duck) {
        let half = 0.5 * span;
        let triangles = triangle_ranges(&mesh);
        let over_track: Vec<_> = triangles
            .iter()
            .filter(|[(x_lo, x_hi), ..]| *x_hi > -half && *x_lo < half)
            .collect();
        for [_, (y_lo, _), (z_lo, z_hi)] in &over_track {
            assert!(
                *y_lo >= clearance,
                "{}: dips to {y_lo} over the track",
                look.name
            );
            assert!(
                *z_lo >= -EPS && *z_hi <= look.depth as f32 + EPS,
                "{}: depth",
                look.name
            );
        }
        let head_high: Vec<(f32, f32)> = triangles
            .iter()
            .filter(|[_, (y_lo, y_hi), _]| *y_lo <= standing && *y_hi >= clearance)
            .map(|[x, ..]| *x)
            .collect();
        assert!(
            covers(head_high, -half, half),
            "{}: gaps at head height",
            look.name
        );
    }
}
