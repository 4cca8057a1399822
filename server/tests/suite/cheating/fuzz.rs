//! A bounded hostile-request fuzz: malformed JSON, wrong types, huge and truncated bodies,
//! mutated replays, odd headers, odd paths and methods. Every answer is a 4xx with a sentence
//! (or a success that the game's own strict verification agrees with); no panic, no hang.

use crate::runs::l1;
use crate::support::{named_player, scratch, Databases, Server};
use latu::online::contract::signed_message;
use latu::replay::{verify_strictly, Replay};
use latu_server::client::{Connection, Player, RawResponse};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;

/// Cases sent.
const CASES: usize = 5_000;
/// The whole fuzz stops by itself after this long (it normally takes well under it).
const DEADLINE: Duration = Duration::from_secs(600);

/// xorshift64*: the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What one case sends.
struct Sent {
    method: &'static str,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    /// Declared length beyond the body, then the write side closed (a truncated upload).
    truncated: bool,
}

fn post(path: &str, headers: Vec<(String, String)>, body: Vec<u8>) -> Sent {
    Sent {
        method: "POST",
        path: path.to_string(),
        headers,
        body,
        truncated: false,
    }
}

fn mutate_replay(rng: &mut Rng, run: &[u8]) -> Vec<u8> {
    let mut body = run.to_vec();
    match rng.below(4) {
        0 => {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(body.len());
                body[at] = (rng.next() & 0xff) as u8;
            }
        }
        1 => body.truncate(rng.below(body.len())),
        2 => {
            let digits: Vec<usize> = (0..body.len())
                .filter(|&i| body[i].is_ascii_digit())
                .collect();
            let at = digits[rng.below(digits.len())];
            body[at] = b'0' + (rng.below(10) as u8);
        }
        _ => {
            let text = String::from_utf8_lossy(&body).into_owned();
            let keys = [
                "\"seed\": ",
                "\"level\": ",
                "\"rules\": ",
                "\"endless\": ",
                "\"game_version\": ",
            ];
            let key = keys[rng.below(keys.len())];
            let odd = [
                "null",
                "-1",
                "1e999",
                "\"x\"",
                "[]",
                "{}",
                "18446744073709551616",
                "true",
            ];
            body = text
                .replacen(
                    key,
                    &format!("{key}{}, \"_\": ", odd[rng.below(odd.len())]),
                    1,
                )
                .into_bytes();
        }
    }
    body
}

fn odd_json(rng: &mut Rng) -> Vec<u8> {
    let shapes: [&[u8]; 14] = [
        br#"{"name": 5}"#,
        br#"{"name": null}"#,
        br#"{"name": ["Aino"]}"#,
        b"[]",
        b"null",
        br#""Aino""#,
        br#"{"name": "Aino""#,
        br#"{"nom": "Aino"}"#,
        b"",
        b"\xff\xfe\x00",
        br#"{"name": "\ud800"}"#,
        br#"{"name": "a\u0000b"}"#,
        br#"{"name": "x","name":"y"}"#,
        br#"{"name": "ab"}"#,
    ];
    match rng.below(3) {
        0 => "[".repeat(1 + rng.below(5000)).into_bytes(),
        1 => (0..rng.below(64))
            .map(|_| (rng.next() & 0xff) as u8)
            .collect(),
        _ => shapes[rng.below(shapes.len())].to_vec(),
    }
}

fn odd_headers(rng: &mut Rng, player: &Player, path: &str, body: &[u8]) -> Vec<(String, String)> {
    let key = player.key();
    let time = player.now_s();
    let signature = player.sign(&signed_message("POST", path, time, body));
    let far = time + 301 + rng.below(100_000) as i64;
    let pick = [
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Time".into(), far.to_string()),
            (
                "X-Latu-Signature".into(),
                player.sign(&signed_message("POST", path, far, body)),
            ),
        ],
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Time".into(), format!("{time}.0")),
            ("X-Latu-Signature".into(), signature.clone()),
        ],
        vec![
            ("X-Latu-Key".into(), key.to_uppercase()),
            ("X-Latu-Signature".into(), signature.clone()),
        ],
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Signature".into(), signature.to_uppercase()),
        ],
        vec![
            ("X-Latu-Key".into(), key[..63].to_string()),
            ("X-Latu-Signature".into(), signature.clone()),
        ],
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Signature".into(), signature.clone()),
        ],
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Signature".into(), "0".repeat(128)),
        ],
        vec![
            ("X-Latu-Key".into(), "f".repeat(64)),
            ("X-Latu-Signature".into(), signature.clone()),
        ],
        vec![
            ("X-Latu-Key".into(), String::new()),
            ("X-Latu-Signature".into(), String::new()),
        ],
        vec![
            ("X-Latu-Key".into(), key.clone()),
            ("X-Latu-Signature".into(), signature.clone()),
            ("Content-Type".into(), "text/html".into()),
            ("Accept".into(), "x".repeat(4000)),
        ],
    ];
    let mut headers = pick[rng.below(pick.len())].clone();
    if !headers.iter().any(|(name, _)| name == "X-Latu-Time") {
        headers.push(("X-Latu-Time".into(), time.to_string()));
    }
    if rng.below(2) == 0 {
        headers.push((
            "X-Junk".into(),
            "\u{7f}".repeat(rng.below(100)).replace('\u{7f}', "a"),
        ));
    }
    headers
}

