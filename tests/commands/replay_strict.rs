//! `latu replay --strict`: what a ranking can trust beyond "these inputs give this summary"
//! (#26): a level run on a searched seed is refused (a plain replay verifies it), a daily run is
//! checked against its day, a tick's aim no touch or keys could make is refused, and the
//! summary always names the rifle brought; and (#33) Endless only as the game starts
//! it, a daily only as its day's, the labels as the re-play records them, one rules version.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LATU: &str = env!("CARGO_BIN_EXE_latu");

fn latu(args: &[&str]) -> Output {
    Command::new(LATU).args(args).output().expect("latu runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay_strict");
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(name)
}

/// The bot's replay of the course `course_args` name, written to `name`.
fn bot_replay(course_args: &[&str], name: &str) -> PathBuf {
    let out = scratch(name);
    let mut args = vec!["simulate", "--bot", "--out", out.to_str().expect("UTF-8")];
    args.extend_from_slice(course_args);
    let output = latu(&args);
    assert!(output.status.success(), "{output:?}");
    out
}

fn refused(output: &Output, what: &str) {
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains(what), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn a_table_run_passes_and_names_the_rifle_it_brought() {
    let path = golden("bot-l1-t1.json");
    let output = latu(&["replay", "--strict", path.to_str().expect("UTF-8")]);
    assert!(output.status.success(), "{output:?}");
    let summary: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(summary["rifle"], "training");
    // A run brings no purse: there is nothing to name.
    assert!(summary.get("purse_brought").is_none());
    // Without --strict the summary keeps its old bytes.
    let plain = latu(&["replay", path.to_str().expect("UTF-8")]);
    let plain: Value = serde_json::from_slice(&plain.stdout).expect("JSON");
    assert!(plain.get("rifle").is_none());
}

#[test]
fn a_level_run_on_a_searched_seed_is_refused() {
    let path = bot_replay(
        &["--level", "1", "--track", "1", "--seed", "7"],
        "seed-7.json",
    );
    let path = path.to_str().expect("UTF-8");
    assert!(latu(&["replay", path]).status.success(), "it verifies");
    refused(
        &latu(&["replay", "--strict", path]),
        "seed 7 is not the course's",
    );
}

#[test]
fn a_daily_run_is_checked_against_its_day() {
    let path = bot_replay(&["--daily", "2026-12-02"], "daily.json");
    let path = path.to_str().expect("UTF-8");
    let output = latu(&["replay", "--strict", "--daily", "2026-12-02", path]);
    assert!(output.status.success(), "{output:?}");
    refused(
        &latu(&["replay", "--strict", "--daily", "2026-12-03", path]),
        "--strict",
    );
    // Without the day it names, the daily's course is a level run on a seed not the table's.
    let text = fs::read_to_string(path).expect("written");
    let unnamed = scratch("daily-unnamed.json");
    fs::write(
        &unnamed,
        text.replacen("  \"daily\": \"2026-12-02\",\n", "", 1),
    )
    .expect("written");
    refused(
        &latu(&["replay", "--strict", unnamed.to_str().expect("UTF-8")]),
        "is not the course's",
    );
}

#[test]
fn an_aim_no_touch_or_keys_could_make_in_one_tick_is_refused() {
    let text = fs::read_to_string(golden("bot-l1-t1.json")).expect("a golden");
    let from = r#"{"aim":{"dx":50,"dy":0}}"#;
    assert!(text.contains(from));
    let path = scratch("teleport-aim.json");
    fs::write(
        &path,
        text.replacen(from, r#"{"aim":{"dx":90000,"dy":0}}"#, 1),
    )
    .expect("written");
    refused(
        &latu(&["replay", "--strict", path.to_str().expect("UTF-8")]),
        "more than one tick's touch and keys can",
    );
}

/// `--strict` refuses what the game never starts (#33): Endless on a searched seed or with a
/// set length, an Endless file given as a day's daily, labels the re-play would not record.
#[test]
fn an_endless_run_on_a_searched_seed_or_length_is_refused() {
    let path = scratch("endless-searched.json");
    let out = path.to_str().expect("UTF-8");
    let output = latu(&[
        "simulate",
        "--endless",
        "--seed",
        "10",
        "--bot",
        "--length",
        "600",
        "--out",
        out,
    ]);
    assert!(output.status.success(), "{output:?}");
    assert!(latu(&["replay", out]).status.success(), "it verifies");
    refused(
        &latu(&["replay", "--strict", out]),
        "Endless seed 10 is not the game's",
    );
    let game_seed = latu::course::levels::ENDLESS.seed.to_string();
    let output = latu(&[
        "simulate",
        "--endless",
        "--seed",
        &game_seed,
        "--bot",
        "--length",
        "600",
        "--out",
        out,
    ]);
    assert!(output.status.success(), "{output:?}");
    refused(
        &latu(&["replay", "--strict", out]),
        "set to stop at 600 m is not one the game plays",
    );
}

#[test]
fn an_endless_file_is_not_a_daily() {
    let path = golden("bot-endless.json");
    refused(
        &latu(&[
            "replay",
            "--strict",
            "--daily",
            "2026-12-04",
            path.to_str().expect("UTF-8"),
        ]),
        "an Endless run is not a daily course",
    );
}

/// Edits `from` into `to` in a copy of the golden `name` and expects `--strict` to refuse it
/// saying `what` (and the plain replay to accept it: the labels are not re-played).
fn relabelled_is_refused(name: &str, from: &str, to: &str, what: &str) {
    let text = fs::read_to_string(golden(name)).expect("a golden");
    assert!(text.contains(from), "{name} holds {from}");
    let path = scratch(&format!("relabelled-{}", what.len()));
    fs::write(&path, text.replacen(from, to, 1)).expect("written");
    let path = path.to_str().expect("UTF-8");
    assert!(latu(&["replay", path]).status.success(), "{to} verifies");
    refused(&latu(&["replay", "--strict", path]), what);
}

#[test]
fn labels_the_replay_would_not_record_are_refused() {
    relabelled_is_refused(
        "bot-l1-t1.json",
        r#""game_version": "0.1.0""#,
        r#""game_version": "9.9.9""#,
        "game_version \"9.9.9\" is not this build's",
    );
    relabelled_is_refused(
        "bot-l1-t1.json",
        r#""endless_distance": null"#,
        r#""endless_distance": 99999.0"#,
        "a level run labelled with an Endless length",
    );
}

#[test]
fn a_daily_run_names_its_day_and_is_checked_against_it() {
    let path = bot_replay(&["--daily", "2026-12-02"], "daily-named.json");
    let text = fs::read_to_string(&path).expect("written");
    assert!(text.contains(r#""daily": "2026-12-02""#), "{text}");
    let path = path.to_str().expect("UTF-8");
    // Without --daily, the day it names is the course it is checked against.
    assert!(latu(&["replay", "--strict", path]).status.success());
    refused(
        &latu(&["replay", "--strict", "--daily", "2026-12-03", path]),
        "the run is the daily of 2026-12-02, not of 2026-12-03",
    );
}

#[test]
fn another_rules_version_is_refused_naming_both() {
    let text = fs::read_to_string(golden("bot-l1-t1.json")).expect("a golden");
    let ours = format!(r#""rules": {}"#, latu::replay::RULES_VERSION);
    assert!(text.contains(&ours), "every replay names its rules");
    let path = scratch("other-rules.json");
    let other = latu::replay::RULES_VERSION + 1;
    fs::write(
        &path,
        text.replacen(&ours, &format!(r#""rules": {other}"#), 1),
    )
    .expect("written");
    let sentence = format!(
        "was played by rules version {other}; this build plays rules version {}",
        latu::replay::RULES_VERSION
    );
    refused(&latu(&["replay", path.to_str().expect("UTF-8")]), &sentence);
    fs::write(&path, text.replacen(&format!("{ours},\n"), "", 1)).expect("written");
    refused(
        &latu(&["replay", path.to_str().expect("UTF-8")]),
        "names no rules version",
    );
}

#[test]
fn a_run_that_clicks_the_sight_for_the_wind_passes() {
    let path = golden("bot-l3-t1.json");
    let text = fs::read_to_string(&path).expect("a golden");
    assert!(
        text.contains("\"click_left\"") || text.contains("\"click_right\""),
        "the bot clicks the sight on level 3's windy ranges"
    );
    let output = latu(&["replay", "--strict", path.to_str().expect("UTF-8")]);
    assert!(output.status.success(), "{output:?}");
}
