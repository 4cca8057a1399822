//! The shape inside a course: every level starts gently (single rows far apart), combinations
//! come later and more often on harder levels, every row leaves its level's timing window, and
//! Endless ramps speed and density with distance up to its end values.

use latu::course::fairness::{row_windows, RowWindow};
use latu::course::layout::{GENTLE_GAP_S, GENTLE_START_S};
use latu::course::levels::{ENDLESS, LEVELS};
use latu::course::ramps::clear_stretch;
use latu::course::{Course, MAX_SKIER_SPEED};

/// Seeds per level.
const SEEDS: u64 = 100;
/// Two rows closer than this (from one's far edge to the next's near edge) count as one
/// combination, seconds at the level's speed: patterns space their rows by reaction, lane changes
/// and slack; single rows come with a pause between them.
const COMBO_GAP_S: f64 = 1.0;
/// Rounding allowed on the gentle gap, metres.
const ROUNDING: f64 = 1e-6;

fn windows(course: &Course) -> Vec<RowWindow> {
    row_windows(course).expect("a laid-out course groups into rows")
}

#[test]
fn every_row_of_every_level_leaves_its_window() {
    for spec in &LEVELS {
        for seed in 0..SEEDS {
            let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
            let smallest = windows(&course)
                .iter()
                .map(|row| row.window_s)
                .fold(f64::INFINITY, f64::min);
            assert!(
                smallest >= spec.shape.min_window_s,
                "level {} seed {seed}: {smallest:.3} s",
                spec.level
            );
        }
    }
}

#[test]
fn the_first_twenty_seconds_hold_single_rows_far_apart() {
    for spec in &LEVELS {
        let gentle_end = GENTLE_START_S * spec.speed;
        let gap = GENTLE_GAP_S * spec.speed;
        let mut gentle_rows = 0;
        for seed in 0..SEEDS {
            let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
            let rows = windows(&course);
            for pair in rows.windows(2).filter(|pair| pair[1].z < gentle_end) {
                gentle_rows += 1;
                assert!(
                    pair[1].z - pair[0].end >= gap - ROUNDING,
                    "level {} seed {seed}: rows at {:.1} and {:.1} in the gentle start",
                    spec.level,
                    pair[0].z,
                    pair[1].z
                );
            }
        }
        assert!(gentle_rows > 0, "level {} has a gentle start", spec.level);
    }
}

/// The share of rows that follow the previous one as part of a combination, over many seeds.
fn combination_share(level: u8, speed: f64) -> f64 {
    let (mut close, mut all) = (0usize, 0usize);
    for seed in 0..SEEDS {
        let course = Course::level(level, 1, Some(seed)).expect("a table level");
        let rows = windows(&course);
        all += rows.len();
        close += rows
            .windows(2)
            .filter(|pair| pair[1].z - pair[0].end < COMBO_GAP_S * speed)
            .count();
    }
    close as f64 / all as f64
}

#[test]
fn harder_levels_combine_more_rows() {
    let shares: Vec<f64> = LEVELS
        .iter()
        .map(|spec| combination_share(spec.level, spec.speed))
        .collect();
    assert!(shares.windows(2).all(|w| w[0] < w[1]), "{shares:?}");
    assert!(shares[0] > 0.0, "{shares:?}");
}

