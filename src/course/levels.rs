//! The level table: five levels of three tracks each, plus the Endless mode's settings. A level
//! is fully determined by its row; the same row always lays out the same course, raises the
//! same land and looks the same: the rules the simulation plays by, the land the terrain builds
//! ([`Land`]) and the looks only the window reads ([`Scenery`]) sit in one row.

use super::land::{Hills, Land, LandmarkKind};
use super::model::{ShootingPosition, SkierParams, MAX_SKIER_SPEED};
use super::scenery::{Bending, Scenery};
use super::sky::Sky;

/// Number of tracks (seeds) per level.
pub const TRACKS: u8 = 3;

/// How a stretch of course is laid out: how dense its rows are and how hard their combinations.
/// Difficulty comes from here (and the speed), never from time inside a level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    /// Target obstacle density: obstacle rows per 100 m of obstacle section.
    pub rows_per_100m: f64,
    /// Smallest timing window any row may leave, seconds (see `fairness::row_windows`).
    pub min_window_s: f64,
    /// Chance that a pattern is a combination of rows (jump then duck, gates in a row) rather
    /// than a single row, percent.
    pub combo_percent: u32,
    /// Most slack a row gets beyond the smallest window, seconds: less is tighter.
    pub extra_slack_s: f64,
}

impl Shape {
    /// The shape `t` of the way (0–1) from `self` to `to`; percentages round down.
    pub fn towards(&self, to: &Shape, t: f64) -> Shape {
        let lerp = |a: f64, b: f64| a + (b - a) * t;
        Shape {
            rows_per_100m: lerp(self.rows_per_100m, to.rows_per_100m),
            min_window_s: lerp(self.min_window_s, to.min_window_s),
            combo_percent: lerp(f64::from(self.combo_percent), f64::from(to.combo_percent)) as u32,
            extra_slack_s: lerp(self.extra_slack_s, to.extra_slack_s),
        }
    }
}

/// Par time at each shooting stage, seconds.
pub const PAR_STAGE_S: f64 = 35.0;

/// No row anywhere may leave a timing window under this, seconds.
pub const MIN_WINDOW_FLOOR_S: f64 = 0.15;

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
    /// Density, windows and combinations of its rows.
    pub shape: Shape,
    /// Forward speed, m/s (at most `MAX_SKIER_SPEED`).
    pub speed: f64,
    /// How much the sight sways at this level's stages, relative to level 1.
    pub sway: f64,
    /// Mean crosswind at this level's stages, m/s (0: still air; each stage draws its own
    /// strength and side from it, see `shooting::wind`).
    pub wind: f64,
    /// Price of one extra round at a shooting stage, coins.
    pub round_price: u32,
    /// The scores that earn gold, silver and bronze (see `sim::score`): about 90 %, 75 % and
    /// 55 % of the perfect bot's median score over 20 seeds.
    pub medals: [u32; 3],
    /// Its land: the hills the terrain raises and the landmark it places (never read by the
    /// simulation).
    pub land: Land,
    /// How it looks, drawn only: sky, tints, the world's bend.
    pub scenery: Scenery,
}

impl LevelSpec {
    /// The skier's parameters at this level's speed.
    pub fn skier(&self) -> SkierParams {
        SkierParams::for_speed(self.speed)
    }

    /// The par time, seconds: the course skied at its speed plus [`PAR_STAGE_S`] per stage.
    pub fn par_s(&self) -> f64 {
        self.length / self.speed + PAR_STAGE_S * f64::from(self.stages)
    }

    /// The layout seed of track 1–3, `None` for an unknown track.
    pub fn seed(&self, track: u8) -> Option<u64> {
        let index = usize::from(track.checked_sub(1)?);
        self.seeds.get(index).copied()
    }
}

/// The settings of the Endless course: it starts at level 1's pace and shape and ramps, segment
/// by segment, to beyond level 5's over [`EndlessSpec::ramp_length`], then holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndlessSpec {
    /// Layout seed when none is given.
    pub seed: u64,
    /// Length of one laid-out segment, metres: speed and shape hold within a segment.
    pub segment_length: f64,
    /// Distance between shooting stages, metres (a whole number of segments).
    pub stage_interval: f64,
    /// Distance over which speed and shape ramp from the start values to the end ones, metres.
    pub ramp_length: f64,
    pub start_speed: f64,
    pub end_speed: f64,
    pub start: Shape,
    pub end: Shape,
    pub sway: f64,
    /// Mean crosswind at Endless's stages, m/s.
    pub wind: f64,
    pub round_price: u32,
    /// The scores that earn gold, silver and bronze: about 12, 6 and 2.5 km skied cleanly.
    pub medals: [u32; 3],
}

