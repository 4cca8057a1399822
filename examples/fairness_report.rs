//! Timing windows over many seeds: per level and for Endless, the smallest row window, the
//! share of rows under 0.2 s and the median, as a table; then Endless's speed and rows per km
//! along its ramp.
//!
//! `cargo run --release --example fairness_report [SEEDS]` (default 1 000 seeds per level).

use latu::course::fairness::row_windows;
use latu::course::levels::LEVELS;
use latu::course::Course;

/// Seeds per level when none is given.
const DEFAULT_SEEDS: u64 = 1000;
/// Rows with a window under this are counted, seconds.
const TIGHT_S: f64 = 0.2;
/// Endless lengths reported, metres, and how many seeds each.
const ENDLESS_RUNS: [(f64, u64); 2] = [(20_000.0, 50), (100_000.0, 10)];
/// Where along Endless the speed and the rows of the next km are reported, km.
const RAMP_KM: [f64; 5] = [0.0, 2.0, 5.0, 10.0, 20.0];
/// Seeds the rows per km are averaged over.
const RAMP_SEEDS: u64 = 20;

fn report(name: &str, courses: impl Iterator<Item = Course>) {
    let mut windows: Vec<f64> = Vec::new();
    for course in courses {
        let rows = row_windows(&course).expect("a laid-out course groups into rows");
        windows.extend(rows.iter().map(|row| row.window_s));
    }
    windows.sort_by(f64::total_cmp);
    let tight = windows.iter().filter(|&&w| w < TIGHT_S).count();
    println!(
        "{name:<16} rows {:>7}  smallest {:.3} s  under {TIGHT_S} s {:>5.2} %  median {:.3} s",
        windows.len(),
        windows.first().copied().unwrap_or(f64::NAN),
        100.0 * tight as f64 / windows.len().max(1) as f64,
        windows.get(windows.len() / 2).copied().unwrap_or(f64::NAN),
    );
}

fn ramp() {
    let courses: Vec<Course> = (0..RAMP_SEEDS)
        .map(|seed| {
            let mut course = Course::endless(seed);
            course.extend_to((RAMP_KM[RAMP_KM.len() - 1] + 1.0) * 1000.0);
            course
        })
        .collect();
    for km in RAMP_KM {
        let (from, to) = (km * 1000.0, (km + 1.0) * 1000.0);
        let rows: usize = courses
            .iter()
            .map(|course| {
                let rows = row_windows(course).expect("a laid-out course groups into rows");
                rows.iter().filter(|r| r.z >= from && r.z < to).count()
            })
            .sum();
        println!(
            "endless at {km:>4} km  speed {:>5.2} m/s ({:>3.0} km/h)  rows in the next km {:>5.1}",
            courses[0].skier_at(from).speed,
            courses[0].skier_at(from).speed * 3.6,
            rows as f64 / RAMP_SEEDS as f64,
        );
    }
}

fn main() {
    let seeds = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("SEEDS is a whole number"))
        .unwrap_or(DEFAULT_SEEDS);
    for spec in &LEVELS {
        let courses = (0..seeds)
            .map(|seed| Course::level(spec.level, 1, Some(seed)).expect("a level of the table"));
        report(&format!("level {}", spec.level), courses);
    }
    for (length, count) in ENDLESS_RUNS {
        let courses = (0..count).map(|seed| {
            let mut course = Course::endless(seed);
            course.extend_to(length);
            course
        });
        report(&format!("endless {} km", length / 1000.0), courses);
    }
    ramp();
}
