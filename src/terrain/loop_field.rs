//! The penalty loop's own piece of ground beside each range: a 150 m oval on the hills to the
//! skier's left (+x), beside and behind the mats. On a course's terrain no tree grows and no
//! landmark stands on it; the range's dressing fences it on its far side and the skier is drawn
//! skiing it (`models::LoopPlace`, `models::loop_way`). Drawn only: the simulation's loop is
//! its length, skied while the skier stands at the stage.

use super::Terrain;
use crate::course::levels::ENDLESS;
use crate::course::{Course, CourseKind};
use crate::shooting::reward::PENALTY_LOOP_M;
use std::f64::consts::PI;

/// The side of the track the loop lies on (world x): the skier's left.
pub const SIDE: f64 = 1.0;
/// The oval's near straight, this far out from the track's centre line, metres (the track
/// reaches 5 m out, a tree's trunk 8.5 m).
pub const NEAR_X: f64 = 9.5;
/// The radius of the oval's two turns, metres: the far straight lies twice this further out.
pub const TURN_RADIUS: f64 = 4.5;
/// The oval's front turn starts this far past the mats, metres (short of the firing line's
/// flags half way to the targets).
pub const FRONT_Z: f64 = 20.0;
/// Ground kept clear round the oval's centre line, metres: the groomed way and a canopy's
/// reach.
const CLEAR_MARGIN: f64 = 4.5;

/// Each of the oval's two straights, metres: with its two half turns it is the rule's loop.
pub const STRAIGHT_M: f64 = (PENALTY_LOOP_M - 2.0 * PI * TURN_RADIUS) / 2.0;

/// Where the oval's near straight begins (the back turn's end), metres from the mats.
pub const BACK_Z: f64 = FRONT_Z - STRAIGHT_M;

/// A rectangle of ground, world x and z from a stage's mats.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clearing {
    pub x: (f64, f64),
    pub z: (f64, f64),
}

/// The ground a stage's loop field keeps clear, from the track's centre line out (the way from
/// the mats crosses the shoulder) to beyond the far straight.
pub const CLEARING: Clearing = Clearing {
    x: (0.0, NEAR_X + 2.0 * TURN_RADIUS + CLEAR_MARGIN),
    z: (
        BACK_Z - TURN_RADIUS - CLEAR_MARGIN,
        FRONT_Z + TURN_RADIUS + CLEAR_MARGIN,
    ),
};

/// Where a course's stages are, for the fields beside them.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum LoopStages {
    /// A level's stages, by z.
    Listed(Vec<f64>),
    /// Endless: a stage every this many metres.
    Every(f64),
}

impl LoopStages {
    pub(super) fn of(course: &Course) -> Self {
        match course.kind {
            CourseKind::Level { .. } => Self::Listed(course.stages.iter().map(|s| s.z).collect()),
            CourseKind::Endless => Self::Every(ENDLESS.stage_interval),
        }
    }

    /// The stages whose clearing reaches into `near..=far` (world z), in order.
    fn reaching(&self, near: f64, far: f64) -> Vec<f64> {
        let (lo, hi) = (near - CLEARING.z.1, far - CLEARING.z.0);
        match self {
            Self::Listed(stages) => stages
                .iter()
                .copied()
                .filter(|z| (lo..=hi).contains(z))
                .collect(),
            Self::Every(every) => {
                let first = (lo / every).ceil().max(1.0) as u64;
                let last = (hi / every).floor().max(0.0) as u64;
                (first..=last).map(|k| k as f64 * every).collect()
            }
        }
    }
}

impl Terrain {
    /// The stages (world z) whose loop fields reach into `near..=far`; none on a terrain
    /// built without a course.
    pub fn loop_fields_between(&self, near: f64, far: f64) -> Vec<f64> {
        self.loop_stages
            .as_ref()
            .map_or_else(Vec::new, |stages| stages.reaching(near, far))
    }

    /// Whether any of the ground from `x.0` to `x.1` and `z.0` to `z.1` (world) lies in a loop
    /// field's clearing.
    pub fn meets_loop_field(&self, x: (f64, f64), z: (f64, f64)) -> bool {
        let (x0, x1) = (SIDE * x.0.min(x.1), SIDE * x.0.max(x.1));
        let (x0, x1) = (x0.min(x1), x0.max(x1));
        let across = x0 < CLEARING.x.1 && x1 > CLEARING.x.0;
        across
            && self
                .loop_fields_between(z.0, z.1)
                .iter()
                .any(|stage| z.0 < stage + CLEARING.z.1 && z.1 > stage + CLEARING.z.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::{TerrainConfig, CHUNK_LENGTH};

    #[test]
    fn the_oval_is_the_rules_loop_and_fits_beside_the_range() {
        let oval = 2.0 * STRAIGHT_M + 2.0 * PI * TURN_RADIUS;
        assert!((oval - PENALTY_LOOP_M).abs() < 1e-9, "{oval}");
        const { assert!(BACK_Z < -TURN_RADIUS && FRONT_Z > 0.0) };
        let track = TerrainConfig::default().track_half_width();
        assert!(NEAR_X - 1.5 > track, "the near straight is off the track");
    }

    #[test]
    fn no_tree_or_landmark_stands_on_a_loop_field() {
        for (level, track) in [(1, 1), (3, 2), (5, 3)] {
            let course = Course::level(level, track, None).expect("a level");
            let terrain = Terrain::of_course(&course, TerrainConfig::default());
            for stage in course.stages.iter().map(|s| s.z) {
                let first = ((stage + CLEARING.z.0) / CHUNK_LENGTH).floor() as u64;
                let last = ((stage + CLEARING.z.1) / CHUNK_LENGTH).floor() as u64;
                for index in first..=last {
                    let chunk = terrain.build_chunk(index);
                    for tree in &chunk.decorations {
                        let [x, _, z] = tree.position;
                        let (x, z) = (f64::from(x), chunk.z_start + f64::from(z));
                        assert!(
                            !terrain.meets_loop_field((x, x), (z, z)),
                            "level {level}: a tree at ({x}, {z}), stage at {stage}"
                        );
                    }
                }
                let near = stage + CLEARING.z.0 - 40.0;
                for landmark in terrain.landmarks_between(near, stage + CLEARING.z.1 + 40.0) {
                    let half = f64::from(landmark.kind.half_extent());
                    let (x, z) = (landmark.at.x, landmark.at.z);
                    assert!(
                        !terrain.meets_loop_field((x - half, x + half), (z - half, z + half)),
                        "level {level}: a landmark at ({x}, {z}), stage at {stage}"
                    );
                }
            }
            let bare = Terrain::new(course.seed, TerrainConfig::default());
            assert!(bare.loop_fields_between(0.0, 5000.0).is_empty());
        }
    }

    #[test]
    fn endless_has_a_field_at_every_stage() {
        let stages = LoopStages::Every(ENDLESS.stage_interval);
        let every = ENDLESS.stage_interval;
        assert_eq!(stages.reaching(0.0, 10.0), Vec::<f64>::new());
        assert_eq!(stages.reaching(every - 1.0, every + 1.0), vec![every]);
        assert_eq!(
            stages.reaching(every + 20.0, 2.0 * every - 40.0),
            vec![every, 2.0 * every]
        );
    }
}
