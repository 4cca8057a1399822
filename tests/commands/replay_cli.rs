//! `latu replay` and `latu simulate` from the outside: exit codes, messages, JSON.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn latu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_latu"))
        .args(args)
        .output()
        .expect("the latu binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(name)
}

/// A fresh scratch path for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("latu-replay-cli-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn replay_of(path: &Path) -> Output {
    latu(&["replay", path.to_str().expect("a UTF-8 path")])
}

/// `latu replay` on `path` fails with `code`, naming the file and saying `what`.
fn assert_fails(path: &Path, code: i32, what: &str) {
    let output = replay_of(path);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(code), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(what), "{message}");
    assert!(output.stdout.is_empty());
}

/// A golden's text with one replacement (which must apply).
fn tampered(name: &str, from: &str, to: &str) -> PathBuf {
    let text = fs::read_to_string(golden(name)).expect("a golden");
    assert!(text.contains(from), "{from} in {name}");
    let path = scratch(&format!("tampered-{}", from.len() + to.len()));
    let path = path.with_file_name(format!(
        "{}-{name}",
        path.file_name().unwrap().to_string_lossy()
    ));
    fs::write(&path, text.replacen(from, to, 1)).expect("a scratch file");
    path
}

#[test]
fn a_golden_replay_exits_0_with_its_summary() {
    let output = replay_of(&golden("bot-l3-t2.json"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let file: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(golden("bot-l3-t2.json")).unwrap()).unwrap();
    assert_eq!(printed, file["summary"]);
    let keys: Vec<&str> = printed
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "level", "track", "seed", "ticks", "time_s", "distance", "coins", "hits", "shots",
        "misses", "finished", "score", "medal",
    ] {
        assert!(keys.contains(&key), "{key} in {keys:?}");
    }
}

#[test]
fn bad_files_exit_2_naming_the_file_and_the_problem() {
    assert_fails(&scratch("no-such-replay.json"), 2, "does not exist");
    let directory = scratch("a-directory.json");
    fs::create_dir_all(&directory).unwrap();
    assert_fails(&directory, 2, "cannot be read");
    let binary = scratch("binary.json");
    fs::write(&binary, [0xff, 0xfe, 0x00, 0x80]).unwrap();
    assert_fails(&binary, 2, "not JSON");
    let not_json = scratch("not-json.json");
    fs::write(&not_json, "format_version = 1\n").unwrap();
    assert_fails(&not_json, 2, "not JSON");
    let newer = latu::replay::FORMAT_VERSION + 1;
    let other_version = tampered(
        "bot-l1-t1.json",
        &format!("\"format_version\": {}", latu::replay::FORMAT_VERSION),
        &format!("\"format_version\": {newer}"),
    );
    assert_fails(&other_version, 2, &format!("format_version {newer}"));
    let unknown_level = tampered("bot-l1-t1.json", "\"level\": 1,", "\"level\": 9,");
    assert_fails(&unknown_level, 2, "unknown level 9");
    let unknown_track = tampered("bot-l1-t1.json", "\"track\": 1,", "\"track\": 7,");
    assert_fails(&unknown_track, 2, "unknown course");
    let not_a_replay = scratch("not-a-replay.json");
    fs::write(&not_a_replay, "{\"format_version\": 1}").unwrap();
    assert_fails(&not_a_replay, 2, "not a valid replay");
    let script = golden("scripts/idle-level1.json");
    assert_fails(&script, 2, "no summary");
}

#[test]
fn a_changed_hash_exits_3_naming_its_tick() {
    let path = tampered(
        "bot-l2-t1.json",
        "{\"tick\":1200,\"hash\":\"",
        "{\"tick\":1200,\"hash\":\"f",
    );
    assert_fails(
        &path,
        3,
        "first diverging tick 1200 (the last agreeing checkpoint is tick 600)",
    );
}

#[test]
fn a_changed_input_exits_3_at_a_tick_after_it() {
    let text = fs::read_to_string(golden("bot-l2-t1.json")).unwrap();
    let replay: serde_json::Value = serde_json::from_str(&text).unwrap();
    // Drop the bot's first jump: the skier hits what it jumped over.
    let jump = replay["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|input| input["actions"] == serde_json::json!(["jump"]))
        .expect("the bot jumps on level 2");
    let tick = jump["tick"].as_u64().unwrap();
    let line = format!("{{\"tick\":{tick},\"actions\":[\"jump\"]}}");
    let path = tampered(
        "bot-l2-t1.json",
        &line,
        &format!("{{\"tick\":{tick},\"actions\":[]}}"),
    );
    let output = replay_of(&path);
    assert_eq!(output.status.code(), Some(3));
    let message = stderr(&output);
    let named: u64 = message
        .split("first diverging tick ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no tick named in {message}"));
    assert!(
        named > tick && named <= tick + latu::replay::HASH_EVERY,
        "caught by the next checkpoint: {message}"
    );
}

#[test]
fn a_changed_summary_exits_3_naming_the_last_tick() {
    let name = "script-jumps-level2.json";
    let text = fs::read_to_string(golden(name)).expect("a golden");
    let replay: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let (hits, ticks) = (&replay["summary"]["hits"], &replay["summary"]["ticks"]);
    let hits = hits.as_u64().expect("the script hits obstacles");
    let path = tampered(
        name,
        &format!("\"hits\":{hits}"),
        &format!("\"hits\":{}", hits - 1),
    );
    // Only the summary differs: the first tick that disagrees is the run's last.
    assert_fails(&path, 3, &format!("first diverging tick {ticks}"));
}

