//! The level table: five levels of three tracks each, plus the Endless mode's settings. A level
//! is fully determined by its row; the same row always lays out the same course.

use super::model::{ShootingPosition, SkierParams};

/// Number of tracks (seeds) per level.
pub const TRACKS: u8 = 3;

/// One row of the level table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelSpec {
    /// Level number, 1–5.
    pub level: u8,
    /// Layout seed of each track (track 1 first).
    pub seeds: [u64; TRACKS as usize],
    /// Course length from start to finish, metres.
    pub length: f64,
    /// Number of shooting stages; they alternate prone and standing, prone first.
    pub stages: u8,
    /// Target obstacle density: obstacle rows per 100 m of obstacle section.
    pub rows_per_100m: f64,
    /// Forward speed, m/s (at most `MAX_SKIER_SPEED`).
    pub speed: f64,
    /// How much the sight sways at this level's stages, relative to level 1.
    pub sway: f64,
    /// Price of one extra round at a shooting stage, coins.
    pub round_price: u32,
}

impl LevelSpec {
    /// The skier's parameters at this level's speed.
    pub fn skier(&self) -> SkierParams {
        SkierParams::for_speed(self.speed)
    }

    /// The shooting positions of the level's stages, in order along the course.
    pub fn stage_order(&self) -> Vec<ShootingPosition> {
        (0..self.stages).map(stage_position).collect()
    }

    /// The layout seed of track 1–3, `None` for an unknown track.
    pub fn seed(&self, track: u8) -> Option<u64> {
        let index = usize::from(track.checked_sub(1)?);
        self.seeds.get(index).copied()
    }
}

/// The settings of the Endless course.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndlessSpec {
    /// Layout seed when none is given.
    pub seed: u64,
    /// Length of one laid-out segment, metres.
    pub segment_length: f64,
    /// Distance between shooting stages, metres (a whole number of segments).
    pub stage_interval: f64,
    pub rows_per_100m: f64,
    pub speed: f64,
    pub sway: f64,
    pub round_price: u32,
}

impl EndlessSpec {
    /// The skier's parameters at the Endless speed.
    pub fn skier(&self) -> SkierParams {
        SkierParams::for_speed(self.speed)
    }
}

/// The position of the stage with index `index` (0 = first): prone first, then alternating.
pub fn stage_position(index: u8) -> ShootingPosition {
    if index.is_multiple_of(2) {
        ShootingPosition::Prone
    } else {
        ShootingPosition::Standing
    }
}

/// The level table, level 1 first. Harder levels are faster, longer, denser, with more stages,
/// more sway and dearer rounds.
pub const LEVELS: [LevelSpec; 5] = [
    LevelSpec {
        level: 1,
        seeds: [0x4C41_5455_0101, 0x4C41_5455_0102, 0x4C41_5455_0103],
        length: 1500.0,
        stages: 1,
        rows_per_100m: 2.0,
        speed: 10.0,
        sway: 1.0,
        round_price: 10,
    },
    LevelSpec {
        level: 2,
        seeds: [0x4C41_5455_0201, 0x4C41_5455_0202, 0x4C41_5455_0203],
        length: 2200.0,
        stages: 2,
        rows_per_100m: 2.6,
        speed: 11.5,
        sway: 1.3,
        round_price: 15,
    },
    LevelSpec {
        level: 3,
        seeds: [0x4C41_5455_0301, 0x4C41_5455_0302, 0x4C41_5455_0303],
        length: 3000.0,
        stages: 3,
        rows_per_100m: 3.2,
        speed: 13.0,
        sway: 1.6,
        round_price: 20,
    },
    LevelSpec {
        level: 4,
        seeds: [0x4C41_5455_0401, 0x4C41_5455_0402, 0x4C41_5455_0403],
        length: 3800.0,
        stages: 4,
        rows_per_100m: 3.8,
        speed: 14.5,
        sway: 2.0,
        round_price: 30,
    },
    LevelSpec {
        level: 5,
        seeds: [0x4C41_5455_0501, 0x4C41_5455_0502, 0x4C41_5455_0503],
        length: 4800.0,
        stages: 5,
        rows_per_100m: 4.5,
        speed: 16.0,
        sway: 2.5,
        round_price: 40,
    },
];

/// The Endless settings: level 3's pace, a stage every 1.6 km.
pub const ENDLESS: EndlessSpec = EndlessSpec {
    seed: 0x4C41_5455_E0E0,
    segment_length: 200.0,
    stage_interval: 1600.0,
    rows_per_100m: 3.2,
    speed: 13.0,
    sway: 1.6,
    round_price: 20,
};

/// The row of level 1–5, `None` for an unknown level.
pub fn level(level: u8) -> Option<&'static LevelSpec> {
    LEVELS.iter().find(|spec| spec.level == level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::model::MAX_SKIER_SPEED;

    #[test]
    fn speeds_rise_to_the_cap_and_never_pass_it() {
        assert!(LEVELS.windows(2).all(|w| w[0].speed < w[1].speed));
        assert!(LEVELS.iter().all(|l| l.speed <= MAX_SKIER_SPEED));
        const { assert!(ENDLESS.speed <= MAX_SKIER_SPEED) };
    }

    #[test]
    fn action_times_are_whole_ticks_and_actions_clear_the_deepest_obstacles() {
        use crate::course::looks::max_depth;
        use crate::course::model::{
            ObstacleClass, ACTION_MARGIN, DUCK_TIME_S, JUMP_AIRTIME_S, LANE_CHANGE_S, REACTION_S,
        };
        const TICK_HZ: f64 = 60.0;
        for time in [LANE_CHANGE_S, JUMP_AIRTIME_S, DUCK_TIME_S, REACTION_S] {
            let ticks = time * TICK_HZ;
            assert!(
                (ticks - ticks.round()).abs() < 1e-9,
                "{time} s is {ticks} ticks"
            );
        }
        let slowest = LEVELS
            .iter()
            .map(|l| l.skier())
            .fold(
                ENDLESS.skier(),
                |a, b| {
                    if b.speed < a.speed {
                        b
                    } else {
                        a
                    }
                },
            );
        let margins = 2.0 * ACTION_MARGIN;
        assert!(slowest.jump_length >= max_depth(ObstacleClass::Jump) + margins);
        assert!(slowest.duck_length >= max_depth(ObstacleClass::Duck) + margins);
    }

    #[test]
    fn endless_stage_interval_is_a_whole_number_of_segments() {
        let segments = ENDLESS.stage_interval / ENDLESS.segment_length;
        assert_eq!(segments, segments.trunc());
        assert!(segments >= 1.0);
    }

    #[test]
    fn skier_params_per_level_come_from_the_table() {
        for spec in &LEVELS {
            let skier = SkierParams::for_level(spec.level).expect("a table level");
            assert_eq!(skier.speed, spec.speed);
            assert_eq!(
                skier.jump_length,
                spec.speed * crate::course::model::JUMP_AIRTIME_S
            );
        }
        assert_eq!(SkierParams::for_level(0), None);
        assert_eq!(SkierParams::for_endless().speed, ENDLESS.speed);
    }

    #[test]
    fn tracks_outside_one_to_three_have_no_seed() {
        assert_eq!(LEVELS[0].seed(0), None);
        assert_eq!(LEVELS[0].seed(4), None);
        assert_eq!(LEVELS[0].seed(1), Some(LEVELS[0].seeds[0]));
    }
}
