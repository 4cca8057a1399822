//! Start and finish gates: two posts beside the track, a banner high across it and a line on
//! the snow. Origin on the track's centre line at the line; the banner hangs above the highest
//! a jumping skier reaches.

use super::primitives::{block, quad};
use crate::course::JUMP_APEX;
use crate::mesh::MeshData;
use crate::sim::run::STANDING_HEIGHT;
use crate::terrain::{HILL_COLOUR, LANE_COLOUR};
use glam::Vec3;

/// Which gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GateKind {
    Start,
    Finish,
}

/// Room left above a jumping skier's head, metres.
const HEADROOM: f32 = 0.2;
/// The banner's height, metres.
const BANNER_HEIGHT: f32 = 0.7;
const BANNER_DEPTH: f32 = 0.08;
/// Posts: square side, how far outside the track they stand, how far they reach below it.
const POST_WIDTH: f32 = 0.2;
const POST_OUTSET: f32 = 0.4;
const POST_SINK: f32 = 0.3;
/// The painted line: depth along the track and how far it stands above the snow.
const LINE_DEPTH: f32 = 0.3;
const LINE_HEIGHT: f32 = 0.02;
/// Squares across the finish banner's height, and the black squares' depth as a share of the
/// banner's.
const CHECKER_ROWS: usize = 2;
const CHECKER_PROUD: f32 = 1.2;
/// The white banner behind the squares stops this short of their top and bottom, metres, so no
/// two faces share a plane.
const CHECKER_INSET: f32 = 0.005;

const START_GREEN: [u8; 4] = [36, 160, 72, 255];
const FINISH_RED: [u8; 4] = [208, 36, 36, 255];
const WHITE: [u8; 4] = [245, 245, 245, 255];
const BLACK: [u8; 4] = [24, 24, 28, 255];
const POST_GREY: [u8; 4] = [88, 90, 98, 255];

/// Underside of a gate's banner above the track, metres.
pub fn banner_underside() -> f32 {
    (JUMP_APEX + STANDING_HEIGHT) as f32 + HEADROOM
}

/// The gate of `kind` across a track `track_width` metres wide (the posts stand outside it).
pub fn gate(kind: GateKind, track_width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let bottom = banner_underside();
    let top = bottom + BANNER_HEIGHT;
    let post_x = 0.5 * track_width + POST_OUTSET + 0.5 * POST_WIDTH;
    for x in [-post_x, post_x] {
        let height = top + POST_SINK;
        let centre = Vec3::new(x, 0.5 * height - POST_SINK, 0.0);
        block(
            &mut mesh,
            centre,
            Vec3::new(POST_WIDTH, height, POST_WIDTH),
            POST_GREY,
        );
    }
    let span = 2.0 * post_x;
    let centre_y = bottom + 0.5 * BANNER_HEIGHT;
    match kind {
        GateKind::Start => {
            let size = Vec3::new(span, BANNER_HEIGHT, BANNER_DEPTH);
            block(&mut mesh, Vec3::new(0.0, centre_y, 0.0), size, START_GREEN);
            let stripe = Vec3::new(span, 0.25 * BANNER_HEIGHT, 1.5 * BANNER_DEPTH);
            block(&mut mesh, Vec3::new(0.0, centre_y, 0.0), stripe, WHITE);
        }
        GateKind::Finish => checkered(&mut mesh, span, bottom),
    }
    let line_colour = match kind {
        GateKind::Start => START_GREEN,
        GateKind::Finish => FINISH_RED,
    };
    let line = Vec3::new(track_width, LINE_HEIGHT, LINE_DEPTH);
    block(
        &mut mesh,
        Vec3::new(0.0, 0.5 * LINE_HEIGHT, 0.0),
        line,
        line_colour,
    );
    mesh
}

/// A black-and-white chequered banner `span` wide from `bottom` up: a white banner with black
/// squares standing slightly proud of it on every side.
fn checkered(mesh: &mut MeshData, span: f32, bottom: f32) {
    let centre_y = bottom + 0.5 * BANNER_HEIGHT;
    let banner = Vec3::new(span, BANNER_HEIGHT - 2.0 * CHECKER_INSET, BANNER_DEPTH);
    block(mesh, Vec3::new(0.0, centre_y, 0.0), banner, WHITE);
    let square = BANNER_HEIGHT / CHECKER_ROWS as f32;
    let columns = (span / square).round().max(1.0) as usize;
    let width = span / columns as f32;
    for row in 0..CHECKER_ROWS {
        for column in (row % 2..columns).step_by(2) {
            let centre = Vec3::new(
                -0.5 * span + (column as f32 + 0.5) * width,
                bottom + (row as f32 + 0.5) * square,
                0.0,
            );
            let size = Vec3::new(width, square, CHECKER_PROUD * BANNER_DEPTH);
            block(mesh, centre, size, BLACK);
        }
    }
}

/// How far the snow behind the start line reaches back and out to each side, metres: beyond
/// what the chase camera sees behind the line during the countdown.
const APRON_LENGTH: f32 = 40.0;
const APRON_HALF_WIDTH: f32 = 60.0;

/// Flat snow behind the start line (z from −[`APRON_LENGTH`] to 0): the streamed world begins at
/// the line, and during the countdown the chase camera looks down just behind it. The groomed
/// track `track_width` wide in the middle, hill snow beside it. Origin on the line.
pub fn apron(track_width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let half = 0.5 * track_width;
    let below = Vec3::new(0.0, -1.0, -0.5 * APRON_LENGTH);
    for (from, to, colour) in [
        (-APRON_HALF_WIDTH, -half, HILL_COLOUR),
        (-half, half, LANE_COLOUR),
        (half, APRON_HALF_WIDTH, HILL_COLOUR),
    ] {
        let corners = [
            Vec3::new(from, 0.0, -APRON_LENGTH),
            Vec3::new(to, 0.0, -APRON_LENGTH),
            Vec3::new(to, 0.0, 0.0),
            Vec3::new(from, 0.0, 0.0),
        ];
        quad(&mut mesh, corners, below, colour);
    }
    mesh
}
