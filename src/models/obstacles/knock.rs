//! What a hit does to an obstacle on screen: its loose part is knocked out of the skier's way
//! and settles on the snow within a fraction of a second. Display only — the simulation decides
//! the hit and never sees this; the motion is a pure function of the time since the hit.

use super::ObstacleParts;
use crate::mesh::MeshData;
use glam::{Mat4, Quat, Vec3};
use std::f32::consts::FRAC_PI_2;

/// Half the width of the skier's body, arms and poles in, metres.
pub const BODY_HALF_WIDTH: f32 = 0.35;
/// A knocked obstacle that settles no higher than this is skied over (only the skis and boots
/// reach that low), so it need not be pushed aside, metres.
pub const RIDE_OVER_HEIGHT: f32 = 0.35;
/// Room left between the skier's body and an obstacle knocked aside, metres.
const CLEAR_MARGIN: f32 = 0.15;
/// Headings of a toppling obstacle's fall, radians aside from straight ahead: narrow things
/// fall well aside; wide ones straight ahead, about their length, so that they lie level.
pub(super) const FALL_ASIDE: f32 = 0.9;
pub(super) const FALL_AHEAD: f32 = 0.0;
/// Even an obstacle that is skied over is pushed this far aside, metres.
const MIN_ASIDE: f32 = 0.4;
/// Seconds until a knocked obstacle lies still, by reaction; a toppling one is down on the snow
/// sooner and slides on.
const TOPPLE_S: f32 = 0.45;
const TIP_S: f32 = 0.25;
const SWING_S: f32 = 0.5;
const BURST_S: f32 = 0.25;
/// How far a row across the track swings open about its hinge, radians (80°).
const SWING_ANGLE: f32 = 1.4;
/// A burst heap's height above the snow (low enough to ski over), metres, and its spread along
/// the snow as a share of the obstacle's.
const BURST_HEIGHT: f32 = 0.25;
const BURST_SPREAD: f32 = 1.25;
/// A skier closer than this to an obstacle's centre line hit it dead centre, metres.
const CENTRED: f32 = 0.05;

/// How an obstacle's loose part reacts to a hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reaction {
    /// Tips over onto the snow, falling `heading` radians aside from straight ahead (to the side
    /// away from the skier), thrown forward and pushed aside until it clears the skier's body.
    Topple { heading: f32 },
    /// A row across the track swings forward, open, about a hinge at one end: at x = `held_at`
    /// when it stays fixed there (a branch to its tree), else at the end away from the skier.
    Swing { held_at: Option<f32> },
    /// Bursts into a low heap of snow that is skied over.
    Burst,
}

/// The hit as the knock needs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The skier's centre across the track relative to the obstacle's origin, metres.
    pub skier_x: f32,
    /// The skier's speed along the track just after the hit, m/s.
    pub speed: f32,
    /// Which way (the sign of x) the obstacle goes when the skier hit it dead centre.
    pub centred_side: f32,
}

impl Hit {
    /// The side away from the skier: −1 or +1 in x.
    fn away(&self) -> f32 {
        let toward = if self.skier_x.abs() > CENTRED {
            -self.skier_x
        } else {
            self.centred_side
        };
        if toward < 0.0 {
            -1.0
        } else {
            1.0
        }
    }
}

impl ObstacleParts {
    /// Where the loose part is `since_s` seconds after `hit`, in the model's own space: the
    /// identity at the hit, still from [`ObstacleParts::settle_s`] on.
    pub fn knocked(&self, hit: Hit, since_s: f32) -> Mat4 {
        let loose = &self.loose;
        if loose.positions.is_empty() {
            return Mat4::IDENTITY;
        }
        match self.reaction {
            Reaction::Topple { heading } => topple(loose, hit, heading, since_s),
            Reaction::Swing { held_at } => swing(loose, hit, held_at, since_s),
            Reaction::Burst => burst(loose, hit, since_s),
        }
    }

    /// Seconds after the hit when the loose part lies still.
    pub fn settle_s(&self) -> f32 {
        match self.reaction {
            Reaction::Topple { .. } => TOPPLE_S,
            Reaction::Swing { .. } => SWING_S,
            Reaction::Burst => BURST_S,
        }
    }
}

/// Share of a motion lasting `duration_s` done after `since_s`: launched at full speed and
/// braked evenly to rest, as a thing sliding on snow.
fn slide(since_s: f32, duration_s: f32) -> f32 {
    let left = 1.0 - (since_s / duration_s).clamp(0.0, 1.0);
    1.0 - left * left
}

