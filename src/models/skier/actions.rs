//! The actions laid over the stride: jumping (a tuck in the air), landing (the knees take the
//! blow), a ramp's tricks (spread, tuck), the forgiven stumble, the crash's tumble and get-up, the lean into a lane change, and
//! the victory at the finish.

use super::stance::{ease, pole_from, tuck, Stance, SIDE_SIGNS};
use crate::sim::skier::Trick;
use glam::Vec3;
use std::f32::consts::{PI, TAU};

/// Jumping: how far the body folds towards the tuck at the top, how the skis pitch at take-off
/// (tips up) and landing, where the hands reach.
const JUMP_TUCK_SHARE: f32 = 0.55;
const JUMP_PITCH: f32 = 0.25;
const JUMP_HAND: Vec3 = Vec3::new(0.3, 0.8, 0.4);
const JUMP_POLE_ANGLE: f32 = 1.2;
/// Share of a jump spent tilting the skis up (and back level at the landing).
const JUMP_TILT_EASE: f32 = 0.1;
/// Share of a jump spent bringing the skis together after take-off (and apart before landing).
const JUMP_GATHER: f32 = 0.2;
/// The feet's half spacing with the skis together.
const GATHERED_FOOT_X: f32 = 0.12;

/// Landing: how deep the knees give (a share of the way to the tuck) and the share of the
/// landing spent going down (the rest coming back up).
const LANDING_DEPTH: f32 = 0.6;
const LANDING_DOWN: f32 = 0.2;

/// Stumbling (the forgiven first crash): forward pitch, wobble and flailing arms.
const STUMBLE_PITCH: f32 = 0.45;
const STUMBLE_TORSO_ROLL: f32 = 0.5;
const STUMBLE_ROOT_ROLL: f32 = 0.15;
const STUMBLE_FLAIL: Vec3 = Vec3::new(0.25, 0.35, -0.1);

/// The tumble (a crash), in shares of its time: thrown forward, one roll over the side curled
/// up, a moment down, then up again.
const TUMBLE_THROWN: f32 = 0.12;
const TUMBLE_ROLLED: f32 = 0.55;
const TUMBLE_UP_FROM: f32 = 0.7;
/// It rolls about a point this high above the soles, thrown forward this far (radians).
const TUMBLE_PIVOT: f32 = 0.5;
const TUMBLE_THROW_PITCH: f32 = 0.5;
const TUMBLE_FLAIL: Vec3 = Vec3::new(0.35, 0.45, 0.1);

/// The victory: both hands thrown up and apart above the head, the poles raised with them
/// pointing up and out, the body upright.
const VICTORY_HAND: Vec3 = Vec3::new(0.38, 1.95, 0.08);
const VICTORY_POLE: Vec3 = Vec3::new(0.45, 1.2, -0.15);

/// The spread: the feet's reach out from the middle and the skis' turn out, metres and
/// radians; the hands thrown out and up.
const SPREAD_FOOT_X: f32 = 0.55;
const SPREAD_SKI_YAW: f32 = 0.6;
const SPREAD_HAND: Vec3 = Vec3::new(0.85, 1.45, 0.05);
/// The tuck grab: how far the feet come up towards the hips, metres, and the body's pitch.
const GRAB_KNEES_UP: f32 = 0.35;
const GRAB_PITCH: f32 = 0.25;

/// Leaning into a lane change: the whole body and, more, the upper body.
const LEAN_ROOT_ROLL: f32 = 0.22;
const LEAN_TORSO_ROLL: f32 = 0.18;
const LEAN_PELVIS_SHIFT: f32 = 0.06;

