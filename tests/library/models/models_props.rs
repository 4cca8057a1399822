//! Coins, gates and the shooting range: well-formed, where the game expects them.

use crate::models_support;

use glam::{Mat4, Vec3};
use latu::course::{JUMP_APEX, LANES};
use latu::mesh::MeshData;
use latu::models::*;
use latu::sim::run::STANDING_HEIGHT;
use latu::terrain::TerrainConfig;
use models_support::{assert_well_formed, bounds, bounds_where, triangle_ranges};

fn track_width() -> f32 {
    2.0 * TerrainConfig::default().track_half_width() as f32
}

fn lane_width() -> f32 {
    TerrainConfig::default().lane_width as f32
}

/// Whether nothing above the snow (higher than a mat) over x ∈ ±`half` reaches below `height`.
fn clear_below(mesh: &MeshData, half: f32, height: f32) -> bool {
    triangle_ranges(mesh)
        .iter()
        .filter(|[(x_lo, x_hi), ..]| *x_hi > -half && *x_lo < half)
        .all(|[_, (y_lo, y_hi), _]| *y_hi < 0.05 || *y_lo >= height)
}

#[test]
fn coin_hovers_faces_the_skier_and_spins_about_its_axis() {
    let still = coin(0.0);
    assert_well_formed("coin", &still);
    let (lo, hi) = bounds(&still);
    let centre = (lo + hi) * 0.5;
    assert!(
        (centre - Vec3::Y * COIN_HOVER).length() < 1e-3,
        "centre {centre}"
    );
    assert!(
        (hi.x - COIN_RADIUS).abs() < 0.01 && hi.z < 0.1,
        "a disc facing ±z"
    );
    let faces_skier = still
        .normals
        .iter()
        .any(|n| Vec3::from(*n).dot(Vec3::NEG_Z) > 0.999);
    assert!(faces_skier);
    let angle = 1.0;
    let spun = coin(angle);
    assert_well_formed("spun coin", &spun);
    let turn = Mat4::from_rotation_y(angle);
    for (a, b) in still.positions.iter().zip(&spun.positions) {
        let expected = turn.transform_point3(Vec3::from(*a));
        assert!((expected - Vec3::from(*b)).length() < 1e-4);
    }
}

#[test]
fn gates_span_the_track_above_a_jumping_skier() {
    let width = track_width();
    let lowest = (JUMP_APEX + STANDING_HEIGHT) as f32;
    assert!(banner_underside() > lowest);
    let start = gate(GateKind::Start, width);
    let finish = gate(GateKind::Finish, width);
    assert_ne!(start, finish);
    for (name, mesh) in [("start", &start), ("finish", &finish)] {
        assert_well_formed(name, mesh);
        let (lo, hi) = bounds(mesh);
        assert!(
            lo.x < -0.5 * width && hi.x > 0.5 * width,
            "{name}: posts outside"
        );
        assert!(
            clear_below(mesh, 0.5 * width, lowest),
            "{name}: blocks the track"
        );
        assert!(hi.y > lowest);
    }
}

#[test]
fn range_has_a_mat_per_lane_and_boards_out_of_the_way() {
    let mats = range_mats(lane_width());
    let gantry = target_gantry(track_width(), lane_width());
    assert_well_formed("mats", &mats);
    assert_well_formed("gantry", &gantry);
    for lane in 0..LANES {
        let x = (f32::from(lane) - 1.0) * lane_width();
        let on_mat = |p: Vec3| (p.x - x).abs() < 0.7;
        let (lo, hi) = bounds_where(&mats, on_mat).expect("a mat on every lane");
        assert!(hi.y < 0.05, "the mat is flat");
        assert!(lo.z < -0.5 && hi.z > 1.8, "a prone skier fits on the mat");
        let board = board_origin(x);
        let near_board = |p: Vec3| (p - board).length() < 1.0;
        assert!(
            bounds_where(&gantry, near_board).is_some(),
            "a board over lane {lane}"
        );
    }
    let (lo, hi) = bounds(&gantry);
    assert!(lo.z > -0.5 && hi.z < 0.5, "the gantry stands at its origin");
    let lowest = (JUMP_APEX + STANDING_HEIGHT) as f32;
    let clear = clear_below(&gantry, 0.5 * track_width(), lowest);
    assert!(clear, "a jumping skier passes under");
}

