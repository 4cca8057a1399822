//! Dodge obstacles: red, solid blocks from the snow up, standing on their lanes, never beyond
//! them.

use super::{post, Size, DODGE_DARK, DODGE_RED, GROUND_SINK};
use crate::mesh::MeshData;
use crate::models::primitives::{ball, block};
use glam::{Mat4, Vec3};

/// Gap left between a dodge obstacle and the edges of its lanes, metres.
const LANE_MARGIN: f32 = 0.2;
/// How tall dodge obstacles stand, metres: taller than the skier, as tall as a duck obstacle's
/// bar reaches, so a dodge row reads as a solid wall from the snow up (no taller: a nearer
/// one would hide the row behind it).
const DODGE_HEIGHT: f32 = 2.1;

/// A lump of the rock: centre and half-size as shares of (reach across, height, half the
/// depth), and its turn about y in radians.
struct Lump {
    centre: Vec3,
    scale: Vec3,
    turn: f32,
}

const BOULDER: Lump = Lump {
    centre: Vec3::new(-0.1, 0.5, 0.0),
    scale: Vec3::new(0.75, 0.52, 0.9),
    turn: 0.3,
};
const SMALL_BOULDER: Lump = Lump {
    centre: Vec3::new(0.55, 0.26, 0.0),
    scale: Vec3::new(0.4, 0.3, 0.7),
    turn: -0.5,
};

/// Crates: the lower one's width as a share of the lane's room, the upper one's as a share of
/// the lower one's, their heights as shares of the obstacle's, and the dark band across each.
const CRATE_WIDTH_SHARE: f32 = 0.9;
const TOP_CRATE_SHARE: f32 = 0.75;
const CRATE_HEIGHTS: [f32; 2] = [0.52, 0.48];
const CRATE_BAND: f32 = 0.16;

/// Pillar: its width as a share of the lane's room, the dark bands (height, shares up).
const PILLAR_WIDTH_SHARE: f32 = 0.6;
const PILLAR_BANDS: [f32; 2] = [0.35, 0.7];
const PILLAR_BAND: f32 = 0.18;

/// Signpost: the post, the board's bottom and the dark rim around it, metres. The board
/// reaches down near the snow: a board high on a post would read as a duck obstacle's bar.
const SIGN_POST: f32 = 0.14;
const SIGN_BOTTOM: f32 = 0.3;
const SIGN_RIM: f32 = 0.08;
const SIGN_THICKNESS: f32 = 0.05;
const SIGN_FACE_PROUD: f32 = 0.03;

/// Fence: post spacing and size, the boards' bottom, the top rail.
const FENCE_SPACING: f32 = 1.25;
const FENCE_POST: f32 = 0.12;
const BOARDS_BOTTOM: f32 = 0.2;
const BOARDS_THICKNESS: f32 = 0.06;
const FENCE_RAIL: Vec3 = Vec3::new(0.0, 0.14, 0.16);

/// Bales: across the two lanes, bales per row (bottom, top), each row's height as a share of
/// the obstacle's, and the dark wrap band around each bale.
const BALES_PER_ROW: [usize; 2] = [3, 2];
const BALE_ROW_SHARE: f32 = 0.5;
const BALE_GAP: f32 = 0.06;
const BALE_BAND: f32 = 0.12;

/// A body wrapped by a darker band is drawn this share of the band's size (in depth, and in
/// height for bales), so the band shows on every side without two faces fighting.
const WRAP_INSET: f32 = 0.97;

/// The lump's transform for a reach across, height and half-depth.
fn lump_transform(lump: &Lump, origin: Vec3, unit: Vec3) -> Mat4 {
    Mat4::from_translation(origin + lump.centre * unit)
        * Mat4::from_rotation_y(lump.turn)
        * Mat4::from_scale(lump.scale * unit)
}

/// Room across a look's lanes, metres (each side).
fn room(size: Size) -> f32 {
    size.half - LANE_MARGIN
}

/// A big red boulder with a smaller, darker one beside it.
pub(super) fn rock(mesh: &mut MeshData, size: Size) {
    let origin = Vec3::Z * size.mid();
    let unit = Vec3::new(room(size), DODGE_HEIGHT, size.mid());
    ball(mesh, lump_transform(&BOULDER, origin, unit), DODGE_RED);
    let small = lump_transform(&SMALL_BOULDER, origin, unit);
    ball(mesh, small, DODGE_DARK);
}

/// Two red crates, the smaller on top, a dark band across each.
pub(super) fn crates(mesh: &mut MeshData, size: Size) {
    let mut width = 2.0 * room(size) * CRATE_WIDTH_SHARE;
    let mut bottom = -GROUND_SINK;
    for share in CRATE_HEIGHTS {
        let height = share * DODGE_HEIGHT + if bottom < 0.0 { GROUND_SINK } else { 0.0 };
        let centre = Vec3::new(0.0, bottom + 0.5 * height, size.mid());
        let body = Vec3::new(width * WRAP_INSET, height, size.depth * WRAP_INSET);
        block(mesh, centre, body, DODGE_RED);
        let band = Vec3::new(width, CRATE_BAND, size.depth);
        block(mesh, centre, band, DODGE_DARK);
        bottom += height;
        width *= TOP_CRATE_SHARE;
    }
}

