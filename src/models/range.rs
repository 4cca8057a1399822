//! The shooting range: a mat on every lane at the stage ([`range_mats`]), and 50 m down the
//! track a gantry ([`target_gantry`]) carrying one target board per lane, high enough for a
//! jumping skier to pass below. Two models, so each sits on the track's own height. The
//! boards' faces look back towards the mats (−z); [`target_board`] is drawn at
//! [`board_origin`].

use super::gates::banner_underside;
use super::primitives::{block, prism};
use crate::course::LANES;
use crate::mesh::MeshData;
use crate::shooting::range::{RANGE_DISTANCE_M, STANDING_ZONE_MM, TARGET_COUNT, TARGET_PITCH_MM};
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// Distance from the mats to the targets, metres (the shooting range's).
pub const TARGET_DISTANCE: f32 = RANGE_DISTANCE_M as f32;
/// Targets on a board.
pub const TARGETS: usize = TARGET_COUNT;
/// Radius of a black target, metres (the standing hit zone, the real 115 mm disc).
pub const TARGET_RADIUS: f32 = STANDING_ZONE_MM as f32 / 2000.0;
/// Distance between neighbouring targets' centres, metres (the shooting range's pitch).
pub const TARGET_SPACING: f32 = TARGET_PITCH_MM as f32 / 1000.0;
/// The board: height (its face centre is at [`board_origin`]), width and thickness, metres.
const BOARD_HEIGHT: f32 = 0.4;
const BOARD_WIDTH: f32 = 0.95;
const BOARD_THICKNESS: f32 = 0.08;
/// The face's white panel around the targets, and how far it stands proud of the board.
const FACE_HEIGHT: f32 = 0.25;
const FACE_WIDTH: f32 = 0.8;
const FACE_RAISE: f32 = 0.01;
/// A target disc's thickness, and a hit plate's radius share of the target's (a black ring
/// stays around it so a hit target still shows on the white face).
const DISC_THICKNESS: f32 = 0.01;
const PLATE_SHARE: f32 = 0.8;
const TARGET_SIDES: usize = 12;
/// Gantry: posts outside the track, a beam over the boards.
const POST_WIDTH: f32 = 0.25;
const POST_OUTSET: f32 = 0.4;
const POST_SINK: f32 = 0.3;
const BEAM_HEIGHT: f32 = 0.3;
/// Mats: size and where they start relative to the stage's z (a prone skier lies on them).
const MAT_WIDTH: f32 = 1.3;
const MAT_LENGTH: f32 = 3.2;
const MAT_START: f32 = -1.1;
const MAT_THICKNESS: f32 = 0.03;

const MAT: [u8; 4] = [44, 88, 64, 255];
const BOARD: [u8; 4] = [40, 64, 54, 255];
const FACE: [u8; 4] = [232, 232, 226, 255];
const TARGET: [u8; 4] = [16, 16, 18, 255];
const HIT_PLATE: [u8; 4] = [255, 255, 255, 255];
const POST_GREY: [u8; 4] = [88, 90, 98, 255];

/// The board's centre above the track (bottom clears a jumping skier).
fn board_centre_y() -> f32 {
    banner_underside() + 0.5 * BOARD_HEIGHT
}

/// Where [`target_board`] is drawn for the lane whose centre is at `lane_x`, relative to the
/// [`target_gantry`]'s origin.
pub fn board_origin(lane_x: f32) -> Vec3 {
    Vec3::new(lane_x, board_centre_y(), 0.0)
}

/// Centre of the face of target `k` (0–4, from −x to +x: target 0 is on lane 0's side),
/// relative to [`board_origin`].
pub fn target_centre(k: usize) -> Vec3 {
    let offset = k as f32 - 0.5 * (TARGETS - 1) as f32;
    Vec3::new(
        offset * TARGET_SPACING,
        0.0,
        -0.5 * BOARD_THICKNESS - FACE_RAISE,
    )
}

/// The shooting mats, one per lane of `lane_width`: origin on the centre line at the stage's z.
pub fn range_mats(lane_width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let mat_size = Vec3::new(MAT_WIDTH, MAT_THICKNESS, MAT_LENGTH);
    for lane in 0..LANES {
        let x = lane_x(lane, lane_width);
        let centre = Vec3::new(x, 0.5 * MAT_THICKNESS, MAT_START + 0.5 * MAT_LENGTH);
        block(&mut mesh, centre, mat_size, MAT);
    }
    mesh
}

/// The gantry over a track `track_width` metres wide carrying the boards' backs, one per lane
/// (their faces come from [`target_board`]): origin on the centre line [`TARGET_DISTANCE`]
/// past the stage, so the app sets it on the track's height there.
pub fn target_gantry(track_width: f32, lane_width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let beam_y = board_centre_y() + 0.5 * BOARD_HEIGHT + 0.5 * BEAM_HEIGHT;
    let top = beam_y + 0.5 * BEAM_HEIGHT;
    let post_x = 0.5 * track_width + POST_OUTSET + 0.5 * POST_WIDTH;
    for x in [-post_x, post_x] {
        let height = top + POST_SINK;
        let centre = Vec3::new(x, 0.5 * height - POST_SINK, 0.0);
        let size = Vec3::new(POST_WIDTH, height, POST_WIDTH);
        block(&mut mesh, centre, size, POST_GREY);
    }
    let beam = Vec3::new(2.0 * post_x, BEAM_HEIGHT, POST_WIDTH);
    block(&mut mesh, Vec3::Y * beam_y, beam, POST_GREY);
    let board = Vec3::new(BOARD_WIDTH, BOARD_HEIGHT, BOARD_THICKNESS);
    for lane in 0..LANES {
        let origin = board_origin(lane_x(lane, lane_width));
        block(&mut mesh, origin, board, BOARD);
    }
    mesh
}

/// Centre of `lane` across the track (the simulation's convention: lane 0 at −x).
fn lane_x(lane: u8, lane_width: f32) -> f32 {
    (f32::from(lane) - 0.5 * f32::from(LANES - 1)) * lane_width
}

/// One board's face: five black targets on a white panel, those in `hits` covered by a white
/// plate. Drawn at [`board_origin`]; it sits on the front of the board [`target_gantry`] draws.
pub fn target_board(hits: [bool; TARGETS]) -> MeshData {
    let mut mesh = MeshData::default();
    let face_z = -0.5 * BOARD_THICKNESS - 0.5 * FACE_RAISE;
    let face = Vec3::new(FACE_WIDTH, FACE_HEIGHT, FACE_RAISE);
    block(&mut mesh, Vec3::Z * face_z, face, FACE);
    for (k, &hit) in hits.iter().enumerate() {
        let centre = target_centre(k);
        disc(&mut mesh, centre, TARGET_RADIUS, TARGET);
        if hit {
            let plate = centre - Vec3::Z * DISC_THICKNESS;
            disc(&mut mesh, plate, PLATE_SHARE * TARGET_RADIUS, HIT_PLATE);
        }
    }
    mesh
}

/// A thin disc lying on the plane z = `centre.z`, standing out towards −z.
fn disc(mesh: &mut MeshData, centre: Vec3, radius: f32, colour: [u8; 4]) {
    let transform = Mat4::from_translation(centre)
        * Mat4::from_rotation_x(-FRAC_PI_2)
        * Mat4::from_scale(Vec3::new(radius, DISC_THICKNESS, radius));
    prism(mesh, transform, TARGET_SIDES, colour);
}
