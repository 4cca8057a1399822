//! Dodge obstacles: tall things standing on their lanes, never beyond them.

use super::{post, Size, BARK, BLACK, CUT_WOOD, GROUND_SINK, PACKED_SNOW, POST_GREY};
use super::{ROUND_SIDES, SAFETY_ORANGE, SNOW};
use crate::models::primitives::shaded;
use crate::models::primitives::{ball, beam, block, cone, cuboid, frustum, hexahedron, prism};
use crate::terrain::MeshData;
use glam::{Mat4, Vec3};
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, SQRT_2};

/// Gap left between a dodge obstacle and the edges of its lanes, metres.
const LANE_MARGIN: f32 = 0.2;

const ROCK: [u8; 4] = [118, 118, 128, 255];
/// The smaller boulder's shade of the rock colour.
const SMALL_ROCK_SHADE: f32 = 0.85;
const CARROT: [u8; 4] = [240, 120, 24, 255];
const WARNING_YELLOW: [u8; 4] = [250, 200, 30, 255];

/// A lump of the rock: centre and half-size as shares of (reach across, metres up, half the
/// depth), and its turn about y in radians.
struct Lump {
    centre: Vec3,
    scale: Vec3,
    turn: f32,
}

const BOULDER: Lump = Lump {
    centre: Vec3::new(-0.1, 0.66, 0.0),
    scale: Vec3::new(0.7, 0.72, 0.9),
    turn: 0.3,
};
const SMALL_BOULDER: Lump = Lump {
    centre: Vec3::new(0.55, 0.32, 0.0),
    scale: Vec3::new(0.35, 0.4, 0.7),
    turn: -0.5,
};
const ROCK_SNOW: Lump = Lump {
    centre: Vec3::new(-0.15, 1.3, 0.0),
    scale: Vec3::new(0.4, 0.14, 0.5),
    turn: 0.3,
};

/// Snowman: each ball's radius as a share of the one below, how much neighbouring balls
/// overlap (share of the radius kept), and the face and trimmings.
const SNOWBALL_SHRINK: [f32; 3] = [1.0, 0.72, 0.7];
const SNOWBALL_STACKING: f32 = 0.9;
const NOSE_RADIUS: f32 = 0.035;
const NOSE_LENGTH: f32 = 0.2;
const NOSE_SIDES: usize = 5;
/// Where the nose, eyes and buttons sit, as shares of their ball's radius.
const NOSE_OUT: f32 = 0.8;
const EYE: Vec3 = Vec3::new(0.35, 0.3, -0.85);
const EYE_SIZE: f32 = 0.04;
const BUTTON_HEIGHTS: [f32; 3] = [-0.3, 0.1, 0.5];
const BUTTON_OUT: f32 = 0.95;
const BUTTON_SIZE: f32 = 0.05;
/// The top hat: brim and crown, radii as shares of the head's, heights in metres.
const HAT_SEAT: f32 = 0.8;
const BRIM: Vec3 = Vec3::new(0.9, 0.04, 0.9);
const CROWN: Vec3 = Vec3::new(0.6, 0.25, 0.6);
/// Stick arms: from the body's side (shares of its radius) up to hands this high above the
/// body's centre and at most this far out, metres.
const ARM_ROOT: Vec3 = Vec3::new(0.8, 0.3, 0.0);
const HAND_RISE: f32 = 0.45;
const HAND_REACH: f32 = 0.75;
const STICK: f32 = 0.035;

/// Stump: trunk radius as a share of the depth, height, taper; the jagged shard, snow cap and
/// the stub of a branch.
const STUMP_RADIUS_SHARE: f32 = 0.45;
const STUMP_HEIGHT: f32 = 1.5;
const STUMP_TAPER: f32 = 0.75;
const SHARD: Lump = Lump {
    centre: Vec3::new(0.3, 0.0, 0.0),
    scale: Vec3::new(0.4, 0.35, 0.4),
    turn: 0.0,
};
const SHARD_SIDES: usize = 4;
const STUMP_CAP: Lump = Lump {
    centre: Vec3::new(-0.15, 0.02, 0.0),
    scale: Vec3::new(0.6, 0.1, 0.6),
    turn: 0.0,
};
const STUMP_CAP_TAPER: f32 = 0.5;
const STUB_ROOT: Vec3 = Vec3::new(0.6, 0.9, 0.0);
const STUB_TIP_HEIGHT: f32 = 1.25;
const STUB_REACH: f32 = 0.8;
const STUB_WIDTH: f32 = 0.08;

/// Signpost: post, height, the diamond's half-diagonal limit and thickness, the yellow face's
/// share and how far before the post the black plate and the face hang.
const SIGN_POST: f32 = 0.1;
const SIGN_HEIGHT: f32 = 2.1;
const SIGN_HALF: f32 = 0.5;
const SIGN_THICKNESS: f32 = 0.03;
const SIGN_FACE_SHARE: f32 = 0.8;
const SIGN_PLATE_OFFSET: f32 = 0.02;
const SIGN_FACE_OFFSET: f32 = 0.045;

