//! Jump obstacles: low, orange, across the whole track, below `JUMP_OBSTACLE_HEIGHT`, with a
//! flag on a pole on each shoulder (standing; the body over the lanes is loose).

use super::ROUND_SIDES;
use super::{post, striped_bar, Size, GROUND_SINK, JUMP_DARK, JUMP_ORANGE, POST_OUTSET};
use crate::models::primitives::{block, hexahedron, prism};
use crate::terrain::MeshData;
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// The flags: pole height and width, the flag's size (across, up, thick), metres. Tall enough
/// to mark the row from afar, on the shoulders where nothing is skied.
const FLAG_POLE_TOP: f32 = 1.6;
const FLAG_POLE: f32 = 0.07;
const FLAG: Vec3 = Vec3::new(0.55, 0.4, 0.03);

/// Log: its diameter as a share of the depth, the trestles under it (width across, share of the
/// depth along) and how many stand under the track.
const LOG_DIAMETER_SHARE: f32 = 0.95;
const LOG_CUT: f32 = 0.02;
const LOG_CUT_RADIUS_SHARE: f32 = 0.8;
const TRESTLE_WIDTH: f32 = 0.16;
const TRESTLES: usize = 4;

/// Wall: how far the top face is drawn in from the base (share of the depth), and the darker
/// band along the front of its crest (depth, height), metres.
const WALL_INSET_SHARE: f32 = 0.3;
const WALL_BAND: (f32, f32) = (0.3, 0.12);

/// Hurdle: posts, feet, the top board and the lower one (height, thickness), metres.
const HURDLE_POST: f32 = 0.1;
const HURDLE_FOOT_HEIGHT: f32 = 0.06;
const HURDLE_BOARD: (f32, f32) = (0.3, 0.06);
const HURDLE_RAIL: (f32, f32) = (0.18, 0.05);
const HURDLE_RAIL_HEIGHT_SHARE: f32 = 0.4;

/// The top of every jump obstacle's body.
fn jump_height() -> f32 {
    crate::course::JUMP_OBSTACLE_HEIGHT as f32
}

/// The row's flags: a pole on each shoulder with an orange flag flying outwards (over the
/// shoulder, not a lane).
fn flags(standing: &mut MeshData, size: Size) {
    let x = size.half + POST_OUTSET;
    for side in [-1.0, 1.0] {
        post(
            standing,
            side * x,
            size.mid(),
            FLAG_POLE_TOP,
            FLAG_POLE,
            JUMP_DARK,
        );
        let centre = Vec3::new(
            side * (x + 0.5 * FLAG.x),
            FLAG_POLE_TOP - 0.5 * FLAG.y,
            size.mid(),
        );
        block(standing, centre, FLAG, JUMP_ORANGE);
    }
}

/// An orange log across the track on dark trestles, its top at the jump obstacles' height.
pub(super) fn log(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    flags(standing, size);
    let radius = 0.5 * size.depth.min(jump_height()) * LOG_DIAMETER_SHARE;
    let axis_y = jump_height() - radius;
    let across = |x: f32, length: f32, r: f32| {
        Mat4::from_translation(Vec3::new(x, axis_y, size.mid()))
            * Mat4::from_rotation_z(-FRAC_PI_2)
            * Mat4::from_scale(Vec3::new(r, length, r))
    };
    let trunk = across(-size.half + LOG_CUT, 2.0 * (size.half - LOG_CUT), radius);
    prism(mesh, trunk, ROUND_SIDES, JUMP_ORANGE);
    for x in [-size.half, size.half - LOG_CUT] {
        let end = across(x, LOG_CUT, LOG_CUT_RADIUS_SHARE * radius);
        prism(mesh, end, ROUND_SIDES, JUMP_DARK);
    }
    let trestle_top = axis_y;
    for k in 0..TRESTLES {
        let x = -size.half
            + TRESTLE_WIDTH
            + (2.0 * (size.half - TRESTLE_WIDTH)) * k as f32 / (TRESTLES - 1) as f32;
        let trestle = Vec3::new(TRESTLE_WIDTH, trestle_top + GROUND_SINK, size.depth);
        let centre = Vec3::new(x, 0.5 * (trestle_top - GROUND_SINK), size.mid());
        block(mesh, centre, trestle, JUMP_DARK);
    }
}

/// A solid orange bank with sloping faces and a dark band along its crest.
pub(super) fn bank(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    flags(standing, size);
    let height = jump_height() - WALL_BAND.1;
    let inset = WALL_INSET_SHARE * size.depth;
    let (h, d) = (size.half, size.depth);
    let corners = [
        Vec3::new(-h, -GROUND_SINK, 0.0),
        Vec3::new(h, -GROUND_SINK, 0.0),
        Vec3::new(h, -GROUND_SINK, d),
        Vec3::new(-h, -GROUND_SINK, d),
        Vec3::new(-h + inset, height, inset),
        Vec3::new(h - inset, height, inset),
        Vec3::new(h - inset, height, d - inset),
        Vec3::new(-h + inset, height, d - inset),
    ];
    hexahedron(mesh, corners, JUMP_ORANGE);
    let band_at = Vec3::new(0.0, height + 0.5 * WALL_BAND.1, inset + 0.5 * WALL_BAND.0);
    let band = Vec3::new(2.0 * (h - inset), WALL_BAND.1, WALL_BAND.0);
    block(mesh, band_at, band, JUMP_DARK);
}

/// Two posts with feet, a broad striped top board and a lower rail, all orange.
pub(super) fn hurdle(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    flags(standing, size);
    let top = jump_height();
    let z = size.mid();
    for x in [-size.half + HURDLE_POST, size.half - HURDLE_POST] {
        post(mesh, x, z, top, HURDLE_POST, JUMP_DARK);
        let foot = Vec3::new(HURDLE_POST, HURDLE_FOOT_HEIGHT, size.depth);
        block(
            mesh,
            Vec3::new(x, 0.5 * HURDLE_FOOT_HEIGHT, z),
            foot,
            JUMP_DARK,
        );
    }
    let shades = [JUMP_ORANGE, JUMP_DARK];
    let board_centre = Vec3::new(0.0, top - 0.5 * HURDLE_BOARD.0, z);
    striped_bar(mesh, size.half, board_centre, HURDLE_BOARD, shades);
    let rail_centre = Vec3::new(0.0, HURDLE_RAIL_HEIGHT_SHARE * top, z);
    let rail_half = size.half - HURDLE_POST;
    striped_bar(mesh, rail_half, rail_centre, HURDLE_RAIL, [JUMP_ORANGE; 2]);
}
