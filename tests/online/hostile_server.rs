//! A leaderboard address that answers what no leaderboard does (issue 45): a small server on
//! 127.0.0.1 that takes a name as the contract does and answers every `POST /v1/runs` with one
//! canned answer — a redirect to another host, a static host's 404, a proxy's bare 413, a
//! teapot, a status out of range, a lone `100`. The queue must keep every run, send no key to
//! the other host, and say the address does not answer as a leaderboard. Every loop is
//! bounded by `latu send --give-up-s`.

use super::{bot_replay, lines, scratch, send, summary};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// One request as it came: its method, path and whether it carried a key.
#[derive(Debug, Clone, PartialEq)]
pub struct Heard {
    pub method: String,
    pub path: String,
    pub keyed: bool,
}

/// A server answering canned bytes.
pub struct Hostile {
    pub port: u16,
    pub heard: Arc<Mutex<Vec<Heard>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// The contract's answer to a new name, as a canned answer.
pub fn name_registered() -> Vec<u8> {
    answer(201, r#"{"player": "ab", "name": "Tester"}"#, "")
}

/// An HTTP/1.1 answer with `status`, `body` and `extra` header lines (each ending `\r\n`).
pub fn answer(status: u16, body: &str, extra: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 {status} X\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

impl Hostile {
    /// Answer `POST /v1/players` with `players` and everything else with `runs`.
    pub fn start(players: Vec<u8>, runs: Vec<u8>) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", 0)).expect("a port on 127.0.0.1");
        listener.set_nonblocking(true).expect("non-blocking accept");
        let port = listener.local_addr().expect("bound").port();
        let stop = Arc::new(AtomicBool::new(false));
        let heard = Arc::new(Mutex::new(Vec::new()));
        let (stopping, log) = (stop.clone(), heard.clone());
        let thread = std::thread::spawn(move || {
            while !stopping.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => serve(stream, &log, &players, &runs),
                    Err(_) => std::thread::sleep(Duration::from_millis(2)),
                }
            }
        });
        Self {
            port,
            heard,
            stop,
            thread: Some(thread),
        }
    }

    /// Its address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// What it heard.
    pub fn heard(&self) -> Vec<Heard> {
        self.heard.lock().expect("the log").clone()
    }
}

impl Drop for Hostile {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(stream: TcpStream, log: &Mutex<Vec<Heard>>, players: &[u8], runs: &[u8]) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_owned();
    let path = parts.next().unwrap_or("").to_owned();
    let (mut length, mut keyed) = (0usize, false);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
            break;
        }
        let lower = header.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("content-length:") {
            length = value.trim().parse().unwrap_or(0);
        }
        keyed |= lower.starts_with("x-latu-key:");
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let canned = if method == "POST" && path == "/v1/players" {
        players
    } else {
        runs
    };
    log.lock().expect("the log").push(Heard {
        method,
        path,
        keyed,
    });
    let mut stream = reader.into_inner();
    let _ = stream.write_all(canned);
}

/// Seconds each hostile scenario's `latu send` tries: one try and the backoff's first retry.
const GIVE_UP_S: f64 = 3.0;

/// A contract refusal's body.
const CONTRACT_REFUSAL: &str = r#"{"error": "The replay was tampered with."}"#;

/// Files in the data directory's outbox ending with `suffix`.
fn outbox_files(data: &std::path::Path, suffix: &str) -> usize {
    std::fs::read_dir(data.join("outbox"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.file_name().to_string_lossy().ends_with(suffix))
                .count()
        })
        .unwrap_or(0)
}

