//! The rifles as side-grades: the human-model bot (`latu simulate --human-bot`, 60 ms timing
//! scatter) skis the same runs with every rifle, and the report prints, per level and rifle, the
//! mean score with its 95 % interval, the ratio to the training rifle's mean, and the paired
//! difference (the same course and the same bot seed with the training rifle) with its 95 %
//! interval, as a share of the training rifle's mean. The rule it checks: each rifle's mean is
//! within ±1 % of the training rifle's on every level. It also prints what each rifle trades:
//! misses, seconds on the mats and penalty metres per run.
//!
//! `cargo run --release --example rifle_report [RUNS]` (default 200 runs per level and rifle;
//! run `i` skis track `1 + i % 3` of the level on layout seed `i`, so seeds and tracks vary
//! deterministically and every rifle skis the very same runs).

use latu::cli::simulate::{DEFAULT_JITTER_MS, HUMAN_BOT_SEED};
use latu::course::levels::LEVELS;
use latu::course::Course;
use latu::replay::MAX_TICKS;
use latu::shooting::{Rifle, RIFLES};
use latu::sim::{Bot, Run, Summary};
use std::thread;

/// Runs per level and rifle when none is given.
const DEFAULT_RUNS: u64 = 200;
/// Tracks per level (run `i` skis track `1 + i % TRACKS`).
const TRACKS: u64 = 3;
/// The normal distribution's two-sided 95 % quantile.
const Z_95: f64 = 1.96;
/// The side-grade rule: a rifle's mean within this share of the training rifle's.
const SIDE_GRADE_PERCENT: f64 = 1.0;

/// What one run of the human-model bot left, for one rifle.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    score: f64,
    misses: f64,
    mat_s: f64,
    penalty_m: f64,
}

impl Outcome {
    fn of(summary: &Summary) -> Self {
        Self {
            score: f64::from(summary.score),
            misses: f64::from(summary.misses),
            mat_s: summary.mat_s,
            penalty_m: summary.penalty_m,
        }
    }
}

/// The human-model bot's run `index` of `level` with `rifle`.
fn ski(level: u8, index: u64, rifle: Rifle) -> Outcome {
    let track = 1 + (index % TRACKS) as u8;
    let course = Course::level(level, track, Some(index)).expect("a table level");
    let mut bot = Bot::human(course.seed ^ HUMAN_BOT_SEED, DEFAULT_JITTER_MS);
    let mut run = Run::new(course).with_rifle(rifle);
    while !run.is_finished() && run.tick().get() < MAX_TICKS {
        let actions = bot.actions(&run);
        run.step(&actions);
    }
    Outcome::of(&run.summary())
}

/// Every rifle's outcomes of runs `0..runs` of `level`, indexed [rifle][run], on two threads.
fn ski_level(level: u8, runs: u64) -> Vec<Vec<Outcome>> {
    let threads = thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let share = runs.div_ceil(threads);
    let parts: Vec<Vec<Vec<Outcome>>> = thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|part| {
                let indices = part * share..((part + 1) * share).min(runs);
                scope.spawn(move || {
                    Rifle::all()
                        .map(|rifle| indices.clone().map(|i| ski(level, i, rifle)).collect())
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a worker finishes"))
            .collect()
    });
    (0..RIFLES.len())
        .map(|rifle| {
            parts
                .iter()
                .flat_map(|part| part[rifle].iter().copied())
                .collect()
        })
        .collect()
}

/// Mean and the half-width of its 95 % interval.
fn mean_and_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, Z_95 * (variance / n).sqrt())
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0.0), |(sum, n), v| (sum + v, n + 1.0));
    sum / n
}

fn main() {
    let runs = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("RUNS is a whole number"))
        .unwrap_or(DEFAULT_RUNS);
    assert!(runs >= 2, "RUNS must be at least 2 for an interval");
    println!(
        "human-model bot, {} ms scatter, {runs} runs per level and rifle (track 1 + i % 3, \
         layout seed i)",
        DEFAULT_JITTER_MS
    );
    println!(
        "{:<7} {:<14} {:>17} {:>8} {:>20} {:>7} {:>6} {:>8}",
        "level",
        "rifle",
        "mean score ±95%",
        "ratio",
        "paired diff ±95%",
        "misses",
        "mat s",
        "loop m"
    );
    let mut worst: f64 = 0.0;
    for spec in &LEVELS {
        let outcomes = ski_level(spec.level, runs);
        let training = &outcomes[0];
        let (base, _) = mean_and_interval(&training.iter().map(|o| o.score).collect::<Vec<_>>());
        for (rifle, spec_row) in outcomes.iter().zip(&RIFLES) {
            let scores: Vec<f64> = rifle.iter().map(|o| o.score).collect();
            let (mean_score, half) = mean_and_interval(&scores);
            let diffs: Vec<f64> = rifle
                .iter()
                .zip(training)
                .map(|(own, standard)| own.score - standard.score)
                .collect();
            let (diff, diff_half) = mean_and_interval(&diffs);
            let ratio = mean_score / base;
            worst = worst.max((ratio - 1.0).abs());
            println!(
                "{:<7} {:<14} {:>9.0} ± {:<5.0} {:>8.4} {:>+9.2} % ± {:<5.2} % {:>7.2} {:>6.1} {:>8.0}",
                spec.level,
                spec_row.rifle.id(),
                mean_score,
                half,
                ratio,
                100.0 * diff / base,
                100.0 * diff_half / base,
                mean(rifle.iter().map(|o| o.misses)),
                mean(rifle.iter().map(|o| o.mat_s)),
                mean(rifle.iter().map(|o| o.penalty_m)),
            );
        }
    }
    let verdict = if 100.0 * worst <= SIDE_GRADE_PERCENT {
        "within"
    } else {
        "OUTSIDE"
    };
    println!(
        "largest |ratio - 1|: {:.2} % ({verdict} the ±{SIDE_GRADE_PERCENT} % side-grade rule)",
        100.0 * worst
    );
}
