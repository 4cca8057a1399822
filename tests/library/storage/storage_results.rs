//! The local results list: ten per level and track, by time then misses; Endless by distance;
//! damaged entries dropped with the original kept aside.

use crate::storage_support;

use std::fs;

use latu::storage::{
    EndlessResult, EndlessRun, LevelRun, NewResult, Outcome, Problem, Results, RunResult, Store,
    MAX_RESULTS,
};
use storage_support::scratch;

fn run(name: &str, time_s: f64, misses: u32) -> RunResult {
    RunResult {
        kind: LevelRun {
            level: 2,
            track: 3,
            time_s,
        },
        name: name.to_owned(),
        misses,
        coins: 7,
        ..Default::default()
    }
}

fn endless(name: &str, distance: f64) -> EndlessResult {
    EndlessResult {
        kind: EndlessRun { distance },
        name: name.to_owned(),
        misses: 1,
        coins: 2,
        ..Default::default()
    }
}

fn names(runs: &[&RunResult]) -> Vec<String> {
    runs.iter().map(|run| run.name.clone()).collect()
}

#[test]
fn the_top_ten_are_sorted_by_time_then_misses_and_the_rest_cut() {
    let mut results = Results::default();
    let entries = [
        ("k", 130.0, 0, Some(0)),
        ("c", 100.0, 2, Some(0)),
        ("a", 90.0, 5, Some(0)),
        ("b", 100.0, 1, Some(1)),
        ("d", 100.0, 2, Some(3)), // ties "c" exactly: the earlier one stays ahead
        ("e", 110.0, 0, Some(4)),
        ("f", 111.0, 0, Some(5)),
        ("g", 112.0, 0, Some(6)),
        ("h", 113.0, 0, Some(7)),
        ("i", 114.0, 0, Some(8)),
        ("j", 115.0, 0, Some(9)),
        ("late", 200.0, 0, None),
        ("l", 95.0, 9, Some(1)),
        ("tie-last", 115.0, 0, None),
    ];
    for (name, time_s, misses, place) in entries {
        assert_eq!(
            results.add_run(run(name, time_s, misses)).expect("valid"),
            place,
            "{name}"
        );
    }
    let top = results.top(2, 3);
    assert_eq!(top.len(), MAX_RESULTS);
    assert_eq!(
        names(&top),
        ["a", "l", "b", "c", "d", "e", "f", "g", "h", "i"]
    );
    assert!(results.top(2, 1).is_empty());
}

#[test]
fn endless_runs_are_kept_longest_first() {
    let mut results = Results::default();
    for n in 0..12 {
        let place = results
            .add_endless(endless(&format!("r{n}"), f64::from(n) * 100.0))
            .expect("valid");
        assert_eq!(place, Some(0), "each run is the longest so far");
    }
    assert_eq!(
        results.add_endless(endless("short", 150.0)).expect("valid"),
        None
    );
    let distances: Vec<f64> = results.endless().iter().map(|r| r.kind.distance).collect();
    assert_eq!(
        distances,
        [1100.0, 1000.0, 900.0, 800.0, 700.0, 600.0, 500.0, 400.0, 300.0, 200.0]
    );
    let error = results
        .add_endless(endless("bad", -1.0))
        .expect_err("negative");
    assert!(error.to_string().contains("distance -1 m"), "{error}");
}

#[test]
fn results_survive_a_save_and_a_load() {
    let dir = scratch("round_trip");
    let mut store = Store::new(&dir);
    let mut results = Results::default();
    results.add_run(run("  Kaisa\n", 101.5, 1)).expect("valid");
    results
        .add_endless(endless("Kaisa", 1234.5))
        .expect("valid");
    assert_eq!(results.top(2, 3)[0].name, "Kaisa", "names are tidied");
    store.save_results(&results).expect("save");
    let loaded = store.load_results();
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
    assert_eq!(loaded.value, results);
}

