//! How fast the simulation runs: simulated seconds per wall-clock second.
//!
//! The clock is read here only to measure; nothing it returns reaches the simulation.

// A benchmark measures wall time; what it times is decided by ticks and seeds alone.
#![allow(clippy::disallowed_methods)]

use super::{play_inputs, record_bot, CourseChoice, MAX_TICKS};
use crate::course::Course;
use crate::sim::TICK_HZ;
use std::time::{Duration, Instant};

/// The level whose bot run is replayed (the longest and fastest).
const BENCH_LEVEL: u8 = 5;
const BENCH_TRACK: u8 = 1;
/// Replay for at least this long, for a steady figure.
const MIN_WALL: Duration = Duration::from_millis(500);
/// And at least this many times.
const MIN_ROUNDS: u32 = 3;

/// Simulated seconds per wall second for a headless replay of the bot's level-5 run (course
/// layout included in each round, the bot's own run not timed).
pub fn sim_realtime_factor() -> f64 {
    let course = Course::level(BENCH_LEVEL, BENCH_TRACK, None).expect("level 5 is in the table");
    let seed = course.seed;
    let choice = CourseChoice::Level {
        level: BENCH_LEVEL,
        track: BENCH_TRACK,
        seed,
    };
    let recorded = record_bot(choice, course, MAX_TICKS);
    let mut ticks = 0_u64;
    let mut rounds = 0;
    let start = Instant::now();
    while rounds < MIN_ROUNDS || start.elapsed() < MIN_WALL {
        let course =
            Course::level(BENCH_LEVEL, BENCH_TRACK, Some(seed)).expect("level 5 is in the table");
        let replayed = play_inputs(choice, course, &recorded.inputs, MAX_TICKS);
        ticks += replayed.summary.map_or(0, |summary| summary.ticks);
        rounds += 1;
    }
    let simulated = ticks as f64 / f64::from(TICK_HZ);
    simulated / start.elapsed().as_secs_f64()
}
