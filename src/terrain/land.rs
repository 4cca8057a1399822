//! The ground a course is skied on: its level row's land (`course::land`), or on Endless every
//! row's land in turn, changing with its skies; and the course's landmarks on it. The simulation
//! never reads the terrain, so none of this changes a run.

use super::landmarks::LandmarkLayer;
use super::{Terrain, TerrainConfig, ValleyConfig};
use crate::course::land::Hills;
use crate::course::levels::LEVELS;
use crate::course::sky::{ENDLESS_BLEND_M, ENDLESS_SKY_M};
use crate::course::{Course, CourseKind};

impl Terrain {
    /// The ground of `course` on the player's hill settings `base`: the level row's land (the
    /// row the course starts in), or on Endless every row's land in turn, each holding
    /// [`ENDLESS_SKY_M`] and blending into the next over [`ENDLESS_BLEND_M`]; with the course's
    /// landmarks.
    pub fn of_course(course: &Course, base: TerrainConfig) -> Self {
        let ground = match course.kind {
            CourseKind::Endless => {
                let lands = LEVELS.map(|spec| shaped(spec.land.hills, base));
                Terrain::passing(course.seed, &lands, ENDLESS_SKY_M, ENDLESS_BLEND_M)
            }
            CourseKind::Level { .. } => Terrain::new(course.seed, config_of(course, base)),
        };
        Self {
            landmarks: Some(LandmarkLayer::of(course)),
            loop_stages: Some(super::loop_field::LoopStages::of(course)),
            ..ground
        }
    }
}

/// The terrain settings of `course`'s land: `base` (the player's hill settings) with the
/// character of the level row the course starts in.
pub fn config_of(course: &Course, base: TerrainConfig) -> TerrainConfig {
    shaped(course.stretch_at(0.0).spec().land.hills, base)
}

/// `base` with the character of `hills`.
fn shaped(hills: Hills, base: TerrainConfig) -> TerrainConfig {
    let mut shaped = base;
    shaped.noise.scale *= hills.broader;
    shaped.noise.amplitude *= hills.taller;
    shaped.valley = ValleyConfig {
        rise: hills.rise_m,
        width: hills.rise_over_m,
        hill_gain: hills.hill_gain,
    };
    // A character the player's settings cannot carry (none today) leaves the settings as they are.
    match shaped.validate() {
        Ok(()) => shaped,
        Err(_) => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_has_its_own_land_and_level_5_the_tallest() {
        let far_height = |level: u8| {
            let course = Course::level(level, 1, None).expect("a level");
            let config = config_of(&course, TerrainConfig::default());
            assert_eq!(config.validate(), Ok(()), "level {level}");
            config.valley.rise + config.noise.amplitude * (1.0 + config.valley.hill_gain)
        };
        let heights: Vec<f64> = (1..=5).map(far_height).collect();
        assert!(
            heights.windows(2).all(|pair| pair[1] > pair[0]),
            "{heights:?}"
        );
        assert!(heights[4] > 3.0 * heights[0], "{heights:?}");
    }

    #[test]
    fn endless_passes_through_every_rows_land_with_its_skies() {
        let course = Course::endless(crate::course::levels::ENDLESS.seed);
        let base = TerrainConfig::default();
        let land = Terrain::of_course(&course, base);
        let far = base.track_half_width() + base.hills_width / 2.0;
        let mut rows_seen = [false; LEVELS.len()];
        for step in 0..(2.0 * LEVELS.len() as f64 * ENDLESS_SKY_M / 250.0) as usize {
            let z = step as f64 * 250.0;
            let stretch = course.stretch_at(z);
            if stretch.blend > 0.0 {
                continue;
            }
            let own = Terrain::new(course.seed, shaped(stretch.spec().land.hills, base));
            assert_eq!(land.height(far, z), own.height(far, z), "at {z} m");
            rows_seen[stretch.row] = true;
        }
        assert_eq!(rows_seen, [true; LEVELS.len()]);
    }

    #[test]
    fn the_players_smallest_hills_stay_valid_on_every_level() {
        let mut base = TerrainConfig::default();
        base.noise.scale = *crate::storage::settings::NOISE_SCALE_RANGE.start();
        for spec in &LEVELS {
            assert!(spec.land.hills.broader >= 1.0, "{}", spec.scenery.name);
        }
        let course = Course::level(5, 1, None).expect("level 5");
        assert_ne!(config_of(&course, base), base);
    }
}
