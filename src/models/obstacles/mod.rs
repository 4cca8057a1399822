//! Obstacles by class, one model per look of `course::looks`, so the class reads at a glance
//! and at the distance the player decides at (40 m): by shape and height first — what it asks
//! of the skier is where it stands — and by colour second: each class has its own colour family,
//! dark enough to stand at least 3:1 against the snow in every level's light, and its own grey
//! (so a colour-blind player, or a far row in fog, still tells them apart). Jump obstacles are
//! low bands across the whole track and its shoulders, nothing higher than the body, orange with
//! black hazard stripes; duck obstacles are blue bars hung across the track at head height, a
//! clear gap under them, their lowest edge darkest, on thin posts outside the lanes; dodge
//! obstacles are red, solid blocks on their lanes from the snow up to head height and over.
//!
//! Origin at the centre of the obstacle's near edge on the track (x at the middle of its lanes,
//! z = the obstacle's `z`); it reaches `depth` metres along +z.
//!
//! Each model comes in two parts: what stays put when the skier hits the obstacle (the posts,
//! end boards or tree holding it) and what the hit knocks over ([`knock`]).

mod dodge;
mod duck;
mod jump;
mod knock;
mod ramp;
mod snowmobile;

pub use knock::{Hit, Reaction, BODY_HALF_WIDTH, RIDE_OVER_HEIGHT};
pub use ramp::ramp;
pub use snowmobile::{snowmobile, SNOWMOBILE_LENGTH};

use super::primitives::block;
use super::MeshBuilder;
use crate::course::looks::look;
use crate::course::ObstacleClass;
use crate::mesh::MeshData;
use glam::{Mat4, Vec3};

/// How far bases reach below the track, so they meet it where it slopes, metres.
pub const GROUND_SINK: f32 = 0.1;
/// Posts of duck obstacles stand this far outside the lanes they span, metres.
pub const POST_OUTSET: f32 = 0.3;

/// The jump obstacles' colour family: the orange the game's guide names (a hue of 25°, dark
/// enough to stand 3:1 against dusk snow), and the near-black of their hazard stripes.
const JUMP_ORANGE: [u8; 4] = [150, 62, 0, 255];
const JUMP_DARK: [u8; 4] = [34, 24, 16, 255];
/// The duck obstacles' family: blue, and navy.
const DUCK_BLUE: [u8; 4] = [22, 60, 172, 255];
const DUCK_NAVY: [u8; 4] = [12, 26, 92, 255];
/// The dodge obstacles' family: red, and a deep red. In grey the three families differ too:
/// orange lightest (with black stripes), blue between, red darkest.
const DODGE_RED: [u8; 4] = [138, 15, 24, 255];
const DODGE_DARK: [u8; 4] = [72, 6, 12, 255];
const BARK: [u8; 4] = [96, 64, 42, 255];
const NEEDLES: [u8; 4] = [34, 74, 48, 255];

/// The colour that tells a class's action (its family's main colour), for pictures drawn
/// elsewhere (How to play) to match the obstacles on the track.
pub fn class_colour(class: ObstacleClass) -> [u8; 4] {
    match class {
        ObstacleClass::Jump => JUMP_ORANGE,
        ObstacleClass::Duck => DUCK_BLUE,
        ObstacleClass::Dodge => DODGE_RED,
    }
}

/// The darker shade of a class's family (its stripes, hem or bands), for pictures drawn
/// elsewhere to match.
pub fn class_shade(class: ObstacleClass) -> [u8; 4] {
    match class {
        ObstacleClass::Jump => JUMP_DARK,
        ObstacleClass::Duck => DUCK_NAVY,
        ObstacleClass::Dodge => DODGE_DARK,
    }
}

/// Sides of round things.
const ROUND_SIDES: usize = 8;
/// Width of one stripe on striped bars, metres.
const STRIPE: f32 = 0.6;

/// An obstacle's model in the two parts a hit tells apart, and how the loose one reacts.
#[derive(Debug, Clone, PartialEq)]
pub struct ObstacleParts {
    /// What stays put when the obstacle is hit (a duck obstacle's posts or tree); mostly empty.
    pub standing: MeshData,
    /// What a hit knocks over.
    pub loose: MeshData,
    pub reaction: Reaction,
}