fn points(mesh: &MeshData) -> impl Iterator<Item = Vec3> + '_ {
    mesh.positions.iter().map(|&p| Vec3::from(p))
}

fn bounds(mesh: &MeshData) -> (Vec3, Vec3) {
    points(mesh).fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    )
}

/// The middle of the mesh's footprint, at y = 0.
fn base_centre(lo: Vec3, hi: Vec3) -> Vec3 {
    Vec3::new(0.5 * (lo.x + hi.x), 0.0, 0.5 * (lo.z + hi.z))
}

fn about(point: Vec3, transform: Mat4) -> Mat4 {
    Mat4::from_translation(point) * transform * Mat4::from_translation(-point)
}

fn topple(loose: &MeshData, hit: Hit, heading: f32, since_s: f32) -> Mat4 {
    let side = hit.away();
    let (lo, hi) = bounds(loose);
    let fall = Vec3::new(side * heading.sin(), 0.0, heading.cos());
    let axis = Vec3::Y.cross(fall).normalize();
    // Tipped by `angle` and lifted so that its lowest point stays as deep as it stood: it
    // rolls over its edge on the snow rather than through it.
    let tipped = |angle: f32| {
        let turn = about(
            base_centre(lo, hi),
            Mat4::from_quat(Quat::from_axis_angle(axis, angle)),
        );
        let lowest = points(loose)
            .map(|p| turn.transform_point3(p).y)
            .fold(f32::INFINITY, f32::min);
        Mat4::from_translation(Vec3::Y * (lo.y - lowest)) * turn
    };
    let aside = aside_distance(loose, tipped(FRAC_PI_2), hit.skier_x, side);
    let ahead = 0.5 * hit.speed.max(0.0) * TOPPLE_S;
    let slid = Vec3::new(side * aside, 0.0, ahead) * slide(since_s, TOPPLE_S);
    Mat4::from_translation(slid) * tipped(FRAC_PI_2 * slide(since_s, TIP_S))
}

/// How far aside (towards `side`) an obstacle lying as `lying` places it must be pushed to
/// clear the body of a skier at `skier_x`; a little if it lies low enough to ski over.
fn aside_distance(loose: &MeshData, lying: Mat4, skier_x: f32, side: f32) -> f32 {
    let (top, nearest) = points(loose)
        .map(|p| lying.transform_point3(p))
        .fold((f32::NEG_INFINITY, f32::INFINITY), |(top, near), p| {
            (top.max(p.y), near.min(side * p.x))
        });
    if top <= RIDE_OVER_HEIGHT {
        return MIN_ASIDE;
    }
    (side * skier_x + BODY_HALF_WIDTH + CLEAR_MARGIN - nearest).max(MIN_ASIDE)
}

fn swing(loose: &MeshData, hit: Hit, held_at: Option<f32>, since_s: f32) -> Mat4 {
    let (lo, hi) = bounds(loose);
    let hinge_x = held_at.unwrap_or(if hit.away() > 0.0 { hi.x } else { lo.x });
    let side = if hinge_x < 0.0 { -1.0 } else { 1.0 };
    let hinge = Vec3::new(hinge_x, 0.0, base_centre(lo, hi).z);
    // Turning about y by +angle carries −x towards +z: the free end swings forward.
    let angle = side * SWING_ANGLE * slide(since_s, SWING_S);
    about(hinge, Mat4::from_rotation_y(angle))
}

/// Squashed onto the snow and spread, thrown forward like a toppled obstacle so that the skier
/// meets only the low heap.
fn burst(loose: &MeshData, hit: Hit, since_s: f32) -> Mat4 {
    let (lo, hi) = bounds(loose);
    // Squashed towards the snow's surface and spread from the near edge: the heap grows away
    // from the skier, never towards it.
    let foot = Vec3::new(0.5 * (lo.x + hi.x), 0.0, lo.z);
    let done = slide(since_s, BURST_S);
    let spread = 1.0 + (BURST_SPREAD - 1.0) * done;
    let flat = (BURST_HEIGHT / hi.y.max(BURST_HEIGHT)).min(1.0);
    let height = 1.0 + (flat - 1.0) * done;
    let ahead = 0.5 * hit.speed.max(0.0) * BURST_S * done;
    Mat4::from_translation(Vec3::Z * ahead)
        * about(foot, Mat4::from_scale(Vec3::new(spread, height, spread)))
}
