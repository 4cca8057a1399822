//! Secondary motion: the parts that follow the body a moment late. The bib's loose lower edge
//! lifts off the chest with each bob of the stride and in the air; the hat's soft crown and its
//! pompom trail behind, bounce a quarter-beat after the body and swing out of a lean. All of it
//! is worked out from the pose alone (a lagging function of the stride's phase and the
//! actions' progress), so it never jumps from one frame to the next.

use super::{SkierPose, VerticalPose};
use glam::Vec3;
use std::f32::consts::{PI, TAU};

/// How far behind the body's bob the loose parts move, as a phase in radians.
const LAG: f32 = 0.9;
/// Bobs of the body per stride (one per kick).
const BOBS_PER_STRIDE: f32 = 2.0;
/// The pompom's rest offset from the top of the head (head frame: y up, z forward), trailing.
const POMPOM_REST: Vec3 = Vec3::new(0.0, 0.09, -0.07);
const POMPOM_BOUNCE: f32 = 0.025;
const POMPOM_SWAY: f32 = 0.06;
const POMPOM_WOBBLE: f32 = 0.02;
/// How far the pompom lags in the air (down at take-off, up before landing) and whips up when
/// the skis land.
const POMPOM_JUMP: f32 = 0.05;
const POMPOM_LANDING: f32 = 0.06;
/// The bib's loose edge: off the chest at rest, with each bob, in the air, and while poling.
const BIB_REST: f32 = 0.06;
const BIB_FLAP: f32 = 0.14;
const BIB_AIR: f32 = 0.25;
const BIB_POLING: f32 = 0.1;

/// Where the loose parts are for one pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flutter {
    /// The pompom's offset from the top of the head, in the head's frame.
    pub pompom: Vec3,
    /// How far the bib's lower edge swings out from the chest, radians.
    pub bib: f32,
}

impl Flutter {
    pub fn of(pose: &SkierPose) -> Self {
        if pose.shooting.is_some() {
            return Self {
                pompom: POMPOM_REST,
                bib: BIB_REST,
            };
        }
        let bob = (BOBS_PER_STRIDE * TAU * pose.stride - LAG).sin();
        let wobble = (TAU * pose.stride - LAG).sin();
        // In the air the loose parts lag the body's rise and fall.
        let (air, airborne) = match pose.vertical {
            VerticalPose::Jump { progress } | VerticalPose::Fly { progress, .. } => {
                (-(TAU * progress).sin(), (PI * progress).sin())
            }
            _ => (0.0, 0.0),
        };
        let landing = pose
            .landing
            .map_or(0.0, |progress| (PI * progress).sin() * (1.0 - progress));
        let lean = pose.lean.clamp(-1.0, 1.0);
        let pompom = POMPOM_REST
            + Vec3::new(
                -POMPOM_SWAY * lean + POMPOM_WOBBLE * wobble,
                POMPOM_BOUNCE * bob + POMPOM_JUMP * air + POMPOM_LANDING * landing,
                0.0,
            );
        let bib = BIB_REST
            + BIB_FLAP * 0.5 * (1.0 + bob)
            + BIB_AIR * airborne
            + BIB_POLING * pose.poling.clamp(0.0, 1.0);
        Self { pompom, bib }
    }
}