/// A `results.json` as the game wrote it when each kind of result had its own struct (one run
/// from before scores were kept): it loads whole, and is written back with the same keys, so
/// an older game still reads the file a newer one wrote.
#[test]
fn a_results_file_written_before_one_result_struct_loads_and_keeps_its_keys() {
    use latu::sim::Medal;
    use latu::storage::{DailyResult, DailyRun, RESULTS_FILE};
    let dir = scratch("older_file");
    fs::create_dir_all(&dir).expect("the data directory");
    let written_before = r#"{
  "runs": [
    {"level": 1, "track": 2, "name": "Kaisa", "time_s": 95.5, "misses": 1, "coins": 40, "score": 3120, "medal": "gold"},
    {"level": 1, "track": 2, "name": "Early", "time_s": 120.0, "misses": 0, "coins": 12}
  ],
  "endless": [
    {"name": "Aino", "distance": 2400.5, "misses": 3, "coins": 80, "score": 900, "medal": "none"}
  ],
  "daily": [
    {"date": "2026-12-01", "name": "Bo", "time_s": 88.25, "misses": 2, "coins": 30, "score": 2500, "medal": "silver"}
  ]
}"#;
    fs::write(dir.join(RESULTS_FILE), written_before).expect("write");
    let mut store = Store::new(&dir);
    let loaded = store.load_results();
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
    let results = loaded.value;
    let kaisa = RunResult {
        kind: LevelRun {
            level: 1,
            track: 2,
            time_s: 95.5,
        },
        name: "Kaisa".to_owned(),
        misses: 1,
        coins: 40,
        score: 3120,
        medal: Medal::Gold,
    };
    let early = RunResult {
        kind: LevelRun {
            level: 1,
            track: 2,
            time_s: 120.0,
        },
        name: "Early".to_owned(),
        misses: 0,
        coins: 12,
        score: 0,
        medal: Medal::None,
    };
    assert_eq!(results.top(1, 2), [&kaisa, &early]);
    let aino = EndlessResult {
        kind: EndlessRun { distance: 2400.5 },
        name: "Aino".to_owned(),
        misses: 3,
        coins: 80,
        score: 900,
        medal: Medal::None,
    };
    assert_eq!(results.endless(), [aino]);
    let bo = DailyResult {
        kind: DailyRun {
            date: "2026-12-01".to_owned(),
            time_s: 88.25,
        },
        name: "Bo".to_owned(),
        misses: 2,
        coins: 30,
        score: 2500,
        medal: Medal::Silver,
    };
    assert_eq!(results.daily("2026-12-01"), [&bo]);

    store.save_results(&results).expect("save");
    let keys = |text: &str| {
        let file: serde_json::Value = serde_json::from_str(text).expect("json");
        ["runs", "endless", "daily"].map(|list| {
            let first = &file[list][0];
            let mut keys: Vec<String> = first
                .as_object()
                .expect("an entry")
                .keys()
                .cloned()
                .collect();
            keys.sort();
            (list, keys)
        })
    };
    let written = fs::read_to_string(dir.join(RESULTS_FILE)).expect("read");
    assert_eq!(keys(&written), keys(written_before));
}

#[test]
fn a_damaged_results_file_keeps_its_good_entries_sorted_and_trimmed() {
    let dir = scratch("damaged");
    let path = dir.join("results.json");
    let mut runs: Vec<serde_json::Value> = (0..12)
        .rev()
        .map(|n| {
            serde_json::json!({
                "level": 1, "track": 2, "name": format!("n{n}"),
                "time_s": 100.0 + f64::from(n), "misses": 0, "coins": 1
            })
        })
        .collect();
    runs.insert(
        3,
        serde_json::json!({"level": 9, "track": 1, "name": "x", "time_s": 1.0, "misses": 0, "coins": 0}),
    );
    runs.insert(
        5,
        serde_json::json!({"level": 1, "track": 2, "name": "y", "time_s": "fast", "misses": 0, "coins": 0}),
    );
    let file = serde_json::json!({ "runs": runs, "endless": [{"name": "e", "distance": 5.0, "misses": 0, "coins": 0}] });
    let original = serde_json::to_vec(&file).expect("serializes");
    fs::write(&path, &original).expect("write");
    let mut store = Store::new(&dir);
    let loaded = store.load_results();
    let top = loaded.value.top(1, 2);
    assert_eq!(
        names(&top),
        (0..10).map(|n| format!("n{n}")).collect::<Vec<_>>()
    );
    assert_eq!(loaded.value.endless().len(), 1);
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    let notice = &loaded.notices[0];
    let Problem::Invalid(what) = &notice.problem else {
        panic!("expected unusable values, got {notice}");
    };
    assert!(
        what[0].starts_with("runs[5]: invalid type: string \"fast\""),
        "{what:#?}"
    );
    assert!(
        what[1].contains("level 9 track 1: no such level and track"),
        "{what:#?}"
    );
    assert_eq!(
        what.len(),
        4,
        "the bad two and the two beyond the best ten: {what:#?}"
    );
    let Outcome::KeptAsideUsingTheRest(kept) = &notice.outcome else {
        panic!("expected the file kept aside, got {notice}");
    };
    assert_eq!(fs::read(kept).expect("kept"), original);
    let again = Store::new(&dir).load_results();
    assert!(again.notices.is_empty(), "{:#?}", again.notices);
    assert_eq!(again.value, loaded.value);
}