/// Fence: height, post spacing and size, the net (bottom and top) and the top rail.
const FENCE_HEIGHT: f32 = 1.4;
const FENCE_SPACING: f32 = 1.25;
const FENCE_POST: f32 = 0.1;
const NET_BOTTOM: f32 = 0.35;
const NET_TOP: f32 = 1.25;
const NET_THICKNESS: f32 = 0.02;
const NET_OFFSET: f32 = 0.06;
const RAIL: Vec3 = Vec3::new(0.0, 0.08, 0.12);

/// Snowdrift: two layers (bottom, top, width share at the bottom and top), marker stakes.
const DRIFT_LAYERS: [[f32; 4]; 2] = [[-GROUND_SINK, 0.8, 1.0, 0.8], [0.8, 1.35, 0.8, 0.45]];
const STAKE_SPREAD: f32 = 0.9;
const STAKE_BOTTOM: f32 = 0.3;
const STAKE_TOP: f32 = 1.9;
const STAKE_WIDTH: f32 = 0.05;
/// The marker rope along the drift's crest: its thickness and how far above the crest.
const ROPE_WIDTH: f32 = 0.06;
const ROPE_LIFT: f32 = 0.1;

/// The lump's transform for a reach across, metres up and half-depth.
fn lump_transform(lump: &Lump, origin: Vec3, unit: Vec3) -> Mat4 {
    Mat4::from_translation(origin + lump.centre * unit)
        * Mat4::from_rotation_y(lump.turn)
        * Mat4::from_scale(lump.scale * unit)
}

/// A grey boulder with a smaller one beside it and snow on top.
pub(super) fn rock(mesh: &mut MeshData, size: Size) {
    let origin = Vec3::Z * size.mid();
    let unit = Vec3::new(size.half - LANE_MARGIN, 1.0, size.mid());
    ball(mesh, lump_transform(&BOULDER, origin, unit), ROCK);
    let small = shaded(ROCK, SMALL_ROCK_SHADE);
    ball(mesh, lump_transform(&SMALL_BOULDER, origin, unit), small);
    ball(mesh, lump_transform(&ROCK_SNOW, origin, unit), SNOW);
}

/// Three snowballs, a top hat, coal eyes and buttons, a carrot nose and stick arms, facing
/// the oncoming skier (−z).
pub(super) fn snowman(mesh: &mut MeshData, size: Size) {
    let mid = size.mid();
    let mut radius = size.mid();
    let mut y = 0.0;
    let mut balls = [(Vec3::ZERO, 0.0); 3];
    for (k, shrink) in SNOWBALL_SHRINK.iter().enumerate() {
        radius *= shrink;
        let centre = Vec3::new(0.0, y + SNOWBALL_STACKING * radius, mid);
        y = centre.y + SNOWBALL_STACKING * radius;
        balls[k] = (centre, radius);
        let transform = Mat4::from_translation(centre) * Mat4::from_scale(Vec3::splat(radius));
        ball(mesh, transform, SNOW);
    }
    let [_, (body, body_r), (head, head_r)] = balls;
    let nose = Mat4::from_translation(head - Vec3::Z * (NOSE_OUT * head_r))
        * Mat4::from_rotation_x(-FRAC_PI_2)
        * Mat4::from_scale(Vec3::new(
            NOSE_RADIUS,
            NOSE_LENGTH.min(mid - head_r),
            NOSE_RADIUS,
        ));
    cone(mesh, nose, NOSE_SIDES, CARROT);
    for side in [-1.0, 1.0] {
        let eye = head + EYE * Vec3::new(side, 1.0, 1.0) * head_r;
        block(mesh, eye, Vec3::splat(EYE_SIZE), BLACK);
    }
    for dy in BUTTON_HEIGHTS {
        let button = body + Vec3::new(0.0, dy, -BUTTON_OUT) * body_r;
        block(mesh, button, Vec3::splat(BUTTON_SIZE), BLACK);
    }
    let hat = Mat4::from_translation(head + Vec3::Y * (HAT_SEAT * head_r));
    let hat_unit = Vec3::new(head_r, 1.0, head_r);
    for part in [BRIM, CROWN] {
        prism(
            mesh,
            hat * Mat4::from_scale(part * hat_unit),
            ROUND_SIDES,
            BLACK,
        );
    }
    let reach = (size.half - LANE_MARGIN).min(HAND_REACH);
    for side in [-1.0, 1.0] {
        let shoulder = body + ARM_ROOT * Vec3::new(side, 1.0, 1.0) * body_r;
        let hand = Vec3::new(side * reach, body.y + HAND_RISE, mid);
        beam(mesh, shoulder, hand, STICK, STICK, BARK);
    }
}