#[test]
fn simulate_prints_the_summary_and_writes_a_replay_that_verifies() {
    let out = scratch("simulated.json");
    let output = latu(&[
        "simulate",
        "--level",
        "4",
        "--track",
        "2",
        "--bot",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(
        (summary["level"].as_u64(), summary["track"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(summary["hits"], 0);
    assert_eq!(summary["finished"], true);
    let check = replay_of(&out);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&check.stdout).unwrap(),
        summary
    );
}

#[test]
fn simulate_plays_an_input_script_on_its_own_course() {
    let script = golden("scripts/jumps-level2.json");
    let output = latu(&["simulate", "--input", script.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let file: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(golden("script-jumps-level2.json")).unwrap())
            .unwrap();
    assert_eq!(summary, file["summary"]);
}

#[test]
fn simulate_endless_stops_at_its_set_distance() {
    let output = latu(&["simulate", "--endless", "--seed", "5", "--bot"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["distance"], 5000.0);
    assert_eq!(summary["level"], serde_json::Value::Null);
    assert_eq!(summary["hits"], 0);
}

#[test]
fn simulate_endless_ends_by_lives_or_by_length() {
    let human = latu(&["simulate", "--endless", "--human-bot", "--jitter-ms", "300"]);
    assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
    let summary: serde_json::Value = serde_json::from_slice(&human.stdout).unwrap();
    assert_eq!(summary["ended_by"], "lives");
    assert_eq!(summary["lives_left"], 0);
    assert_eq!(summary["finished"], false);
    let bot = latu(&["simulate", "--endless", "--bot", "--length", "5000"]);
    assert_eq!(bot.status.code(), Some(0), "{}", stderr(&bot));
    let summary: serde_json::Value = serde_json::from_slice(&bot.stdout).unwrap();
    assert_eq!(summary["ended_by"], "length");
    assert_eq!(summary["lives_left"], 3);
    assert_eq!(summary["distance"], 5000.0);
    let short = latu(&["simulate", "--endless", "--bot", "--length", "800"]);
    let summary: serde_json::Value = serde_json::from_slice(&short.stdout).unwrap();
    assert_eq!(summary["distance"], 800.0);
    for bad in [
        &["simulate", "--endless", "--bot", "--length", "0"][..],
        &["simulate", "--level", "1", "--bot", "--length", "800"][..],
    ] {
        let output = latu(bad);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&output).contains("--length"), "{bad:?}");
    }
}

#[test]
fn simulate_rejects_bad_arguments_with_exit_2() {
    let missing = scratch("missing-input.json");
    let output = latu(&["simulate", "--input", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(&missing.display().to_string()));
    let script = golden("scripts/idle-level1.json");
    let both = latu(&["simulate", "--bot", "--input", script.to_str().unwrap()]);
    assert_eq!(both.status.code(), Some(2));
    let none = latu(&["simulate"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(stderr(&none).contains("--level"));
}

#[test]
fn simulate_with_the_human_bot_writes_a_replay_that_verifies() {
    let out = scratch("human.json");
    let args = [
        "simulate",
        "--level",
        "2",
        "--human-bot",
        "--jitter-ms",
        "200",
    ];
    let output = latu(&[&args[..], &["--out", out.to_str().unwrap()]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(summary["finished"], true);
    let check = replay_of(&out);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    // The same course and scatter play the same run; another scatter plays another.
    assert_eq!(latu(&args).stdout, output.stdout);
    let steadier = latu(&[
        "simulate",
        "--level",
        "2",
        "--human-bot",
        "--jitter-ms",
        "10",
    ]);
    assert_ne!(steadier.stdout, output.stdout);
}

#[test]
fn simulate_refuses_a_jitter_without_the_human_bot_or_two_players() {
    let cases: [(&[&str], &str); 4] = [
        (&["--jitter-ms", "60"], "--human-bot"),
        (&["--human-bot", "--jitter-ms", "5000"], "1000"),
        (&["--human-bot", "--jitter-ms", "soon"], "--jitter-ms"),
        (&["--human-bot", "--bot"], "exclude"),
    ];
    for (extra, mentions) in cases {
        let output = latu(&[&["simulate", "--level", "1"][..], extra].concat());
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert!(
            stderr(&output).contains(mentions),
            "{extra:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_run_shot_with_a_bought_rifle_records_it_and_verifies_headless() {
    let out = scratch("match-rifle.json");
    let args = ["simulate", "--level", "5", "--bot", "--rifle", "match"];
    let output = latu(&[&args[..], &["--out", out.to_str().unwrap()]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(summary["rifle"], "match");
    let text = fs::read_to_string(&out).expect("the replay was written");
    assert!(text.contains("\"rifle\": \"match\""), "{text}");
    let check = replay_of(&out);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    // The same inputs shot with another rifle are another run: the file's rifle is checked.
    let other = out.with_file_name("match-rifle-as-heavy.json");
    fs::write(
        &other,
        text.replacen("\"rifle\": \"match\"", "\"rifle\": \"heavy-barrel\"", 1),
    )
    .expect("a scratch file");
    assert_eq!(replay_of(&other).status.code(), Some(3));
    // The training rifle is the default, left out of files and summaries.
    let plain = latu(&["simulate", "--level", "5", "--bot"]);
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).expect("JSON");
    assert!(plain.get("rifle").is_none());
    let bad = latu(&["simulate", "--level", "5", "--bot", "--rifle", "musket"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("heavy-barrel"), "{}", stderr(&bad));
}