impl Stance {
    /// Fold towards the tuck, reach forward, trail the poles and pitch the skis over the jump.
    pub(super) fn jump(&mut self, progress: f32) {
        let arc = (PI * progress).sin();
        let gather = ease(progress, JUMP_GATHER);
        *self = self.lerp(&tuck(), JUMP_TUCK_SHARE * arc);
        // Tipped up off the lip, down for the landing, level again on the snow.
        self.pitch = JUMP_PITCH * (1.0 - 2.0 * progress) * ease(progress, JUMP_TILT_EASE);
        for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
            let together = Vec3::new(sign * GATHERED_FOOT_X, 0.0, 0.0);
            self.feet[side] = self.feet[side].lerp(together, gather);
            self.ski_yaw[side] *= 1.0 - gather;
            let hand = JUMP_HAND * Vec3::new(sign, 1.0, 1.0);
            self.hands[side] = self.hands[side].lerp(hand, arc);
            self.swing_pole(side, arc);
        }
    }

    /// A trick in a ramp's air, `share` done: a spread throws the skis and arms wide (a star
    /// against the sky), a tuck pulls the knees up to the chest with a hand to the skis.
    pub(super) fn trick(&mut self, kind: Trick, share: f32) {
        let arc = (PI * share).sin();
        match kind {
            Trick::Spread => {
                for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
                    let wide = Vec3::new(sign * SPREAD_FOOT_X, 0.0, 0.0);
                    self.feet[side] = self.feet[side].lerp(wide, arc);
                    self.ski_yaw[side] = sign * SPREAD_SKI_YAW * arc;
                    let hand = SPREAD_HAND * Vec3::new(sign, 1.0, 1.0);
                    self.hands[side] = self.hands[side].lerp(hand, arc);
                    self.swing_pole(side, arc);
                }
                self.torso_pitch *= 1.0 - arc;
            }
            Trick::Tuck => {
                *self = self.lerp(&tuck(), arc);
                for foot in &mut self.feet {
                    foot.y += GRAB_KNEES_UP * arc;
                }
                self.pitch += GRAB_PITCH * arc;
            }
        }
    }

    /// Give at the knees as the skis meet the snow, then stand up into the stride.
    pub(super) fn land(&mut self, progress: f32) {
        let down = (progress / LANDING_DOWN).min(1.0);
        let up = ((1.0 - progress) / (1.0 - LANDING_DOWN)).min(1.0);
        let depth = LANDING_DEPTH * smooth(down) * smooth(up);
        let arms = self.hands;
        *self = self.lerp(&tuck(), depth);
        // The arms stay out for balance rather than tucking in.
        self.hands = [0, 1].map(|side| arms[side].lerp(self.hands[side], 0.5));
    }

    pub(super) fn stumble(&mut self, progress: f32) {
        let arc = (PI * progress).sin();
        let wobble = (3.0 * PI * progress).sin() * (1.0 - progress);
        self.torso_pitch += STUMBLE_PITCH * arc;
        self.torso_roll += STUMBLE_TORSO_ROLL * wobble;
        self.roll += STUMBLE_ROOT_ROLL * (TAU * progress).sin() * (1.0 - progress);
        self.flail(STUMBLE_FLAIL, arc);
    }

    /// Thrown forward, one roll over the left side curled up, a moment down in the snow, then
    /// back up into the stride.
    pub(super) fn tumble(&mut self, progress: f32) {
        let thrown = smooth(progress / TUMBLE_THROWN);
        let rolled = smooth((progress - TUMBLE_THROWN) / (TUMBLE_ROLLED - TUMBLE_THROWN));
        let up = smooth((progress - TUMBLE_UP_FROM) / (1.0 - TUMBLE_UP_FROM));
        let curled = thrown * (1.0 - up);
        let flail = thrown * (1.0 - rolled);
        *self = self.lerp(&tuck(), curled);
        self.pivot = TUMBLE_PIVOT;
        self.pitch -= TUMBLE_THROW_PITCH * (PI * thrown.min(1.0 - rolled)).sin().max(0.0);
        self.roll += TAU * rolled;
        self.flail(TUMBLE_FLAIL, flail);
    }

    /// Arms and poles up, standing tall: the finish line is crossed.
    pub(super) fn victory(&mut self, share: f32) {
        let up = smooth(share);
        self.torso_pitch *= 1.0 - up;
        for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
            let mirror = Vec3::new(sign, 1.0, 1.0);
            self.hands[side] = self.hands[side].lerp(VICTORY_HAND * mirror, up);
            let (_, tip) = self.poles[side];
            let raised = self.hands[side] + VICTORY_POLE * mirror;
            self.poles[side] = (self.hands[side], tip.lerp(raised, up));
        }
    }

    fn flail(&mut self, reach: Vec3, share: f32) {
        for (side, &sign) in SIDE_SIGNS.iter().enumerate() {
            self.hands[side] += reach * Vec3::new(sign, 1.0, 1.0) * share;
            self.swing_pole(side, share);
        }
    }

    /// Keep the pole in the hand, its tip `share` of the way to trailing back.
    fn swing_pole(&mut self, side: usize, share: f32) {
        let (_, tip) = self.poles[side];
        let (grip, trailing) = pole_from(self.hands[side], JUMP_POLE_ANGLE, side);
        self.poles[side] = (grip, tip.lerp(trailing, share));
    }

    pub(super) fn lean(&mut self, lean: f32) {
        self.roll += LEAN_ROOT_ROLL * lean;
        self.torso_roll += LEAN_TORSO_ROLL * lean;
        self.pelvis.x += LEAN_PELVIS_SHIFT * lean;
    }
}

/// 0 → 1 smoothly as `t` goes 0 → 1 (clamped outside).
fn smooth(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}
