//! Where the landmarks stand: one slot every [`LANDMARK_EVERY_M`] along the course, each with
//! a seeded nudge along the track, a side, a distance out and a half turn (never more: a
//! ski-jump's in-run runs along the track, not into it); the landmark is the kind of the
//! place at that point. Drawn only, from (seed, slot) alone, so the terrain's chunks (and their
//! goldens) are untouched; they stand far enough out that no tree of the track's edge or lane
//! meets them.

use super::place::PLACES;
use crate::course::Course;
use crate::models::LandmarkKind;
use crate::seed::{mix, unit_hash};
use crate::terrain::Terrain;
use glam::DVec3;

/// Distance between landmark slots along the track, metres: one is nearly always in sight.
pub const LANDMARK_EVERY_M: f64 = 150.0;
/// How far along its slot a landmark may be nudged, as a share of the slot.
const NUDGE_SHARE: f64 = 0.5;
/// Nearest the landmark's edge comes to the track's edge, and how much further out it may
/// stand, metres.
const EDGE_GAP_M: f64 = 6.0;
const FURTHER_OUT_M: f64 = 10.0;
/// Seeds' purpose.
const LANDMARK_PURPOSE: u64 = 0x4c41_4e44;

/// One landmark in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Landmark {
    pub kind: LandmarkKind,
    /// Its ground point (the lowest ground under its middle and edges).
    pub at: DVec3,
    /// Turned half a turn about y (its far side towards the track), or not.
    pub turned: bool,
}

/// The landmarks whose slots lie between `near` and `far` (world z) on `course`.
pub fn landmarks_between(course: &Course, terrain: &Terrain, near: f64, far: f64) -> Vec<Landmark> {
    let first = (near / LANDMARK_EVERY_M).floor().max(1.0) as u64;
    let last = (far / LANDMARK_EVERY_M).ceil().max(0.0) as u64;
    (first..=last)
        .filter_map(|slot| landmark_of(course, terrain, slot))
        .filter(|l| (near..=far).contains(&l.at.z))
        .collect()
}

fn landmark_of(course: &Course, terrain: &Terrain, slot: u64) -> Option<Landmark> {
    let scatter = |k: u64| unit_hash(mix(course.seed ^ LANDMARK_PURPOSE) ^ (slot * 4 + k));
    let z = (slot as f64 + NUDGE_SHARE * (scatter(0) - 0.5)) * LANDMARK_EVERY_M;
    if course.length.is_some_and(|length| z > length) {
        return None;
    }
    let kind = PLACES[course.stretch_at(z).row].landmark;
    let side = if scatter(1) < 0.5 { -1.0 } else { 1.0 };
    let half = f64::from(kind.half_extent());
    let out = terrain.config().track_half_width() + EDGE_GAP_M + half + FURTHER_OUT_M * scatter(2);
    let x = side * out;
    let ground = [
        (0.0, 0.0),
        (-half, -half),
        (half, -half),
        (-half, half),
        (half, half),
    ]
    .iter()
    .map(|&(dx, dz)| terrain.height(x + dx, z + dz))
    .fold(f64::MAX, f64::min);
    Some(Landmark {
        kind,
        at: DVec3::new(x, ground, z),
        turned: scatter(3) < 0.5,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::TerrainConfig;

    #[test]
    fn landmarks_stand_clear_of_the_track_and_are_the_levels_own() {
        let course = Course::level(4, 2, None).expect("level 4");
        let terrain = Terrain::new(course.seed, TerrainConfig::default());
        let found = landmarks_between(&course, &terrain, 0.0, 1500.0);
        assert!(found.len() >= 8, "{}", found.len());
        let track = terrain.config().track_half_width();
        for l in &found {
            assert_eq!(l.kind, LandmarkKind::Chapel);
            assert!(l.at.x.abs() - f64::from(l.kind.half_extent()) >= track + EDGE_GAP_M - 1e-9);
        }
        let again = landmarks_between(&course, &terrain, 0.0, 1500.0);
        assert_eq!(found, again, "the same every time");
    }
}