fn odd_path(rng: &mut Rng) -> String {
    let junk = [
        "%00",
        "%ff",
        "..%2f..",
        "level-1-track-1%20",
        "daily-2026-02-30",
        "level-1-track-1?",
        "x".repeat(3000).leak(),
        "endless/../endless",
        "-1",
        "0",
        "9223372036854775808",
        "1e3",
    ];
    let j = junk[rng.below(junk.len())];
    match rng.below(5) {
        0 => format!("/v1/boards/{j}"),
        1 => format!("/v1/runs/{j}/replay"),
        2 => format!("/v1/boards/endless?limit={j}&around={j}"),
        3 => format!(
            "/v1/boards/level-1-track-1?limit={}",
            rng.below(300) as i64 - 100
        ),
        _ => format!("/{j}"),
    }
}

fn case(rng: &mut Rng, player: &Player, run: &[u8]) -> Sent {
    match rng.below(8) {
        0..=2 => {
            let body = mutate_replay(rng, run);
            post("/v1/runs", player.headers("POST", "/v1/runs", &body), body)
        }
        3 => {
            let body = odd_json(rng);
            post(
                "/v1/players",
                player.headers("POST", "/v1/players", &body),
                body,
            )
        }
        4 => {
            let body = if rng.below(2) == 0 {
                run.to_vec()
            } else {
                br#"{"name": "Fuzzer"}"#.to_vec()
            };
            let path = if body.starts_with(b"{\"name") {
                "/v1/players"
            } else {
                "/v1/runs"
            };
            post(path, odd_headers(rng, player, path, &body), body)
        }
        5 => Sent {
            method: "GET",
            path: odd_path(rng),
            headers: vec![],
            body: vec![],
            truncated: false,
        },
        6 => {
            let body = vec![b'{'; 256 * 1024 + 1 + rng.below(512 * 1024)];
            let truncated = rng.below(2) == 0;
            let body = if truncated {
                run[..run.len() / 2].to_vec()
            } else {
                body
            };
            Sent {
                truncated,
                ..post("/v1/runs", player.headers("POST", "/v1/runs", &body), body)
            }
        }
        _ => {
            let methods = ["PUT", "DELETE", "PATCH", "GET"];
            let paths = ["/v1/players", "/v1/runs", "/v1/today", "/v1/boards/endless"];
            let method = methods[rng.below(methods.len())];
            let path = paths[rng.below(paths.len())].to_string();
            Sent {
                method,
                path,
                headers: vec![],
                body: b"{}".to_vec(),
                truncated: false,
            }
        }
    }
}

async fn send(addr: std::net::SocketAddr, sent: &Sent) -> std::io::Result<RawResponse> {
    let mut conn = Connection::open(addr).await?;
    if !sent.truncated {
        return conn
            .send(sent.method, &sent.path, &sent.headers, &sent.body)
            .await;
    }
    let mut head = format!(
        "{} {} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n",
        sent.method,
        sent.path,
        sent.body.len() + 1000
    );
    for (name, value) in &sent.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(&sent.body).await?;
    stream.shutdown().await?;
    let mut raw = Vec::new();
    tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut raw).await?;
    let text = String::from_utf8_lossy(&raw);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or("")
        .as_bytes()
        .to_vec();
    Ok(RawResponse {
        status,
        headers: vec![],
        body,
    })
}

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let log = scratch("fuzz-log").join("server.log");
    let mut server = Server::start_logging(&db.fresh("fuzz"), &[], Some(&log));
    let mut conn = server.connect().await;
    let player = named_player(&mut conn, 41, "Fuzzer").await;
    let run = l1(41);
    assert_eq!(
        player
            .submit(&mut conn, &run)
            .await
            .expect("answered")
            .status,
        201
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let started = Instant::now();
    let (mut refusals, mut accepted, mut truncated_closed) = (0, 0, 0);
    for n in 0..CASES {
        assert!(
            started.elapsed() < DEADLINE,
            "{label}: the fuzz stopped at case {n} by its deadline"
        );
        let sent = case(&mut rng, &player, &run);
        let response = send(server.addr, &sent).await.unwrap_or_else(|e| {
            panic!(
                "{label}: case {n} ({} {}): no answer: {e}",
                sent.method, sent.path
            )
        });
        match response.status {
            400..=499 => {
                refusals += 1;
                let sentence = response.error().unwrap_or_default();
                assert!(
                    sentence.len() > 10,
                    "{label}: case {n} {} {} {:?} truncated {}: {} without a sentence: {:?}",
                    sent.method,
                    sent.path,
                    sent.headers,
                    sent.truncated,
                    response.status,
                    String::from_utf8_lossy(&response.body)
                );
            }
            200 | 201 if sent.method == "POST" && sent.path == "/v1/runs" => {
                accepted += 1;
                let replay = Replay::from_bytes(&sent.body).expect("the server accepted a replay");
                let summary = verify_strictly(&replay, replay.daily).expect("tampering accepted");
                assert_eq!(response.json()["score"], summary.score, "{label}: case {n}");
            }
            200 | 201 => {}
            0 if sent.truncated => truncated_closed += 1,
            other => panic!(
                "{label}: case {n} {} {}: status {other}: {:?}",
                sent.method,
                sent.path,
                response.error()
            ),
        }
    }
    let health = server.health().await;
    assert_eq!(health.status, 200);
    assert!(
        server.child.try_wait().expect("a status").is_none(),
        "{label}: the server is still running"
    );
    server.kill();
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(!logged.contains("panicked"), "{label}: a panic: {logged}");
    eprintln!(
        "{label}: fuzz: {CASES} cases in {:.1} s: {refusals} refused (each a 4xx with a sentence), \
         {accepted} accepted (each one strict verification accepts too), {truncated_closed} truncated \
         uploads closed without an answer, 0 panics, 0 hangs",
        started.elapsed().as_secs_f64()
    );
}
