//! The send queue against a leaderboard on 127.0.0.1, through `latu send` (what the game does in
//! the background): a run is sent once across kill -9 at any moment, waits while the server is
//! down and goes when it is back, stays queued across restarts, and a refusal comes back in the
//! server's own sentence. The server here is the in-test fake of `online.md`
//! ([`fake_server`]); every loop is bounded in count and time.

mod fake_server;

use fake_server::FakeServer;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const LATU: &str = env!("CARGO_BIN_EXE_latu");

/// Kill -9 rounds in the loop: bounded.
const KILL_ROUNDS: u64 = 8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("latu-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temp dir is writable");
    dir
}

/// A bot's replay of level 1's `track`, written in `dir`.
fn bot_replay(dir: &Path, track: u8) -> PathBuf {
    let out = dir.join(format!("track-{track}.json"));
    let status = Command::new(LATU)
        .args(["simulate", "--level", "1", "--track", &track.to_string(), "--bot", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .expect("latu runs");
    assert!(status.success(), "latu simulate");
    out
}

fn send(server: &str, data: &Path, name: &str, queue: &[PathBuf], give_up_s: f64) -> Output {
    let mut command = Command::new(LATU);
    command.args(["send", "--server", server, "--name", name, "--data-dir"]);
    command.arg(data);
    for file in queue {
        command.arg("--queue").arg(file);
    }
    command
        .args(["--give-up-s", &give_up_s.to_string()])
        .output()
        .expect("latu runs")
}

/// `latu send`'s JSON lines.
fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

fn summary(output: &Output) -> Value {
    lines(output).pop().expect("a summary line")
}

fn waiting(data: &Path) -> usize {
    latu::online::Outbox::new(data).waiting().len()
}

#[test]
fn a_run_is_sent_once_across_kill_9_at_any_moment() {
    let dir = scratch("kill");
    let data = dir.join("data");
    let server = FakeServer::start();
    let runs: Vec<PathBuf> = (1..=3).map(|track| bot_replay(&dir, track)).collect();
    // Queue without a server to reach, so every send happens under the kills.
    let queued = send("http://127.0.0.1:9", &data, "Aino", &runs, 0.0);
    assert!(queued.status.success(), "{queued:?}");
    assert_eq!(waiting(&data), 3);
    for round in 0..KILL_ROUNDS {
        let mut child = Command::new(LATU)
            .args(["send", "--server", &server.url(), "--name", "Aino", "--data-dir"])
            .arg(&data)
            .stdout(Stdio::null())
            .spawn()
            .expect("latu runs");
        // A spread of moments: before the key is made, mid-registration, mid-send, after.
        std::thread::sleep(Duration::from_millis(round * 23 % 170));
        child.kill().expect("kill -9");
        let _ = child.wait();
    }
    let last = send(&server.url(), &data, "Aino", &[], 20.0);
    assert_eq!(summary(&last)["waiting"], 0, "{last:?}");
    assert_eq!(waiting(&data), 0);
    let boards = server.boards.lock().expect("the boards");
    assert_eq!(boards.runs.len(), 3, "each run stored once");
    assert_eq!(boards.names.len(), 1, "one player, one key");
    let mut seen: Vec<&str> = boards.runs.iter().map(|run| run.board.as_str()).collect();
    seen.sort();
    assert_eq!(seen, ["level-1-track-1", "level-1-track-2", "level-1-track-3"]);
}

#[test]
fn a_run_waits_while_the_server_is_down_and_goes_when_it_is_back() {
    let dir = scratch("restart");
    let data = dir.join("data");
    let mut server = FakeServer::start();
    let url = server.url();
    server.stop();
    let run = bot_replay(&dir, 1);
    let down = send(&url, &data, "Aino", &[run], 1.0);
    assert!(down.status.success());
    assert!(lines(&down).iter().any(|line| line.get("offline").is_some()));
    assert_eq!(summary(&down)["waiting"], 1, "kept while the server is down");
    // The game restarts (a new process) and the server is back.
    server.restart();
    let back = send(&url, &data, "Aino", &[], 20.0);
    let sent = lines(&back).iter().filter(|l| l.get("rank").is_some()).count();
    assert_eq!(sent, 1, "{back:?}");
    assert_eq!(summary(&back)["waiting"], 0);
    assert_eq!(server.boards.lock().expect("boards").runs.len(), 1);
}

#[test]
fn a_refusal_comes_back_in_the_server_s_sentence_and_the_run_is_kept_aside() {
    let dir = scratch("refusal");
    let data = dir.join("data");
    let server = FakeServer::start();
    let run = bot_replay(&dir, 2);
    let mut replay: Value =
        serde_json::from_str(&std::fs::read_to_string(&run).expect("written")).expect("JSON");
    replay["summary"]["coins"] = Value::from(replay["summary"]["coins"].as_u64().unwrap_or(0) + 50);
    std::fs::write(&run, serde_json::to_string_pretty(&replay).expect("JSON")).expect("written");
    let output = send(&server.url(), &data, "Aino", &[run], 20.0);
    let refused: Vec<Value> = lines(&output)
        .into_iter()
        .filter(|line| line.get("error").is_some())
        .collect();
    assert_eq!(refused.len(), 1, "{output:?}");
    let sentence = refused[0]["error"].as_str().expect("a sentence");
    assert!(sentence.starts_with("The run was refused"), "{sentence}");
    assert_eq!(waiting(&data), 0, "a refused run leaves the queue");
    let kept = std::fs::read_dir(data.join("outbox"))
        .expect("the outbox")
        .filter_map(Result::ok)
        .any(|entry| entry.file_name().to_string_lossy().ends_with(".refused"));
    assert!(kept, "and is kept beside it");
}

#[test]
fn a_name_taken_is_refused_in_the_server_s_sentence() {
    let dir = scratch("name");
    let server = FakeServer::start();
    let run = bot_replay(&dir, 3);
    let first = send(&server.url(), &dir.join("one"), "Aino", &[run.clone()], 20.0);
    assert!(first.status.success());
    let second = send(&server.url(), &dir.join("two"), "aino", &[run], 20.0);
    assert_eq!(second.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("The name aino is taken."), "{stderr}");
    assert_eq!(waiting(&dir.join("two")), 1, "the run waits for a name the server takes");
}
