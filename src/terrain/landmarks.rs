//! Where a course's landmarks stand, a layer of its terrain: one slot every
//! [`LANDMARK_EVERY_M`] along the track, each with a seeded nudge along the track, a side, a
//! distance out and a half turn (never more: a ski-jump's in-run runs along the track, not into
//! it); the landmark is the kind of the level row at that point (`course::land`). From (seed,
//! slot) and the ground alone, so every chunk holds the same ones however it was built; they
//! stand far enough out that no tree of the track's edge or lane meets them, and across the
//! track from a penalty loop's field (`loop_field`).

use super::Terrain;
use crate::course::{Course, CourseKind, LandmarkKind};
use crate::seed::{mix, unit_hash};
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
    /// Its ground point, world coordinates (the lowest ground under its middle and edges).
    pub at: DVec3,
    /// Turned half a turn about y (its far side towards the track), or not.
    pub turned: bool,
}

/// What places a course's landmarks: its kind (which row's landmark stands where) and where
/// it ends (none stand past the finish).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct LandmarkLayer {
    kind: CourseKind,
    length: Option<f64>,
}

impl LandmarkLayer {
    pub(super) fn of(course: &Course) -> Self {
        Self {
            kind: course.kind,
            length: course.length,
        }
    }
}

impl Terrain {
    /// The landmarks whose ground points lie between `near` and `far` (world z, both
    /// included), nearest first; none on a terrain built without a course.
    pub fn landmarks_between(&self, near: f64, far: f64) -> Vec<Landmark> {
        let Some(layer) = self.landmarks else {
            return Vec::new();
        };
        let first = (near / LANDMARK_EVERY_M).floor().max(1.0) as u64;
        let last = (far / LANDMARK_EVERY_M).ceil().max(0.0) as u64;
        (first..=last)
            .filter_map(|slot| self.landmark_of(layer, slot))
            .filter(|l| (near..=far).contains(&l.at.z))
            .collect()
    }

    /// The landmarks whose ground points lie in `[z_start, z_end)`: one chunk's.
    pub(super) fn landmarks_in(&self, z_start: f64, z_end: f64, out: &mut Vec<Landmark>) {
        out.clear();
        out.extend(
            self.landmarks_between(z_start, z_end)
                .into_iter()
                .filter(|l| l.at.z < z_end),
        );
    }

    fn landmark_of(&self, layer: LandmarkLayer, slot: u64) -> Option<Landmark> {
        let scatter = |k: u64| unit_hash(mix(self.seed ^ LANDMARK_PURPOSE) ^ (slot * 4 + k));
        let z = (slot as f64 + NUDGE_SHARE * (scatter(0) - 0.5)) * LANDMARK_EVERY_M;
        if layer.length.is_some_and(|length| z > length) {
            return None;
        }
        let kind = layer.kind.stretch_at(z).spec().land.landmark;
        let half = f64::from(kind.half_extent());
        let out = self.config.track_half_width() + EDGE_GAP_M + half + FURTHER_OUT_M * scatter(2);
        let mut x = if scatter(1) < 0.5 { -out } else { out };
        if self.meets_loop_field((x - half, x + half), (z - half, z + half)) {
            // A penalty loop's field lies there: the landmark stands across the track.
            x = -x;
        }
        let ground = [
            (0.0, 0.0),
            (-half, -half),
            (half, -half),
            (-half, half),
            (half, half),
        ]
        .iter()
        .map(|&(dx, dz)| self.height(x + dx, z + dz))
        .fold(f64::MAX, f64::min);
        Some(Landmark {
            kind,
            at: DVec3::new(x, ground, z),
            turned: scatter(3) < 0.5,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::{TerrainConfig, CHUNK_LENGTH};

    #[test]
    fn landmarks_stand_clear_of_the_track_and_are_the_levels_own() {
        let course = Course::level(4, 2, None).expect("level 4");
        let terrain = Terrain::of_course(&course, TerrainConfig::default());
        let found = terrain.landmarks_between(0.0, 1500.0);
        assert!(found.len() >= 8, "{}", found.len());
        let track = terrain.config().track_half_width();
        for l in &found {
            assert_eq!(l.kind, LandmarkKind::Chapel);
            assert!(l.at.x.abs() - f64::from(l.kind.half_extent()) >= track + EDGE_GAP_M - 1e-9);
        }
        let again = terrain.landmarks_between(0.0, 1500.0);
        assert_eq!(found, again, "the same every time");
    }

    #[test]
    fn each_landmark_lies_in_exactly_one_chunk_and_none_without_a_course() {
        let course = Course::level(2, 1, None).expect("level 2");
        let terrain = Terrain::of_course(&course, TerrainConfig::default());
        let chunks = (0..20).map(|index| terrain.build_chunk(index));
        let in_chunks: Vec<Landmark> = chunks.flat_map(|chunk| chunk.landmarks).collect();
        let along = terrain.landmarks_between(0.0, 20.0 * CHUNK_LENGTH - 1e-9);
        assert!(!along.is_empty());
        assert_eq!(in_chunks, along);
        let bare = Terrain::new(course.seed, TerrainConfig::default());
        assert!(bare.build_chunk(3).landmarks.is_empty());
        assert!(bare.landmarks_between(0.0, 2000.0).is_empty());
    }
}
