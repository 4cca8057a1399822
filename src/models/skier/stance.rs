//! Where the skier's joints are for a [`SkierPose`]: a few key stances (skating, tuck, prone,
//! standing aim) blended and bent by the pose's actions. Index 0 is the left side (+x).

use super::{SkierPose, VerticalPose, HEAD_RADIUS, HIP_HALF_SPACING, NECK, SHOULDER_HALF_SPACING};
use super::{SHOULDER_HEIGHT, TORSO_LENGTH};
use crate::course::ShootingPosition;
use glam::{Mat4, Quat, Vec3};
use std::f32::consts::{PI, TAU};

const POLE_LENGTH: f32 = 1.45;
/// Poles lean outward by this much per metre of their length.
const POLE_SPLAY: f32 = 0.05;
/// Height of the hip joints above the bottom of the hips, metres.
const HIP_JOINT_HEIGHT: f32 = 0.06;
/// Sign of x on each side.
const SIDE_SIGNS: [f32; 2] = [1.0, -1.0];

/// The classic stride in the track's grooves: the skis parallel, each in its groove (half the
/// grooves' spacing out from the middle: the terrain shader's `GROOVE_OFFSET`), the kicking leg
/// reaching back as the gliding one slides forward.
pub const CLASSIC_FOOT_X: f32 = 0.22;
const STRIDE_REACH_Z: f32 = 0.32;
const RECOVERY_LIFT: f32 = 0.05;
const SKATE_PELVIS: Vec3 = Vec3::new(0.0, 0.86, 0.0);
const WEIGHT_SHIFT: f32 = 0.08;
const STRIDE_BOB: f32 = 0.04;
/// Double poling: hands at the middle of the swing and how far they swing.
const HAND_MID: Vec3 = Vec3::new(0.22, 0.9, 0.12);
const HAND_SWING: Vec3 = Vec3::new(0.0, 0.18, 0.3);
const SKATE_TORSO_PITCH: f32 = 0.3;
const POLING_CRUNCH: f32 = 0.15;
/// Pole angle behind the vertical, radians, with the hand forward and back.
const POLE_PLANT_ANGLE: f32 = 0.3;
const POLE_PUSH_ANGLE: f32 = 1.0;
const HEAD_LOOKS_AHEAD: f32 = 0.7;
const ELBOW_HINT_SKIING: Vec3 = Vec3::new(0.6, -0.5, -1.0);

/// The tuck for ducking.
const TUCK_FOOT_X: f32 = 0.14;
const TUCK_PELVIS: Vec3 = Vec3::new(0.0, 0.42, -0.12);
const TUCK_TORSO_PITCH: f32 = 1.3;
const TUCK_HEAD_LIFT: f32 = 0.5;
const TUCK_HAND: Vec3 = Vec3::new(0.14, 0.55, 0.35);
const TUCK_POLE_DIRECTION: Vec3 = Vec3::new(0.03, 0.15, -1.0);
/// Share of a duck spent going down (and coming back up).
const DUCK_EASE: f32 = 0.15;

/// Jumping: how deep the knees tuck, how the skis pitch at take-off (tips up) and landing.
const JUMP_TUCK: f32 = 0.2;
const JUMP_PITCH: f32 = 0.25;
const JUMP_HAND: Vec3 = Vec3::new(0.3, 0.95, 0.35);
/// Share of a jump spent bringing the skis together after take-off (and apart before landing).
const JUMP_GATHER: f32 = 0.2;

/// Stumbling: forward pitch, wobble and flailing arms.
const STUMBLE_PITCH: f32 = 0.45;
const STUMBLE_TORSO_ROLL: f32 = 0.5;
const STUMBLE_ROOT_ROLL: f32 = 0.15;
const STUMBLE_FLAIL: Vec3 = Vec3::new(0.25, 0.35, -0.1);

/// Leaning into a lane change: the whole body and, more, the upper body.
const LEAN_ROOT_ROLL: f32 = 0.22;
const LEAN_TORSO_ROLL: f32 = 0.18;
const LEAN_PELVIS_SHIFT: f32 = 0.06;

