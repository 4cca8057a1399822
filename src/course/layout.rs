//! Course layout, pure: (level row or Endless, seed) → obstacles, coins and shooting stages.
//! Levels are laid out whole; Endless segment by segment, each from (seed, segment index) alone.

use super::levels::{self, stage_position, LevelSpec, ENDLESS};
use super::model::{Course, CourseKind, SkierParams, StageSpot};
use super::movers::lay_movers;
use super::pickups::{lay_pickups, PickupPlace};
use super::planner::{lay_window, Draws, Lists, Pace, Window};
use super::ramps::RampDraw;
use super::rng::{stream, Purpose};
use super::routes::{RouteDraw, ROUTE_TAIL_ROWS};
use std::fmt;

/// Obstacle-free run at the start of every course, seconds at the course's speed.
pub const WARM_UP_S: f64 = 3.0;

/// Obstacle-free run before and after each shooting stage (and before the finish), seconds at the
/// course's speed.
pub const STAGE_CLEAR_S: f64 = 2.0;

/// How far past a stage the range's targets stand, their gantry spanning the track, metres: the
/// skier leaves the range under it.
pub const RANGE_EXIT_M: f64 = 50.0;

/// The run-out after a stage at `speed` (m/s): no obstacle from the stage until [`STAGE_CLEAR_S`]
/// past the range's exit gate, so nothing stands under the gantry or just beyond it, metres.
pub fn range_run_out(speed: f64) -> f64 {
    RANGE_EXIT_M + STAGE_CLEAR_S * speed
}

/// The gentle start of every course, seconds at its speed from the start line: single rows only,
/// never two lanes to cross, at least [`GENTLE_GAP_S`] apart. Short, so a run is brisk within
/// seconds.
pub const GENTLE_START_S: f64 = 12.0;

/// Least time between the rows of the gentle start, seconds at the course's speed.
pub const GENTLE_GAP_S: f64 = 2.5;

/// The random streams a section's extras are laid from, one per job, so that each leaves the
/// others' choices as they were (the routes' inside their draw).
struct SectionStreams {
    pickups: rand_pcg::Pcg32,
    movers: rand_pcg::Pcg32,
    ramps: rand_pcg::Pcg32,
    routes: RouteDraw,
}

/// A course that does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CourseError {
    /// No such level in the table.
    UnknownLevel(u8),
    /// The level has no such track.
    UnknownTrack { level: u8, track: u8 },
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownLevel(level) => write!(
                f,
                "unknown level {level}: levels are 1 to {}",
                levels::LEVELS.len()
            ),
            Self::UnknownTrack { level, track } => write!(
                f,
                "level {level} has no track {track}: tracks are 1 to {}",
                levels::TRACKS
            ),
        }
    }
}

impl std::error::Error for CourseError {}

/// A level's stages: evenly spaced between start and finish, on whole metres.
fn stage_spots(spec: &LevelSpec) -> Vec<StageSpot> {
    (1..=spec.stages)
        .map(|k| StageSpot {
            z: (spec.length * f64::from(k) / f64::from(spec.stages + 1)).round(),
            position: stage_position(k - 1),
        })
        .collect()
}

/// A level's obstacle sections: after the warm-up or a stage's run-out (past its exit gate), before the next stage's
/// run-up or the finish.
fn level_windows(spec: &LevelSpec, stages: &[StageSpot]) -> Vec<Window> {
    let clear = STAGE_CLEAR_S * spec.speed;
    let run_out = range_run_out(spec.speed);
    let starts =
        std::iter::once(WARM_UP_S * spec.speed).chain(stages.iter().map(|s| s.z + run_out));
    let ends = stages
        .iter()
        .map(|s| s.z - clear)
        .chain([spec.length - clear]);
    starts.zip(ends).map(|(lo, hi)| Window { lo, hi }).collect()
}

/// The section that owes the track a route if none is laid before it: the last one whose
/// window, past the gentle start, could hold a route with the rows after it. Every level track
/// where a fair route fits gets one.
fn owing_section(pace: &Pace, windows: &[Window]) -> Option<u64> {
    let route_pace = pace.route_pace();
    let holds = |w: &Window| {
        let from = w.lo.max(pace.gentle_until);
        RouteDraw::fits(ROUTE_TAIL_ROWS, from, w.hi, &route_pace)
    };
    (0u64..)
        .zip(windows)
        .filter(|(_, w)| holds(w))
        .map(|(index, _)| index)
        .last()
}

