//! Jump obstacles: low, across the whole track, below `JUMP_OBSTACLE_HEIGHT`.

use super::{post, striped_bar, Size, BARK, CUT_WOOD, GROUND_SINK, POST_GREY};
use super::{ROUND_SIDES, SNOW};
use crate::models::primitives::{block, hexahedron, prism};
use crate::terrain::MeshData;
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// Tops as shares of the jump obstacles' height.
const LOG_DIAMETER_SHARE: f32 = 0.95;
const WALL_HEIGHT_SHARE: f32 = 0.7;
const HURDLE_HEIGHT_SHARE: f32 = 0.95;

/// Log: thickness of the cut ends, their radius share, the snow along the top.
const LOG_CUT: f32 = 0.02;
const LOG_CUT_RADIUS_SHARE: f32 = 0.8;
const LOG_SNOW_LENGTH_SHARE: f32 = 0.8;
const LOG_SNOW_DEPTH_SHARE: f32 = 0.8;
const LOG_SNOW_THICKNESS: f32 = 0.05;
/// How far the snow sinks into the log's top, metres.
const LOG_SNOW_SETTLE: f32 = 0.1;

/// Snow wall: how far the top face is drawn in from the base (share of the depth), and the
/// fresh snow cap's thickness.
const WALL_INSET_SHARE: f32 = 0.3;
const WALL_CAP: f32 = 0.06;
/// The snow wall's marker band along the front of its crest, red and white like a hurdle's bar
/// (an orange strip did not read at 40 m): how far back it reaches and how tall it stands above
/// the ice, metres (the top still under the jump obstacles' height); the wall's body of blue ice.
const WALL_BAND_DEPTH: f32 = 0.3;
const WALL_BAND_HEIGHT: f32 = 0.14;
const ICE: [u8; 4] = [96, 140, 214, 255];

/// Hurdle: posts, feet, the top bar and the lower rail.
const HURDLE_POST: f32 = 0.08;
const HURDLE_FOOT_HEIGHT: f32 = 0.06;
const HURDLE_BAR: Vec3 = Vec3::new(0.0, 0.16, 0.06);
const HURDLE_RAIL: Vec3 = Vec3::new(0.0, 0.05, 0.04);
const HURDLE_RAIL_HEIGHT_SHARE: f32 = 0.4;

fn jump_height() -> f32 {
    crate::course::JUMP_OBSTACLE_HEIGHT as f32
}

/// A log lying across the track, its cut ends showing, snow along its top.
pub(super) fn log(mesh: &mut MeshData, size: Size) {
    let radius = 0.5 * size.depth.min(jump_height()) * LOG_DIAMETER_SHARE;
    let across = |x: f32, length: f32, r: f32| {
        Mat4::from_translation(Vec3::new(x, radius, size.mid()))
            * Mat4::from_rotation_z(-FRAC_PI_2)
            * Mat4::from_scale(Vec3::new(r, length, r))
    };
    let trunk = across(-size.half + LOG_CUT, 2.0 * (size.half - LOG_CUT), radius);
    prism(mesh, trunk, ROUND_SIDES, BARK);
    for x in [-size.half, size.half - LOG_CUT] {
        let end = across(x, LOG_CUT, LOG_CUT_RADIUS_SHARE * radius);
        prism(mesh, end, ROUND_SIDES, CUT_WOOD);
    }
    let snow = Vec3::new(
        2.0 * LOG_SNOW_LENGTH_SHARE * size.half,
        LOG_SNOW_THICKNESS,
        LOG_SNOW_DEPTH_SHARE * radius,
    );
    let snow_y = (2.0 - LOG_SNOW_SETTLE) * radius + 0.5 * LOG_SNOW_THICKNESS;
    block(mesh, Vec3::new(0.0, snow_y, size.mid()), snow, SNOW);
}

/// A bank of packed snow with sloping faces and a fresh cap.
pub(super) fn snow_wall(mesh: &mut MeshData, size: Size) {
    let height = WALL_HEIGHT_SHARE * jump_height();
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
    hexahedron(mesh, corners, ICE);
    let cap = Vec3::new(2.0 * (h - inset), WALL_CAP, d - 2.0 * inset);
    block(mesh, Vec3::new(0.0, height, size.mid()), cap, SNOW);
    // The band on top of the crest's front, where the chase camera looks down on it.
    let band_at = Vec3::new(
        0.0,
        height + 0.5 * WALL_BAND_HEIGHT,
        inset + 0.5 * WALL_BAND_DEPTH,
    );
    striped_bar(mesh, h - inset, band_at, WALL_BAND_HEIGHT, WALL_BAND_DEPTH);
}

/// Two posts with feet, a red-and-white top bar and a lower rail.
pub(super) fn hurdle(mesh: &mut MeshData, size: Size) {
    let top = HURDLE_HEIGHT_SHARE * jump_height();
    let z = size.mid();
    for x in [-size.half + HURDLE_POST, size.half - HURDLE_POST] {
        post(mesh, x, z, top, HURDLE_POST, POST_GREY);
        let foot = Vec3::new(HURDLE_POST, HURDLE_FOOT_HEIGHT, size.depth);
        block(
            mesh,
            Vec3::new(x, 0.5 * HURDLE_FOOT_HEIGHT, z),
            foot,
            POST_GREY,
        );
    }
    let bar_centre = Vec3::new(0.0, top - 0.5 * HURDLE_BAR.y, z);
    striped_bar(mesh, size.half, bar_centre, HURDLE_BAR.y, HURDLE_BAR.z);
    let rail_centre = Vec3::new(0.0, HURDLE_RAIL_HEIGHT_SHARE * top, z);
    let rail_half = size.half - HURDLE_POST;
    striped_bar(mesh, rail_half, rail_centre, HURDLE_RAIL.y, HURDLE_RAIL.z);
}
