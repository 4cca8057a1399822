//! The bot clears every level row and long stretches of Endless without a hit.

use crate::sim_support;

use latu::course::Course;
use latu::sim::Run;
use sim_support::{bot_play, play_on};

#[test]
fn the_bot_clears_all_fifteen_level_rows_without_a_hit() {
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a row of the level table");
            let obstacles = course.obstacles.len();
            let run = bot_play(Run::new(course));
            let summary = run.summary();
            assert!(summary.finished, "level {level} track {track}");
            assert_eq!(summary.hits, 0, "level {level} track {track}");
            assert!(
                obstacles > 12,
                "level {level} track {track} has obstacles to clear"
            );
            assert!(summary.coins > 0, "level {level} track {track}");
        }
    }
}

#[test]
fn the_bot_clears_reseeded_levels_without_a_hit() {
    for seed in [1, 2, 3, 0xDEAD_BEEF] {
        for level in 1..=5 {
            let course = Course::level(level, 1, Some(seed)).expect("a row of the level table");
            let run = bot_play(Run::new(course));
            assert_eq!(run.hits(), 0, "level {level} seed {seed}");
        }
    }
}

#[test]
fn the_bot_skis_endless_for_kilometres_without_a_hit() {
    for seed in [7, 8, 9] {
        let run = bot_play(Run::new(Course::endless(seed)).with_finish(6_000.0));
        let summary = run.summary();
        assert!(summary.finished && summary.distance == 6_000.0);
        assert_eq!(summary.hits, 0, "Endless seed {seed}");
        assert!(run.course().obstacles.len() > 100);
    }
}

#[test]
fn idle_runs_on_the_same_levels_do_hit() {
    for level in 1..=5 {
        // Without shooting: an idle player would stand at the first range for ever.
        let course = Course::level(level, 1, None).expect("a row of the level table");
        let run = play_on(Run::unshot(course), |_| Vec::new());
        assert!(run.hits() >= 5, "level {level}: {} hits", run.hits());
    }
}
