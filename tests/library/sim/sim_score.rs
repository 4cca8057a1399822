//! The score and the medal: the documented formula over every golden replay's summary, the
//! golden values per level row, the bot earning gold everywhere, and a sloppier run earning less.

use latu::course::levels::{ENDLESS, LEVELS};
use latu::course::Course;
use latu::replay::Replay;
use latu::sim::score::{
    score, FINISH_BONUS, POINTS_PER_COIN, POINTS_PER_METRE, POINTS_PER_MISS,
    POINTS_PER_OBSTACLE_HIT, POINTS_PER_PENALTY_LOOP, POINTS_PER_SECOND_UNDER_PAR,
    POINTS_PER_TARGET,
};
use latu::sim::{Medal, Run, Summary};
use std::path::PathBuf;

/// The perfect bot's score on each level row, track 1 to 3 (the golden replays' summaries).
const BOT_SCORES: [[u32; 3]; 5] = [
    [3680, 3840, 4060],
    [7270, 6810, 6570],
    [8960, 9210, 9170],
    [12670, 12150, 12490],
    [14470, 13790, 14330],
];

fn golden(name: &str) -> Summary {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(name);
    let replay = Replay::load(&path).unwrap_or_else(|e| panic!("{e}"));
    replay.summary.expect("a golden has its summary")
}

/// The formula written out again, term by term, from the summary.
fn by_hand(s: &Summary, par_s: Option<f64>) -> i64 {
    let metres = s.distance.floor() as i64 * POINTS_PER_METRE;
    if par_s.is_some() && !s.finished {
        return metres;
    }
    let targets = i64::from(s.shots - s.misses);
    let loops = (s.penalty_m / 150.0).round() as i64;
    let under = par_s.map_or(0, |p| (p - s.time_s).max(0.0).floor() as i64);
    let rest = i64::from(s.coins) * POINTS_PER_COIN + targets * POINTS_PER_TARGET
        - i64::from(s.misses) * POINTS_PER_MISS
        - i64::from(s.hits) * POINTS_PER_OBSTACLE_HIT
        - loops * POINTS_PER_PENALTY_LOOP
        + under * POINTS_PER_SECOND_UNDER_PAR;
    let bonus = if par_s.is_some() { FINISH_BONUS } else { 0 };
    metres + rest.max(0) + bonus
}

#[test]
fn every_level_rows_golden_scores_as_pinned_and_earns_gold() {
    for (spec, scores) in LEVELS.iter().zip(BOT_SCORES) {
        for (track, pinned) in (1..=3).zip(scores) {
            let summary = golden(&format!("bot-l{}-t{track}.json", spec.level));
            assert_eq!(summary.score, pinned, "level {} track {track}", spec.level);
            assert_eq!(
                i64::from(summary.score),
                by_hand(&summary, Some(spec.par_s()))
            );
            assert_eq!(
                summary.medal,
                Medal::Gold,
                "level {} track {track}",
                spec.level
            );
        }
    }
}

#[test]
fn the_scripts_and_endless_follow_the_formula() {
    for name in [
        "bot-endless.json",
        "script-idle-level1.json",
        "script-jumps-level2.json",
        "script-weave-endless.json",
        "script-weave-level4.json",
    ] {
        let summary = golden(name);
        let par = summary
            .level
            .and_then(latu::course::levels::level)
            .map(|spec| spec.par_s());
        assert_eq!(i64::from(summary.score), by_hand(&summary, par), "{name}");
    }
    let endless = golden("bot-endless.json");
    assert_eq!(
        endless.medal,
        Medal::for_score(endless.score, ENDLESS.medals)
    );
}

#[test]
fn thresholds_descend_and_rise_with_the_level() {
    for spec in &LEVELS {
        let [gold, silver, bronze] = spec.medals;
        assert!(gold > silver && silver > bronze && bronze > 0);
    }
    assert!(LEVELS.windows(2).all(|w| w[0].medals[0] < w[1].medals[0]));
}

#[test]
fn a_run_that_hits_and_dawdles_scores_less_and_an_idle_one_earns_nothing() {
    let course = Course::level(1, 1, None).expect("a table level");
    let clean = golden("bot-l1-t1.json");
    let worse = Summary {
        hits: clean.hits + 3,
        time_s: clean.time_s + 10.0,
        ..clean.clone()
    };
    assert!(score(&worse, course.par_s()) < clean.score);
    let idle = golden("script-idle-level1.json");
    // Well under the clean run (the idle skier in the middle lane flies the ramps there and
    // takes their coin arcs, so a little more than half since rules 6), and no medal.
    assert!(idle.score < clean.score * 3 / 5, "{}", idle.score);
    assert_eq!(idle.medal, Medal::None);
    // A level run still under way scores the metres it has skied, with no medal.
    let mut run = Run::unshot(course);
    for _ in 0..600 {
        run.step(&[]);
    }
    let under_way = run.summary();
    assert!(under_way.score > 0 && under_way.medal == Medal::None);
    assert_eq!(under_way.score, under_way.distance.floor() as u32);
}

#[test]
fn a_finished_run_scores_more_than_any_unfinished_run_of_its_track() {
    for spec in &LEVELS {
        let course = Course::level(spec.level, 1, None).expect("a table level");
        // The worst finish: every obstacle hit, every shot missed, an hour on the way.
        let mut worst = golden(&format!("bot-l{}-t1.json", spec.level));
        worst.hits = u32::try_from(course.obstacles.len()).expect("a count");
        worst.misses = worst.shots;
        worst.coins = 0;
        worst.time_s = 3600.0;
        // The best unfinished run: a metre from the line with every coin and target.
        let best_unfinished = Summary {
            finished: false,
            distance: spec.length - 1.0,
            coins: u32::try_from(course.coins.len()).expect("a count"),
            misses: 0,
            hits: 0,
            ..worst.clone()
        };
        let (finished, unfinished) = (
            score(&worst, course.par_s()),
            score(&best_unfinished, course.par_s()),
        );
        assert!(finished > 0, "level {}", spec.level);
        assert!(
            finished > unfinished,
            "level {}: {finished} against {unfinished}",
            spec.level
        );
    }
}
