//! Obstacles by class, one model per look of `course::looks`, so the class reads at a glance:
//! jump obstacles are low and cross the whole track, dodge obstacles are tall and stand on their
//! lanes, duck obstacles hang across the track at head height with their posts outside it.
//!
//! Origin at the centre of the obstacle's near edge on the track (x at the middle of its lanes,
//! z = the obstacle's `z`); it reaches `depth` metres along +z.

use super::primitives::{ball, beam, block, cone, cuboid, frustum, hexahedron, prism, shaded};
use crate::course::looks::look;
use crate::course::{ObstacleClass, DUCK_OBSTACLE_CLEARANCE, JUMP_OBSTACLE_HEIGHT};
use crate::terrain::MeshData;
use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;

/// How far bases reach below the track, so they meet it where it slopes, metres.
pub const GROUND_SINK: f32 = 0.1;
/// Posts of duck obstacles stand this far outside the lanes they span, metres.
pub const POST_OUTSET: f32 = 0.3;
/// Gap left between a duck obstacle's underside and the simulation's clearance, metres: a
/// ducked skier visibly passes below.
const DUCK_SPARE: f32 = 0.1;
/// Gap left between a dodge obstacle and the edges of its lanes, metres.
const LANE_MARGIN: f32 = 0.2;

const SNOW: [u8; 4] = [236, 242, 250, 255];
const PACKED_SNOW: [u8; 4] = [196, 214, 238, 255];
const BARK: [u8; 4] = [96, 64, 42, 255];
const CUT_WOOD: [u8; 4] = [206, 168, 112, 255];
const ROCK: [u8; 4] = [118, 118, 128, 255];
const RED: [u8; 4] = [214, 40, 36, 255];
const WHITE: [u8; 4] = [245, 245, 245, 255];
const BLACK: [u8; 4] = [24, 24, 28, 255];
const CARROT: [u8; 4] = [240, 120, 24, 255];
const WARNING_YELLOW: [u8; 4] = [250, 200, 30, 255];
const SAFETY_ORANGE: [u8; 4] = [245, 110, 20, 255];
const POST_GREY: [u8; 4] = [88, 90, 98, 255];
const BANNER_BLUE: [u8; 4] = [30, 80, 196, 255];
const NEEDLES: [u8; 4] = [34, 74, 48, 255];

/// Widest canopy of the tree beside the track that reaches a branch across it, metres.
const CANOPY_RADIUS: f32 = 1.1;
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
        (ObstacleClass::Jump, "log") => log,
        (ObstacleClass::Jump, "snow wall") => snow_wall,
        (ObstacleClass::Jump, "hurdle") => hurdle,
        (ObstacleClass::Dodge, "rock") => rock,
        (ObstacleClass::Dodge, "snowman") => snowman,
        (ObstacleClass::Dodge, "stump") => stump,
        (ObstacleClass::Dodge, "signpost") => signpost,
        (ObstacleClass::Dodge, "fence") => fence,
        (ObstacleClass::Dodge, "snowdrift") => snowdrift,
        (ObstacleClass::Duck, "banner") => banner,
        (ObstacleClass::Duck, "branch") => branch,
        (ObstacleClass::Duck, "bar") => bar,
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
    fn mid(&self) -> f32 {
        0.5 * self.depth
    }
}

/// Underside of duck obstacles above the track.
fn duck_underside() -> f32 {
    DUCK_OBSTACLE_CLEARANCE as f32 + DUCK_SPARE
}

/// A log lying across the track, its cut ends showing, snow along its top.
fn log(mesh: &mut MeshData, size: Size) {
    let radius = (0.5 * size.depth).min(0.5 * JUMP_OBSTACLE_HEIGHT as f32) * 0.95;
    let across = |x: f32, length: f32, r: f32| {
        Mat4::from_translation(Vec3::new(x, radius, size.mid()))
            * Mat4::from_rotation_z(-FRAC_PI_2)
            * Mat4::from_scale(Vec3::new(r, length, r))
    };
    let cut = 0.02;
    prism(
        mesh,
        across(-size.half + cut, 2.0 * (size.half - cut), radius),
        ROUND_SIDES,
        BARK,
    );
    for x in [-size.half, size.half - cut] {
        prism(mesh, across(x, cut, 0.8 * radius), ROUND_SIDES, CUT_WOOD);
    }
    let snow = Vec3::new(1.6 * size.half, 0.05, 0.8 * radius);
    block(
        mesh,
        Vec3::new(0.0, 1.9 * radius + 0.025, size.mid()),
        snow,
        SNOW,
    );
}

