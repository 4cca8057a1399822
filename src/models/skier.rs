//! The biathlete: a low-poly skier with skis, poles and a rifle on the back, posed from a
//! [`SkierPose`] the app fills each frame from the simulation's skier.
//!
//! Origin at the centre of the ski soles, facing +z, y up; the skier's left is +x. The model
//! never adds the jump's height: the app places it at the simulation's skis.

mod actions;
mod cues;
mod flutter;
mod from_run;
mod penalty_loop;
mod stance;
mod stride;

use super::builder::MeshBuilder;
use super::primitives::{ball, beam, block, cone, cuboid, prism, shaded};
use crate::course::ShootingPosition;
use crate::mesh::MeshData;
use crate::shop::athlete::Headwear;
use crate::shop::outfit::Outfit;
use crate::sim::skier::Trick;
pub use cues::{PoseCues, TUMBLE_TICKS};
use flutter::Flutter;
pub use from_run::STRIDE_LENGTH;
use glam::{Mat4, Quat, Vec3, Vec4};
pub use penalty_loop::{oval, LoopPlace, LoopWay, WayPoint};
pub use stance::CLASSIC_FOOT_X;
use stance::{bend, Stance};

/// Up-and-down action, with the share of it done (0–1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum VerticalPose {
    Ground,
    Jump {
        progress: f32,
    },
    Duck {
        progress: f32,
    },
    /// A ramp's long air, with the trick under way and the share of it done.
    Fly {
        progress: f32,
        trick: Option<(Trick, f32)>,
    },
}

/// Everything the skier's shape depends on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkierPose {
    /// Phase of the classic stride, 0–1 (wraps): a kick with each leg, each with the other
    /// side's pole (and two pushes of both poles when double poling).
    pub stride: f32,
    /// How much the skier double-poles instead of striding, 0–1 (a burst when speeding up).
    pub poling: f32,
    /// Sideways lean, −1–1: the sign of the lateral velocity along x (+1 leans towards +x, the
    /// skier's left) scaled by its largest value.
    pub lean: f32,
    pub vertical: VerticalPose,
    /// Share of the stumble after the forgiven crash done (0–1), `None` when not stumbling.
    pub stumble: Option<f32>,
    /// Share of a crash's tumble and get-up done (0–1), `None` when not tumbling.
    pub tumble: Option<f32>,
    /// Share of the give at the knees after a landing done (0–1), `None` when not landing.
    pub landing: Option<f32>,
    /// Share of the victory pose's rise done after the finish line (0–1, held at 1), `None`
    /// before it: both arms and poles thrown up, standing tall.
    pub victory: Option<f32>,
    /// Shooting at a range in this position; overrides everything else.
    pub shooting: Option<ShootingPosition>,
    /// Direction of travel, radians from +z, positive turning the skier towards its left (+x);
    /// 0 down the track (it turns only on the penalty loop).
    pub heading: f32,
}

impl SkierPose {
    /// Skiing on the ground at stride phase `stride`.
    pub fn skiing(stride: f32) -> Self {
        Self {
            stride,
            poling: 0.0,
            lean: 0.0,
            vertical: VerticalPose::Ground,
            stumble: None,
            tumble: None,
            landing: None,
            victory: None,
            shooting: None,
            heading: 0.0,
        }
    }
}

