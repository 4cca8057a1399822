//! A small in-test leaderboard that follows `shared/design/online.md` (version 2) closely
//! enough for the game's side: signed writes checked with Ed25519 (method, path, time, body), names, runs re-played
//! strictly by the game's own check (422 otherwise), boards ranked by score (Endless by
//! distance), a player's identical run ranked once, replays served back byte for byte.
//! Listens on 127.0.0.1 only; stopping it keeps its boards, and it can start again on the same
//! port (a restart).

use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use latu::online::Board;
use latu::replay::{untrusted, Replay};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// A stored run.
#[derive(Clone)]
pub struct Run {
    pub id: u64,
    pub player: String,
    pub board: String,
    pub score: u32,
    pub distance: f64,
    pub bytes: Vec<u8>,
}

/// What the server keeps across restarts.
#[derive(Default)]
pub struct Boards {
    pub names: BTreeMap<String, String>,
    pub runs: Vec<Run>,
    /// `POST /v1/runs` requests answered (a resend counts again).
    pub posts: u32,
}

/// The fake leaderboard.
pub struct FakeServer {
    pub port: u16,
    pub boards: Arc<Mutex<Boards>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl FakeServer {
    /// Start on a free port.
    pub fn start() -> Self {
        Self::start_on(0, Arc::default())
    }

    fn start_on(port: u16, boards: Arc<Mutex<Boards>>) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("a port on 127.0.0.1");
        listener.set_nonblocking(true).expect("non-blocking accept");
        let port = listener.local_addr().expect("bound").port();
        let stop = Arc::new(AtomicBool::new(false));
        let (kept, stopping) = (boards.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !stopping.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => serve(stream, &kept),
                    Err(_) => std::thread::sleep(Duration::from_millis(2)),
                }
            }
        });
        Self {
            port,
            boards,
            stop,
            thread: Some(thread),
        }
    }

    /// Its address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Stop listening (the boards are kept for [`FakeServer::restart`]).
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Start again on the same port with the same boards.
    pub fn restart(&mut self) {
        self.stop();
        *self = Self::start_on(self.port, self.boards.clone());
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn serve(stream: TcpStream, boards: &Mutex<Boards>) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let mut parts = line.split_whitespace();
    let (method, target) = (
        parts.next().unwrap_or("").to_owned(),
        parts.next().unwrap_or("").to_owned(),
    );
    let mut headers = BTreeMap::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
        }
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let (status, answer) = route(&method, &target, &headers, &body, boards);
    let mut stream = reader.into_inner();
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        answer.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&answer);
}

fn refuse(status: u16, sentence: &str) -> (u16, Vec<u8>) {
    (
        status,
        json!({ "error": sentence }).to_string().into_bytes(),
    )
}

fn ok(status: u16, value: Value) -> (u16, Vec<u8>) {
    (status, value.to_string().into_bytes())
}

fn signer(
    headers: &BTreeMap<String, String>,
    method: &str,
    target: &str,
    body: &[u8],
) -> Result<String, (u16, Vec<u8>)> {
    let key = headers.get("x-latu-key").cloned().unwrap_or_default();
    let signature = headers.get("x-latu-signature").cloned().unwrap_or_default();
    let time = headers.get("x-latu-time").cloned().unwrap_or_default();
    let Some(time) = latu::online::contract::parse_time(time.as_bytes()) else {
        return Err(refuse(401, "The request carries no X-Latu-Time."));
    };
    let message = latu::online::contract::signed_message(method, target, time, body);
    let bytes = |hex: &str| -> Option<Vec<u8>> {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
            .collect()
    };
    let verified = (|| {
        let public: [u8; 32] = bytes(&key)?.try_into().ok()?;
        let signature: [u8; 64] = bytes(&signature)?.try_into().ok()?;
        let public = VerifyingKey::from_bytes(&public).ok()?;
        public
            .verify(&message, &Signature::from_bytes(&signature))
            .ok()
    })();
    match verified {
        Some(()) => Ok(key),
        None => Err(refuse(
            401,
            "The request's signature does not match its key.",
        )),
    }
}

