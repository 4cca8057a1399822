//! The results screen's tests: what Retry and Next level run, records, and the figures.

use super::figures::{figures, fold_shooting, with_time_lost, PENALTY_LOOPS, SHOTS_MISSED};
use super::*;
use crate::app::run::hud::gap_text;
use crate::course::Course;

/// The highest level, for the tests' "no next level" case.
const LAST_LEVEL: u8 = levels::LEVELS[levels::LEVELS.len() - 1].level;

fn finished(level: u8, best_before: Option<u32>) -> FinishedRun {
    let course = Course::level(level, 2, None).expect("a table track");
    let choice = CourseChoice::of(&course);
    let replay = crate::replay::record_bot(choice, course, crate::replay::MAX_TICKS);
    FinishedRun {
        best_before,
        ..FinishedRun::of_replay(choice, replay)
    }
}

#[test]
fn retry_runs_the_same_track_and_next_the_next_levels_same_track() {
    let run = finished(1, None);
    assert_eq!(run.retry(), Choice::Race { level: 1, track: 2 });
    assert_eq!(run.next_level(), Some(Choice::Race { level: 2, track: 2 }));
    assert_eq!(finished(LAST_LEVEL, None).next_level(), None);
    let daily = FinishedRun {
        daily: Some(Date::parse("2026-12-01").expect("a date")),
        ..finished(2, None)
    };
    assert_eq!(daily.retry(), Choice::Daily);
    assert_eq!(daily.next_level(), None);
    assert!(matches!(daily.result("Anna"), Some(NewResult::Daily(_))));
}

#[test]
fn a_record_beats_every_kept_score() {
    let run = finished(1, None);
    assert!(run.is_record(), "the first scored result is a record");
    let score = run.summary.score;
    assert!(FinishedRun {
        best_before: Some(score - 1),
        ..run.clone()
    }
    .is_record());
    assert!(!FinishedRun {
        best_before: Some(score),
        ..run
    }
    .is_record());
}

#[test]
fn the_figures_name_things_as_a_player_reads_them() {
    let labels: Vec<&str> = figures(&finished(1, None)).iter().map(|f| f.0).collect();
    assert!(labels.contains(&"Obstacles hit") && labels.contains(&"Shots missed"));
    assert!(!labels.contains(&"Hits") && !labels.contains(&"Misses"));
    assert_eq!(labels[0], "Score");
}

#[test]
fn endless_is_a_record_and_its_best_by_distance_as_its_list_ranks() {
    let course = Course::endless(7);
    let choice = CourseChoice::of(&course);
    let replay = crate::replay::record_bot(choice, course, 3600);
    let mut run = FinishedRun::of_replay(choice, replay);
    let metres = shown_metres(run.summary.distance);
    run.best_before = Some(metres + 1);
    assert_eq!(run.ranked_by(), metres);
    // Its score is far above the best distance, yet it is no record: it skied less far.
    assert!(run.summary.score > metres + 1);
    assert!(!run.is_record());
    assert_eq!(run.best_text(metres + 1), format!("Best {} m", metres + 1));
    assert!(FinishedRun {
        best_before: Some(metres - 1),
        ..run
    }
    .is_record());
}

#[test]
fn endless_best_reads_as_the_list_shows_the_same_run() {
    // The best kept is this very run: 469.6 m, listed as "470 m".
    let course = Course::endless(7);
    let choice = CourseChoice::of(&course);
    let replay = crate::replay::record_bot(choice, course, 600);
    let mut run = FinishedRun::of_replay(choice, replay);
    run.summary.distance = 469.6;
    run.best_before = Some(shown_metres(469.6));
    assert_eq!(
        run.best_text(run.ranked_by()),
        format!("Best {:.0} m", 469.6)
    );
    assert!(!run.is_record(), "the same run is no new record");
}

#[test]
fn the_coins_are_what_the_run_earned_with_the_purse_beside_them_labelled() {
    let mut run = finished(1, None);
    run.summary.coins = 39;
    // A first run's purse is what it earned: still named, labelled.
    assert!(figures(&run).contains(&("Coins earned", "39 · purse 39".to_owned())));
    run.purse_before = 341;
    assert!(figures(&run).contains(&("Coins earned", "39 · purse 380".to_owned())));
}

#[test]
fn after_a_world_race_the_gap_is_named_after_the_run_raced() {
    let own = FinishedRun {
        ghost_gap_s: Some(13.3),
        ..finished(1, Some(900))
    };
    assert!(figures(&own).contains(&("Against your best", gap_text(13.3))));
    let raced = FinishedRun {
        raced: Some("Aino".to_owned()),
        purse_before: 0,
        ..own
    };
    let shown = figures(&raced);
    assert!(shown.contains(&("Against", format!("Aino {}", gap_text(13.3)))));
    assert!(!shown.iter().any(|(label, _)| *label == "Against your best"));
}

#[test]
fn a_daily_runs_results_say_daily_and_its_date() {
    let daily = FinishedRun {
        daily: Some(Date::parse("2026-12-01").expect("a date")),
        ..finished(2, None)
    };
    let figures = figures(&daily);
    assert_eq!(figures[0].0, "Score");
    assert_eq!(figures[1], ("Daily", "2026-12-01".to_owned()));
    let level = figures_labels(&finished(2, None));
    assert!(!level.contains(&"Daily"));
}

fn figures_labels(run: &FinishedRun) -> Vec<&'static str> {
    figures(run).iter().map(|f| f.0).collect()
}

#[test]
fn the_shootings_two_rows_fold_into_one_for_a_short_card() {
    let mut run = finished(1, None);
    run.summary.shots = 6;
    run.summary.misses = 1;
    run.summary.penalty_m = crate::shooting::reward::PENALTY_LOOP_M;
    let folded = fold_shooting(&run, figures(&run));
    let labels: Vec<&str> = folded.iter().map(|f| f.0).collect();
    assert_eq!(labels.len() + 1, figures(&run).len());
    assert!(!labels.contains(&SHOTS_MISSED) && !labels.contains(&PENALTY_LOOPS));
    let shooting = folded.iter().find(|f| f.0 == "Shooting").expect("a row");
    assert_eq!(shooting.1, "1/6 missed · 1 loop");
}

#[test]
fn time_lost_reads_as_time_lost_and_shots_count_shots() {
    assert_eq!(with_time_lost(2, 1.5), "2 · +1.5 s lost");
    assert_eq!(with_time_lost(0, 0.0), "0");
    let mut run = finished(1, None);
    run.summary.shots = 6;
    run.summary.misses = 1;
    let shots = figures(&run)
        .into_iter()
        .find(|(label, _)| *label == "Shots missed")
        .expect("a level's run counts its shots");
    assert_eq!(shots.1, "1 of 6");
}

#[test]
fn a_run_that_never_reached_a_range_shows_no_shots_or_loops() {
    let mut run = finished(1, None);
    run.summary.shots = 0;
    run.summary.misses = 0;
    let labels: Vec<&str> = figures(&run).iter().map(|f| f.0).collect();
    assert!(!labels.contains(&"Shots missed") && !labels.contains(&"Penalty loops"));
    assert!(labels.contains(&"Obstacles hit"));
}
