//! The human-model bot — the bot's sight and reaction with a human's timing scatter — over many
//! seeds per level: the share of rows it clears and the obstacles it hits per run, printed, with
//! level 1 held to (almost) no hits. Its runs are ordinary inputs: a recorded one replays.

use crate::sim_support;

use latu::course::fairness::row_windows;
use latu::course::levels::LEVELS;
use latu::course::Course;
use latu::replay::{build_course, record_player, verify, CourseChoice, Verdict, MAX_TICKS};
use latu::sim::{Bot, Brought, Run};
use sim_support::play_on;

/// Seeds per level.
const SEEDS: u64 = 30;
/// The scatter of a player who has learnt the game, milliseconds.
const JITTER_MS: u32 = 60;
/// Most hits per run allowed at level 1 (the first impression) for that player.
const LEVEL_1_HITS_PER_RUN: f64 = 0.1;
/// Most hits per run allowed at any level for that player.
const ANY_LEVEL_HITS_PER_RUN: f64 = 0.25;

/// Hits and rows passed over `SEEDS` runs of `level` (stages passed unshot: skiing only).
fn play_level(level: u8, jitter_ms: u32) -> (u32, usize) {
    let (mut hits, mut rows) = (0, 0);
    for seed in 0..SEEDS {
        let course = Course::level(level, 1, Some(seed)).expect("a table level");
        rows += row_windows(&course).expect("rows").len();
        let mut bot = Bot::human(seed, jitter_ms);
        let run = play_on(Run::unshot(course), |run| bot.actions(run));
        assert!(run.is_finished(), "level {level} seed {seed}");
        // Every obstacle met counts, the forgiven first one (a stumble) too.
        hits += run.hits() + run.stumbles();
    }
    (hits, rows)
}

#[test]
fn a_player_with_sixty_milliseconds_of_scatter_clears_almost_every_row() {
    for spec in &LEVELS {
        let (hits, rows) = play_level(spec.level, JITTER_MS);
        let per_run = f64::from(hits) / SEEDS as f64;
        println!(
            "level {}: sigma {JITTER_MS} ms, rows cleared {:.2} %, hits per run {per_run:.2}",
            spec.level,
            100.0 * (1.0 - f64::from(hits) / rows as f64)
        );
        let bound = if spec.level == 1 {
            LEVEL_1_HITS_PER_RUN
        } else {
            ANY_LEVEL_HITS_PER_RUN
        };
        assert!(
            per_run <= bound,
            "level {}: {per_run} hits per run",
            spec.level
        );
    }
}

#[test]
fn more_scatter_hits_more() {
    let hits = |jitter| {
        (1..=5)
            .map(|level| play_level(level, jitter).0)
            .sum::<u32>()
    };
    let (steady, shaky) = (hits(30), hits(150));
    assert!(shaky > steady, "{steady} hits at 30 ms, {shaky} at 150 ms");
}

#[test]
fn a_human_model_run_is_recorded_as_inputs_that_replay() {
    let course = Course::level(3, 2, None).expect("a table level");
    let choice = CourseChoice::Level {
        level: 3,
        track: 2,
        seed: course.seed,
    };
    let replay = record_player(
        choice,
        course,
        MAX_TICKS,
        Bot::human(9, 90),
        Brought::default(),
    );
    let summary = replay.summary.clone().expect("a recorded summary");
    assert!(summary.finished);
    let course = build_course(choice).expect("the course exists");
    assert_eq!(
        verify(&replay, choice, course, &summary),
        Verdict::Equal(summary)
    );
}