/// Rows per km in the km starting at `km`, over a few seeds of Endless laid out past it. A
/// ramp's clear stretch and a fork segment are set pieces of their own, not track the rows
/// may use: they are left out of the kilometre.
fn endless_rows_per_km(km: f64) -> f64 {
    let seeds = 10;
    let mut rows = 0;
    let mut ramp_m = 0.0;
    for seed in 0..seeds {
        let mut course = Course::endless(seed);
        course.extend_to((km + 1.0) * 1000.0);
        let in_km = |z: f64| (km * 1000.0..(km + 1.0) * 1000.0).contains(&z);
        // A route is a set piece of its own: Endless lays it as a whole fork segment (its
        // pause, from the choice room before the mouth to the one after the end, and the rest
        // of the segment, too short for a pattern at speed).
        let segment = |z: f64| (z / ENDLESS.segment_length).floor();
        let in_route = |z: f64| (course.routes.iter()).any(|r| segment(z) == segment(r.z));
        rows += windows(&course)
            .iter()
            .filter(|row| in_km(row.z) && !in_route(row.z))
            .count();
        ramp_m +=
            ENDLESS.segment_length * course.routes.iter().filter(|r| in_km(r.z)).count() as f64;
        for ramp in &course.ramps {
            let min_window_s = course.min_window_s(ramp.z).expect("Endless asks for one");
            let (before, after) = clear_stretch(&course.skier_at(ramp.z), min_window_s);
            let inside = in_km(ramp.z) && !in_route(ramp.z);
            ramp_m += if inside { before + after } else { 0.0 };
        }
    }
    let track_m = 1000.0 * f64::from(seeds as u32) - ramp_m;
    rows as f64 * 1000.0 / track_m
}

/// Endless at its end has at least this many times the rows per km of its start.
const RAMP_DENSER: f64 = 1.25;

#[test]
fn endless_ramps_speed_and_density_with_distance_then_holds() {
    let course = Course::endless(ENDLESS.seed);
    let at = |km: f64| course.skier_at(km * 1000.0).speed;
    let speeds: Vec<f64> = [0.0, 2.0, 5.0, 10.0, 20.0].into_iter().map(at).collect();
    assert_eq!(speeds[0], LEVELS[0].speed);
    assert!(speeds.windows(2).all(|w| w[0] <= w[1]), "{speeds:?}");
    assert!(speeds[2] > LEVELS[0].speed && speeds[2] < MAX_SKIER_SPEED);
    assert_eq!((speeds[3], speeds[4]), (MAX_SKIER_SPEED, MAX_SKIER_SPEED));
    assert!(MAX_SKIER_SPEED > LEVELS[4].speed);
    let start = endless_rows_per_km(0.0);
    let ramped = endless_rows_per_km(10.0);
    // Level 1's pace already puts a row every couple of seconds at the start.
    assert!(
        ramped > RAMP_DENSER * start,
        "{start} -> {ramped} rows per km"
    );
    assert!(ramped > 10.0 * LEVELS[4].shape.rows_per_100m * 0.8);
}

#[test]
fn endless_windows_follow_its_ramp() {
    let mut course = Course::endless(3);
    course.extend_to(15_000.0);
    for row in windows(&course) {
        let min = course
            .min_window_s(row.z)
            .expect("Endless asks for a window");
        assert!(
            row.window_s >= min,
            "row at {:.1}: {:.3} s",
            row.z,
            row.window_s
        );
    }
    assert_eq!(course.min_window_s(0.0), Some(LEVELS[0].shape.min_window_s));
    assert_eq!(
        course.min_window_s(14_000.0),
        Some(ENDLESS.end.min_window_s)
    );
}

/// The median time between one row and the next after the gentle start, level 1 first, at most,
/// seconds: something to do every couple of seconds from the start, tightening with the level.
const PACE_S: [f64; 5] = [2.5, 2.1, 1.75, 1.45, 1.2];
/// Seeds per level for the pace.
const PACE_SEEDS: u64 = 20;

#[test]
fn after_the_gentle_start_rows_come_at_the_levels_pace() {
    for (spec, most_s) in LEVELS.iter().zip(PACE_S) {
        let gentle_end = GENTLE_START_S * spec.speed;
        let mut gaps: Vec<f64> = (0..PACE_SEEDS)
            .flat_map(|seed| {
                let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
                let rows = windows(&course);
                rows.windows(2)
                    .filter(|pair| pair[0].z >= gentle_end)
                    .map(|pair| (pair[1].z - pair[0].z) / spec.speed)
                    .collect::<Vec<_>>()
            })
            .collect();
        gaps.sort_by(f64::total_cmp);
        let median = gaps[gaps.len() / 2];
        assert!(
            median <= most_s,
            "level {}: a row every {median:.2} s (median), at most {most_s} s wanted",
            spec.level
        );
    }
}
