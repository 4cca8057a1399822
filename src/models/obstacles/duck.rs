//! Duck obstacles: blue, hung across the whole track above a ducked skier's head and below a
//! standing one's, a clear gap under them, held by posts (or a tree) outside the lanes.

use super::POST_OUTSET;
use super::{post, striped_bar, Size, BARK, DUCK_BLUE, DUCK_NAVY, GROUND_SINK, NEEDLES};
use crate::course::DUCK_OBSTACLE_CLEARANCE;
use crate::mesh::MeshData;
use crate::models::primitives::{beam, block, cone, prism};
use glam::{Mat4, Vec3};

/// Gap left between a duck obstacle's underside and the simulation's clearance, metres: a
/// ducked skier visibly passes below.
const DUCK_SPARE: f32 = 0.1;

/// Banner: cloth height and thickness, the navy hem along its lower edge, posts reaching above the cloth. Deep
/// enough to read at 40 m.
const BANNER_HEIGHT: f32 = 0.9;
const BANNER_THICKNESS: f32 = 0.03;
const BANNER_STRIPE: Vec3 = Vec3::new(0.0, 0.25, 0.05);
const BANNER_POST: f32 = 0.12;
const POST_ABOVE: f32 = 0.2;

/// Branch: the tree beside the track (trunk radius and height; canopy cones as radius, bottom,
/// top), the limb, the boughs of needles along it and their snow.
const TRUNK_RADIUS: f32 = 0.22;
const TRUNK_HEIGHT: f32 = 3.2;
const TRUNK_SIDES: usize = 6;
const CANOPY_RADIUS: f32 = 1.1;
const CANOPY: [[f32; 3]; 2] = [[CANOPY_RADIUS, 1.9, 4.2], [0.75, 3.4, 5.4]];
const CANOPY_SIDES: usize = 6;
const LIMB_WIDTH: f32 = 0.16;
/// The limb's underside lies this far above the duck obstacles' underside at its tip and rises
/// by `LIMB_RISE` to the trunk, metres.
const LIMB_LIFT: f32 = 0.04;
const LIMB_RISE: f32 = 0.2;
const BOUGH_SPACING: f32 = 0.9;
const BOUGH: Vec3 = Vec3::new(0.8, 0.22, 0.0);
/// Boughs stop this short of the trunk, metres.
const BOUGH_TRUNK_GAP: f32 = 0.3;
/// The blue board hung from the branch over the lanes (height, thickness), metres: the class's
/// colour on a tree's limb.
const BRANCH_BOARD: (f32, f32) = (0.5, 0.04);

/// Bar: its height and thickness, navy posts reaching above it.
const BAR_HEIGHT: f32 = 0.55;
const BAR_THICKNESS: f32 = 0.14;
const BAR_POST: f32 = 0.14;
const BAR_POST_ABOVE: f32 = 0.45;

/// Underside of duck obstacles above the track.
fn underside() -> f32 {
    DUCK_OBSTACLE_CLEARANCE as f32 + DUCK_SPARE
}

/// x of the posts each side, outside the lanes.
fn post_x(size: Size) -> f32 {
    size.half + POST_OUTSET
}

/// A blue race banner with a navy hem, hung between two navy posts (standing; the cloth is
/// loose).
pub(super) fn banner(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    let bottom = underside();
    let x = post_x(size);
    for side in [-x, x] {
        let top = bottom + BANNER_HEIGHT + POST_ABOVE;
        post(standing, side, size.mid(), top, BANNER_POST, DUCK_NAVY);
    }
    let centre = Vec3::new(0.0, bottom + 0.5 * BANNER_HEIGHT, size.mid());
    let cloth = Vec3::new(2.0 * x, BANNER_HEIGHT, BANNER_THICKNESS);
    block(mesh, centre, cloth, DUCK_BLUE);
    // Along its lower hem: the edge over the gap reads darkest.
    let hem = Vec3::new(0.0, bottom + 0.5 * BANNER_STRIPE.y, size.mid());
    let stripe = Vec3::new(2.0 * x, BANNER_STRIPE.y, BANNER_STRIPE.z);
    block(mesh, hem, stripe, DUCK_NAVY);
}

/// x of the branch's tree trunk, beside the track on the +x side.
pub(super) fn branch_trunk_x(size: Size) -> f32 {
    post_x(size) + CANOPY_RADIUS
}

/// A conifer beside the track (standing) reaching a heavy branch (loose) across it, a blue
/// board hung from it over the lanes.
pub(super) fn branch(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    let z = size.mid();
    let trunk_x = branch_trunk_x(size);
    let trunk = Mat4::from_translation(Vec3::new(trunk_x, -GROUND_SINK, z))
        * Mat4::from_scale(Vec3::new(TRUNK_RADIUS, TRUNK_HEIGHT, TRUNK_RADIUS));
    prism(standing, trunk, TRUNK_SIDES, BARK);
    for [radius, low, high] in CANOPY {
        let canopy = Mat4::from_translation(Vec3::new(trunk_x, low, z))
            * Mat4::from_scale(Vec3::new(radius, high - low, radius));
        cone(standing, canopy, CANOPY_SIDES, NEEDLES);
    }
    let tip_x = -post_x(size);
    let limb_y = |x: f32| {
        underside() + LIMB_LIFT + 0.5 * LIMB_WIDTH + LIMB_RISE * (x - tip_x) / (trunk_x - tip_x)
    };
    let tip = Vec3::new(tip_x, limb_y(tip_x), z);
    beam(
        mesh,
        Vec3::new(trunk_x, limb_y(trunk_x), z),
        tip,
        LIMB_WIDTH,
        LIMB_WIDTH,
        BARK,
    );
    let last = trunk_x - BOUGH_TRUNK_GAP;
    let boughs = ((last - tip_x) / BOUGH_SPACING).ceil() as usize + 1;
    for k in 0..boughs {
        let x = tip_x + (last - tip_x) * k as f32 / (boughs - 1) as f32;
        let bough_bottom = limb_y(x) - 0.5 * LIMB_WIDTH;
        let centre = Vec3::new(x, bough_bottom + 0.5 * BOUGH.y, z);
        block(
            mesh,
            centre,
            Vec3::new(BOUGH.x, BOUGH.y, size.depth),
            NEEDLES,
        );
    }
    // Under the limb's lowest reach, over the lanes only.
    let board_bottom = underside() + LIMB_LIFT;
    let board = Vec3::new(2.0 * size.half, BRANCH_BOARD.0, BRANCH_BOARD.1);
    let board_at = Vec3::new(0.0, board_bottom + 0.5 * BRANCH_BOARD.0, z);
    block(mesh, board_at, board, DUCK_BLUE);
}

/// A broad blue barrier bar (loose) between two navy posts (standing).
pub(super) fn bar(standing: &mut MeshData, mesh: &mut MeshData, size: Size) {
    let bottom = underside();
    let x = post_x(size);
    for side in [-x, x] {
        let top = bottom + BAR_HEIGHT + BAR_POST_ABOVE;
        post(standing, side, size.mid(), top, BAR_POST, DUCK_NAVY);
    }
    let centre = Vec3::new(0.0, bottom + 0.5 * BAR_HEIGHT, size.mid());
    let shades = [DUCK_BLUE, DUCK_NAVY];
    striped_bar(mesh, x, centre, (BAR_HEIGHT, BAR_THICKNESS), shades);
}
