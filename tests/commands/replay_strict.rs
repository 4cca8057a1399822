//! `latu replay --strict`: what a ranking can trust beyond "these inputs give this summary"
//! (#26): a level run on a searched seed is refused (a plain replay verifies it), a daily run is
//! checked against its day, a tick's aim no touch or keys could make is refused, and the
//! summary always names the purse and rifle brought.

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
fn a_table_run_passes_and_names_the_purse_and_rifle_it_brought() {
    let path = golden("bot-l1-t1.json");
    let output = latu(&["replay", "--strict", path.to_str().expect("UTF-8")]);
    assert!(output.status.success(), "{output:?}");
    let summary: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(summary["purse_brought"], 0);
    assert_eq!(summary["rifle"], "training");
    // Without --strict the summary keeps its old bytes.
    let plain = latu(&["replay", path.to_str().expect("UTF-8")]);
    let plain: Value = serde_json::from_slice(&plain.stdout).expect("JSON");
    assert!(plain.get("purse_brought").is_none());
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
    refused(&latu(&["replay", "--strict", path]), "is not the course's");
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