fn route(
    method: &str,
    target: &str,
    headers: &BTreeMap<String, String>,
    body: &[u8],
    boards: &Mutex<Boards>,
) -> (u16, Vec<u8>) {
    let mut boards = boards.lock().expect("one request at a time");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    match (method, path) {
        ("POST", "/v1/players") => {
            let key = match signer(headers, method, target, body) {
                Ok(key) => key,
                Err(refusal) => return refusal,
            };
            let Some(name) = serde_json::from_slice::<Value>(body)
                .ok()
                .and_then(|v| v["name"].as_str().map(str::to_owned))
                .filter(|n| !n.trim().is_empty() && n.chars().count() <= 16)
            else {
                return refuse(400, "A name is 1 to 16 characters.");
            };
            let taken = boards
                .names
                .iter()
                .any(|(other, n)| *other != key && n.eq_ignore_ascii_case(&name));
            if taken {
                return refuse(409, &format!("The name {name} is taken."));
            }
            let again = boards.names.get(&key) == Some(&name);
            boards.names.insert(key.clone(), name.clone());
            ok(
                if again { 200 } else { 201 },
                json!({ "player": key, "name": name }),
            )
        }
        ("POST", "/v1/runs") => {
            let key = match signer(headers, method, target, body) {
                Ok(key) => key,
                Err(refusal) => return refusal,
            };
            boards.posts += 1;
            if !boards.names.contains_key(&key) {
                return refuse(403, "Register a name before sending runs.");
            }
            let Ok(replay) = Replay::from_bytes(body) else {
                return refuse(400, "The body is not a replay.");
            };
            let checked = match untrusted::check(&replay) {
                Ok(checked) => checked,
                Err(why) => return refuse(422, &format!("The run was refused: {why}.")),
            };
            let Some(board) = Board::of_replay(&replay) else {
                return refuse(422, "The run's course is on no board.");
            };
            let board = board.name();
            let existing = boards
                .runs
                .iter()
                .find(|run| run.player == key && run.bytes == body)
                .map(|run| run.id);
            let id = existing.unwrap_or_else(|| {
                let id = boards.runs.len() as u64 + 1;
                boards.runs.push(Run {
                    id,
                    player: key.clone(),
                    board: board.clone(),
                    score: checked.summary.score,
                    distance: checked.summary.distance,
                    bytes: body.to_vec(),
                });
                id
            });
            let ranking = ranking(&boards, &board);
            let best_id = ranking.iter().find(|run| run.player == key).map(|r| r.id);
            let rank = ranking
                .iter()
                .position(|run| Some(run.id) == best_id)
                .unwrap_or(0)
                + 1;
            let best = existing.is_none() && best_id == Some(id);
            ok(
                if best { 201 } else { 200 },
                json!({ "run": id, "board": board, "rank": rank, "of": ranking.len(),
                        "score": checked.summary.score, "best": best }),
            )
        }
        ("GET", "/v1/today") => ok(
            200,
            json!({ "day": "2026-12-04", "next_in_s": 3600, "rules": 1 }),
        ),
        ("GET", path) if path.starts_with("/v1/boards/") => {
            let board = &path["/v1/boards/".len()..];
            let around_key = query
                .split('&')
                .find_map(|pair| pair.strip_prefix("around="))
                .unwrap_or("");
            let ranking = ranking(&boards, board);
            let entry = |(i, run): (usize, &Run)| {
                json!({ "rank": i + 1, "name": boards.names.get(&run.player).cloned().unwrap_or_default(),
                        "player": run.player, "score": run.score, "time_s": 0.0, "misses": 0,
                        "distance_m": run.distance, "run": run.id, "at": "2026-12-04T10:00:00Z" })
            };
            let entries: Vec<Value> = ranking.iter().enumerate().take(10).map(entry).collect();
            let mine = ranking.iter().position(|run| run.player == around_key);
            let around: Vec<Value> = mine.map_or(Vec::new(), |at| {
                let from = at.saturating_sub(2);
                ranking
                    .iter()
                    .enumerate()
                    .skip(from)
                    .take(5)
                    .map(entry)
                    .collect()
            });
            ok(
                200,
                json!({ "board": board, "of": ranking.len(), "entries": entries, "around": around }),
            )
        }
        ("GET", path) if path.starts_with("/v1/runs/") && path.ends_with("/replay") => {
            let id = &path["/v1/runs/".len()..path.len() - "/replay".len()];
            match boards.runs.iter().find(|run| run.id.to_string() == id) {
                Some(run) => (200, run.bytes.clone()),
                None => refuse(404, "No such run."),
            }
        }
        _ => refuse(404, "No such endpoint."),
    }
}

/// Each player's best run on `board`, best first.
fn ranking(boards: &Boards, board: &str) -> Vec<Run> {
    let mut best: BTreeMap<String, Run> = BTreeMap::new();
    let by_distance = board == "endless";
    let value = |run: &Run| {
        if by_distance {
            run.distance
        } else {
            f64::from(run.score)
        }
    };
    for run in boards.runs.iter().filter(|run| run.board == board) {
        let better = best
            .get(&run.player)
            .is_none_or(|held| value(run) > value(held));
        if better {
            best.insert(run.player.clone(), run.clone());
        }
    }
    let mut ranked: Vec<Run> = best.into_values().collect();
    ranked.sort_by(|a, b| value(b).total_cmp(&value(a)).then(a.id.cmp(&b.id)));
    ranked
}
