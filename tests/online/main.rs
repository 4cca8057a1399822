//! The send queue against a leaderboard on 127.0.0.1, through `latu send` (what the game does in
//! the background): a run is sent once across kill -9 at any moment, waits while the server is
//! down and goes when it is back, stays queued across restarts, and a refusal comes back in the
//! server's own sentence. Each runs against a real `latu-server` started on 127.0.0.1
//! ([`real_server`]) and against the in-test fake of `online.md` ([`fake_server`]); every loop is
//! bounded in count and time.

mod account;
mod fake_server;
mod hostile_server;
#[path = "../not_run/mod.rs"]
mod not_run;
mod real_server;

use fake_server::FakeServer;
use real_server::RealServer;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const LATU: &str = env!("CARGO_BIN_EXE_latu");

/// Kill -9 rounds in the loop: bounded.
const KILL_ROUNDS: u64 = 8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("latu-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temp dir is writable");
    dir
}

/// The human-model bot's replay of level 1's `track`, written in `dir` (the server refuses the
/// perfect bot's own run, `--bot`, as a bot's).
fn bot_replay(dir: &Path, track: u8) -> PathBuf {
    let out = dir.join(format!("track-{track}.json"));
    let status = Command::new(LATU)
        .args([
            "simulate",
            "--level",
            "1",
            "--track",
            &track.to_string(),
            "--human-bot",
            "--out",
        ])
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

/// A leaderboard for a test: the real server when it is built, and the fake.
enum Leaderboard {
    Real(RealServer),
    Fake(FakeServer),
}

impl Leaderboard {
    fn url(&self) -> String {
        match self {
            Leaderboard::Real(server) => server.url(),
            Leaderboard::Fake(server) => server.url(),
        }
    }

    fn stop(&mut self) {
        match self {
            Leaderboard::Real(server) => server.stop(),
            Leaderboard::Fake(server) => server.stop(),
        }
    }

    fn restart(&mut self) {
        match self {
            Leaderboard::Real(server) => server.restart(),
            Leaderboard::Fake(server) => server.restart(),
        }
    }

    /// A board's entries as the server lists them: (name, run id, score).
    fn entries(&self, board: &str) -> Vec<(String, String, u64)> {
        let url = format!("{}/v1/boards/{board}?limit=100", self.url());
        let text = ureq::get(&url)
            .call()
            .expect("the board answers")
            .into_string()
            .expect("text");
        let page: Value = serde_json::from_str(&text).expect("JSON");
        page["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|entry| {
                (
                    entry["name"].as_str().unwrap_or_default().to_owned(),
                    entry["run"].to_string(),
                    entry["score"].as_u64().unwrap_or_default(),
                )
            })
            .collect()
    }
}

/// The leaderboards to test against: the real one (when built) and the fake.
fn leaderboards(dir: &Path) -> Vec<Leaderboard> {
    let mut all = Vec::new();
    if let Some(binary) = real_server::binary() {
        let db = dir.join("server");
        std::fs::create_dir_all(&db).expect("a database folder");
        all.push(Leaderboard::Real(RealServer::start(binary, &db)));
    }
    // Without it the queue tests run against the in-test fake alone.
    all.push(Leaderboard::Fake(FakeServer::start()));
    all
}

