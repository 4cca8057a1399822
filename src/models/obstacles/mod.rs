//! Obstacles by class, one model per look of `course::looks`, so the class reads at a glance:
//! jump obstacles are low and cross the whole track, dodge obstacles are tall and stand on their
//! lanes, duck obstacles hang across the track at head height with their posts outside it.
//!
//! Origin at the centre of the obstacle's near edge on the track (x at the middle of its lanes,
//! z = the obstacle's `z`); it reaches `depth` metres along +z.

mod dodge;
mod duck;
mod jump;

use super::primitives::block;
use crate::course::looks::look;
use crate::course::ObstacleClass;
use crate::terrain::MeshData;
use glam::Vec3;

/// How far bases reach below the track, so they meet it where it slopes, metres.
pub const GROUND_SINK: f32 = 0.1;
/// Posts of duck obstacles stand this far outside the lanes they span, metres.
pub const POST_OUTSET: f32 = 0.3;

const SNOW: [u8; 4] = [236, 242, 250, 255];
const PACKED_SNOW: [u8; 4] = [196, 214, 238, 255];
const BARK: [u8; 4] = [96, 64, 42, 255];
const CUT_WOOD: [u8; 4] = [206, 168, 112, 255];
const RED: [u8; 4] = [214, 40, 36, 255];
const WHITE: [u8; 4] = [245, 245, 245, 255];
const BLACK: [u8; 4] = [24, 24, 28, 255];
const SAFETY_ORANGE: [u8; 4] = [245, 110, 20, 255];
const POST_GREY: [u8; 4] = [88, 90, 98, 255];
const NEEDLES: [u8; 4] = [34, 74, 48, 255];

/// Sides of round things.
const ROUND_SIDES: usize = 8;
/// Width of one stripe on striped bars, metres.
const STRIPE: f32 = 0.5;

/// The model of `look` of `class`, `lanes_span_m` wide (its lanes × the lane width) and `depth`
/// long; `None` for a look past its class's list.
pub fn obstacle(
    class: ObstacleClass,
    look_index: u8,
    lanes_span_m: f32,
    depth: f32,
) -> Option<MeshData> {
    let name = look(class, look_index)?.name;
    let mut mesh = MeshData::default();
    let size = Size {
        half: 0.5 * lanes_span_m,
        depth,
    };
    let build = match (class, name) {
        (ObstacleClass::Jump, "log") => jump::log,
        (ObstacleClass::Jump, "snow wall") => jump::snow_wall,
        (ObstacleClass::Jump, "hurdle") => jump::hurdle,
        (ObstacleClass::Dodge, "rock") => dodge::rock,
        (ObstacleClass::Dodge, "snowman") => dodge::snowman,
        (ObstacleClass::Dodge, "stump") => dodge::stump,
        (ObstacleClass::Dodge, "signpost") => dodge::signpost,
        (ObstacleClass::Dodge, "fence") => dodge::fence,
        (ObstacleClass::Dodge, "snowdrift") => dodge::snowdrift,
        (ObstacleClass::Duck, "banner") => duck::banner,
        (ObstacleClass::Duck, "branch") => duck::branch,
        (ObstacleClass::Duck, "bar") => duck::bar,
        _ => unknown_look(class, name),
    };
    build(&mut mesh, size);
    Some(mesh)
}

/// A look `course::looks` lists but this module has no model for: a bug, caught by the tests
/// that build every look.
fn unknown_look(class: ObstacleClass, name: &str) -> fn(&mut MeshData, Size) {
    panic!("no model for the {class:?} look {name:?}")
}

/// Half the span across the track and the depth along it, metres.
#[derive(Debug, Clone, Copy)]
struct Size {
    half: f32,
    depth: f32,
}

impl Size {
    /// Middle of the depth.
    fn mid(&self) -> f32 {
        0.5 * self.depth
    }
}

/// A bar across x ∈ ±`half` centred on `centre` (its x ignored), `height` tall and `thickness`
/// deep, in red and white stripes.
fn striped_bar(mesh: &mut MeshData, half: f32, centre: Vec3, height: f32, thickness: f32) {
    let stripes = ((2.0 * half / STRIPE).round() as usize).max(1);
    let width = 2.0 * half / stripes as f32;
    for k in 0..stripes {
        let x = -half + (k as f32 + 0.5) * width;
        let colour = if k % 2 == 0 { RED } else { WHITE };
        let size = Vec3::new(width, height, thickness);
        block(mesh, Vec3::new(x, centre.y, centre.z), size, colour);
    }
}

/// A square post of side `width` at (x, z) from below the snow up to `top`.
fn post(mesh: &mut MeshData, x: f32, z: f32, top: f32, width: f32, colour: [u8; 4]) {
    let centre = Vec3::new(x, 0.5 * (top - GROUND_SINK), z);
    block(
        mesh,
        centre,
        Vec3::new(width, top + GROUND_SINK, width),
        colour,
    );
}