/// Body measures, metres.
const THIGH: f32 = 0.46;
const SHIN: f32 = 0.44;
const ANKLE_HEIGHT: f32 = 0.1;
const HIP_HALF_SPACING: f32 = 0.1;
const TORSO_LENGTH: f32 = 0.56;
const SHOULDER_HALF_SPACING: f32 = 0.2;
const SHOULDER_HEIGHT: f32 = 0.5;
const UPPER_ARM: f32 = 0.3;
const FOREARM: f32 = 0.28;
const NECK: f32 = 0.05;
const HEAD_RADIUS: f32 = 0.115;
const HAT_HEIGHT: f32 = 0.07;
const BOBBLE_RADIUS: f32 = 0.035;
/// The hat band starts this share of the head's radius above its centre and is this much wider.
const HAT_SEAT_SHARE: f32 = 0.3;
const HAT_RADIUS_SHARE: f32 = 1.08;
/// How far the knees splay outward, as a bend direction added sideways.
const KNEE_SPREAD: f32 = 0.2;
/// Skis and poles, metres.
const SKI_LENGTH: f32 = 1.8;
const SKI_WIDTH: f32 = 0.07;
const SKI_THICKNESS: f32 = 0.03;
const SKI_TIP_LENGTH: f32 = 0.14;
/// How far the ski tip bends up, radians.
const SKI_TIP_ANGLE: f32 = 0.5;
const BOOT_SIZE: Vec3 = Vec3::new(0.1, 0.12, 0.28);
const POLE_WIDTH: f32 = 0.025;
const BASKET_SIZE: Vec3 = Vec3::new(0.09, 0.015, 0.09);
const BASKET_ABOVE_TIP: f32 = 0.08;
/// Limb thickness, metres.
const THIGH_WIDTH: f32 = 0.15;
const SHIN_WIDTH: f32 = 0.11;
const UPPER_ARM_WIDTH: f32 = 0.09;
const FOREARM_WIDTH: f32 = 0.08;
const GLOVE_SIZE: f32 = 0.08;
/// The torso: hips and the upper body (the bib), full sizes.
const HIPS_SIZE: Vec3 = Vec3::new(0.3, 0.24, 0.2);
const CHEST_SIZE: Vec3 = Vec3::new(0.36, 0.34, 0.22);
/// The race bib: a thin panel over the chest front and back, hung this far below the
/// shoulders, its number patch this far above the panel's middle.
const BIB_SIZE: Vec3 = Vec3::new(0.3, 0.3, 0.014);
const BIB_HINGE_BELOW_SHOULDERS: f32 = 0.02;
const BIB_PATCH_SIZE: Vec3 = Vec3::new(0.16, 0.12, 0.01);
const BIB_NUMBER_LIFT: f32 = 0.02;
/// The crown's base radius as a share of the band's.
const CROWN_SHARE: f32 = 0.85;
/// The rifle, on the back or in the hands.
const STOCK_WIDTH: f32 = 0.05;
const STOCK_DEPTH: f32 = 0.09;
const STOCK_SHARE: f32 = 0.45;
const BARREL_WIDTH: f32 = 0.03;
/// Ends of the rifle on the back, torso-local: the butt low on the right, the muzzle over the
/// left shoulder.
const RIFLE_BUTT_ON_BACK: Vec3 = Vec3::new(-0.16, 0.02, -0.15);
const RIFLE_MUZZLE_ON_BACK: Vec3 = Vec3::new(0.12, 0.78, -0.15);
/// Number of sides of the hat's band.
const HAT_SIDES: usize = 6;

/// A cap: its crown's height above the head's centre (a share of the radius), the peak
/// (across, thick, how far it reaches forward) and how far below the crown it sits, metres.
const CAP_CROWN_SHARE: f32 = 0.75;
const CAP_PEAK: Vec3 = Vec3::new(0.17, 0.018, 0.11);
const CAP_PEAK_DROP: f32 = 0.045;
/// A headband round the forehead (its height, a share of the radius, and how far above the
/// head's centre it sits) over hair covering the crown and the back of the head.
const HEADBAND_HEIGHT_SHARE: f32 = 0.35;
const HEADBAND_LIFT_SHARE: f32 = 0.3;
const HAIR: Vec3 = Vec3::new(1.06, 0.9, 1.06);
const HAIR_LIFT_SHARE: f32 = 0.22;
const HAIR_BACK_SHARE: f32 = 0.1;
/// A beard over the chin and jaw: its centre and half-size as shares of the head's radius.
const BEARD_AT: Vec3 = Vec3::new(0.0, -0.45, 0.5);
const BEARD_SIZE: Vec3 = Vec3::new(0.78, 0.62, 0.62);

const BIB: [u8; 4] = [250, 204, 36, 255];
const BIB_PATCH: [u8; 4] = [245, 245, 245, 255];
const GLOVES: [u8; 4] = [30, 30, 34, 255];
const BOOTS: [u8; 4] = [40, 40, 46, 255];
const POLES: [u8; 4] = [70, 72, 80, 255];
const STOCK: [u8; 4] = [92, 58, 36, 255];
const BARREL: [u8; 4] = [36, 36, 40, 255];
/// Legs a little darker than the body, so they stand apart from it.
const LEG_SHADE: f32 = 0.8;