impl Course {
    /// Lay out track `track` (1–3) of level `level` (1–5), with the table's seed unless `seed`
    /// overrides it.
    pub fn level(level: u8, track: u8, seed: Option<u64>) -> Result<Course, CourseError> {
        let spec = levels::level(level).ok_or(CourseError::UnknownLevel(level))?;
        let table_seed = spec
            .seed(track)
            .ok_or(CourseError::UnknownTrack { level, track })?;
        let seed = seed.unwrap_or(table_seed);
        let skier = spec.skier();
        let pace = Pace {
            skier,
            shape: spec.shape,
            gentle_until: GENTLE_START_S * spec.speed,
        };
        let stages = stage_spots(spec);
        let windows = level_windows(spec, &stages);
        let mut course = Course {
            kind: CourseKind::Level { level, track },
            seed,
            length: Some(spec.length),
            skier,
            obstacles: Vec::new(),
            coins: Vec::new(),
            stages,
            pickups: Vec::new(),
            ramps: Vec::new(),
            routes: Vec::new(),
            laid_out: spec.length,
        };
        let stage_count = course.stages.len() as u64;
        let owing = owing_section(&pace, &windows);
        for (index, window) in (0u64..).zip(windows) {
            let mut rng = stream(seed, Purpose::LevelSection, index);
            let owed = course.routes.is_empty() && owing == Some(index);
            let streams = SectionStreams {
                pickups: stream(seed, Purpose::LevelPickups, index),
                movers: stream(seed, Purpose::LevelMovers, index),
                ramps: stream(seed, Purpose::LevelRamps, index),
                routes: RouteDraw::level(stream(seed, Purpose::LevelRoutes, index), owed),
            };
            course.lay_section(pace, window, &mut rng, streams, index < stage_count);
        }
        Ok(course)
    }

    /// The Endless course with `seed`, laid out up to nothing yet: call [`Course::extend_to`] as
    /// the skier advances.
    pub fn endless(seed: u64) -> Course {
        Course {
            kind: CourseKind::Endless,
            seed,
            length: None,
            skier: ENDLESS.skier(0),
            obstacles: Vec::new(),
            coins: Vec::new(),
            stages: Vec::new(),
            pickups: Vec::new(),
            ramps: Vec::new(),
            routes: Vec::new(),
            laid_out: 0.0,
        }
    }

    /// Lay one window's obstacles and coins (`rng`) with its ramps and routes, then its snowmobiles and its
    /// power-ups on the coins just laid, each from its own stream; `stage_ahead`: a shooting stage follows
    /// the window.
    fn lay_section(
        &mut self,
        pace: Pace,
        window: Window,
        rng: &mut rand_pcg::Pcg32,
        mut streams: SectionStreams,
        stage_ahead: bool,
    ) {
        let (first_obstacle, first_coin) = (self.obstacles.len(), self.coins.len());
        let mut draws = Draws {
            ramps: RampDraw::new(streams.ramps),
            routes: streams.routes,
        };
        let lists = Lists {
            obstacles: &mut self.obstacles,
            coins: &mut self.coins,
            ramps: &mut self.ramps,
            routes: &mut self.routes,
        };
        lay_window(pace, window, rng, &mut draws, lists);
        lay_movers(
            (&pace.skier, pace.shape.min_window_s),
            &mut streams.movers,
            &mut self.obstacles,
            first_obstacle,
        );
        let place = PickupPlace {
            skier: pace.skier,
            min_window_s: pace.shape.min_window_s,
            lo: window.lo,
            hi: window.hi,
            stage_ahead,
        };
        lay_pickups(
            &place,
            &mut streams.pickups,
            &self.obstacles[first_obstacle..],
            &mut self.coins,
            first_coin,
            &mut self.pickups,
        );
    }

    /// Lay out Endless segments until `z` is covered, in order from the first. Each segment
    /// depends only on (seed, segment index) and the last route before it, so the course is the
    /// same however it is extended. A no-op for levels.
    pub fn extend_to(&mut self, z: f64) {
        if self.kind != CourseKind::Endless {
            return;
        }
        while self.laid_out < z {
            let index = (self.laid_out / ENDLESS.segment_length).round() as u64;
            self.lay_endless_segment(index);
            self.laid_out = (index + 1) as f64 * ENDLESS.segment_length;
        }
    }