#[test]
fn two_games_on_one_data_directory_keep_each_others_results() {
    let dir = scratch("two_games");
    // Both games loaded the (empty) list at start, then each finishes a run.
    let (mut first, mut second) = (Store::new(&dir), Store::new(&dir));
    let _ = (first.load_results(), second.load_results());
    first
        .add_result(NewResult::Run(run("First", 90.0, 0)))
        .expect("listed");
    let merged = second
        .add_result(NewResult::Endless(endless("Second", 800.0)))
        .expect("listed");
    assert_eq!(merged.results.top(2, 3)[0].name, "First", "not overwritten");
    assert_eq!(merged.place, Some(0));
    let on_disk = Store::new(&dir).load_results().value;
    assert_eq!(on_disk, merged.results);
    assert_eq!(on_disk.endless()[0].name, "Second");
}

#[test]
fn many_games_adding_at_once_lose_no_result() {
    let dir = scratch("many_games");
    let games: Vec<_> = (0..4)
        .map(|game| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let mut store = Store::new(&dir);
                for n in 0..5 {
                    let time = 60.0 + f64::from(game * 10 + n);
                    store
                        .add_result(NewResult::Run(run(&format!("G{game}"), time, 0)))
                        .expect("listed");
                }
            })
        })
        .collect();
    for game in games {
        game.join().expect("a game finished");
    }
    let kept = Store::new(&dir).load_results().value;
    // 20 runs on one track (60–64 s, 70–74 s, 80–84 s, 90–94 s): the ten fastest are kept,
    // whichever game saved them and whatever the order.
    let times: Vec<f64> = kept.top(2, 3).iter().map(|run| run.kind.time_s).collect();
    let fastest: Vec<f64> = (0..2)
        .flat_map(|game| (0..5).map(move |n| 60.0 + f64::from(game * 10 + n)))
        .collect();
    assert_eq!(times, fastest);
}

#[test]
fn levels_open_in_order_and_each_track_keeps_its_best_medal() {
    use latu::sim::Medal;
    let mut results = Results::default();
    assert!(results.opens(1) && !results.opens(2) && !results.opens(5));
    let finished = |level, track, medal| RunResult {
        kind: LevelRun {
            level,
            track,
            time_s: 200.0,
        },
        name: "Anna".to_owned(),
        medal,
        ..Default::default()
    };
    results
        .add_run(finished(1, 3, Medal::Bronze))
        .expect("a valid run");
    assert!(
        results.opens(2),
        "finishing any track of level 1 opens level 2"
    );
    assert!(!results.opens(3));
    results
        .add_run(finished(1, 3, Medal::Gold))
        .expect("a valid run");
    assert_eq!(results.best_medal(1, 3), Medal::Gold);
    assert_eq!(results.best_medal(1, 1), Medal::None);
    assert_eq!(results.best_endless_distance(), None);
    results.add_endless(endless("Anna", 4200.0)).expect("valid");
    results.add_endless(endless("Anna", 900.0)).expect("valid");
    assert_eq!(results.best_endless_distance(), Some(4200.0));
}

#[test]
fn daily_results_are_kept_per_day_best_score_first_for_the_latest_days() {
    use latu::storage::results::DAILY_DAYS_KEPT;
    use latu::storage::{DailyResult, DailyRun};
    let daily = |date: &str, name: &str, score| DailyResult {
        kind: DailyRun {
            date: date.to_owned(),
            time_s: 200.0,
        },
        name: name.to_owned(),
        score,
        ..Default::default()
    };
    let mut results = Results::default();
    results
        .add_daily(daily("2026-12-01", "Anna", 3000))
        .expect("valid");
    let place = results
        .add_daily(daily("2026-12-01", "Bo", 3500))
        .expect("valid");
    assert_eq!(place, Some(0), "the higher score leads its day");
    results
        .add_daily(daily("2026-12-02", "Cy", 100))
        .expect("valid");
    let names = |results: &Results, date| {
        results
            .daily(date)
            .iter()
            .map(|r| r.name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&results, "2026-12-01"), ["Bo", "Anna"]);
    assert_eq!(names(&results, "2026-12-02"), ["Cy"]);
    assert!(results.add_daily(daily("2026-02-30", "Di", 1)).is_err());
    // Only the latest days are kept.
    // 29 later days: with the two above, one more than are kept.
    for day in 1..=29 {
        let date = format!("2027-03-{day:02}");
        results.add_daily(daily(&date, "Ed", 10)).expect("valid");
    }
    assert!(
        results.daily("2026-12-01").is_empty(),
        "older than the {DAILY_DAYS_KEPT} days kept"
    );
    assert_eq!(names(&results, "2026-12-02"), ["Cy"]);
}