/// The skier's mesh for one pose: `outfit`'s athlete (its build, head and colours) in the
/// outfit's suit and skis.
pub fn skier(pose: &SkierPose, outfit: Outfit) -> MeshData {
    let stance = Stance::for_pose(pose);
    let colours = Colours::of(outfit);
    let mut body = MeshData::default();
    for side in 0..2 {
        push_leg(&mut body, &stance, side, &colours);
        let hand = push_arm(&mut body, &stance, side, &colours);
        // Held in the glove: where the arm falls short of the stance's grip, the pole goes with
        // the hand.
        let (grip, tip) = stance.poles[side];
        push_pole(&mut body, hand, tip + (hand - grip));
    }
    let torso = stance.torso_frame();
    let flutter = Flutter::of(pose);
    push_torso(&mut body, torso, &colours, flutter.bib);
    push_head(
        &mut body,
        torso * stance.head_frame(),
        &colours,
        flutter.pompom,
    );
    let (butt, muzzle) = stance.rifle.unwrap_or((
        torso.transform_point3(RIFLE_BUTT_ON_BACK),
        torso.transform_point3(RIFLE_MUZZLE_ON_BACK),
    ));
    push_rifle(&mut body, butt, muzzle);
    let mut builder = MeshBuilder::new();
    // The athlete's build scales the posed figure about its soles.
    let build = Mat4::from_scale(Vec3::from(colours.build));
    builder
        .append(&body, stance.root() * build)
        .expect("one skier is far below the u16 vertex limit");
    builder.finish()
}

/// The outfit's colours for the parts it colours, and the athlete's looks.
struct Colours {
    suit: [u8; 4],
    hat: [u8; 4],
    skis: [u8; 4],
    skin: [u8; 4],
    hair: [u8; 4],
    beard: Option<[u8; 4]>,
    headwear: Headwear,
    head: f32,
    build: [f32; 3],
}

impl Colours {
    fn of(outfit: Outfit) -> Self {
        let suit = outfit.suit.spec();
        let athlete = outfit.athlete.spec();
        Self {
            suit: suit.body,
            hat: suit.hat,
            skis: outfit.skis.spec().colour,
            skin: athlete.skin,
            hair: athlete.hair,
            beard: athlete.beard,
            headwear: athlete.headwear,
            head: athlete.head,
            build: athlete.build,
        }
    }
}

/// A leg with its boot and ski: hip → knee → ankle above the foot.
fn push_leg(mesh: &mut MeshData, stance: &Stance, side: usize, colours: &Colours) {
    let foot = stance.feet[side];
    let yaw = Quat::from_rotation_y(stance.ski_yaw[side]);
    let hip = stance.hip(side);
    let ankle = foot + Vec3::Y * ANKLE_HEIGHT;
    let knee_hint = stance.knee_hint + yaw * Vec3::X * (KNEE_SPREAD * stance.side_sign(side));
    let (knee, ankle) = bend(hip, ankle, THIGH, SHIN, knee_hint);
    let legs = shaded(colours.suit, LEG_SHADE);
    beam(mesh, hip, knee, THIGH_WIDTH, THIGH_WIDTH, legs);
    beam(mesh, knee, ankle, SHIN_WIDTH, SHIN_WIDTH, legs);
    let boot = Mat4::from_rotation_translation(yaw, foot + Vec3::Y * (0.5 * BOOT_SIZE.y));
    cuboid(mesh, boot * Mat4::from_scale(BOOT_SIZE), BOOTS);
    let ski = Mat4::from_rotation_translation(yaw, foot + Vec3::Y * (0.5 * SKI_THICKNESS));
    let body_length = SKI_LENGTH - SKI_TIP_LENGTH;
    cuboid(
        mesh,
        ski * Mat4::from_translation(Vec3::Z * (-0.5 * SKI_TIP_LENGTH))
            * Mat4::from_scale(Vec3::new(SKI_WIDTH, SKI_THICKNESS, body_length)),
        colours.skis,
    );
    let tip_start = Vec3::Z * (0.5 * SKI_LENGTH - SKI_TIP_LENGTH);
    let tip_end = tip_start + Quat::from_rotation_x(-SKI_TIP_ANGLE) * Vec3::Z * SKI_TIP_LENGTH;
    beam(
        mesh,
        ski.transform_point3(tip_start),
        ski.transform_point3(tip_end),
        SKI_WIDTH,
        SKI_THICKNESS,
        colours.skis,
    );
}