impl EndlessSpec {
    /// How far along the ramp (0–1) the segment with this index is.
    fn ramp(&self, segment: u64) -> f64 {
        (segment as f64 * self.segment_length / self.ramp_length).min(1.0)
    }

    /// The skier's speed on the segment with this index, m/s.
    pub fn speed(&self, segment: u64) -> f64 {
        let t = self.ramp(segment);
        self.start_speed + (self.end_speed - self.start_speed) * t
    }

    /// The shape of the segment with this index.
    pub fn shape(&self, segment: u64) -> Shape {
        self.start.towards(&self.end, self.ramp(segment))
    }

    /// The index of the segment holding `z` (metres; before the start: the first).
    pub fn segment_at(&self, z: f64) -> u64 {
        (z / self.segment_length).floor().max(0.0) as u64
    }

    /// The index of the last segment that starts before `z` (a stage on a segment boundary is
    /// reached from the segment before it).
    pub fn segment_before(&self, z: f64) -> u64 {
        ((z / self.segment_length).ceil() - 1.0).max(0.0) as u64
    }

    /// The skier's parameters on the segment with this index.
    pub fn skier(&self, segment: u64) -> SkierParams {
        SkierParams::for_speed(self.speed(segment))
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
        length: 650.0,
        stages: 1,
        shape: Shape {
            rows_per_100m: 4.4,
            min_window_s: 0.25,
            combo_percent: 10,
            extra_slack_s: 0.35,
        },
        speed: 12.5,
        sway: 1.0,
        wind: 0.0,
        round_price: 10,
        medals: [3300, 2800, 2300],
        land: Land {
            hills: Hills {
                broader: 2.0,
                taller: 0.5,
                rise_m: 3.0,
                rise_over_m: 160.0,
                hill_gain: 0.8,
            },
            landmark: LandmarkKind::Village,
        },
        scenery: Scenery {
            name: "village morning",
            sky: Sky {
                name: "sunny morning",
                sun_towards: [-0.55, 0.5, -0.45],
                sun: [0.80, 0.72, 0.58],
                ambient: [0.46, 0.50, 0.60],
                horizon: [0.96, 0.86, 0.74],
                zenith: [0.36, 0.56, 0.86],
                fog_start_share: 0.4,
                snowfall: 0.0,
            },
            snow: [1.0, 0.96, 0.90, 0.0],
            trees: [1.0, 1.0, 0.9, 0.0],
            rim: [0.20, 0.16, 0.10],
            bending: Bending {
                winding_m: 0.8,
                cresting_m: 0.35,
                winding_every_m: 620.0,
                cresting_every_m: 440.0,
            },
        },
    },
    LevelSpec {
        level: 2,
        seeds: [0x4C41_5455_0201, 0x4C41_5455_0202, 0x4C41_5455_0203],
        length: 1000.0,
        stages: 2,
        shape: Shape {
            rows_per_100m: 4.6,
            min_window_s: 0.22,
            combo_percent: 20,
            extra_slack_s: 0.32,
        },
        speed: 13.5,
        sway: 1.3,
        wind: 2.0,
        round_price: 15,
        medals: [5800, 4800, 3500],
        land: Land {
            hills: Hills {
                broader: 1.3,
                taller: 0.85,
                rise_m: 10.0,
                rise_over_m: 130.0,
                hill_gain: 2.2,
            },
            landmark: LandmarkKind::FrozenLake,
        },
        scenery: Scenery {
            name: "lake midday",
            sky: Sky {
                name: "midday",
                sun_towards: [-0.35, 0.8, -0.5],
                sun: [0.68, 0.66, 0.60],
                ambient: [0.42, 0.46, 0.54],
                horizon: [0.80, 0.87, 0.94],
                zenith: [0.30, 0.52, 0.84],
                fog_start_share: 0.35,
                snowfall: 0.0,
            },
            snow: [0.86, 0.95, 1.06, 0.0],
            trees: [1.1, 1.1, 1.0, 0.15],
            rim: [0.14, 0.18, 0.24],
            bending: Bending {
                winding_m: 1.4,
                cresting_m: 0.5,
                winding_every_m: 560.0,
                cresting_every_m: 400.0,
            },
        },
    },
    LevelSpec {
        level: 3,
        seeds: [0x4C41_5455_0301, 0x4C41_5455_0302, 0x4C41_5455_0303],
        length: 1400.0,
        stages: 3,
        shape: Shape {
            rows_per_100m: 4.8,
            min_window_s: 0.2,
            combo_percent: 30,
            extra_slack_s: 0.28,
        },
        speed: 14.5,
        sway: 1.6,
        wind: 2.6,
        round_price: 20,
        medals: [8300, 6900, 5100],
        land: Land {
            hills: Hills {
                broader: 1.0,
                taller: 1.0,
                rise_m: 16.0,
                rise_over_m: 110.0,
                hill_gain: 3.4,
            },
            landmark: LandmarkKind::SkiJump,
        },
        scenery: Scenery {
            name: "ski-jump overcast",
            sky: Sky {
                name: "overcast",
                sun_towards: [-0.2, 0.9, -0.3],
                sun: [0.34, 0.36, 0.36],
                ambient: [0.50, 0.54, 0.52],
                horizon: [0.66, 0.70, 0.68],
                zenith: [0.52, 0.57, 0.56],
                fog_start_share: 0.25,
                snowfall: 0.15,
            },
            snow: [0.88, 0.90, 0.86, 0.0],
            trees: [0.75, 0.85, 0.8, 0.0],
            rim: [0.10, 0.10, 0.10],
            bending: Bending {
                winding_m: 2.0,
                cresting_m: 0.7,
                winding_every_m: 500.0,
                cresting_every_m: 360.0,
            },
        },
    },
    LevelSpec {
        level: 4,
        seeds: [0x4C41_5455_0401, 0x4C41_5455_0402, 0x4C41_5455_0403],
        length: 1800.0,
        stages: 4,
        shape: Shape {
            rows_per_100m: 5.0,
            min_window_s: 0.18,
            combo_percent: 40,
            extra_slack_s: 0.24,
        },
        speed: 15.5,
        sway: 2.0,
        wind: 3.2,
        round_price: 30,
        medals: [10600, 8800, 6500],
        land: Land {
            hills: Hills {
                broader: 1.1,
                taller: 1.1,
                rise_m: 26.0,
                rise_over_m: 90.0,
                hill_gain: 5.0,
            },
            landmark: LandmarkKind::Chapel,
        },
        scenery: Scenery {
            name: "chapel dusk",
            sky: Sky {
                name: "dusk",
                sun_towards: [0.6, 0.18, 0.7],
                sun: [0.82, 0.50, 0.34],
                ambient: [0.62, 0.52, 0.62],
                horizon: [0.90, 0.66, 0.56],
                zenith: [0.20, 0.24, 0.48],
                fog_start_share: 0.3,
                snowfall: 0.0,
            },
            snow: [1.04, 0.92, 0.96, 0.0],
            trees: [1.0, 0.75, 0.75, 0.0],
            rim: [0.34, 0.18, 0.10],
            bending: Bending {
                winding_m: 2.6,
                cresting_m: 0.9,
                winding_every_m: 440.0,
                cresting_every_m: 330.0,
            },
        },
    },
    LevelSpec {
        level: 5,
        seeds: [0x4C41_5455_0501, 0x4C41_5455_0502, 0x4C41_5455_0503],
        length: 2200.0,
        stages: 5,
        shape: Shape {
            rows_per_100m: 5.4,
            min_window_s: 0.15,
            combo_percent: 50,
            extra_slack_s: 0.2,
        },
        speed: 16.5,
        sway: 2.5,
        wind: 3.8,
        round_price: 40,
        medals: [12600, 10500, 7700],
        land: Land {
            hills: Hills {
                broader: 1.0,
                taller: 1.2,
                rise_m: 44.0,
                rise_over_m: 70.0,
                hill_gain: 8.0,
            },
            landmark: LandmarkKind::Cliffs,
        },
        scenery: Scenery {
            name: "cliffs in snowfall",
            sky: Sky {
                name: "snowfall",
                sun_towards: [-0.2, 0.9, -0.2],
                sun: [0.28, 0.30, 0.34],
                ambient: [0.50, 0.55, 0.66],
                horizon: [0.62, 0.68, 0.80],
                zenith: [0.48, 0.55, 0.68],
                fog_start_share: 0.15,
                snowfall: 1.0,
            },
            snow: [0.86, 0.92, 1.04, 0.0],
            trees: [0.9, 0.95, 1.0, 0.45],
            rim: [0.12, 0.14, 0.18],
            bending: Bending {
                winding_m: 3.4,
                cresting_m: 1.1,
                winding_every_m: 380.0,
                cresting_every_m: 300.0,
            },
        },
    },
];