/// A broken tree trunk with a jagged top, a snow cap and a stub of a branch.
pub(super) fn stump(mesh: &mut MeshData, size: Size) {
    let radius = STUMP_RADIUS_SHARE * size.depth;
    let foot = Mat4::from_translation(Vec3::new(0.0, -GROUND_SINK, size.mid()));
    let trunk = foot * Mat4::from_scale(Vec3::new(radius, STUMP_HEIGHT, radius));
    frustum(mesh, trunk, ROUND_SIDES, STUMP_TAPER, BARK);
    let top = foot.transform_point3(Vec3::Y * STUMP_HEIGHT);
    let unit = Vec3::new(radius, 1.0, radius);
    cone(
        mesh,
        lump_transform(&SHARD, top, unit),
        SHARD_SIDES,
        CUT_WOOD,
    );
    let cap = lump_transform(&STUMP_CAP, top, unit);
    frustum(mesh, cap, ROUND_SIDES, STUMP_CAP_TAPER, SNOW);
    let root = Vec3::new(STUB_ROOT.x * radius, STUB_ROOT.y, size.mid());
    let reach = (size.half - LANE_MARGIN).min(STUB_REACH);
    let tip = Vec3::new(reach, STUB_TIP_HEIGHT, size.mid());
    beam(mesh, root, tip, STUB_WIDTH, STUB_WIDTH, BARK);
}

/// A post with a yellow-on-black warning diamond facing the skier.
pub(super) fn signpost(mesh: &mut MeshData, size: Size) {
    let z = size.mid();
    post(
        mesh,
        0.0,
        z + 0.5 * SIGN_POST,
        SIGN_HEIGHT,
        SIGN_POST,
        POST_GREY,
    );
    let half = (size.half - LANE_MARGIN).min(SIGN_HALF);
    let diamond = |share: f32, offset: f32| {
        let side = SQRT_2 * share * half;
        Mat4::from_translation(Vec3::new(0.0, SIGN_HEIGHT - half, z - offset))
            * Mat4::from_rotation_z(FRAC_PI_4)
            * Mat4::from_scale(Vec3::new(side, side, SIGN_THICKNESS))
    };
    cuboid(mesh, diamond(1.0, SIGN_PLATE_OFFSET), BLACK);
    cuboid(
        mesh,
        diamond(SIGN_FACE_SHARE, SIGN_FACE_OFFSET),
        WARNING_YELLOW,
    );
}

/// Wooden posts with an orange safety net between them and a rail on top.
pub(super) fn fence(mesh: &mut MeshData, size: Size) {
    let half = size.half - LANE_MARGIN;
    let z = size.mid();
    let posts = (2.0 * half / FENCE_SPACING).ceil() as usize + 1;
    let first = -half + 0.5 * FENCE_POST;
    let step = (2.0 * half - FENCE_POST) / (posts - 1) as f32;
    for k in 0..posts {
        post(
            mesh,
            first + step * k as f32,
            z,
            FENCE_HEIGHT,
            FENCE_POST,
            BARK,
        );
    }
    let net_centre = Vec3::new(0.0, 0.5 * (NET_BOTTOM + NET_TOP), z - NET_OFFSET);
    let net = Vec3::new(2.0 * half - FENCE_POST, NET_TOP - NET_BOTTOM, NET_THICKNESS);
    block(mesh, net_centre, net, SAFETY_ORANGE);
    let rail_centre = Vec3::new(0.0, FENCE_HEIGHT - 0.5 * RAIL.y, z);
    block(
        mesh,
        rail_centre,
        Vec3::new(2.0 * half, RAIL.y, RAIL.z),
        CUT_WOOD,
    );
}

/// A long mound of drifted snow with orange marker stakes.
pub(super) fn snowdrift(mesh: &mut MeshData, size: Size) {
    let half = size.half - LANE_MARGIN;
    let d = size.depth;
    for (k, [bottom, top, from, to]) in DRIFT_LAYERS.into_iter().enumerate() {
        let (a, b) = (half * from, half * to);
        let (c, e) = (0.5 * d * (1.0 - from), 0.5 * d * (1.0 - to));
        let corners = [
            Vec3::new(-a, bottom, c),
            Vec3::new(a, bottom, c),
            Vec3::new(a, bottom, d - c),
            Vec3::new(-a, bottom, d - c),
            Vec3::new(-b, top, e),
            Vec3::new(b, top, e),
            Vec3::new(b, top, d - e),
            Vec3::new(-b, top, d - e),
        ];
        hexahedron(mesh, corners, if k == 0 { PACKED_SNOW } else { SNOW });
    }
    for x in [-STAKE_SPREAD * half, STAKE_SPREAD * half] {
        let (low, high) = (
            Vec3::new(x, STAKE_BOTTOM, size.mid()),
            Vec3::new(x, STAKE_TOP, size.mid()),
        );
        beam(mesh, low, high, STAKE_WIDTH, STAKE_WIDTH, SAFETY_ORANGE);
    }
    // A marker rope between the stakes along the crest: the drift's outline against the snow.
    let crest = DRIFT_LAYERS[1][1];
    let (a, b) = (
        Vec3::new(-STAKE_SPREAD * half, crest + ROPE_LIFT, size.mid()),
        Vec3::new(STAKE_SPREAD * half, crest + ROPE_LIFT, size.mid()),
    );
    beam(mesh, a, b, ROPE_WIDTH, ROPE_WIDTH, SAFETY_ORANGE);
}