/// A bank of packed snow with sloping faces.
fn snow_wall(mesh: &mut MeshData, size: Size) {
    let height = 0.85 * JUMP_OBSTACLE_HEIGHT as f32;
    let inset = 0.3 * size.depth;
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
    hexahedron(mesh, corners, PACKED_SNOW);
    let cap = Vec3::new(2.0 * (h - inset), 0.06, d - 2.0 * inset);
    block(mesh, Vec3::new(0.0, height, size.mid()), cap, SNOW);
}

/// Two posts with feet and a red-and-white top bar.
fn hurdle(mesh: &mut MeshData, size: Size) {
    let top = 0.95 * JUMP_OBSTACLE_HEIGHT as f32;
    let post = 0.08;
    for x in [-size.half + post, size.half - post] {
        block(
            mesh,
            Vec3::new(x, 0.5 * top, size.mid()),
            Vec3::new(post, top, post),
            POST_GREY,
        );
        block(
            mesh,
            Vec3::new(x, 0.03, size.mid()),
            Vec3::new(post, 0.06, size.depth),
            POST_GREY,
        );
    }
    striped_bar(mesh, size.half, top - 0.08, 0.16, size.mid(), 0.06);
    striped_bar(mesh, size.half - post, 0.4 * top, 0.05, size.mid(), 0.04);
}

/// A bar across x ∈ ±`half` centred at height `y` and depth `z`, in red and white stripes.
fn striped_bar(mesh: &mut MeshData, half: f32, y: f32, height: f32, z: f32, thickness: f32) {
    let stripes = ((2.0 * half / STRIPE).round() as usize).max(1);
    let width = 2.0 * half / stripes as f32;
    for k in 0..stripes {
        let x = -half + (k as f32 + 0.5) * width;
        let colour = if k % 2 == 0 { RED } else { WHITE };
        block(
            mesh,
            Vec3::new(x, y, z),
            Vec3::new(width, height, thickness),
            colour,
        );
    }
}

/// A grey boulder with a smaller one beside it and snow on top.
fn rock(mesh: &mut MeshData, size: Size) {
    let reach = size.half - LANE_MARGIN;
    let (mid, r) = (size.mid(), 0.5 * size.depth);
    let lump = |centre: Vec3, scale: Vec3, turn: f32| {
        Mat4::from_translation(centre) * Mat4::from_rotation_y(turn) * Mat4::from_scale(scale)
    };
    ball(
        mesh,
        lump(
            Vec3::new(-0.1 * reach, 0.66, mid),
            Vec3::new(0.7 * reach, 0.72, 0.9 * r),
            0.3,
        ),
        ROCK,
    );
    let small = lump(
        Vec3::new(0.55 * reach, 0.32, mid),
        Vec3::new(0.35 * reach, 0.4, 0.7 * r),
        -0.5,
    );
    ball(mesh, small, shaded(ROCK, 0.85));
    ball(
        mesh,
        lump(
            Vec3::new(-0.15 * reach, 1.3, mid),
            Vec3::new(0.4 * reach, 0.14, 0.5 * r),
            0.3,
        ),
        SNOW,
    );
}

/// Three snowballs, a top hat, coal eyes and buttons, a carrot nose and stick arms, facing
/// the oncoming skier (−z).
fn snowman(mesh: &mut MeshData, size: Size) {
    let base = 0.5 * size.depth;
    let mid = size.mid();
    let radii = [base, 0.72 * base, 0.5 * base];
    let mut y = 0.0;
    let mut centres = [0.0; 3];
    for (k, r) in radii.iter().enumerate() {
        centres[k] = y + 0.9 * r;
        y = centres[k] + 0.9 * r;
        ball(
            mesh,
            Mat4::from_translation(Vec3::new(0.0, centres[k], mid))
                * Mat4::from_scale(Vec3::splat(*r)),
            SNOW,
        );
    }
    let (head, head_r) = (Vec3::new(0.0, centres[2], mid), radii[2]);
    let nose_base = head + Vec3::new(0.0, 0.0, -0.8 * head_r);
    let nose = Mat4::from_translation(nose_base)
        * Mat4::from_rotation_x(-FRAC_PI_2)
        * Mat4::from_scale(Vec3::new(0.035, (mid - head_r).min(0.2), 0.035));
    cone(mesh, nose, 5, CARROT);
    for x in [-0.35, 0.35] {
        block(
            mesh,
            head + Vec3::new(x * head_r, 0.3 * head_r, -0.85 * head_r),
            Vec3::splat(0.04),
            BLACK,
        );
    }
    let body = Vec3::new(0.0, centres[1], mid);
    for dy in [-0.3, 0.1, 0.5] {
        block(
            mesh,
            body + Vec3::new(0.0, dy * radii[1], -0.95 * radii[1]),
            Vec3::splat(0.05),
            BLACK,
        );
    }
    let hat = Mat4::from_translation(head + Vec3::Y * 0.8 * head_r);
    prism(
        mesh,
        hat * Mat4::from_scale(Vec3::new(0.9 * head_r, 0.04, 0.9 * head_r)),
        ROUND_SIDES,
        BLACK,
    );
    prism(
        mesh,
        hat * Mat4::from_scale(Vec3::new(0.6 * head_r, 0.25, 0.6 * head_r)),
        ROUND_SIDES,
        BLACK,
    );
    let reach = size.half - LANE_MARGIN;
    for side in [-1.0, 1.0] {
        let shoulder = body + Vec3::new(side * 0.8 * radii[1], 0.3 * radii[1], 0.0);
        let hand = Vec3::new(side * reach.min(0.75), centres[1] + 0.45, mid);
        beam(mesh, shoulder, hand, 0.035, 0.035, BARK);
    }
}

