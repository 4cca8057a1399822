//! Where the skier's joints are for a [`SkierPose`]: a few key stances (the diagonal stride and
//! double poling, tuck, prone, standing aim) blended and bent by the pose's actions. Index 0 is the left side (+x).

use super::stride::{diagonal, double_pole};
use super::{SkierPose, VerticalPose, HEAD_RADIUS, HIP_HALF_SPACING, NECK, SHOULDER_HALF_SPACING};
use super::{SHOULDER_HEIGHT, TORSO_LENGTH};
use crate::course::ShootingPosition;
use glam::{Mat4, Quat, Vec3};

const POLE_LENGTH: f32 = 1.45;
/// Poles lean outward by this much per metre of their length.
const POLE_SPLAY: f32 = 0.05;
/// Height of the hip joints above the bottom of the hips, metres.
const HIP_JOINT_HEIGHT: f32 = 0.06;
/// Sign of x on each side.
pub(super) const SIDE_SIGNS: [f32; 2] = [1.0, -1.0];

/// The classic stride in the track's grooves: the skis parallel, each in its groove (half the
/// grooves' spacing out from the middle: the terrain shader's `GROOVE_OFFSET`).
pub const CLASSIC_FOOT_X: f32 = 0.22;
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
    /// Whole-body roll (+ tips the head towards +x), pitch (+ lifts the ski tips), yaw, about a
    /// point `pivot` metres above the soles (a tumble turns about the body's middle).
    pub(super) roll: f32,
    pub(super) pitch: f32,
    pub(super) yaw: f32,
    pub(super) pivot: f32,
    /// Centres of the boot soles, and each ski's yaw (+ turns its tip towards +x).
    pub feet: [Vec3; 2],
    pub ski_yaw: [f32; 2],
    /// Bottom centre of the hips; the torso's pitch (+ forward), roll (+ head to +x) and twist
    /// (+ turns the chest towards +x, the right shoulder forward).
    pub(super) pelvis: Vec3,
    pub(super) torso_pitch: f32,
    pub(super) torso_roll: f32,
    pub(super) torso_twist: f32,
    /// How far the head tips back from the torso's line, radians.
    pub(super) head_lift: f32,
    pub hands: [Vec3; 2],
    /// Which way the knees and (for the left arm; mirrored on the right) the elbows bend.
    pub knee_hint: Vec3,
    pub(super) elbow_hint: Vec3,
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
        let poling = pose.poling.clamp(0.0, 1.0);
        let mut stance = diagonal(pose.stride);
        if poling > 0.0 {
            stance = stance.lerp(&double_pole(pose.stride), poling);
        }
        match pose.vertical {
            VerticalPose::Ground => {}
            VerticalPose::Duck { progress } => {
                stance = stance.lerp(&tuck(), ease(progress, DUCK_EASE));
            }
            VerticalPose::Jump { progress } => stance.jump(progress.clamp(0.0, 1.0)),
            VerticalPose::Fly { progress, trick } => {
                stance.jump(progress.clamp(0.0, 1.0));
                if let Some((kind, share)) = trick {
                    stance.trick(kind, share.clamp(0.0, 1.0));
                }
            }
        }
        if let Some(progress) = pose.landing {
            stance.land(progress.clamp(0.0, 1.0));
        }
        if let Some(progress) = pose.stumble {
            stance.stumble(progress.clamp(0.0, 1.0));
        }
        if let Some(progress) = pose.tumble {
            stance.tumble(progress.clamp(0.0, 1.0));
        }
        if let Some(share) = pose.victory {
            stance.victory(share.clamp(0.0, 1.0));
        }
        stance.lean(pose.lean.clamp(-1.0, 1.0));
        stance.yaw += pose.heading;
        stance
    }

    /// Nothing turned or bent: the base every key stance fills in.
    pub(super) fn rest() -> Self {
        Self {
            roll: 0.0,
            pitch: 0.0,
            yaw: 0.0,
            pivot: 0.0,
            feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * CLASSIC_FOOT_X)),
            ski_yaw: [0.0; 2],
            pelvis: Vec3::ZERO,
            torso_pitch: 0.0,
            torso_roll: 0.0,
            torso_twist: 0.0,
            head_lift: 0.0,
            hands: [Vec3::ZERO; 2],
            knee_hint: Vec3::Z,
            elbow_hint: ELBOW_HINT_SKIING,
            poles: [(Vec3::ZERO, Vec3::NEG_Y); 2],
            rifle: None,
        }
    }

    /// The whole-body transform: yaw, then roll, then pitch about the pivot.
    pub fn root(&self) -> Mat4 {
        let pivot = Vec3::Y * self.pivot;
        Mat4::from_rotation_y(self.yaw)
            * Mat4::from_translation(pivot)
            * Mat4::from_rotation_z(-self.roll)
            * Mat4::from_rotation_x(-self.pitch)
            * Mat4::from_translation(-pivot)
    }

    /// The torso's frame: origin at the bottom of the hips, y up the spine, z out of the chest.
    pub fn torso_frame(&self) -> Mat4 {
        Mat4::from_translation(self.pelvis)
            * Mat4::from_rotation_y(self.torso_twist)
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

    /// Hip joints sit on the pelvis, turned with the body's roll but not the chest's twist.
    pub fn hip(&self, side: usize) -> Vec3 {
        let local = Vec3::new(SIDE_SIGNS[side] * HIP_HALF_SPACING, HIP_JOINT_HEIGHT, 0.0);
        let hips = Mat4::from_translation(self.pelvis)
            * Mat4::from_rotation_z(-self.torso_roll)
            * Mat4::from_rotation_x(self.torso_pitch);
        hips.transform_point3(local)
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

    /// `t` of the way from this stance to `other`, every joint in a straight line.
    pub(super) fn lerp(&self, other: &Self, t: f32) -> Self {
        let f = |a: f32, b: f32| a + (b - a) * t;
        let v = |a: Vec3, b: Vec3| a.lerp(b, t);
        let pair = |a: [Vec3; 2], b: [Vec3; 2]| [v(a[0], b[0]), v(a[1], b[1])];
        let pole = |a: (Vec3, Vec3), b: (Vec3, Vec3)| (v(a.0, b.0), v(a.1, b.1));
        Self {
            roll: f(self.roll, other.roll),
            pitch: f(self.pitch, other.pitch),
            yaw: f(self.yaw, other.yaw),
            pivot: f(self.pivot, other.pivot),
            feet: pair(self.feet, other.feet),
            ski_yaw: [
                f(self.ski_yaw[0], other.ski_yaw[0]),
                f(self.ski_yaw[1], other.ski_yaw[1]),
            ],
            pelvis: v(self.pelvis, other.pelvis),
            torso_pitch: f(self.torso_pitch, other.torso_pitch),
            torso_roll: f(self.torso_roll, other.torso_roll),
            torso_twist: f(self.torso_twist, other.torso_twist),
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
}

/// The tuck: crouched low, hands before the knees, poles under the arms.
pub(super) fn tuck() -> Stance {
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
        pivot: 0.0,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * TUCK_FOOT_X)),
        ski_yaw: [0.0; 2],
        pelvis: TUCK_PELVIS,
        torso_pitch: TUCK_TORSO_PITCH,
        torso_roll: 0.0,
        torso_twist: 0.0,
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
        pivot: 0.0,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * PRONE_FOOT_X)),
        ski_yaw: [PRONE_SPLAY, -PRONE_SPLAY],
        pelvis: PRONE_PELVIS,
        torso_pitch: PRONE_TORSO_PITCH,
        torso_roll: 0.0,
        torso_twist: 0.0,
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
        pivot: 0.0,
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * STANDING_FOOT_X)),
        ski_yaw: [0.0; 2],
        pelvis: STANDING_PELVIS,
        torso_pitch: STANDING_TORSO_PITCH,
        torso_roll: 0.0,
        torso_twist: 0.0,
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
pub(super) fn pole_from(grip: Vec3, angle: f32, side: usize) -> (Vec3, Vec3) {
    let lowest = (grip.y / POLE_LENGTH).clamp(-1.0, 1.0).acos();
    let angle = angle.max(lowest);
    let (sin, cos) = angle.sin_cos();
    let outward = POLE_SPLAY * SIDE_SIGNS[side];
    let direction = Vec3::new(outward, -cos, -sin).normalize();
    (grip, grip + direction * POLE_LENGTH)
}

/// 0 → 1 over the first `share` of an action, 1 until the last `share`, back to 0 at its end.
pub(super) fn ease(progress: f32, share: f32) -> f32 {
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
