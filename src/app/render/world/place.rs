//! Each level's place, drawn: the tints of its snow and trees and the back light that rims the
//! skier and the obstacles, blended on Endless, and how its world winds and crests. The values
//! are the level rows' (`course::levels`, their `scenery`); the land and the landmarks are the
//! terrain's (`terrain::Terrain::of_course`).

use super::bend::{Bend, BendAxis};
use crate::course::levels::LEVELS;
use crate::course::sky::RowBlend;
use crate::course::Course;
use crate::seed::{mix, unit_hash};
use std::f64::consts::TAU;

/// Purposes of the seeded phases.
const WINDING_PURPOSE: u64 = 0x5749_4e44;
const CRESTING_PURPOSE: u64 = 0x4352_4553;

/// How the place looks at a point of the course: its tints and rim light, blended on Endless.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceLook {
    pub snow: [f32; 4],
    pub trees: [f32; 4],
    pub rim: [f32; 3],
}

fn blend<const N: usize>(a: [f32; N], b: [f32; N], t: f32) -> [f32; N] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

/// The place's look at `z` of `course`.
pub fn look_at(course: &Course, z: f64) -> PlaceLook {
    let RowBlend {
        row,
        next,
        blend: t,
    } = course.stretch_at(z);
    let (a, b) = (&LEVELS[row].scenery, &LEVELS[next].scenery);
    PlaceLook {
        snow: blend(a.snow, b.snow, t),
        trees: blend(a.trees, b.trees, t),
        rim: blend(a.rim, b.rim, t),
    }
}

/// The world's bend seen from an eye at `eye_z` on `course`: the place's strengths, the
/// course seed's phases.
pub fn bend_at(course: &Course, eye_z: f64) -> Bend {
    let RowBlend {
        row,
        next,
        blend: t,
    } = course.stretch_at(eye_z);
    let (a, b) = (&LEVELS[row].scenery.bending, &LEVELS[next].scenery.bending);
    let mixed = |x: f64, y: f64| x + (y - x) * f64::from(t);
    let axis = |strength: f64, every: f64, purpose: u64| {
        let phase = TAU * unit_hash(mix(course.seed) ^ purpose) + TAU * eye_z / every;
        BendAxis::new(strength, every, phase)
    };
    Bend {
        sideways: axis(
            mixed(a.winding_m, b.winding_m),
            mixed(a.winding_every_m, b.winding_every_m),
            WINDING_PURPOSE,
        ),
        vertical: axis(
            mixed(a.cresting_m, b.cresting_m),
            mixed(a.cresting_every_m, b.cresting_every_m),
            CRESTING_PURPOSE,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bend_drifts_smoothly_along_the_course() {
        let course = Course::level(5, 1, None).expect("level 5");
        let ahead = 60.0;
        let mut last = bend_at(&course, 0.0).sideways.offset(ahead);
        for step in 1..2000 {
            let now = bend_at(&course, f64::from(step) * 0.5)
                .sideways
                .offset(ahead);
            assert!((now - last).abs() < 0.5, "a jump at {step}: {last} → {now}");
            last = now;
        }
    }
}

/// What the player reads 40 m ahead keeps its size and place on screen however the world
/// bends: at every phase of the most winding place's bend, an obstacle there keeps its height
/// and the lanes their spacing (the bend shifts them, it does not shrink them), it stays on the
/// screen, and the nearer track never rises in front of it (a crest that hid it).
#[cfg(test)]
mod readability_tests {
    use super::*;
    use crate::app::render::camera::ViewCamera;
    use glam::{DVec3, Vec2};

    const PHONE: (f32, f32) = (540.0, 960.0);
    const AHEAD_M: f64 = 40.0;
    const OBSTACLE_M: f64 = 1.0;
    const LANE_M: f64 = 2.5;
    /// Share of its straight-world size an obstacle must keep.
    const KEPT_SHARE: f32 = 0.97;

    fn pixel(camera: &ViewCamera, world: DVec3) -> Vec2 {
        let clip = camera.view_proj(PHONE.0 / PHONE.1) * camera.relative(world).extend(1.0);
        let ndc = clip.truncate() / clip.w;
        Vec2::new(0.5 * (ndc.x + 1.0) * PHONE.0, 0.5 * (1.0 - ndc.y) * PHONE.1)
    }

    #[test]
    fn forty_metres_ahead_reads_the_same_at_the_strongest_bend() {
        let strongest = LEVELS
            .iter()
            .map(|spec| spec.scenery.bending)
            .max_by(|a, b| a.winding_m.total_cmp(&b.winding_m))
            .expect("levels");
        let straight = ViewCamera::chase(DVec3::ZERO, 0.0, 300.0);
        let z = AHEAD_M;
        let height = |c: &ViewCamera| {
            (pixel(c, DVec3::new(0.0, 0.0, z)) - pixel(c, DVec3::new(0.0, OBSTACLE_M, z))).length()
        };
        let spacing = |c: &ViewCamera| {
            (pixel(c, DVec3::new(-LANE_M, 0.0, z)) - pixel(c, DVec3::ZERO.with_z(z))).length()
        };
        for step in 0..32 {
            let phase = std::f64::consts::TAU * f64::from(step) / 32.0;
            let sign = if step % 2 == 0 { 1.0 } else { -1.0 };
            let mut camera = straight;
            camera.bend = Bend {
                sideways: BendAxis::new(strongest.winding_m, strongest.winding_every_m, phase),
                vertical: BendAxis::new(
                    sign * strongest.cresting_m,
                    strongest.cresting_every_m,
                    phase,
                ),
            };
            let at = format!("phase {phase:.2}");
            assert!(height(&camera) >= KEPT_SHARE * height(&straight), "{at}");
            assert!(spacing(&camera) >= KEPT_SHARE * spacing(&straight), "{at}");
            let base = pixel(&camera, DVec3::new(0.0, 0.0, z));
            assert!(
                base.x > 0.0 && base.x < PHONE.0 && base.y > 0.0,
                "{at}: {base}"
            );
            // The track between the skier and the obstacle lies below its foot on screen.
            for k in 1..20 {
                let nearer = z * f64::from(k) / 20.0;
                let ground = pixel(&camera, DVec3::new(0.0, 0.0, nearer));
                assert!(ground.y > base.y, "{at}: the track at {nearer} m hides it");
            }
        }
    }
}