/// The Endless settings: level 1's speed and shape at the start, 17.5 m/s and more and tighter
/// rows than level 5 from 10 km on; a stage every 1.6 km.
pub const ENDLESS: EndlessSpec = EndlessSpec {
    seed: 0x4C41_5455_E0E0,
    segment_length: 200.0,
    stage_interval: 1600.0,
    ramp_length: 10_000.0,
    start_speed: LEVELS[0].speed,
    end_speed: MAX_SKIER_SPEED,
    start: LEVELS[0].shape,
    end: Shape {
        rows_per_100m: 6.0,
        min_window_s: 0.15,
        combo_percent: 55,
        extra_slack_s: 0.18,
    },
    sway: 1.6,
    wind: 2.6,
    round_price: 20,
    medals: [25_000, 12_000, 5_000],
};

/// The row of level 1–5, `None` for an unknown level.
pub fn level(level: u8) -> Option<&'static LevelSpec> {
    LEVELS.iter().find(|spec| spec.level == level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_rise_to_the_cap_and_never_pass_it() {
        assert!(LEVELS.windows(2).all(|w| w[0].speed < w[1].speed));
        assert!(LEVELS.iter().all(|l| l.speed <= MAX_SKIER_SPEED));
        let endless: Vec<f64> = (0..200).map(|segment| ENDLESS.speed(segment)).collect();
        assert!(endless.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(endless[0], LEVELS[0].speed);
        assert_eq!(endless[199], MAX_SKIER_SPEED);
    }

    #[test]
    fn harder_rows_are_denser_tighter_and_more_combined_but_never_under_the_floor() {
        let shapes: Vec<Shape> = LEVELS.iter().map(|l| l.shape).collect();
        for w in shapes.windows(2) {
            assert!(w[0].rows_per_100m < w[1].rows_per_100m);
            assert!(w[0].min_window_s > w[1].min_window_s);
            assert!(w[0].combo_percent < w[1].combo_percent);
            assert!(w[0].extra_slack_s > w[1].extra_slack_s);
        }
        assert!(shapes.iter().all(|s| s.min_window_s >= MIN_WINDOW_FLOOR_S));
        assert!(shapes[0].min_window_s >= 0.25);
        let end = ENDLESS.shape(u64::MAX / 2);
        assert_eq!(end, ENDLESS.end);
        assert!(end.rows_per_100m > shapes[4].rows_per_100m);
        assert!(end.min_window_s >= MIN_WINDOW_FLOOR_S);
        assert_eq!(ENDLESS.shape(0), shapes[0]);
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
                ENDLESS.skier(0),
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
        assert_eq!(SkierParams::for_endless().speed, ENDLESS.start_speed);
    }

    #[test]
    fn each_level_has_its_own_landmark_and_sky_and_winds_more_than_the_one_before() {
        for pair in LEVELS.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            assert_ne!(a.land.landmark, b.land.landmark, "{}", b.scenery.name);
            assert_ne!(a.scenery.sky, b.scenery.sky, "{}", b.scenery.name);
            assert!(
                b.scenery.bending.winding_m > a.scenery.bending.winding_m,
                "{}",
                b.scenery.name
            );
        }
    }

    #[test]
    fn tracks_outside_one_to_three_have_no_seed() {
        assert_eq!(LEVELS[0].seed(0), None);
        assert_eq!(LEVELS[0].seed(4), None);
        assert_eq!(LEVELS[0].seed(1), Some(LEVELS[0].seeds[0]));
    }
}
