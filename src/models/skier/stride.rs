//! The classic technique on the flat: the diagonal stride (one leg kicks back while the other
//! glides, the opposite arm plants its pole and pushes: arms and legs in opposition) and double
//! poling (skis together, both poles planted at once, the body folding over them), both keyed to
//! the same stride phase so one blends into the other without a jump.

use super::stance::{pole_from, Stance, SIDE_SIGNS};
use glam::Vec3;
use std::f32::consts::{PI, TAU};

/// Half the feet's travel along the track, metres: the gliding foot this far ahead, the
/// kicking one this far behind.
const STRIDE_REACH_Z: f32 = 0.42;
/// How high the kicked leg's ski comes off the snow as it swings forward again.
const RECOVERY_LIFT: f32 = 0.07;
/// The hips at rest, how far they move over the gliding ski, and how much they drop at the kick.
const STRIDE_PELVIS: Vec3 = Vec3::new(0.0, 0.86, 0.04);
const WEIGHT_SHIFT: f32 = 0.07;
const STRIDE_BOB: f32 = 0.05;
/// The upper body leans forward, folds further over each kick, and twists against the hips
/// with each arm swing, radians.
const STRIDE_TORSO_PITCH: f32 = 0.4;
const STRIDE_TORSO_FOLD: f32 = 0.12;
const STRIDE_TWIST: f32 = 0.16;
/// A hand at the middle of its swing, and how far it swings forward-up / back-down: at the
/// shoulder's height in front as the pole is planted, the arm straight back at hip height at
/// the end of the push (both within the arm's reach).
const STRIDE_HAND_MID: Vec3 = Vec3::new(0.24, 1.13, 0.2);
const STRIDE_HAND_SWING: Vec3 = Vec3::new(-0.02, 0.2, 0.4);
/// Pole angle behind the vertical as the pole is planted (hand forward: its tip by the front
/// foot's binding) and at the end of the push (hand back), and the extra trail of a pole
/// swinging forward in the air.
const POLE_PLANT_ANGLE: f32 = 0.2;
const POLE_PUSH_ANGLE: f32 = 1.05;
const POLE_RECOVERY_TRAIL: f32 = 0.12;
const ELBOW_HINT_STRIDE: Vec3 = Vec3::new(0.4, -0.4, -1.0);
const HEAD_LOOKS_AHEAD: f32 = 0.7;

/// Double poling: the feet side by side, hands swinging together, the torso folding over the
/// push; two pushes per stride phase.
const POLING_FOOT_X: f32 = 0.2;
const POLING_PELVIS: Vec3 = Vec3::new(0.0, 0.88, -0.02);
const POLING_HAND_MID: Vec3 = Vec3::new(0.23, 0.95, 0.15);
const POLING_HAND_SWING: Vec3 = Vec3::new(0.0, 0.2, 0.36);
const POLING_TORSO_PITCH: f32 = 0.25;
const POLING_CRUNCH: f32 = 0.5;
const POLING_DIP: f32 = 0.12;
const POLING_PUSHES_PER_STRIDE: f32 = 2.0;

/// How far each leg is ahead (+1) or behind (−1) at stride phase `stride`: the left leg
/// (side 0) kicks back over the first half, the right over the second.
pub fn leg_reach(stride: f32, side: usize) -> f32 {
    -SIDE_SIGNS[side] * (TAU * stride).sin()
}

/// The diagonal stride at phase `stride`.
pub fn diagonal(stride: f32) -> Stance {
    let angle = TAU * stride;
    let (sin, cos) = angle.sin_cos();
    let reach = [leg_reach(stride, 0), leg_reach(stride, 1)];
    let feet = [0, 1].map(|side| {
        // A leg swings forward while its reach grows: lifted a little, clear of the track.
        let swinging = (-SIDE_SIGNS[side] * cos).max(0.0) * (1.0 - reach[side]) * 0.5;
        Vec3::new(
            SIDE_SIGNS[side] * super::stance::CLASSIC_FOOT_X,
            RECOVERY_LIFT * swinging,
            STRIDE_REACH_Z * reach[side],
        )
    });
    // Each arm swings with the other side's leg.
    let arm = [reach[1], reach[0]];
    let hands = [0, 1].map(|side| {
        (STRIDE_HAND_MID + STRIDE_HAND_SWING * arm[side]) * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0)
    });
    let poles = [0, 1].map(|side| {
        let back = 0.5 * (1.0 - arm[side]);
        // The arm moving forward (its leg kicking back) carries its pole through the air.
        let recovering = (-SIDE_SIGNS[side] * -cos).max(0.0);
        let trail = POLE_RECOVERY_TRAIL * (PI * back).sin() * recovering;
        let angle = POLE_PLANT_ANGLE + (POLE_PUSH_ANGLE - POLE_PLANT_ANGLE) * back + trail;
        pole_from(hands[side], angle, side)
    });
    let kick = sin.abs();
    // The body drops onto the pole and folds over it as the leg kicks back.
    let torso_pitch = STRIDE_TORSO_PITCH + STRIDE_TORSO_FOLD * kick;
    Stance {
        feet,
        pelvis: STRIDE_PELVIS + Vec3::new(WEIGHT_SHIFT * reach[0], -STRIDE_BOB * kick, 0.0),
        torso_pitch,
        torso_twist: STRIDE_TWIST * reach[0],
        head_lift: HEAD_LOOKS_AHEAD * torso_pitch,
        hands,
        knee_hint: Vec3::Z,
        elbow_hint: ELBOW_HINT_STRIDE,
        poles,
        ..Stance::rest()
    }
}

/// Double poling at phase `stride`: both arms reach forward, plant and push back together.
pub fn double_pole(stride: f32) -> Stance {
    let swing = (POLING_PUSHES_PER_STRIDE * TAU * stride).cos();
    // 0 with the hands forward (planting), 1 with them pushed through behind the hips.
    let through = 0.5 * (1.0 - swing);
    let hands = [0, 1].map(|side| {
        (POLING_HAND_MID + POLING_HAND_SWING * swing) * Vec3::new(SIDE_SIGNS[side], 1.0, 1.0)
    });
    let angle = POLE_PLANT_ANGLE + (POLE_PUSH_ANGLE - POLE_PLANT_ANGLE) * through;
    let crunch = (PI * through).sin();
    let torso_pitch = POLING_TORSO_PITCH + POLING_CRUNCH * crunch;
    Stance {
        feet: [0, 1].map(|side| Vec3::X * (SIDE_SIGNS[side] * POLING_FOOT_X)),
        pelvis: POLING_PELVIS - Vec3::Y * (POLING_DIP * crunch),
        torso_pitch,
        head_lift: HEAD_LOOKS_AHEAD * torso_pitch,
        hands,
        knee_hint: Vec3::Z,
        elbow_hint: ELBOW_HINT_STRIDE,
        poles: [0, 1].map(|side| pole_from(hands[side], angle, side)),
        ..Stance::rest()
    }
}
