//! The human-model bot over many seeds: per level and timing scatter, the share of rows it clears,
//! the obstacles it hits per run and the share of runs without a hit. Skiing only (the stages are
//! passed unshot), so the figures are about the obstacles.
//!
//! `cargo run --release --example human_bot_report [SEEDS]` (default 200 seeds per level).

use latu::course::fairness::row_windows;
use latu::course::levels::LEVELS;
use latu::course::Course;
use latu::sim::{Bot, Run};

/// Seeds per level when none is given.
const DEFAULT_SEEDS: u64 = 200;
/// Timing scatters reported, milliseconds.
const JITTERS_MS: [u32; 3] = [30, 60, 90];
/// Endless is skied this far, metres.
const ENDLESS_LENGTH: f64 = 20_000.0;

/// Rows, hits and hit-free runs over one set of runs.
#[derive(Default)]
struct Tally {
    runs: u32,
    rows: usize,
    hits: u32,
    clean_runs: u32,
}

impl Tally {
    fn add(&mut self, course: Course, jitter_ms: u32, finish: Option<f64>) {
        let seed = course.seed;
        let mut run = Run::unshot(course);
        if let Some(finish) = finish {
            run = run.with_finish(finish);
        }
        let mut bot = Bot::human(seed, jitter_ms);
        while !run.is_finished() {
            let actions = bot.actions(&run);
            run.step(&actions);
        }
        let rows = row_windows(run.course()).expect("a laid-out course groups into rows");
        self.rows += rows.iter().filter(|row| row.end <= run.z()).count();
        self.runs += 1;
        self.hits += run.hits();
        self.clean_runs += u32::from(run.hits() == 0);
    }

    fn print(&self, name: &str, jitter_ms: u32) {
        println!(
            "{name:<14} sigma {jitter_ms:>2} ms  rows cleared {:>7.3} %  hits per run {:>5.2}  \
             runs without a hit {:>5.1} %",
            100.0 * (1.0 - f64::from(self.hits) / self.rows.max(1) as f64),
            f64::from(self.hits) / f64::from(self.runs.max(1)),
            100.0 * f64::from(self.clean_runs) / f64::from(self.runs.max(1)),
        );
    }
}

fn main() {
    let seeds = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("SEEDS is a whole number"))
        .unwrap_or(DEFAULT_SEEDS);
    for jitter_ms in JITTERS_MS {
        for spec in &LEVELS {
            let mut tally = Tally::default();
            for seed in 0..seeds {
                let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
                tally.add(course, jitter_ms, None);
            }
            tally.print(&format!("level {}", spec.level), jitter_ms);
        }
        let mut tally = Tally::default();
        for seed in 0..seeds / 10 {
            tally.add(Course::endless(seed), jitter_ms, Some(ENDLESS_LENGTH));
        }
        tally.print("endless 20 km", jitter_ms);
    }
}
