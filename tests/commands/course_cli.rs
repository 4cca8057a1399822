//! `latu course`: the JSON shape of the command-line contract and the bad-input exits.

use serde_json::Value;
use std::process::{Command, Output};

fn latu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_latu"))
        .args(args)
        .output()
        .expect("the latu binary runs")
}

fn course_json(args: &[&str]) -> Value {
    let output = latu(args);
    assert!(
        output.status.success(),
        "latu {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("latu course prints JSON")
}

fn assert_bad_input(args: &[&str], mentions: &str) {
    let output = latu(args);
    assert_eq!(output.status.code(), Some(2), "latu {args:?}");
    assert!(output.stdout.is_empty(), "latu {args:?} printed a course");
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains(mentions), "latu {args:?}: {message}");
}

fn assert_course_shape(course: &Value) {
    for key in [
        "level",
        "track",
        "seed",
        "length",
        "lanes",
        "lane_width",
        "obstacles",
        "coins",
        "stages",
        "skier",
    ] {
        assert!(course.get(key).is_some(), "missing {key} in {course}");
    }
    assert_eq!(course["lanes"], 3);
    assert_eq!(course["lane_width"], 2.5);
    let obstacles = course["obstacles"].as_array().expect("obstacles array");
    assert!(!obstacles.is_empty());
    for obstacle in obstacles {
        assert!(obstacle["z"].is_f64());
        let kind = obstacle["kind"].as_str().expect("kind is a string");
        assert!(
            ["jump", "dodge", "duck", "snowmobile"].contains(&kind),
            "{kind}"
        );
        // A snowmobile is dodged, and says where it crosses from and when it stops.
        if kind == "snowmobile" {
            assert_eq!(obstacle["class"], "dodge", "{obstacle}");
            assert!(obstacle["crossing"]["settles_ahead"].is_f64(), "{obstacle}");
        } else {
            assert_eq!(obstacle["class"], kind, "{obstacle}");
        }
        let lanes = obstacle["lanes"].as_array().expect("lanes array");
        assert!(lanes.iter().all(|l| l.as_u64().is_some_and(|l| l < 3)));
        assert!(
            obstacle["speed"].as_f64().is_some_and(|v| v > 0.0),
            "{obstacle}"
        );
        // Every row leaves at least the floor of 0.15 s.
        assert!(
            obstacle["window_s"].as_f64().is_some_and(|w| w >= 0.15),
            "{obstacle}"
        );
    }
    let coins = course["coins"].as_array().expect("coins array");
    assert!(!coins.is_empty());
    for coin in coins {
        assert!(coin["z"].is_f64() && coin["y"].is_f64());
        assert!(coin["lane"].as_u64().is_some_and(|l| l < 3));
    }
    let stages = course["stages"].as_array().expect("stages array");
    assert!(!stages.is_empty());
    assert_eq!(stages[0]["position"], "prone");
    for stage in stages {
        assert!(stage["z"].is_f64());
        assert!(["prone", "standing"].contains(&stage["position"].as_str().unwrap_or("")));
    }
    for key in ["speed", "lane_change_s", "jump_length", "duck_length"] {
        assert!(course["skier"][key].is_f64(), "skier.{key}");
    }
}

#[test]
fn a_level_prints_the_contract_shape() {
    let course = course_json(&["course", "--level", "2", "--track", "3"]);
    assert_course_shape(&course);
    assert_eq!(course["level"], 2);
    assert_eq!(course["track"], 3);
    assert_eq!(course["length"], 1000.0);
    assert_eq!(course["stages"].as_array().map(Vec::len), Some(2));
    assert_eq!(course["skier"]["speed"], 13.5);
    let obstacles = course["obstacles"].as_array().expect("obstacles");
    assert!(obstacles.iter().all(|o| o["speed"] == 13.5));
    // Level 2's smallest window.
    assert!(obstacles
        .iter()
        .all(|o| o["window_s"].as_f64() >= Some(0.22)));
}

#[test]
fn endless_prints_the_speed_ramping_at_each_obstacle() {
    let course = course_json(&["course", "--endless", "--length", "12000"]);
    let speeds: Vec<f64> = course["obstacles"]
        .as_array()
        .expect("obstacles")
        .iter()
        .map(|o| o["speed"].as_f64().expect("a speed"))
        .collect();
    assert_eq!(speeds.first(), Some(&12.5));
    assert_eq!(speeds.last(), Some(&17.5));
    assert!(speeds.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn the_track_defaults_to_one_and_a_seed_overrides_the_table() {
    let default = course_json(&["course", "--level", "1"]);
    assert_eq!(default["track"], 1);
    let reseeded = course_json(&["course", "--level", "1", "--seed", "77"]);
    assert_eq!(reseeded["seed"], 77);
    assert_ne!(default["obstacles"], reseeded["obstacles"]);
    assert_eq!(
        reseeded,
        course_json(&["course", "--level", "1", "--seed", "77"])
    );
}

#[test]
fn endless_prints_the_asked_length() {
    let course = course_json(&["course", "--endless", "--seed", "5", "--length", "4000"]);
    assert_course_shape(&course);
    assert_eq!(course["length"], 4000.0);
    assert_eq!(course["level"], Value::Null);
    let last = |list: &str| {
        course[list]
            .as_array()
            .and_then(|items| items.last())
            .and_then(|item| item["z"].as_f64())
            .expect("a non-empty list")
    };
    assert!(last("obstacles") <= 4000.0 && last("obstacles") > 3000.0);
    assert!(last("coins") <= 4000.0);
    assert_eq!(course["stages"].as_array().map(Vec::len), Some(2));
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    assert_bad_input(&["course"], "--level");
    assert_bad_input(&["course", "--track", "2"], "--level");
    assert_bad_input(&["course", "--level", "1", "--length", "500"], "--length");
    assert_bad_input(&["course", "--endless", "--level", "1"], "--endless");
    assert_bad_input(&["course", "--endless", "--length", "0"], "--length");
    assert_bad_input(&["course", "--endless", "--length", "NaN"], "--length");
    assert_bad_input(&["course", "--endless", "--length", "1e12"], "--length");
    assert_bad_input(&["course", "--level", "6"], "--level");
    assert_bad_input(&["course", "--level", "1", "--track", "4"], "--track");
}

#[test]
fn the_daily_course_is_the_same_for_a_date_and_another_the_next_day() {
    let today = course_json(&["course", "--daily", "2026-12-01"]);
    assert_course_shape(&today);
    assert_eq!(today, course_json(&["course", "--daily", "2026-12-01"]));
    let tomorrow = course_json(&["course", "--daily", "2026-12-02"]);
    assert_ne!(today["seed"], tomorrow["seed"]);
    assert_ne!(today["obstacles"], tomorrow["obstacles"]);
    // A daily course is a level row's shape on the day's seed: a replay can name it so.
    let level = today["level"].as_u64().expect("a level").to_string();
    let seed = today["seed"].as_u64().expect("a seed").to_string();
    assert_eq!(
        today,
        course_json(&["course", "--level", &level, "--seed", &seed])
    );
}

#[test]
fn a_bad_daily_date_exits_2_saying_why() {
    assert_bad_input(
        &["course", "--daily", "2026-02-30"],
        "not a day of the calendar",
    );
    assert_bad_input(&["course", "--daily", "tomorrow"], "YYYY-MM-DD");
    assert_bad_input(
        &["course", "--daily", "2026-12-01", "--level", "2"],
        "--daily",
    );
}