/// Prone at the range: lying flat on the mat (legs straight out behind, the hips on the mat),
/// the chest propped up on the elbows, the rifle forward at the right shoulder, the skis
/// splayed under and behind the legs.
const PRONE_FOOT_X: f32 = 0.24;
const PRONE_SPLAY: f32 = 0.12;
const PRONE_PELVIS: Vec3 = Vec3::new(0.0, 0.11, 0.98);
const PRONE_TORSO_PITCH: f32 = 1.3;
const PRONE_HEAD_LIFT: f32 = 1.05;
const PRONE_BUTT: Vec3 = Vec3::new(-0.14, 0.36, 1.42);
const PRONE_KNEE_HINT: Vec3 = Vec3::new(0.0, 1.0, -0.2);
const PRONE_ELBOW_HINT: Vec3 = Vec3::new(0.3, -1.0, 0.0);
/// Standing at the range: turned well round to the right (left shoulder towards the targets,
/// not quite side-on, so the body is seen aiming), the rifle at the right shoulder.
const STANDING_YAW: f32 = -1.0;
const STANDING_FOOT_X: f32 = 0.18;
const STANDING_PELVIS: Vec3 = Vec3::new(0.0, 0.93, 0.0);
const STANDING_TORSO_PITCH: f32 = -0.08;
const STANDING_BUTT: Vec3 = Vec3::new(-0.16, 1.42, 0.05);
const STANDING_ELBOW_HINT: Vec3 = Vec3::new(0.2, -1.0, 0.3);
/// At the range: rifle length, where the hands hold it (shares of its length), poles on the mat.
const RIFLE_LENGTH: f32 = 1.05;
const TRIGGER_HAND: f32 = 0.2;
const FORE_END_HAND: f32 = 0.47;
const HAND_BELOW_RIFLE: f32 = 0.05;
const POLE_REST_X: f32 = 0.6;
const POLE_REST_Z: [f32; 2] = [-0.45, 1.0];
const POLE_REST_Y: f32 = 0.02;

/// Joint positions before the whole-body turn ([`Stance::root`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stance {
    /// Whole-body roll (+ tips the head towards +x), pitch (+ lifts the ski tips), yaw.
    roll: f32,
    pitch: f32,
    yaw: f32,
    /// Centres of the boot soles, and each ski's yaw (+ turns its tip towards +x).
    pub feet: [Vec3; 2],
    pub ski_yaw: [f32; 2],
    /// Bottom centre of the hips; the torso's pitch (+ forward) and roll (+ head to +x).
    pelvis: Vec3,
    torso_pitch: f32,
    torso_roll: f32,
    /// How far the head tips back from the torso's line, radians.
    head_lift: f32,
    pub hands: [Vec3; 2],
    /// Which way the knees and (for the left arm; mirrored on the right) the elbows bend.
    pub knee_hint: Vec3,
    elbow_hint: Vec3,
    /// Each pole's grip and tip.
    pub poles: [(Vec3, Vec3); 2],
    /// The rifle's butt and muzzle when in the hands; `None` on the back.
    pub rifle: Option<(Vec3, Vec3)>,
}

impl Stance {
    pub fn for_pose(pose: &SkierPose) -> Self {
        match pose.shooting {
            Some(ShootingPosition::Prone) => return prone(),
            Some(ShootingPosition::Standing) => return standing_aim(),
            None => {}
        }
        let mut stance = skating(pose.stride);
        match pose.vertical {
            VerticalPose::Ground => {}
            VerticalPose::Duck { progress } => {
                stance = stance.lerp(&tuck(), ease(progress, DUCK_EASE));
            }
            VerticalPose::Jump { progress } => stance.jump(progress.clamp(0.0, 1.0)),
        }
        if let Some(progress) = pose.stumble {
            stance.stumble(progress.clamp(0.0, 1.0));
        }
        stance.lean(pose.lean.clamp(-1.0, 1.0));
        stance.yaw += pose.heading;
        stance
    }