/// What the queue did with two runs against an address answering `runs` (and `players` for
/// the name): (sent, refused, waiting, queued files, set-aside files, a line saying so).
fn against(
    label: &str,
    players: Vec<u8>,
    runs: Vec<u8>,
    queue: &[std::path::PathBuf],
    dir: &std::path::Path,
) -> (Value, usize, usize, String) {
    let server = Hostile::start(players, runs);
    let data = dir.join(label);
    let output = send(&server.url(), &data, "Tester", queue, GIVE_UP_S);
    assert!(output.status.success(), "{label}: {output:?}");
    let said: Vec<String> = lines(&output)
        .iter()
        .filter_map(|line| {
            line.get("offline")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .collect();
    (
        summary(&output),
        outbox_files(&data, ".json"),
        outbox_files(&data, ".refused"),
        said.first().cloned().unwrap_or_default(),
    )
}

#[test]
fn a_stranger_s_answer_never_loses_or_parks_a_queued_run() {
    let dir = scratch("hostile");
    let queue = [bot_replay(&dir, 1), bot_replay(&dir, 2)];
    let other = Hostile::start(
        name_registered(),
        answer(
            201,
            r#"{"run": "x", "board": "level-1-track-1", "rank": 1, "of": 1, "score": 1, "best": true}"#,
            "",
        ),
    );
    let elsewhere = format!("Location: {}/v1/runs\r\n", other.url());
    let scenarios: Vec<(String, Vec<u8>)> = vec![
        ("302 to another host".into(), answer(302, "", &elsewhere)),
        ("307 to another host".into(), answer(307, "", &elsewhere)),
        ("308 to another host".into(), answer(308, "", &elsewhere)),
        ("404".into(), answer(404, "Not Found", "")),
        (
            "404 with a contract body".into(),
            answer(404, CONTRACT_REFUSAL, ""),
        ),
        ("405".into(), answer(405, "", "Allow: GET\r\n")),
        (
            "413 from a proxy".into(),
            answer(413, "<html>Request Entity Too Large</html>", ""),
        ),
        ("418".into(), answer(418, "I'm a teapot", "")),
        ("600".into(), answer(600, "", "")),
        (
            "a lone 100".into(),
            b"HTTP/1.1 100 Continue\r\n\r\n".to_vec(),
        ),
        (
            "201 with a page".into(),
            answer(201, "<html>thanks</html>", ""),
        ),
    ];
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = scenarios
            .iter()
            .enumerate()
            .map(|(index, (_, canned))| {
                let (queue, dir) = (&queue, &dir);
                let folder = format!("data-{index}");
                scope.spawn(move || against(&folder, name_registered(), canned.clone(), queue, dir))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a scenario"))
            .collect()
    });
    println!("answer to POST /v1/runs | sent refused waiting | outbox .json .refused | told");
    for ((label, _), (summary, queued, refused, said)) in scenarios.iter().zip(&results) {
        println!(
            "{label} | {} {} {} | {queued} {refused} | {said}",
            summary["sent"], summary["refused"], summary["waiting"]
        );
    }
    for ((label, _), (summary, queued, refused, said)) in scenarios.iter().zip(&results) {
        assert_eq!(
            (&summary["sent"], &summary["refused"], &summary["waiting"]),
            (&Value::from(0), &Value::from(0), &Value::from(2)),
            "{label}"
        );
        assert_eq!(
            (*queued, *refused),
            (2, 0),
            "{label}: both runs stay queued"
        );
        assert!(
            said.contains("does not answer as a leaderboard"),
            "{label}: {said}"
        );
    }
    assert!(
        other.heard().is_empty(),
        "no request, and no key, went to the other host: {:?}",
        other.heard()
    );
}

#[test]
fn only_a_contract_refusal_sets_runs_aside_and_requeue_puts_them_back() {
    let dir = scratch("hostile-refusal");
    let queue = [bot_replay(&dir, 1), bot_replay(&dir, 3)];
    let (summary, queued, refused, _) = against(
        "data",
        name_registered(),
        answer(422, CONTRACT_REFUSAL, ""),
        &queue,
        &dir,
    );
    assert_eq!(
        (&summary["refused"], queued, refused),
        (&Value::from(2), 0, 2)
    );
    let server = Hostile::start(name_registered(), answer(503, "", "Retry-After: 60\r\n"));
    let data = dir.join("data");
    let mut command = std::process::Command::new(super::LATU);
    command.args([
        "send",
        "--requeue",
        "--give-up-s",
        "1",
        "--server",
        &server.url(),
        "--name",
        "Tester",
        "--data-dir",
    ]);
    let output = command.arg(&data).output().expect("latu runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(lines(&output)[0]["requeued"], 2, "{output:?}");
    assert_eq!(super::summary(&output)["waiting"], 2);
    assert_eq!(
        (
            outbox_files(&data, ".json"),
            outbox_files(&data, ".refused")
        ),
        (2, 0)
    );
}

#[test]
fn an_address_that_is_no_leaderboard_is_not_told_as_a_refused_name() {
    let dir = scratch("hostile-name");
    let queue = [bot_replay(&dir, 2)];
    for (index, players) in [
        answer(404, "Not Found", ""),
        answer(302, "", "Location: http://127.0.0.1:9/\r\n"),
    ]
    .into_iter()
    .enumerate()
    {
        let server = Hostile::start(players.clone(), players);
        let data = dir.join(format!("data-{index}"));
        let output = send(&server.url(), &data, "Tester", &queue, 1.0);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{output:?}");
        assert!(!stderr.contains("refused"), "{stderr}");
        assert!(lines(&output)
            .iter()
            .all(|line| line.get("name_refused").is_none()));
        assert_eq!(super::summary(&output)["waiting"], 1);
    }
}