/// An arm from the shoulder to the glove at the hand; where the hand is (short of the stance's
/// hand when out of reach).
fn push_arm(mesh: &mut MeshData, stance: &Stance, side: usize, colours: &Colours) -> Vec3 {
    let shoulder = stance.shoulder(side);
    let hint = stance.elbow_hint(side);
    let (elbow, hand) = bend(shoulder, stance.hands[side], UPPER_ARM, FOREARM, hint);
    beam(
        mesh,
        shoulder,
        elbow,
        UPPER_ARM_WIDTH,
        UPPER_ARM_WIDTH,
        colours.suit,
    );
    beam(
        mesh,
        elbow,
        hand,
        FOREARM_WIDTH,
        FOREARM_WIDTH,
        colours.suit,
    );
    block(mesh, hand, Vec3::splat(GLOVE_SIZE), GLOVES);
    hand
}

fn push_pole(mesh: &mut MeshData, grip: Vec3, tip: Vec3) {
    beam(mesh, grip, tip, POLE_WIDTH, POLE_WIDTH, POLES);
    let basket = tip + (grip - tip).normalize_or_zero() * BASKET_ABOVE_TIP;
    block(mesh, basket, BASKET_SIZE, POLES);
}

/// Hips, the chest, and the race bib over it front and back, hinged at the shoulders, its
/// lower edge `bib` radians off the chest.
fn push_torso(mesh: &mut MeshData, torso: Mat4, colours: &Colours, bib: f32) {
    let part =
        |centre: Vec3, size: Vec3| torso * Mat4::from_translation(centre) * Mat4::from_scale(size);
    cuboid(
        mesh,
        part(Vec3::Y * (0.5 * HIPS_SIZE.y), HIPS_SIZE),
        colours.suit,
    );
    let chest_centre = Vec3::Y * (TORSO_LENGTH - 0.5 * CHEST_SIZE.y);
    cuboid(mesh, part(chest_centre, CHEST_SIZE), colours.suit);
    for facing in [1.0, -1.0] {
        let hinge = Vec3::new(
            0.0,
            TORSO_LENGTH - BIB_HINGE_BELOW_SHOULDERS,
            facing * (0.5 * CHEST_SIZE.z + 0.5 * BIB_SIZE.z),
        );
        let panel = torso
            * Mat4::from_translation(hinge)
            * Mat4::from_rotation_x(-facing * bib)
            * Mat4::from_translation(Vec3::NEG_Y * (0.5 * BIB_SIZE.y));
        cuboid(mesh, panel * Mat4::from_scale(BIB_SIZE), BIB);
        let number = Vec3::new(0.0, BIB_NUMBER_LIFT, facing * 0.5 * BIB_SIZE.z);
        cuboid(
            mesh,
            panel * Mat4::from_translation(number) * Mat4::from_scale(BIB_PATCH_SIZE),
            BIB_PATCH,
        );
    }
}

/// The head at the athlete's size, a beard if it has one, and its headwear (`pompom`: where
/// a bobble hat's pompom is, from the top of the head, in the head's frame).
fn push_head(mesh: &mut MeshData, head: Mat4, colours: &Colours, pompom: Vec3) {
    let head = head * Mat4::from_scale(Vec3::splat(colours.head));
    ball(
        mesh,
        head * Mat4::from_scale(Vec3::splat(HEAD_RADIUS)),
        colours.skin,
    );
    if let Some(beard) = colours.beard {
        let at = Mat4::from_translation(BEARD_AT * HEAD_RADIUS)
            * Mat4::from_scale(BEARD_SIZE * HEAD_RADIUS);
        ball(mesh, head * at, beard);
    }
    match colours.headwear {
        Headwear::BobbleHat => push_bobble_hat(mesh, head, colours.hat, pompom),
        Headwear::Cap => push_cap(mesh, head, colours.hat),
        Headwear::Headband => push_headband(mesh, head, colours),
    }
}