    /// The whole-body transform: yaw, then roll, then pitch about the origin.
    pub fn root(&self) -> Mat4 {
        Mat4::from_rotation_y(self.yaw)
            * Mat4::from_rotation_z(-self.roll)
            * Mat4::from_rotation_x(-self.pitch)
    }

    /// The torso's frame: origin at the bottom of the hips, y up the spine, z out of the chest.
    pub fn torso_frame(&self) -> Mat4 {
        Mat4::from_translation(self.pelvis)
            * Mat4::from_rotation_z(-self.torso_roll)
            * Mat4::from_rotation_x(self.torso_pitch)
    }

    /// The head's frame relative to the torso: origin at the head's centre.
    pub fn head_frame(&self) -> Mat4 {
        Mat4::from_translation(Vec3::Y * TORSO_LENGTH)
            * Mat4::from_rotation_x(-self.head_lift)
            * Mat4::from_translation(Vec3::Y * (NECK + HEAD_RADIUS))
    }

    pub fn side_sign(&self, side: usize) -> f32 {
        SIDE_SIGNS[side]
    }

    pub fn hip(&self, side: usize) -> Vec3 {
        let local = Vec3::new(SIDE_SIGNS[side] * HIP_HALF_SPACING, HIP_JOINT_HEIGHT, 0.0);
        self.torso_frame().transform_point3(local)
    }

    pub fn shoulder(&self, side: usize) -> Vec3 {
        let local = Vec3::new(
            SIDE_SIGNS[side] * SHOULDER_HALF_SPACING,
            SHOULDER_HEIGHT,
            0.0,
        );
        self.torso_frame().transform_point3(local)
    }

    /// The elbow's bending direction on `side`.
    pub fn elbow_hint(&self, side: usize) -> Vec3 {
        self.elbow_hint * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0)
    }

    fn lerp(&self, other: &Self, t: f32) -> Self {
        let f = |a: f32, b: f32| a + (b - a) * t;
        let v = |a: Vec3, b: Vec3| a.lerp(b, t);
        let pair = |a: [Vec3; 2], b: [Vec3; 2]| [v(a[0], b[0]), v(a[1], b[1])];
        let pole = |a: (Vec3, Vec3), b: (Vec3, Vec3)| (v(a.0, b.0), v(a.1, b.1));
        Self {
            roll: f(self.roll, other.roll),
            pitch: f(self.pitch, other.pitch),
            yaw: f(self.yaw, other.yaw),
            feet: pair(self.feet, other.feet),
            ski_yaw: [
                f(self.ski_yaw[0], other.ski_yaw[0]),
                f(self.ski_yaw[1], other.ski_yaw[1]),
            ],
            pelvis: v(self.pelvis, other.pelvis),
            torso_pitch: f(self.torso_pitch, other.torso_pitch),
            torso_roll: f(self.torso_roll, other.torso_roll),
            head_lift: f(self.head_lift, other.head_lift),
            hands: pair(self.hands, other.hands),
            knee_hint: v(self.knee_hint, other.knee_hint),
            elbow_hint: v(self.elbow_hint, other.elbow_hint),
            poles: [
                pole(self.poles[0], other.poles[0]),
                pole(self.poles[1], other.poles[1]),
            ],
            rifle: if t < 0.5 { self.rifle } else { other.rifle },
        }
    }

    /// Tuck the knees, reach forward, trail the poles and pitch the skis over the jump.
    fn jump(&mut self, progress: f32) {
        let arc = (PI * progress).sin();
        let gather = ease(progress, JUMP_GATHER);
        self.pelvis.y -= JUMP_TUCK * arc;
        self.pitch = JUMP_PITCH * (1.0 - 2.0 * progress);
        for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
            let together = Vec3::X * (sign * TUCK_FOOT_X);
            self.feet[side] = self.feet[side].lerp(together, gather);
            self.ski_yaw[side] *= 1.0 - gather;
            let hand = JUMP_HAND * Vec3::new(sign, 1.0, 1.0);
            self.hands[side] = self.hands[side].lerp(hand, arc);
            self.poles[side] = pole_from(self.hands[side], POLE_PUSH_ANGLE, side);
        }
    }

    fn stumble(&mut self, progress: f32) {
        let arc = (PI * progress).sin();
        let wobble = (3.0 * PI * progress).sin() * (1.0 - progress);
        self.torso_pitch += STUMBLE_PITCH * arc;
        self.torso_roll += STUMBLE_TORSO_ROLL * wobble;
        self.roll += STUMBLE_ROOT_ROLL * (TAU * progress).sin() * (1.0 - progress);
        for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
            self.hands[side] += STUMBLE_FLAIL * Vec3::new(sign, 1.0, 1.0) * arc;
            self.poles[side] = pole_from(self.hands[side], POLE_PUSH_ANGLE, side);
        }
    }

    fn lean(&mut self, lean: f32) {
        self.roll += LEAN_ROOT_ROLL * lean;
        self.torso_roll += LEAN_TORSO_ROLL * lean;
        self.pelvis.x += LEAN_PELVIS_SHIFT * lean;
    }
}

