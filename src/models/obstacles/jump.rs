//! Jump obstacles: low, orange with black hazard stripes, across the whole track, below
//! `JUMP_OBSTACLE_HEIGHT`, with a striped end board on each shoulder no higher than the body
//! (standing; the body over the lanes is loose). Nothing of a jump obstacle stands higher than
//! its body, so its silhouette is a low band end to end, unlike a duck obstacle's bar high on
//! posts or a dodge obstacle's tall block.

use super::ROUND_SIDES;
use super::{post, striped_bar, Size, GROUND_SINK, JUMP_DARK, JUMP_ORANGE, POST_OUTSET};
use crate::mesh::MeshData;
use crate::models::primitives::{block, hexahedron, prism};
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// The end boards on the shoulders: their width across, height (the top at the body's) and
/// thickness, their post, and the stripes across each, metres. They mark the row from afar
/// where the skier or coins hide its middle, on the shoulders where nothing is skied.
const END_BOARD: Vec3 = Vec3::new(0.66, 0.55, 0.05);
const END_POST: f32 = 0.08;
const END_STRIPES: usize = 3;

/// Log: its diameter as a share of the depth, the trestles under it (width across, share of the
/// depth along) and how many stand under the track.
const LOG_DIAMETER_SHARE: f32 = 0.95;
const LOG_CUT: f32 = 0.02;
const LOG_CUT_RADIUS_SHARE: f32 = 0.8;
const TRESTLE_WIDTH: f32 = 0.16;
const TRESTLES: usize = 4;
/// Length of each painted band along the log, metres.
const LOG_BAND: f32 = 0.75;

/// Wall: how far the top face is drawn in from the base (share of the depth), and the darker
/// striped band along the front of its crest (depth, height), metres.
const WALL_INSET_SHARE: f32 = 0.3;
const WALL_BAND: (f32, f32) = (0.3, 0.3);

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

/// The row's end boards: on each shoulder a dark post holding a board striped orange and
/// black, its top at the body's.
fn end_boards(standing: &mut MeshData, size: Size) {
    let x = size.half + POST_OUTSET;
    let top = jump_height();
    let stripe = END_BOARD.x / END_STRIPES as f32;
    for side in [-1.0, 1.0] {
        let middle = side * (x + 0.5 * END_BOARD.x);
        post(standing, middle, size.mid(), top, END_POST, JUMP_DARK);
        for k in 0..END_STRIPES {
            let across = x + (k as f32 + 0.5) * stripe;
            let centre = Vec3::new(side * across, top - 0.5 * END_BOARD.y, size.mid());
            let board = Vec3::new(stripe, END_BOARD.y, END_BOARD.z);
            let colour = [JUMP_ORANGE, JUMP_DARK][k % 2];
            block(standing, centre, board, colour);
        }
    }
}

/// A log painted in orange and black bands across the track on dark trestles, its top at the jump obstacles' height.
pub(super) fn log(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    end_boards(standing, size);
    let radius = 0.5 * size.depth.min(jump_height()) * LOG_DIAMETER_SHARE;
    let axis_y = jump_height() - radius;
    let across = |x: f32, length: f32, r: f32| {
        Mat4::from_translation(Vec3::new(x, axis_y, size.mid()))
            * Mat4::from_rotation_z(-FRAC_PI_2)
            * Mat4::from_scale(Vec3::new(r, length, r))
    };
    // Painted in hazard bands: orange and black along its length.
    let length = 2.0 * (size.half - LOG_CUT);
    let bands = ((length / LOG_BAND).round() as usize).max(1);
    let band = length / bands as f32;
    for k in 0..bands {
        let x = -size.half + LOG_CUT + k as f32 * band;
        let colour = [JUMP_ORANGE, JUMP_DARK][k % 2];
        prism(mesh, across(x, band, radius), ROUND_SIDES, colour);
    }
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

/// A solid orange bank with sloping faces and a black-and-orange striped band along its crest.
pub(super) fn bank(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    end_boards(standing, size);
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
    let shades = [JUMP_DARK, JUMP_ORANGE];
    striped_bar(mesh, h - inset, band_at, (WALL_BAND.1, WALL_BAND.0), shades);
}

/// Two posts with feet, a broad top board striped orange and black, and a lower orange rail.
pub(super) fn hurdle(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    end_boards(standing, size);
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