/// A broken tree trunk with a jagged top, a snow cap and a stub of a branch.
fn stump(mesh: &mut MeshData, size: Size) {
    let radius = 0.45 * size.depth;
    let height = 1.5;
    let foot = Mat4::from_translation(Vec3::new(0.0, -GROUND_SINK, size.mid()));
    frustum(
        mesh,
        foot * Mat4::from_scale(Vec3::new(radius, height, radius)),
        ROUND_SIDES,
        0.75,
        BARK,
    );
    let top = foot * Mat4::from_translation(Vec3::Y * height);
    let shard = Mat4::from_translation(Vec3::new(0.3 * radius, 0.0, 0.0))
        * Mat4::from_scale(Vec3::new(0.4 * radius, 0.35, 0.4 * radius));
    cone(mesh, top * shard, 4, CUT_WOOD);
    let cap = Mat4::from_translation(Vec3::new(-0.15 * radius, 0.02, 0.0))
        * Mat4::from_scale(Vec3::new(0.6 * radius, 0.1, 0.6 * radius));
    frustum(mesh, top * cap, ROUND_SIDES, 0.5, SNOW);
    let stub_root = Vec3::new(0.6 * radius, 0.9, size.mid());
    let reach = (size.half - LANE_MARGIN).min(0.8);
    beam(
        mesh,
        stub_root,
        Vec3::new(reach, 1.25, size.mid()),
        0.08,
        0.08,
        BARK,
    );
}

/// A post with a yellow-on-black warning diamond facing the skier.
fn signpost(mesh: &mut MeshData, size: Size) {
    let post = 0.1;
    let height = 2.1;
    let z = size.mid();
    block(
        mesh,
        Vec3::new(0.0, 0.5 * (height - GROUND_SINK), z + 0.5 * post),
        Vec3::new(post, height + GROUND_SINK, post),
        POST_GREY,
    );
    let half = (size.half - LANE_MARGIN).min(0.5);
    let diamond = |inner: f32, dz: f32| {
        Mat4::from_translation(Vec3::new(0.0, height - half, z + dz))
            * Mat4::from_rotation_z(FRAC_PI_2 * 0.5)
            * Mat4::from_scale(Vec3::new(inner * half, inner * half, 0.03))
    };
    let scale = std::f32::consts::SQRT_2;
    cuboid(mesh, diamond(scale, -0.02), BLACK);
    cuboid(mesh, diamond(0.8 * scale, -0.045), WARNING_YELLOW);
}

/// Wooden posts with an orange safety net between them.
fn fence(mesh: &mut MeshData, size: Size) {
    let half = size.half - LANE_MARGIN;
    let height = 1.4;
    let spacing = 1.25;
    let posts = (2.0 * half / spacing).ceil() as usize + 1;
    let z = size.mid();
    for k in 0..posts {
        let x = -half + 0.05 + (2.0 * half - 0.1) * k as f32 / (posts - 1) as f32;
        block(
            mesh,
            Vec3::new(x, 0.5 * (height - GROUND_SINK), z),
            Vec3::new(0.1, height + GROUND_SINK, 0.1),
            BARK,
        );
    }
    block(
        mesh,
        Vec3::new(0.0, 0.8, z - 0.06),
        Vec3::new(2.0 * half - 0.1, 0.9, 0.02),
        SAFETY_ORANGE,
    );
    block(
        mesh,
        Vec3::new(0.0, height - 0.05, z),
        Vec3::new(2.0 * half, 0.08, 0.12),
        CUT_WOOD,
    );
}