/// The skating stride at phase `stride`: a push with each leg, a double-pole with each push.
fn skating(stride: f32) -> Stance {
    let (push, _) = (TAU * stride).sin_cos();
    let pushes = [push.max(0.0), (-push).max(0.0)];
    let feet = [0, 1].map(|side| {
        let reach = pushes[side];
        let glide = pushes[1 - side];
        Vec3::new(
            SIDE_SIGNS[side] * CLASSIC_FOOT_X,
            RECOVERY_LIFT * glide,
            STRIDE_REACH_Z * (glide - reach),
        )
    });
    let swing = (2.0 * TAU * stride).cos();
    let through = 0.5 * (1.0 - swing);
    let hands =
        [0, 1].map(|side| (HAND_MID + HAND_SWING * swing) * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0));
    let angle = POLE_PLANT_ANGLE + (POLE_PUSH_ANGLE - POLE_PLANT_ANGLE) * through;
    let torso_pitch = SKATE_TORSO_PITCH + POLING_CRUNCH * through;
    Stance {
        roll: 0.0,
        pitch: 0.0,
        yaw: 0.0,
        feet,
        ski_yaw: [0.0, 0.0],
        pelvis: SKATE_PELVIS + Vec3::new(-WEIGHT_SHIFT * push, -STRIDE_BOB * push.abs(), 0.0),
        torso_pitch,
        torso_roll: 0.0,
        head_lift: HEAD_LOOKS_AHEAD * torso_pitch,
        hands,
        knee_hint: Vec3::Z,
        elbow_hint: ELBOW_HINT_SKIING,
        poles: [0, 1].map(|side| pole_from(hands[side], angle, side)),
        rifle: None,
    }
}

/// The tuck: crouched low, hands before the knees, poles under the arms.
fn tuck() -> Stance {
    let hands = [0, 1].map(|side| TUCK_HAND * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0));
    let poles = [0, 1].map(|side| {
        let direction = TUCK_POLE_DIRECTION * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0);
        (
            hands[side],
            hands[side] + direction.normalize() * POLE_LENGTH,
        )
    });
    Stance {
        roll: 0.0,
        pitch: 0.0,
        yaw: 0.0,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * TUCK_FOOT_X)),
        ski_yaw: [0.0; 2],
        pelvis: TUCK_PELVIS,
        torso_pitch: TUCK_TORSO_PITCH,
        torso_roll: 0.0,
        head_lift: TUCK_HEAD_LIFT,
        hands,
        knee_hint: Vec3::Z,
        elbow_hint: ELBOW_HINT_SKIING,
        poles,
        rifle: None,
    }
}