/// A tall red pillar with dark bands.
pub(super) fn pillar(mesh: &mut MeshData, size: Size) {
    let width = 2.0 * room(size) * PILLAR_WIDTH_SHARE;
    let height = DODGE_HEIGHT + GROUND_SINK;
    let centre = Vec3::new(0.0, 0.5 * height - GROUND_SINK, size.mid());
    let body = Vec3::new(width * WRAP_INSET, height, size.depth * WRAP_INSET);
    block(mesh, centre, body, DODGE_RED);
    for share in PILLAR_BANDS {
        let band_at = Vec3::new(0.0, share * DODGE_HEIGHT, size.mid());
        block(
            mesh,
            band_at,
            Vec3::new(width, PILLAR_BAND, size.depth),
            DODGE_DARK,
        );
    }
}

/// A broad red board with a dark rim on a dark post, facing the skier.
pub(super) fn signpost(mesh: &mut MeshData, size: Size) {
    let z = size.mid();
    post(mesh, 0.0, z, DODGE_HEIGHT, SIGN_POST, DODGE_DARK);
    let width = 2.0 * room(size);
    let height = DODGE_HEIGHT - SIGN_BOTTOM;
    // The dark plate, and the red face standing a little proud of it towards the skier.
    let y = SIGN_BOTTOM + 0.5 * height;
    let plate_at = Vec3::new(0.0, y, SIGN_FACE_PROUD + 0.5 * SIGN_THICKNESS);
    let plate = Vec3::new(width, height, SIGN_THICKNESS);
    block(mesh, plate_at, plate, DODGE_DARK);
    let face = Vec3::new(
        width - 2.0 * SIGN_RIM,
        height - 2.0 * SIGN_RIM,
        SIGN_THICKNESS,
    );
    block(
        mesh,
        Vec3::new(0.0, y, 0.5 * SIGN_THICKNESS),
        face,
        DODGE_RED,
    );
}

/// Dark posts with solid red boards between them and a dark rail on top.
pub(super) fn fence(mesh: &mut MeshData, size: Size) {
    let half = room(size);
    let z = size.mid();
    let posts = (2.0 * half / FENCE_SPACING).ceil() as usize + 1;
    let first = -half + 0.5 * FENCE_POST;
    let step = (2.0 * half - FENCE_POST) / (posts - 1) as f32;
    for k in 0..posts {
        let x = first + step * k as f32;
        post(mesh, x, z, DODGE_HEIGHT, FENCE_POST, DODGE_DARK);
    }
    let boards_top = DODGE_HEIGHT - FENCE_RAIL.y;
    let boards_centre = Vec3::new(0.0, 0.5 * (BOARDS_BOTTOM + boards_top), z);
    let boards = Vec3::new(
        2.0 * half - FENCE_POST,
        boards_top - BOARDS_BOTTOM,
        BOARDS_THICKNESS,
    );
    block(mesh, boards_centre, boards, DODGE_RED);
    let rail_centre = Vec3::new(0.0, DODGE_HEIGHT - 0.5 * FENCE_RAIL.y, z);
    let rail = Vec3::new(2.0 * half, FENCE_RAIL.y, FENCE_RAIL.z);
    block(mesh, rail_centre, rail, DODGE_DARK);
}

/// Two rows of red-wrapped bales, each with a dark band.
pub(super) fn bales(mesh: &mut MeshData, size: Size) {
    let half = room(size);
    let row_height = BALE_ROW_SHARE * DODGE_HEIGHT;
    for (row, count) in BALES_PER_ROW.into_iter().enumerate() {
        let bottom = if row == 0 { -GROUND_SINK } else { row_height };
        let top = row_height * (row + 1) as f32;
        let reach = half * if row == 0 { 1.0 } else { TOP_BALE_SHARE };
        let width = 2.0 * reach / count as f32;
        for k in 0..count {
            let x = -reach + (k as f32 + 0.5) * width;
            let centre = Vec3::new(x, 0.5 * (bottom + top), size.mid());
            let bale = Vec3::new(width - BALE_GAP, top - bottom, size.depth);
            block(
                mesh,
                centre,
                bale * Vec3::new(1.0, WRAP_INSET, WRAP_INSET),
                DODGE_RED,
            );
            block(
                mesh,
                centre,
                Vec3::new(BALE_BAND, bale.y, bale.z),
                DODGE_DARK,
            );
        }
    }
}

/// The upper row of bales spans this share of the lower one.
const TOP_BALE_SHARE: f32 = 0.7;
