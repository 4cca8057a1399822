//! Every obstacle look renders within its class's envelope, so the class reads at a glance and
//! the picture agrees with the simulation.

use crate::models_support;

use glam::{Mat4, Vec3};
use latu::course::looks::{looks, Look};
use latu::course::{
    ObstacleClass, DUCK_OBSTACLE_CLEARANCE, JUMP_APEX, JUMP_OBSTACLE_HEIGHT, MAX_SKIER_SPEED,
    SKIER_HALF_LENGTH,
};
use latu::mesh::MeshData;
use latu::models::{
    obstacle, obstacle_parts, Hit, ObstacleParts, Reaction, BODY_HALF_WIDTH, GROUND_SINK,
    RIDE_OVER_HEIGHT,
};
use latu::sim::run::{HIT_SPEED_PERCENT, RECOVERY_TICKS, STANDING_HEIGHT};
use latu::sim::TICK_HZ;
use latu::terrain::TerrainConfig;
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
    for (look, span, parts) in built_parts(ObstacleClass::Jump) {
        // Their end boards stand on the shoulders, off every lane, no higher than the body.
        for p in &parts.standing.positions {
            assert!(
                p[0].abs() >= 0.5 * span,
                "{}: an end board on a lane",
                look.name
            );
            assert!(
                p[1] <= JUMP_OBSTACLE_HEIGHT as f32 + EPS,
                "{}: an end board stands {} high",
                look.name,
                p[1]
            );
        }
        let (lo, hi) = bounds(&parts.loose);
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

/// Every look of `class` in its standing and loose parts, with its name and span.
fn built_parts(class: ObstacleClass) -> Vec<(&'static Look, f32, ObstacleParts)> {
    looks(class)
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let span = f32::from(l.lanes) * lane_width();
            let parts = obstacle_parts(class, k as u8, span, l.depth as f32).expect("listed");
            (l, span, parts)
        })
        .collect()
}

/// Where the skier's centre may be across an obstacle it hits, relative to the obstacle's
/// centre: within the obstacle's lanes, dead centre included.
fn skier_offsets(span: f32) -> Vec<f32> {
    let lane = lane_width();
    let mut offsets = vec![0.0, 0.3, -0.3];
    let half_lanes = 0.5 * (span / lane - 1.0);
    if half_lanes > 0.0 {
        offsets.extend([-half_lanes * lane, half_lanes * lane]);
    }
    offsets
}

/// Speeds just after a hit: the slowest level's and the fastest possible.
fn hit_speeds() -> [f32; 2] {
    let share = HIT_SPEED_PERCENT as f32 / 100.0;
    [share * 10.0, share * MAX_SKIER_SPEED as f32]
}

fn transformed(mesh: &MeshData, m: Mat4) -> MeshData {
    MeshData {
        positions: mesh
            .positions
            .iter()
            .map(|&p| m.transform_point3(Vec3::from(p)).to_array())
            .collect(),
        ..mesh.clone()
    }
}

/// Points on the mesh's surface: its corners, edge midpoints and triangle centres.
fn surface_points(mesh: &MeshData) -> Vec<Vec3> {
    let mut points: Vec<Vec3> = mesh.positions.iter().map(|&p| Vec3::from(p)).collect();
    for t in mesh.indices.chunks(3) {
        let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(mesh.positions[usize::from(t[k])]));
        points.extend([
            (a + b) / 2.0,
            (b + c) / 2.0,
            (c + a) / 2.0,
            (a + b + c) / 3.0,
        ]);
    }
    points
}

const CENTRED_SIDES: [f32; 2] = [-1.0, 1.0];

#[test]
fn a_knocked_obstacle_starts_where_it_stood_and_comes_to_rest() {
    for class in CLASSES {
        for (look, span, parts) in built_parts(class) {
            for skier_x in skier_offsets(span) {
                for centred_side in CENTRED_SIDES {
                    let hit = Hit {
                        skier_x,
                        speed: hit_speeds()[1],
                        centred_side,
                    };
                    let start = parts.knocked(hit, 0.0);
                    assert!(
                        start.abs_diff_eq(Mat4::IDENTITY, 1e-5),
                        "{}: moved at the hit",
                        look.name
                    );
                    let settle = parts.settle_s();
                    assert!(settle > 0.0 && settle < 1.0, "{}: {settle} s", look.name);
                    let settled = parts.knocked(hit, settle);
                    assert!(!settled.abs_diff_eq(Mat4::IDENTITY, 1e-3), "{}", look.name);
                    assert_eq!(settled, parts.knocked(hit, settle + 0.5), "{}", look.name);
                }
            }
        }
    }
}

#[test]
fn a_toppled_obstacle_lies_flat_on_the_snow_ahead_and_away_from_the_skier() {
    for (look, span, parts) in built_parts(ObstacleClass::Dodge) {
        if !matches!(parts.reaction, Reaction::Topple { .. }) {
            continue;
        }
        let (lo, hi) = bounds(&parts.loose);
        for skier_x in skier_offsets(span) {
            let hit = Hit {
                skier_x,
                speed: hit_speeds()[0],
                centred_side: 1.0,
            };
            let settled = parts.knocked(hit, parts.settle_s());
            let up = settled.transform_vector3(Vec3::Y);
            assert!(up.y.abs() < 1e-4, "{}: not lying flat: up {up}", look.name);
            let (low, _) = bounds(&transformed(&parts.loose, settled));
            assert!(
                (low.y - lo.y).abs() < 1e-3,
                "{}: rests at {} (stood at {})",
                look.name,
                low.y,
                lo.y
            );
            let moved = settled.transform_point3((lo + hi) / 2.0) - (lo + hi) / 2.0;
            assert!(moved.z > 0.0, "{}: not thrown ahead", look.name);
            let away = if skier_x < 0.0 { 1.0 } else { -1.0 };
            if skier_x != 0.0 {
                assert!(moved.x * away > 0.0, "{}: towards the skier", look.name);
            }
        }
    }
}