/// A long mound of drifted snow with orange marker stakes.
fn snowdrift(mesh: &mut MeshData, size: Size) {
    let half = size.half - LANE_MARGIN;
    let d = size.depth;
    let layer = |mesh: &mut MeshData, bottom: f32, top: f32, from: f32, to: f32, colour| {
        let (a, b) = (half * from, half * to);
        let (c, e) = (0.5 * d * (1.0 - from), 0.5 * d * (1.0 - to));
        let corners = [
            Vec3::new(-a, bottom, c.max(0.0)),
            Vec3::new(a, bottom, c.max(0.0)),
            Vec3::new(a, bottom, d - c.max(0.0)),
            Vec3::new(-a, bottom, d - c.max(0.0)),
            Vec3::new(-b, top, e),
            Vec3::new(b, top, e),
            Vec3::new(b, top, d - e),
            Vec3::new(-b, top, d - e),
        ];
        hexahedron(mesh, corners, colour);
    };
    layer(mesh, -GROUND_SINK, 0.8, 1.0, 0.8, PACKED_SNOW);
    layer(mesh, 0.8, 1.35, 0.8, 0.45, SNOW);
    for x in [-0.9 * half, 0.9 * half] {
        beam(
            mesh,
            Vec3::new(x, 0.3, size.mid()),
            Vec3::new(x, 1.9, size.mid()),
            0.05,
            0.05,
            SAFETY_ORANGE,
        );
    }
}

/// Posts outside the lanes and the x ∈ ±`half` + outset they span, from the ground to `top`.
fn posts(mesh: &mut MeshData, size: Size, top: f32, width: f32, colour: [u8; 4]) {
    for x in [-size.half - POST_OUTSET, size.half + POST_OUTSET] {
        block(
            mesh,
            Vec3::new(x, 0.5 * (top - GROUND_SINK), size.mid()),
            Vec3::new(width, top + GROUND_SINK, width),
            colour,
        );
    }
}

/// A blue race banner with a white stripe, hung between two posts.
fn banner(mesh: &mut MeshData, size: Size) {
    let bottom = duck_underside();
    let height = 0.5;
    posts(mesh, size, bottom + height + 0.2, 0.1, POST_GREY);
    let span = 2.0 * (size.half + POST_OUTSET);
    let centre = Vec3::new(0.0, bottom + 0.5 * height, size.mid());
    block(mesh, centre, Vec3::new(span, height, 0.03), BANNER_BLUE);
    block(mesh, centre, Vec3::new(span, 0.12, 0.05), WHITE);
}

/// A conifer beside the track reaching a heavy, snowy branch across it.
fn branch(mesh: &mut MeshData, size: Size) {
    let bottom = duck_underside();
    let trunk_x = size.half + POST_OUTSET + CANOPY_RADIUS;
    let z = size.mid();
    let trunk = Mat4::from_translation(Vec3::new(trunk_x, -GROUND_SINK, z))
        * Mat4::from_scale(Vec3::new(0.22, 3.2, 0.22));
    prism(mesh, trunk, 6, BARK);
    for (radius, low, high) in [(CANOPY_RADIUS, 1.9, 4.2), (0.75, 3.4, 5.4)] {
        let canopy = Mat4::from_translation(Vec3::new(trunk_x, low, z))
            * Mat4::from_scale(Vec3::new(radius, high - low, radius));
        cone(mesh, canopy, 6, NEEDLES);
    }
    let limb_y = bottom + 0.12;
    let tip = Vec3::new(-size.half - POST_OUTSET, limb_y + 0.05, z);
    beam(
        mesh,
        Vec3::new(trunk_x, limb_y + 0.25, z),
        tip,
        0.16,
        0.16,
        BARK,
    );
    let boughs = ((2.0 * size.half) / 0.9).ceil() as usize + 1;
    for k in 0..boughs {
        let x = tip.x + (trunk_x - 0.3 - tip.x) * k as f32 / (boughs - 1) as f32;
        let y = limb_y + 0.05 + 0.2 * (x - tip.x) / (trunk_x - tip.x);
        block(
            mesh,
            Vec3::new(x, y + 0.12, z),
            Vec3::new(0.8, 0.22, size.depth),
            NEEDLES,
        );
        block(
            mesh,
            Vec3::new(x, y + 0.26, z),
            Vec3::new(0.6, 0.06, 0.7 * size.depth),
            SNOW,
        );
    }
}

/// A red-and-white barrier bar between two posts.
fn bar(mesh: &mut MeshData, size: Size) {
    let bottom = duck_underside();
    let height = 0.2;
    posts(mesh, size, bottom + height + 0.1, 0.12, RED);
    striped_bar(
        mesh,
        size.half + POST_OUTSET,
        bottom + 0.5 * height,
        height,
        size.mid(),
        0.12,
    );
}