/// A peaked cap: a low crown over the head and the peak forward.
fn push_cap(mesh: &mut MeshData, head: Mat4, colour: [u8; 4]) {
    let seat = HAT_SEAT_SHARE * HEAD_RADIUS;
    let band_radius = HAT_RADIUS_SHARE * HEAD_RADIUS;
    let crown_top = CAP_CROWN_SHARE * HEAD_RADIUS;
    let crown = Mat4::from_translation(Vec3::Y * seat)
        * Mat4::from_scale(Vec3::new(band_radius, crown_top, band_radius));
    ball(mesh, head * crown, colour);
    let peak_at = Vec3::new(
        0.0,
        seat + crown_top - CAP_PEAK_DROP - 0.5 * crown_top,
        band_radius + 0.5 * CAP_PEAK.z,
    );
    cuboid(
        mesh,
        head * Mat4::from_translation(peak_at) * Mat4::from_scale(CAP_PEAK),
        colour,
    );
}

/// Hair over the crown and the back of the head, a headband round the forehead.
fn push_headband(mesh: &mut MeshData, head: Mat4, colours: &Colours) {
    let hair = Mat4::from_translation(Vec3::new(
        0.0,
        HAIR_LIFT_SHARE * HEAD_RADIUS,
        -HAIR_BACK_SHARE * HEAD_RADIUS,
    )) * Mat4::from_scale(HAIR * HEAD_RADIUS);
    ball(mesh, head * hair, colours.hair);
    let band_radius = HAT_RADIUS_SHARE * HEAD_RADIUS;
    let band = Mat4::from_translation(Vec3::Y * (HEADBAND_LIFT_SHARE * HEAD_RADIUS))
        * Mat4::from_scale(Vec3::new(
            band_radius,
            HEADBAND_HEIGHT_SHARE * HEAD_RADIUS,
            band_radius,
        ));
    prism(mesh, head * band, HAT_SIDES, colours.hat);
}

/// Hat band, the hat's soft crown leaning to the pompom (at `pompom` from the top of the head,
/// in the head's frame) and the pompom.
fn push_bobble_hat(mesh: &mut MeshData, head: Mat4, hat: [u8; 4], pompom: Vec3) {
    let seat = HAT_SEAT_SHARE * HEAD_RADIUS;
    let band_radius = HAT_RADIUS_SHARE * HEAD_RADIUS;
    let band = Mat4::from_translation(Vec3::Y * seat)
        * Mat4::from_scale(Vec3::new(
            band_radius,
            HEAD_RADIUS - seat + HAT_HEIGHT,
            band_radius,
        ));
    prism(mesh, head * band, HAT_SIDES, hat);
    let crown_base = Vec3::Y * (HEAD_RADIUS + HAT_HEIGHT);
    let tip = Vec3::Y * HEAD_RADIUS + pompom;
    let crown_radius = CROWN_SHARE * band_radius;
    // A cone sheared so its base stays on the band and its apex follows the pompom.
    let crown = Mat4::from_cols(
        Vec4::new(crown_radius, 0.0, 0.0, 0.0),
        (tip - crown_base).extend(0.0),
        Vec4::new(0.0, 0.0, crown_radius, 0.0),
        crown_base.extend(1.0),
    );
    cone(mesh, head * crown, HAT_SIDES, hat);
    let bobble = Mat4::from_translation(tip) * Mat4::from_scale(Vec3::splat(BOBBLE_RADIUS));
    ball(mesh, head * bobble, BIB_PATCH);
}

/// The rifle: a wooden stock from the butt, then a dark barrel to the muzzle.
fn push_rifle(mesh: &mut MeshData, butt: Vec3, muzzle: Vec3) {
    let grip = butt.lerp(muzzle, STOCK_SHARE);
    beam(mesh, butt, grip, STOCK_WIDTH, STOCK_DEPTH, STOCK);
    beam(mesh, grip, muzzle, BARREL_WIDTH, BARREL_WIDTH, BARREL);
}