/// How a model is built: whole (all of it loose), or held by a standing part.
#[derive(Clone, Copy)]
enum Build {
    Whole(fn(&mut MeshData, Size)),
    Held(fn(&mut MeshData, &mut MeshData, Size)),
}

/// The model of `look` of `class`, `lanes_span_m` wide (its lanes × the lane width) and `depth`
/// long; `None` for a look past its class's list.
pub fn obstacle(
    class: ObstacleClass,
    look_index: u8,
    lanes_span_m: f32,
    depth: f32,
) -> Option<MeshData> {
    let parts = obstacle_parts(class, look_index, lanes_span_m, depth)?;
    let mut merged = MeshBuilder::new();
    for part in [&parts.standing, &parts.loose] {
        merged
            .append(part, Mat4::IDENTITY)
            .expect("an obstacle model fits one mesh");
    }
    Some(merged.finish())
}

/// [`obstacle`] in its standing and loose parts.
pub fn obstacle_parts(
    class: ObstacleClass,
    look_index: u8,
    lanes_span_m: f32,
    depth: f32,
) -> Option<ObstacleParts> {
    let name = look(class, look_index)?.name;
    let size = Size {
        half: 0.5 * lanes_span_m,
        depth,
    };
    let topple = Reaction::Topple {
        heading: knock::FALL_ASIDE,
    };
    let swing = Reaction::Swing { held_at: None };
    let (build, reaction) = match (class, name) {
        (ObstacleClass::Jump, "log") => (Build::Held(jump::log), swing),
        (ObstacleClass::Jump, "bank") => (Build::Held(jump::bank), Reaction::Burst),
        (ObstacleClass::Jump, "hurdle") => (Build::Held(jump::hurdle), swing),
        (ObstacleClass::Dodge, "rock") => (Build::Whole(dodge::rock), topple),
        (ObstacleClass::Dodge, "crates") => (Build::Whole(dodge::crates), topple),
        (ObstacleClass::Dodge, "pillar") => (Build::Whole(dodge::pillar), topple),
        (ObstacleClass::Dodge, "signpost") => (Build::Whole(dodge::signpost), topple),
        // A fence is wide and thin: it falls flat ahead, across the lanes, and is skied over.
        (ObstacleClass::Dodge, "fence") => (
            Build::Whole(dodge::fence),
            Reaction::Topple {
                heading: knock::FALL_AHEAD,
            },
        ),
        // Bales stand taller than a burst heap may rise while it settles, and deeper than a
        // fence falling ahead may be before the skier reaches it: they topple aside.
        (ObstacleClass::Dodge, "bales") => (Build::Whole(dodge::bales), topple),
        (ObstacleClass::Duck, "banner") => (Build::Held(duck::banner), swing),
        (ObstacleClass::Duck, "branch") => (
            Build::Held(duck::branch),
            Reaction::Swing {
                held_at: Some(duck::branch_trunk_x(size)),
            },
        ),
        (ObstacleClass::Duck, "bar") => (Build::Held(duck::bar), swing),
        _ => unknown_look(class, name),
    };
    let mut parts = ObstacleParts {
        standing: MeshData::default(),
        loose: MeshData::default(),
        reaction,
    };
    match build {
        Build::Whole(build) => build(&mut parts.loose, size),
        Build::Held(build) => build(&mut parts.standing, &mut parts.loose, size),
    }
    Some(parts)
}

/// A look `course::looks` lists but this module has no model for: a bug, caught by the tests
/// that build every look.
fn unknown_look(class: ObstacleClass, name: &str) -> (Build, Reaction) {
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
/// deep, in stripes of two colours (`shades`).
fn striped_bar(
    mesh: &mut MeshData,
    half: f32,
    centre: Vec3,
    size: (f32, f32),
    shades: [[u8; 4]; 2],
) {
    let (height, thickness) = size;
    let stripes = ((2.0 * half / STRIPE).round() as usize).max(1);
    let width = 2.0 * half / stripes as f32;
    for k in 0..stripes {
        let x = -half + (k as f32 + 0.5) * width;
        let size = Vec3::new(width, height, thickness);
        block(mesh, Vec3::new(x, centre.y, centre.z), size, shades[k % 2]);
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