/// Lying on the mat, aiming along +z.
fn prone() -> Stance {
    let aim = Vec3::Z * RIFLE_LENGTH;
    Stance {
        roll: 0.0,
        pitch: 0.0,
        yaw: 0.0,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * PRONE_FOOT_X)),
        ski_yaw: [PRONE_SPLAY, -PRONE_SPLAY],
        pelvis: PRONE_PELVIS,
        torso_pitch: PRONE_TORSO_PITCH,
        torso_roll: 0.0,
        head_lift: PRONE_HEAD_LIFT,
        hands: hands_on_rifle(PRONE_BUTT, aim),
        knee_hint: PRONE_KNEE_HINT,
        elbow_hint: PRONE_ELBOW_HINT,
        poles: poles_at_rest(),
        rifle: Some((PRONE_BUTT, PRONE_BUTT + aim)),
    }
}

/// Standing turned to the right, aiming along +z once the whole-body yaw turns it.
fn standing_aim() -> Stance {
    let aim = Quat::from_rotation_y(-STANDING_YAW) * Vec3::Z * RIFLE_LENGTH;
    Stance {
        roll: 0.0,
        pitch: 0.0,
        yaw: STANDING_YAW,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * STANDING_FOOT_X)),
        ski_yaw: [0.0; 2],
        pelvis: STANDING_PELVIS,
        torso_pitch: STANDING_TORSO_PITCH,
        torso_roll: 0.0,
        head_lift: 0.0,
        hands: hands_on_rifle(STANDING_BUTT, aim),
        knee_hint: Vec3::Z,
        elbow_hint: STANDING_ELBOW_HINT,
        poles: poles_at_rest(),
        rifle: Some((STANDING_BUTT, STANDING_BUTT + aim)),
    }
}

/// Left hand under the fore-end, right hand at the trigger.
fn hands_on_rifle(butt: Vec3, aim: Vec3) -> [Vec3; 2] {
    let below = Vec3::Y * HAND_BELOW_RIFLE;
    [
        butt + aim * FORE_END_HAND - below,
        butt + aim * TRIGGER_HAND - below,
    ]
}

/// Both poles laid on the mat beside the skier.
fn poles_at_rest() -> [(Vec3, Vec3); 2] {
    [0, 1].map(|side| {
        let x = SIDE_SIGNS[side] * POLE_REST_X;
        (
            Vec3::new(x, POLE_REST_Y, POLE_REST_Z[0]),
            Vec3::new(x, POLE_REST_Y, POLE_REST_Z[1]),
        )
    })
}

/// A pole held at `grip`, leaning back `angle` radians from the vertical, its tip kept out of
/// the snow.
fn pole_from(grip: Vec3, angle: f32, side: usize) -> (Vec3, Vec3) {
    let lowest = (grip.y / POLE_LENGTH).clamp(-1.0, 1.0).acos();
    let angle = angle.max(lowest);
    let (sin, cos) = angle.sin_cos();
    let outward = POLE_SPLAY * SIDE_SIGNS[side];
    let direction = Vec3::new(outward, -cos, -sin).normalize();
    (grip, grip + direction * POLE_LENGTH)
}

/// 0 → 1 over the first `share` of an action, 1 until the last `share`, back to 0 at its end.
fn ease(progress: f32, share: f32) -> f32 {
    (progress / share)
        .min((1.0 - progress) / share)
        .clamp(0.0, 1.0)
}

/// Two-bone reach from `root` towards `target` (bones `upper` then `lower` long), bending
/// towards `hint`: the middle joint and where the end lands (short of `target` if out of reach).
pub fn bend(root: Vec3, target: Vec3, upper: f32, lower: f32, hint: Vec3) -> (Vec3, Vec3) {
    let to = target - root;
    let reach = to
        .length()
        .clamp((upper - lower).abs() + 1e-3, upper + lower - 1e-3);
    let along = to.try_normalize().unwrap_or(Vec3::NEG_Y);
    let end = root + along * reach;
    let side = (hint - along * hint.dot(along))
        .try_normalize()
        .unwrap_or_else(|| along.any_orthonormal_vector());
    let to_joint = (upper * upper - lower * lower + reach * reach) / (2.0 * reach);
    let out = (upper * upper - to_joint * to_joint).max(0.0).sqrt();
    (root + along * to_joint + side * out, end)
}