    /// How much the sight sways at this course's stages (the table's sway factor); `None` for a
    /// level missing from the table (a hand-made course).
    pub fn sway(&self) -> Option<f64> {
        match self.kind {
            CourseKind::Level { level, .. } => levels::level(level).map(|spec| spec.sway),
            CourseKind::Endless => Some(ENDLESS.sway),
        }
    }

    /// Price of one extra round at this course's stages, coins; `None` for a level missing from
    /// the table (a hand-made course).
    pub fn round_price(&self) -> Option<u32> {
        match self.kind {
            CourseKind::Level { level, .. } => levels::level(level).map(|spec| spec.round_price),
            CourseKind::Endless => Some(ENDLESS.round_price),
        }
    }

    /// The skier's parameters at `z`: a level's throughout; on Endless, those of the segment
    /// holding `z`.
    pub fn skier_at(&self, z: f64) -> SkierParams {
        match self.kind {
            CourseKind::Level { .. } => self.skier,
            CourseKind::Endless => ENDLESS.skier(ENDLESS.segment_at(z)),
        }
    }

    /// The skier's parameters just before `z` (where a skier arriving at `z` comes from; differs
    /// from [`Course::skier_at`] only on an Endless segment boundary).
    pub fn skier_before(&self, z: f64) -> SkierParams {
        match self.kind {
            CourseKind::Level { .. } => self.skier,
            CourseKind::Endless => ENDLESS.skier(ENDLESS.segment_before(z)),
        }
    }

    /// The par time of the course, seconds (see [`LevelSpec::par_s`]); `None` for Endless and for a
    /// level missing from the table.
    pub fn par_s(&self) -> Option<f64> {
        match self.kind {
            CourseKind::Level { level, .. } => levels::level(level).map(LevelSpec::par_s),
            CourseKind::Endless => None,
        }
    }

    /// The scores that earn gold, silver and bronze on this course; `None` for a level missing
    /// from the table.
    pub fn medals(&self) -> Option<[u32; 3]> {
        match self.kind {
            CourseKind::Level { level, .. } => levels::level(level).map(|spec| spec.medals),
            CourseKind::Endless => Some(ENDLESS.medals),
        }
    }

    /// The smallest timing window a row at `z` may leave, seconds; `None` for a level missing
    /// from the table (a hand-made course).
    pub fn min_window_s(&self, z: f64) -> Option<f64> {
        match self.kind {
            CourseKind::Level { level, .. } => levels::level(level).map(|s| s.shape.min_window_s),
            CourseKind::Endless => Some(ENDLESS.shape(ENDLESS.segment_at(z)).min_window_s),
        }
    }

    fn lay_endless_segment(&mut self, index: u64) {
        let per_stage = (ENDLESS.stage_interval / ENDLESS.segment_length).round() as u64;
        let start = index as f64 * ENDLESS.segment_length;
        let end = start + ENDLESS.segment_length;
        let stage_at_start = index > 0 && index.is_multiple_of(per_stage);
        let stage_at_end = (index + 1).is_multiple_of(per_stage);
        let skier = ENDLESS.skier(index);
        let lo = if index == 0 {
            WARM_UP_S * skier.speed
        } else if stage_at_start {
            start + range_run_out(skier.speed)
        } else {
            start
        };
        let hi = if stage_at_end {
            end - STAGE_CLEAR_S * skier.speed
        } else {
            end
        };
        let pace = Pace {
            skier,
            shape: ENDLESS.shape(index),
            gentle_until: GENTLE_START_S * ENDLESS.start_speed,
        };
        let mut rng = stream(self.seed, Purpose::EndlessSegment, index);
        let streams = SectionStreams {
            pickups: stream(self.seed, Purpose::EndlessPickups, index),
            movers: stream(self.seed, Purpose::EndlessMovers, index),
            ramps: stream(self.seed, Purpose::EndlessRamps, index),
            routes: RouteDraw::endless(self.seed, index, self.routes.last().map(|r| r.z)),
        };
        self.lay_section(pace, Window { lo, hi }, &mut rng, streams, stage_at_end);
        if stage_at_end {
            let stage = (index + 1) / per_stage;
            self.stages.push(StageSpot {
                z: end,
                position: stage_position(u8::from(stage.is_multiple_of(2))),
            });
        }
    }
}
