//! The curved-world trick, drawn only: with distance ahead of the eye the world is shifted
//! sideways and up or down along a curve, so the straight simulated track appears to wind and
//! to crest and dip. Each axis's curvature runs as a sine along the course (seeded phase, the
//! level's strength and wavelength); the shift at `d` metres ahead is that curvature integrated
//! twice from the eye, so the track leaves the eye straight ahead and bends away beyond it, and
//! as the eye moves on, the bends ahead come towards it as a real winding track's would. The
//! vertex shader applies the same formula (`WORLD_VERTEX`); [`Bend::apply`] is its CPU twin for
//! whatever projects world points to the screen (the HUD's marks, the readability probe).

// Drawing only (the simulation never reads the bend): the platform's `sin`/`cos` may shape it.
#![allow(clippy::disallowed_methods)]

use crate::app::render::camera::CHASE_BACK;
use glam::Vec3;
use std::f64::consts::TAU;

/// Nothing nearer than this, metres ahead of the eye, is bent: the skier (at [`CHASE_BACK`])
/// and its spray stay where the simulation puts them.
pub const BEND_START: f32 = CHASE_BACK as f32 + 2.0;

/// The distance past [`BEND_START`] at which a level's strength is given: where the player
/// reads what comes (40 m ahead of the skier), metres.
pub const STRENGTH_AT_M: f32 = 40.0;

/// One axis of the bend as the shader takes it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BendAxis {
    /// Curvature's amplitude over the wave number squared, metres.
    pub reach: f32,
    /// Wave number of the curvature along the course, radians per metre.
    pub wave: f32,
    /// The curvature's phase at the eye, radians (0–2π).
    pub phase: f32,
}

impl BendAxis {
    /// An axis whose strongest shift [`STRENGTH_AT_M`] past the start is about `strength_m`,
    /// with bends `wavelength_m` apart, at `phase` where the eye is.
    pub fn new(strength_m: f64, wavelength_m: f64, phase: f64) -> Self {
        let wave = TAU / wavelength_m;
        let at = f64::from(STRENGTH_AT_M);
        // Near the eye the shift is curvature × d² / 2.
        let curvature = 2.0 * strength_m / (at * at);
        Self {
            reach: (curvature / (wave * wave)) as f32,
            wave: wave as f32,
            phase: phase.rem_euclid(TAU) as f32,
        }
    }

    /// The shift `ahead` metres past the start, metres.
    pub fn offset(&self, ahead: f32) -> f32 {
        let s = self.wave * ahead;
        self.reach * (self.phase.sin() - (s + self.phase).sin() + s * self.phase.cos())
    }

    /// The shader's uniform: reach, wave, phase.
    pub fn uniform(&self) -> [f32; 3] {
        [self.reach, self.wave, self.phase]
    }
}

/// The world's bend this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Bend {
    /// Towards +x (the skier's right).
    pub sideways: BendAxis,
    /// Upwards (a dip ahead) or, negative, downwards (a crest).
    pub vertical: BendAxis,
}

impl Bend {
    /// No bend: the straight world.
    pub const NONE: Bend = Bend {
        sideways: BendAxis {
            reach: 0.0,
            wave: 0.0,
            phase: 0.0,
        },
        vertical: BendAxis {
            reach: 0.0,
            wave: 0.0,
            phase: 0.0,
        },
    };

    /// Where a point at `relative` (to the eye, looking down +z) is drawn.
    pub fn apply(&self, relative: Vec3) -> Vec3 {
        let ahead = (relative.z - BEND_START).max(0.0);
        relative
            + Vec3::new(
                self.sideways.offset(ahead),
                self.vertical.offset(ahead),
                0.0,
            )
    }

    /// The bend scaled by `share` (0: none, 1: all of it): it fades out while the camera
    /// swings to a range or round the penalty loop, where it does not look down the track.
    pub fn scaled(self, share: f32) -> Self {
        let scale = |axis: BendAxis| BendAxis {
            reach: axis.reach * share,
            ..axis
        };
        Self {
            sideways: scale(self.sideways),
            vertical: scale(self.vertical),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_track_leaves_the_eye_straight_and_bends_beyond() {
        let axis = BendAxis::new(2.0, 400.0, 1.3);
        assert_eq!(axis.offset(0.0), 0.0);
        // Flat at the start: the slope there is zero.
        assert!(axis.offset(0.5).abs() < 1e-3);
        let bend = Bend {
            sideways: axis,
            vertical: BendAxis::default(),
        };
        let skier = Vec3::new(0.0, -4.5, CHASE_BACK as f32);
        assert_eq!(bend.apply(skier), skier, "the skier is never bent");
        let far = bend.apply(Vec3::new(0.0, 0.0, 150.0));
        assert!(far.x.abs() > 5.0, "{far}");
    }

    #[test]
    fn a_levels_strength_is_the_strongest_shift_where_the_player_reads() {
        let strongest = (0..64)
            .map(|k| BendAxis::new(3.0, 400.0, TAU * f64::from(k) / 64.0))
            .map(|axis| axis.offset(STRENGTH_AT_M).abs())
            .fold(0.0, f32::max);
        assert!((strongest - 3.0).abs() < 0.4, "{strongest}");
    }

    #[test]
    fn scaled_to_nothing_the_world_is_straight() {
        let bend = Bend {
            sideways: BendAxis::new(3.0, 400.0, 0.7),
            vertical: BendAxis::new(1.0, 300.0, 2.0),
        }
        .scaled(0.0);
        let point = Vec3::new(1.0, 2.0, 120.0);
        assert_eq!(bend.apply(point), point);
    }
}
