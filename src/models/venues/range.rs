//! A range's dressing: snow berms flanking the targets (the track runs on between them), wind
//! flags, a spectators' fence with the crowd behind it down both sides (on the penalty loop's
//! side round the loop's field), and a numbered plate over each lane's target frame.

use super::{digit, pole, spectator, Spectator, BESIDE_GAP, SINK};
use crate::mesh::MeshData;
use crate::models::primitives::{block, hexahedron};
use crate::terrain::loop_field;
use glam::Vec3;

const BERM: [u8; 4] = [226, 232, 240, 255];
const FENCE_BOARD: [u8; 4] = [30, 84, 180, 255];
const FENCE_STRIPE: [u8; 4] = [240, 240, 240, 255];
const FLAG: [u8; 4] = [250, 120, 20, 255];
const PLATE: [u8; 4] = [245, 245, 240, 255];
const NUMBER: [u8; 4] = [20, 20, 24, 255];

/// Berms: how far past the targets they start, their depth, height and reach out, metres.
const BERM_PAST: f32 = 3.0;
const BERM_DEPTH: f32 = 6.0;
const BERM_HEIGHT: f32 = 4.5;
const BERM_REACH: f32 = 16.0;
/// The fence runs from this far before the mats to the targets, its boards this high, metres;
/// spectators stand this far behind it, this far apart.
const FENCE_BEFORE: f32 = 30.0;
const FENCE_HEIGHT: f32 = 1.0;
const FENCE_POST_EVERY: f32 = 4.0;
const CROWD_BEHIND: f32 = 1.2;
const CROWD_EVERY: f32 = 1.1;
/// On the penalty loop's side ([`loop_field::SIDE`]) the fence stands outside the loop's
/// field: this far out, from this far behind the mats.
const LOOP_FENCE_X: f32 = (loop_field::NEAR_X + 2.0 * loop_field::TURN_RADIUS + 3.0) as f32;
const LOOP_FENCE_FROM: f32 = (loop_field::BACK_Z - loop_field::TURN_RADIUS - 3.0) as f32;
/// Wind flags: how many down each side, their poles' height and the flag's size, metres.
const FLAGS_PER_SIDE: usize = 3;
const FLAG_POLE: f32 = 5.5;
const FLAG_SIZE: Vec3 = Vec3::new(0.04, 0.6, 1.0);
/// The number plates: size, and how far above the board's centre they hang, metres.
const PLATE_SIZE: Vec3 = Vec3::new(0.7, 0.8, 0.06);
const PLATE_ABOVE: f32 = 0.75;

/// What stands beside a range whose targets are `target_distance` beyond the stage, for a
/// track `track_width` wide; origin at the stage (the mats).
pub fn range_sides(track_width: f32, target_distance: f32) -> MeshData {
    range_parts(track_width, target_distance).0
}

/// The crowd behind a range's fences ([`range_sides`]), moving apart from it.
pub fn range_crowd(track_width: f32, target_distance: f32) -> Vec<Spectator> {
    range_parts(track_width, target_distance).1
}

fn range_parts(track_width: f32, target_distance: f32) -> (MeshData, Vec<Spectator>) {
    let mut mesh = MeshData::default();
    let mut crowd = Vec::new();
    let edge = 0.5 * track_width + BESIDE_GAP;
    for side in [-1.0f32, 1.0] {
        let near = target_distance + BERM_PAST;
        let far = near + BERM_DEPTH;
        let (inner, outer) = (side * edge, side * (edge + BERM_REACH));
        let top_in = 0.3 * BERM_DEPTH;
        let corners = [
            Vec3::new(inner.min(outer), -SINK, near),
            Vec3::new(inner.max(outer), -SINK, near),
            Vec3::new(inner.max(outer), -SINK, far),
            Vec3::new(inner.min(outer), -SINK, far),
            Vec3::new(inner.min(outer), BERM_HEIGHT, near + top_in),
            Vec3::new(inner.max(outer), BERM_HEIGHT, near + top_in),
            Vec3::new(inner.max(outer), BERM_HEIGHT, far - top_in),
            Vec3::new(inner.min(outer), BERM_HEIGHT, far - top_in),
        ];
        hexahedron(&mut mesh, corners, BERM);
        // On the penalty loop's side the fence runs round the loop's field, the crowd
        // watching the loop; the flags stand inside it.
        let (fence_at, fence_from) = if f64::from(side) == loop_field::SIDE {
            (LOOP_FENCE_X, LOOP_FENCE_FROM)
        } else {
            (edge + 0.3, -FENCE_BEFORE)
        };
        fence(
            &mut mesh,
            &mut crowd,
            side * fence_at,
            fence_from,
            target_distance,
            side,
        );
        for k in 0..FLAGS_PER_SIDE {
            let z = target_distance * (k as f32 + 0.5) / FLAGS_PER_SIDE as f32;
            let foot = Vec3::new(side * (fence_at + 0.5), 0.0, z);
            pole(&mut mesh, foot, FLAG_POLE, 0.07);
            let flag = foot + Vec3::new(0.0, FLAG_POLE - 0.5 * FLAG_SIZE.y, 0.5 * FLAG_SIZE.z);
            block(&mut mesh, flag, FLAG_SIZE, FLAG);
        }
    }
    (mesh, crowd)
}

/// A fence of boards along x = `x` from `from` to `to`, the crowd behind it facing the track.
fn fence(mesh: &mut MeshData, crowd: &mut Vec<Spectator>, x: f32, from: f32, to: f32, side: f32) {
    let length = to - from;
    let centre = Vec3::new(x, 0.5 * (FENCE_HEIGHT - SINK), from + 0.5 * length);
    block(
        mesh,
        centre,
        Vec3::new(0.08, FENCE_HEIGHT + SINK, length),
        FENCE_BOARD,
    );
    let stripe = Vec3::new(x - side * 0.05, 0.6 * FENCE_HEIGHT, from + 0.5 * length);
    block(mesh, stripe, Vec3::new(0.02, 0.15, length), FENCE_STRIPE);
    let posts = (length / FENCE_POST_EVERY) as usize;
    for k in 0..=posts {
        let z = from + k as f32 * FENCE_POST_EVERY;
        pole(mesh, Vec3::new(x, 0.0, z), FENCE_HEIGHT + 0.2, 0.1);
    }
    let people = (length / CROWD_EVERY) as usize;
    let facing = Vec3::new(-side, 0.0, -0.6).normalize();
    for k in 0..people {
        let z = from + (k as f32 + 0.5) * CROWD_EVERY;
        let feet = Vec3::new(x + side * CROWD_BEHIND, 0.0, z);
        spectator(crowd, feet, facing, k * 7 + (side > 0.0) as usize);
    }
}

/// A number plate over each lane's target frame (lane 1 on the left), relative to the target
/// gantry's origin; `board_at(lane_x)` is where that lane's board hangs.
pub fn range_numbers(lane_xs: &[f32], board_at: impl Fn(f32) -> Vec3) -> MeshData {
    let mut mesh = MeshData::default();
    for (k, &x) in lane_xs.iter().enumerate() {
        let centre = board_at(x) + Vec3::Y * PLATE_ABOVE;
        block(&mut mesh, centre, PLATE_SIZE, PLATE);
        let face = centre - Vec3::Z * (0.5 * PLATE_SIZE.z + 0.02);
        digit(&mut mesh, face, 0.55, k + 1, NUMBER);
    }
    mesh
}