/// Colour of the front-most surface at target `k`'s centre.
fn front_colour(board: &MeshData, k: usize) -> [u8; 4] {
    let centre = target_centre(k);
    let (index, _) = board
        .positions
        .iter()
        .enumerate()
        .filter(|(_, p)| Vec3::new(p[0] - centre.x, p[1] - centre.y, 0.0).length() < 1e-4)
        .min_by(|a, b| a.1[2].total_cmp(&b.1[2]))
        .expect("a disc centred on the target");
    board.colors[index]
}

#[test]
fn hit_targets_turn_white() {
    let clean = target_board([false; TARGETS]);
    assert_well_formed("board", &clean);
    let black = front_colour(&clean, 0);
    assert!(black[..3].iter().all(|&c| c < 40), "targets are black");
    let hits = [true, false, true, true, false];
    let board = target_board(hits);
    assert_well_formed("hit board", &board);
    for (k, &hit) in hits.iter().enumerate() {
        let colour = front_colour(&board, k);
        let white = colour[..3].iter().all(|&c| c > 240);
        assert_eq!(white, hit, "target {k}: {colour:?}");
    }
    let spread = target_centre(TARGETS - 1).x - target_centre(0).x;
    assert!((spread - (TARGETS - 1) as f32 * TARGET_SPACING).abs() < 1e-4);
    const { assert!(TARGET_RADIUS < 0.5 * TARGET_SPACING) };
}

#[test]
fn targets_sit_where_the_shooting_range_judges_shots() {
    use latu::shooting::range::target_centre_mrad;
    for k in 0..TARGETS {
        let centre = target_centre(k);
        let mrad = target_centre_mrad(k);
        let seen = glam::DVec2::new(f64::from(centre.x), f64::from(centre.y))
            / f64::from(TARGET_DISTANCE)
            * 1000.0;
        assert!(
            (seen - mrad).length() < 1e-3,
            "target {k}: {seen} vs {mrad}"
        );
    }
}

#[test]
fn snow_lies_behind_the_start_line_facing_up() {
    let width = track_width();
    let apron = apron(width);
    let (lo, hi) = bounds(&apron);
    assert_eq!((lo.y, hi.y), (0.0, 0.0), "flat on the snow at the line");
    assert_eq!(hi.z, 0.0, "it ends at the line, where the world begins");
    assert!(lo.z < -CHASE_BACK_BEYOND, "reaches behind the chase camera");
    assert!(lo.x < -0.5 * width && hi.x > 0.5 * width);
    for t in apron.indices.chunks(3) {
        let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(apron.positions[usize::from(t[k])]));
        assert!((b - a).cross(c - a).y > 0.0, "a face turned down");
    }
}

/// Further behind the line than the chase camera ever stands during the countdown, metres.
const CHASE_BACK_BEYOND: f32 = 20.0;

#[test]
fn every_power_up_its_pool_and_its_look_on_the_skier_are_sound_meshes() {
    use latu::course::PickupKind;
    use latu::models::{pickup, pickup_pool, power_look, PICKUP_HOVER, PICKUP_SIZE};
    for kind in PickupKind::ALL {
        for mesh in [pickup(kind), pickup_pool(kind), power_look(kind, 0.7)] {
            latu::models::check(&mesh).unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
            assert!(!mesh.indices.is_empty(), "{kind:?}");
        }
        // Its pillar of light rises well above a skier; its pool lies flat on the snow.
        let height = |mesh: MeshData| mesh.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        let top = height(pickup(kind));
        assert!(top > PICKUP_HOVER + PICKUP_SIZE, "{kind:?}: {top}");
        assert!(height(pickup_pool(kind)) < 0.05, "{kind:?}");
    }
}