#[test]
fn a_burst_obstacle_settles_as_a_low_heap_that_still_shows() {
    let mut bursts = 0;
    for class in CLASSES {
        for (look, _, parts) in built_parts(class) {
            if parts.reaction != Reaction::Burst {
                continue;
            }
            bursts += 1;
            let hit = Hit {
                skier_x: 0.0,
                speed: hit_speeds()[1],
                centred_side: 1.0,
            };
            let settled = parts.knocked(hit, parts.settle_s());
            let (lo, hi) = bounds(&parts.loose);
            let (low, high) = bounds(&transformed(&parts.loose, settled));
            assert!(
                high.y > 0.5 * RIDE_OVER_HEIGHT && high.y <= RIDE_OVER_HEIGHT,
                "{}: heap top {}",
                look.name,
                high.y
            );
            assert!(low.y < 0.0, "{}: floats above the snow", look.name);
            assert!(
                low.z >= lo.z - EPS,
                "{}: spreads towards the skier",
                look.name
            );
            assert!(high.x - low.x > hi.x - lo.x, "{}: not spread", look.name);
        }
    }
    assert!(bursts > 0);
}

#[test]
fn a_knocked_obstacle_is_never_drawn_inside_the_skier() {
    let recovery_s = RECOVERY_TICKS as f32 / TICK_HZ as f32;
    let full_speed_share = 100.0 / HIT_SPEED_PERCENT as f32;
    for class in CLASSES {
        for (look, span, parts) in built_parts(class) {
            let offsets = if class == ObstacleClass::Dodge {
                skier_offsets(span)
            } else {
                vec![-lane_width(), 0.0, lane_width()]
            };
            for (skier_x, speed) in offsets
                .into_iter()
                .flat_map(|x| hit_speeds().map(|v| (x, v)))
            {
                let hit = Hit {
                    skier_x,
                    speed,
                    centred_side: 1.0,
                };
                let gain = speed * (full_speed_share - 1.0) / recovery_s;
                // From the hit (ski tips touching the near edge) until well past the obstacle.
                for tick in 0..=2 * TICK_HZ {
                    let t = tick as f32 / TICK_HZ as f32;
                    let skier_z = -SKIER_HALF_LENGTH as f32 + speed * t + 0.5 * gain * t * t;
                    let body_lo = Vec3::new(skier_x - BODY_HALF_WIDTH, RIDE_OVER_HEIGHT, skier_z);
                    let body_hi = Vec3::new(
                        skier_x + BODY_HALF_WIDTH,
                        STANDING_HEIGHT as f32,
                        skier_z + BODY_HALF_DEPTH,
                    );
                    let body_lo = body_lo - Vec3::Z * BODY_HALF_DEPTH;
                    let drawn = transformed(&parts.loose, parts.knocked(hit, t));
                    let inside = surface_points(&drawn)
                        .into_iter()
                        .find(|p| p.cmpgt(body_lo).all() && p.cmplt(body_hi).all());
                    assert_eq!(
                        inside, None,
                        "{}: inside a skier at x {skier_x} going {speed} m/s, {t} s after the hit",
                        look.name
                    );
                }
            }
        }
    }
}

/// Half the skier's body along the track (boots, knees and hands; the skis reach further),
/// metres.
const BODY_HALF_DEPTH: f32 = 0.35;

#[test]
fn every_looks_footprint_covers_exactly_its_lanes() {
    use latu::models::footprint;
    let width = lane_width();
    for class in CLASSES {
        for (look, span, mesh) in built(class) {
            let shadow = footprint(span, look.depth as f32);
            let (lo, hi) = bounds(&shadow);
            // Its own lanes' centres lie under the footprint, the neighbours' do not.
            let lanes = f32::from(look.lanes);
            for k in 0..look.lanes {
                let centre = (f32::from(k) - (lanes - 1.0) / 2.0) * width;
                assert!(lo.x < centre && centre < hi.x, "{}: lane {k}", look.name);
            }
            let beyond = 0.5 * span + 0.5 * width;
            assert!(
                lo.x > -beyond && hi.x < beyond,
                "{}: reaches a neighbour",
                look.name
            );
            // It lies flat on the snow and spans the obstacle's depth, and the model stands on it.
            assert!(hi.y < 0.05, "{}: footprint not flat", look.name);
            let (model_lo, model_hi) = bounds(&mesh);
            assert!(
                lo.z <= model_lo.z.max(0.0) && hi.z >= look.depth as f32,
                "{}",
                look.name
            );
            if class == ObstacleClass::Dodge {
                // A dodge obstacle stands squarely in its lanes, leaving the others free.
                assert!(
                    model_lo.x >= -0.5 * span - EPS && model_hi.x <= 0.5 * span + EPS,
                    "{}: the model leaves its lanes",
                    look.name
                );
            } else {
                // A jump or duck obstacle bars every lane (its posts may stand on the shoulders).
                assert!(
                    model_hi.x - model_lo.x >= span - EPS,
                    "{}: a gap",
                    look.name
                );
            }
        }
    }
}