#[test]
fn a_run_is_sent_once_across_kill_9_at_any_moment() {
    let dir = scratch("kill");
    let runs: Vec<PathBuf> = (1..=3).map(|track| bot_replay(&dir, track)).collect();
    for (index, server) in leaderboards(&dir).into_iter().enumerate() {
        let data = dir.join(format!("data-{index}"));
        // Queue without a server to reach, so every send happens under the kills.
        let queued = send("http://127.0.0.1:9", &data, "Aino", &runs, 0.0);
        assert!(queued.status.success(), "{queued:?}");
        assert_eq!(waiting(&data), 3);
        for round in 0..KILL_ROUNDS {
            let mut child = Command::new(LATU)
                .args([
                    "send",
                    "--server",
                    &server.url(),
                    "--name",
                    "Aino",
                    "--data-dir",
                ])
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
        for track in 1..=3 {
            let entries = server.entries(&format!("level-1-track-{track}"));
            assert_eq!(entries.len(), 1, "one entry, once: {entries:?}");
            assert_eq!(entries[0].0, "Aino");
        }
        if let Leaderboard::Fake(fake) = &server {
            let boards = fake.boards.lock().expect("the boards");
            assert_eq!(boards.runs.len(), 3, "each run stored once");
            assert_eq!(boards.names.len(), 1, "one player, one key");
        }
    }
}

// How long the send took is printed for the report, never asserted.
#[allow(clippy::disallowed_methods)]
#[test]
fn a_run_waits_while_the_server_is_down_and_goes_when_it_is_back() {
    let dir = scratch("restart");
    let run = bot_replay(&dir, 1);
    for (index, mut server) in leaderboards(&dir).into_iter().enumerate() {
        let data = dir.join(format!("data-{index}"));
        let url = server.url();
        server.stop();
        let down = send(&url, &data, "Aino", std::slice::from_ref(&run), 1.0);
        assert!(down.status.success());
        assert!(lines(&down)
            .iter()
            .any(|line| line.get("offline").is_some()));
        assert_eq!(
            summary(&down)["waiting"],
            1,
            "kept while the server is down"
        );
        // The game restarts (a new process) and the server is back.
        server.restart();
        let started = Instant::now();
        let back = send(&url, &data, "Aino", &[], 20.0);
        println!(
            "sent after the restart in {:.0} ms (a process start, a key read, register, send)",
            started.elapsed().as_secs_f64() * 1000.0
        );
        let sent = lines(&back)
            .iter()
            .filter(|l| l.get("rank").is_some())
            .count();
        assert_eq!(sent, 1, "{back:?}");
        assert_eq!(summary(&back)["waiting"], 0);
        assert_eq!(server.entries("level-1-track-1").len(), 1);
    }
}

#[test]
fn a_refusal_comes_back_in_the_server_s_sentence_and_the_run_is_kept_aside() {
    let dir = scratch("refusal");
    let run = bot_replay(&dir, 2);
    let mut replay: Value =
        serde_json::from_str(&std::fs::read_to_string(&run).expect("written")).expect("JSON");
    replay["summary"]["coins"] = Value::from(replay["summary"]["coins"].as_u64().unwrap_or(0) + 50);
    std::fs::write(&run, serde_json::to_string_pretty(&replay).expect("JSON")).expect("written");
    for (index, server) in leaderboards(&dir).into_iter().enumerate() {
        let data = dir.join(format!("data-{index}"));
        let output = send(
            &server.url(),
            &data,
            "Aino",
            std::slice::from_ref(&run),
            20.0,
        );
        let refused: Vec<Value> = lines(&output)
            .into_iter()
            .filter(|line| line.get("error").is_some())
            .collect();
        assert_eq!(refused.len(), 1, "{output:?}");
        let sentence = refused[0]["error"].as_str().expect("a sentence");
        println!("refused: {sentence}");
        // The server's own sentence, not the game's stand-in for a refusal without one.
        assert!(!sentence.starts_with("The server answered"), "{sentence}");
        assert_eq!(waiting(&data), 0, "a refused run leaves the queue");
        let kept = std::fs::read_dir(data.join("outbox"))
            .expect("the outbox")
            .filter_map(Result::ok)
            .any(|entry| entry.file_name().to_string_lossy().ends_with(".refused"));
        assert!(kept, "and is kept beside it");
    }
}

#[test]
fn a_name_taken_is_refused_in_the_server_s_sentence() {
    let dir = scratch("name");
    let run = bot_replay(&dir, 3);
    for (index, server) in leaderboards(&dir).into_iter().enumerate() {
        let (one, two) = (
            dir.join(format!("one-{index}")),
            dir.join(format!("two-{index}")),
        );
        let first = send(
            &server.url(),
            &one,
            "Aino",
            std::slice::from_ref(&run),
            20.0,
        );
        assert!(first.status.success());
        // The name the server took is the game's name too.
        let settings = |data: &Path| {
            std::fs::read_to_string(data.join("settings.json"))
                .ok()
                .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        };
        let kept = settings(&one).expect("the settings are written");
        assert_eq!(kept["player_name"], "Aino");
        assert_eq!(kept["name_chosen"], true);
        let second = send(
            &server.url(),
            &two,
            "aino",
            std::slice::from_ref(&run),
            20.0,
        );
        assert_eq!(second.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&second.stderr);
        println!("{stderr}");
        assert!(stderr.contains("taken"), "{stderr}");
        assert_eq!(
            waiting(&two),
            1,
            "the run waits for a name the server takes"
        );
        let refused_name = settings(&two).is_some_and(|s| s["player_name"] == "aino");
        assert!(!refused_name, "a refused name is not the game's");
    }
}
