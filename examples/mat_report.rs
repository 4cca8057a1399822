//! Seconds on the mat of the human-model bot (a new player's pace, aiming by touch) over many
//! seeds, per level and position: the mean of every stage, the slowest (each range closes after
//! `latu::shooting::stage::STAGE_MAT_LIMIT_S`), of the first prone stage, and of the clean
//! prone stages (five hits, no miss), with the share of stages shot clean and the hits.
//!
//! `cargo run --release --example mat_report [SEEDS]` (default 100 seeds per level, track 1).

use latu::course::levels::LEVELS;
use latu::course::{Course, ShootingPosition};
use latu::sim::{Bot, Run};

/// Seeds per level when none is given.
const DEFAULT_SEEDS: u64 = 100;
/// The human-model bot's timing scatter, milliseconds (the command line's default).
const JITTER_MS: u32 = 60;
/// One tick, seconds.
const TICK_S: f64 = 1.0 / 60.0;
/// Hits that clear a stage.
const TARGETS: u32 = 5;

/// One stage as the bot shot it.
struct Stage {
    position: ShootingPosition,
    first: bool,
    mat_s: f64,
    hits: u32,
    misses: u32,
}

/// Every stage of one human-model run of `course`.
fn stages_of(course: Course) -> Vec<Stage> {
    let seed = course.seed;
    let mut run = Run::new(course);
    let mut bot = Bot::human(seed, JITTER_MS);
    let mut stages: Vec<Stage> = Vec::new();
    while !run.is_finished() {
        if let Some(view) = run.stage_view() {
            let index = run.at_stage().unwrap_or_default();
            if stages.len() <= index {
                stages.push(Stage {
                    position: view.position,
                    first: index == 0,
                    mat_s: 0.0,
                    hits: 0,
                    misses: 0,
                });
            }
            stages[index].mat_s = view.on_mat_s + TICK_S;
        }
        let actions = bot.actions(&run);
        run.step(&actions);
        // The stage's last shot is told by its result, once the skier leaves.
        if let Some((index, result)) = run.last_stage_result() {
            if let Some(stage) = stages.get_mut(index) {
                stage.misses = result.misses;
                stage.hits = result.shots - result.misses;
            }
        }
    }
    stages
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// The mean of `values` in seconds as the report prints it, "none" without any (the first
/// stage is prone: standing has no first stage; an empty sum is -0.0, never printed).
fn mean_s(values: &[f64]) -> String {
    if values.is_empty() {
        "none".to_owned()
    } else {
        format!("{:.1} s", mean(values))
    }
}

fn main() {
    let seeds = std::env::args()
        .nth(1)
        .map(|text| text.parse().expect("SEEDS is a whole number"))
        .unwrap_or(DEFAULT_SEEDS);
    for spec in &LEVELS {
        let stages: Vec<Stage> = (0..seeds)
            .flat_map(|seed| {
                let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
                stages_of(course)
            })
            .collect();
        for position in [ShootingPosition::Prone, ShootingPosition::Standing] {
            let of: Vec<&Stage> = stages.iter().filter(|s| s.position == position).collect();
            if of.is_empty() {
                continue;
            }
            let all: Vec<f64> = of.iter().map(|s| s.mat_s).collect();
            let first: Vec<f64> = of.iter().filter(|s| s.first).map(|s| s.mat_s).collect();
            let clean: Vec<f64> = of
                .iter()
                .filter(|s| s.hits == TARGETS && s.misses == 0)
                .map(|s| s.mat_s)
                .collect();
            let hits: u32 = of.iter().map(|s| s.hits).sum();
            println!(
                "level {} {position:?}: {} stages, mat {} mean, {:.1} s the slowest, \
                 first stage {}, clean {} ({:.0} % clean), {:.2} hits a stage",
                spec.level,
                of.len(),
                mean_s(&all),
                all.iter().copied().fold(0.0, f64::max),
                mean_s(&first),
                mean_s(&clean),
                100.0 * clean.len() as f64 / of.len() as f64,
                f64::from(hits) / of.len() as f64,
            );
        }
    }
}
