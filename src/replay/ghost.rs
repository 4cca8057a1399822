//! The ghost of a best run: its replay re-simulated tick by tick beside the player's run (exact,
//! not recorded positions), and the split times where both pass the same points of the course.
//!
//! The splits are every [`SPLIT_EVERY_M`] metres, the course's shooting stages (where the skier
//! arrives at the range) and its finish. The ghost's own
//! split ticks are known from the start (its replay is simulated once through when it is made),
//! so the gap can show the moment the player passes a split, ahead or behind.
//!
//! A ghost's replay is untrusted (a download, or a file anyone may have edited): it drives a
//! ghost only once [`super::untrusted::check`] has re-played it strictly, and the ghost ends
//! where that re-play ended, never where the file says.

use super::file::{CourseChoice, Replay, TickInput};
use super::untrusted::{check, UntrustedRefusal};
use super::verify::build_course;
use crate::course::{Course, CourseKind};
use crate::sim::{Run, RunEvent, Tick, TICK_HZ};
use std::fmt;

/// A split this often along the course, metres (besides the stages and the finish).
pub const SPLIT_EVERY_M: f64 = 500.0;

/// Two split points nearer than this are one, metres.
const SAME_POINT_M: f64 = 1.0;

/// Why a replay cannot be a ghost here.
#[derive(Debug, Clone, PartialEq)]
pub enum GhostError {
    /// The replay names no course this build has (the reason).
    NoCourse(String),
    /// It was run on another course than the one being skied.
    OtherCourse,
    /// It failed the untrusted replay's check (why).
    Refused(UntrustedRefusal),
}

impl fmt::Display for GhostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GhostError::NoCourse(why) => write!(f, "the replay names no course: {why}"),
            GhostError::OtherCourse => f.write_str("the replay was run on another course"),
            GhostError::Refused(why) => write!(f, "the replay was refused: {why}"),
        }
    }
}

impl std::error::Error for GhostError {}

/// The points of a course where split times are taken, metres along the track, ascending.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitPoints(Vec<f64>);

impl SplitPoints {
    /// Every [`SPLIT_EVERY_M`], each stage and the finish of a level; Endless (no finish) up
    /// to `until` metres, the ghost's distance.
    pub fn of(course: &Course, until: f64) -> Self {
        let end = match course.kind {
            CourseKind::Level { .. } => course.length.unwrap_or(until),
            CourseKind::Endless => until,
        };
        let count = (end / SPLIT_EVERY_M).floor().max(0.0) as u32;
        let mut points: Vec<f64> = (1..=count).map(|k| f64::from(k) * SPLIT_EVERY_M).collect();
        points.extend(
            course
                .stages
                .iter()
                .map(|stage| stage.z)
                .filter(|&z| z <= end),
        );
        points.extend(course.length);
        points.sort_by(f64::total_cmp);
        points.dedup_by(|later, earlier| *later - *earlier < SAME_POINT_M);
        Self(points)
    }

    /// The points, metres.
    pub fn metres(&self) -> &[f64] {
        &self.0
    }
}

/// When one run passed each split point: the first tick it stood at or beyond it.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitTicks {
    points: SplitPoints,
    ticks: Vec<Tick>,
}

impl SplitTicks {
    pub fn new(points: SplitPoints) -> Self {
        Self {
            points,
            ticks: Vec::new(),
        }
    }

    /// Note the run's position after a tick; the index of a split passed on it, if any.
    pub fn observe(&mut self, run: &Run) -> Option<usize> {
        let index = self.ticks.len();
        let point = *self.points.0.get(index)?;
        (run.z() >= point).then(|| {
            self.ticks.push(run.tick());
            index
        })
    }

    /// The tick split `index` was passed on, if it has been.
    pub fn tick(&self, index: usize) -> Option<Tick> {
        self.ticks.get(index).copied()
    }

    /// Splits passed so far.
    pub fn passed(&self) -> usize {
        self.ticks.len()
    }
}

/// The gap to the ghost at one split, seconds: positive when the player is behind it.
pub fn gap_s(player_tick: Tick, ghost_tick: Tick) -> f64 {
    (player_tick.get() as f64 - ghost_tick.get() as f64) / f64::from(TICK_HZ)
}

/// A best run skiing again, one tick at a time, beside the player's.
#[derive(Debug)]
pub struct Ghost {
    run: Run,
    inputs: Vec<TickInput>,
    next: usize,
    /// The tick its replay ended on: it stops there (an Endless run ends where it was left).
    end: Tick,
    /// Its split ticks, from one run through at the start.
    splits: SplitTicks,
}

impl Ghost {
    /// The ghost of `replay` on the course `choice` names; refused if the replay was run on
    /// another course or fails the untrusted replay's check.
    pub fn new(replay: &Replay, choice: CourseChoice) -> Result<Self, GhostError> {
        let own = replay.course_choice().map_err(GhostError::NoCourse)?;
        if !same_course(own, choice) {
            return Err(GhostError::OtherCourse);
        }
        let checked = check(replay).map_err(GhostError::Refused)?;
        let course = build_course(own).map_err(|e| GhostError::NoCourse(e.to_string()))?;
        let end = Tick::new(checked.summary.ticks);
        let mut inputs = replay.inputs.clone();
        inputs.sort_by_key(|input| input.tick);
        let start = || {
            let run = Run::new(course.clone()).bringing(replay.brought());
            match own {
                CourseChoice::Endless {
                    distance: Some(distance),
                    ..
                } => run.with_finish(distance),
                _ => run,
            }
        };
        let reached = checked.summary.distance;
        let mut splits = SplitTicks::new(SplitPoints::of(&course, reached));
        // Once through, to know its split ticks before the player reaches them.
        let mut through = Ghost {
            run: start(),
            inputs,
            next: 0,
            end,
            splits: splits.clone(),
        };
        while !through.is_over() {
            through.step();
            while splits.observe(&through.run).is_some() {}
        }
        Ok(Ghost {
            run: start(),
            next: 0,
            splits,
            ..through
        })
    }

    /// The ghost's run as it stands.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// Whether it has skied all its replay holds.
    pub fn is_over(&self) -> bool {
        self.run.is_finished() || self.run.tick() >= self.end
    }

    /// Step until the ghost has skied `tick` ticks (or its replay ends), telling `on_event`
    /// each event of its run with the tick it happened on.
    pub fn step_to(&mut self, tick: Tick, on_event: &mut dyn FnMut(Tick, &RunEvent)) {
        while self.run.tick() < tick && !self.is_over() {
            self.step();
            for event in self.run.events() {
                on_event(self.run.tick(), event);
            }
        }
    }

    /// The ghost's split ticks (all of them, known from the start).
    pub fn splits(&self) -> &SplitTicks {
        &self.splits
    }

    /// The points the splits are taken at.
    pub fn split_points(&self) -> &SplitPoints {
        &self.splits.points
    }

    fn step(&mut self) {
        let tick = self.run.tick();
        let mut actions = Vec::new();
        while let Some(input) = self.inputs.get(self.next).filter(|i| i.tick <= tick) {
            if input.tick == tick {
                actions.extend_from_slice(&input.actions);
            }
            self.next += 1;
        }
        self.run.step(&actions);
    }
}

/// Whether two choices name the same course (Endless: the same seed, wherever it stopped).
fn same_course(a: CourseChoice, b: CourseChoice) -> bool {
    match (a, b) {
        (CourseChoice::Level { .. }, CourseChoice::Level { .. }) => a == b,
        (CourseChoice::Endless { seed: x, .. }, CourseChoice::Endless { seed: y, .. }) => x == y,
        _ => false,
    }
}
