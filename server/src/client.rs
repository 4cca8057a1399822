//! A small HTTP/1.1 client and a signing player, for the integration tests and the bench: raw
//! requests (so a test can send any bytes and headers), keep-alive connections, and real,
//! distinct, verifiable runs made by the game's human-model bot.

use crate::players::identity::hex;
use ed25519_dalek::{Signer, SigningKey};
use latu::course::daily::Date;
use latu::course::levels::ENDLESS;
use latu::course::Course;
use latu::online::contract::{signed_message, KEY_HEADER, SIGNATURE_HEADER, TIME_HEADER};
use latu::replay::{build_course, record_player, CourseChoice, Replay, MAX_TICKS};
use latu::sim::{Bot, Brought};
use std::collections::BTreeMap;
use std::io;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// How long a response may take before the client gives up (a hang, for the tests).
pub const RESPONSE_TIMEOUT: Duration = Duration::from_secs(30);

/// A response as read off the socket: status, every header (names in lower case) and body (the
/// game's transports answer with the contract's narrower `Response`).
#[derive(Debug, Clone)]
pub struct RawResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawResponse {
    /// The body as JSON (`Null` if it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    /// The refusal's sentence, `{"error": …}`.
    pub fn error(&self) -> Option<String> {
        self.json()
            .get("error")
            .and_then(|e| e.as_str())
            .map(str::to_string)
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A keep-alive connection to the server.
pub struct Connection {
    stream: BufReader<TcpStream>,
}

impl Connection {
    pub async fn open(addr: SocketAddr) -> io::Result<Self> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Self {
            stream: BufReader::new(stream),
        })
    }

    /// Send `method path` with `headers` and `body`; the response.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(String, String)],
        body: &[u8],
    ) -> io::Result<RawResponse> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !headers
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        self.send_raw(&[head.as_bytes(), body].concat()).await
    }

    /// Send raw bytes as a request; the response.
    pub async fn send_raw(&mut self, request: &[u8]) -> io::Result<RawResponse> {
        tokio::time::timeout(RESPONSE_TIMEOUT, async {
            self.stream.get_mut().write_all(request).await?;
            self.read_response().await
        })
        .await
        .map_err(|_| io::Error::new(io::ErrorKind::TimedOut, "no response in time"))?
    }

    async fn read_response(&mut self) -> io::Result<RawResponse> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let mut headers = Vec::new();
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                return Err(bad("the headers end early"));
            }
            let trimmed = line.trim_end();
            if trimmed.is_empty() {
                break;
            }
            if let Some((name, value)) = trimmed.split_once(':') {
                headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
            }
        }
        let find = |name: &str| headers.iter().find(|(n, _)| n == name).map(|(_, v)| v);
        let mut body = Vec::new();
        if let Some(length) = find("content-length") {
            let length: usize = length.parse().map_err(|_| bad("a bad content-length"))?;
            body.resize(length, 0);
            self.stream.read_exact(&mut body).await?;
        } else if find("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16).map_err(|_| bad("a chunk"))?;
                let mut chunk = vec![0; size + 2];
                self.stream.read_exact(&mut chunk).await?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else {
            self.stream.read_to_end(&mut body).await?;
        }
        Ok(RawResponse {
            status,
            headers,
            body,
        })
    }
}

/// One request on a connection of its own.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(String, String)],
    body: &[u8],
) -> io::Result<RawResponse> {
    Connection::open(addr)
        .await?
        .send(method, path, headers, body)
        .await
}

/// A player: an Ed25519 key made from a number (the same number, the same player), signing
/// version 2 of the contract with the system's clock plus an offset (a test whose server's
/// clock is set elsewhere signs with that clock).
#[derive(Clone)]
pub struct Player {
    key: SigningKey,
    clock_offset_s: i64,
}

impl Player {
    pub fn from_number(number: u64) -> Self {
        let mut secret = [0_u8; 32];
        secret[..8].copy_from_slice(&number.to_le_bytes());
        secret[8..16].copy_from_slice(b"latu-pla");
        Self {
            key: SigningKey::from_bytes(&secret),
            clock_offset_s: 0,
        }
    }

    /// The same player signing with a clock that reads `now_us` (microseconds since the epoch)
    /// now: a server started with `--clock-start`.
    pub fn with_clock_at(self, now_us: i64) -> Self {
        Self {
            clock_offset_s: now_us.div_euclid(1_000_000) - system_s(),
            ..self
        }
    }

    /// The public key, 64 lowercase hex characters.
    pub fn key(&self) -> String {
        hex(self.key.verifying_key().as_bytes())
    }

    /// The signature of `message`, 128 lowercase hex characters.
    pub fn sign(&self, message: &[u8]) -> String {
        hex(&self.key.sign(message).to_bytes())
    }

    /// The player's clock now, whole Unix seconds.
    pub fn now_s(&self) -> i64 {
        system_s() + self.clock_offset_s
    }

    /// A time for a player-changing write: the clock, but later than any this process signed
    /// such a write of this key with (the server refuses one not later than the last).
    pub fn changing_time_s(&self) -> i64 {
        // Per key and clock: scenarios running at once sign for the same key against servers
        // started at other days, and one clock's later time must not leak into another's.
        static LAST: Mutex<BTreeMap<(String, i64), i64>> = Mutex::new(BTreeMap::new());
        let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let slot = last
            .entry((self.key(), self.clock_offset_s.div_euclid(CLOCK_BUCKET_S)))
            .or_insert(i64::MIN);
        *slot = self.now_s().max(slot.saturating_add(1));
        *slot
    }

    /// The three headers that sign `method path` with `body` at `time_s`.
    pub fn headers_at(
        &self,
        method: &str,
        path: &str,
        time_s: i64,
        body: &[u8],
    ) -> Vec<(String, String)> {
        let message = signed_message(method, path, time_s, body);
        vec![
            (KEY_HEADER.to_string(), self.key()),
            (TIME_HEADER.to_string(), time_s.to_string()),
            (SIGNATURE_HEADER.to_string(), self.sign(&message)),
        ]
    }

    /// The three headers that sign `method path` with `body` now.
    pub fn headers(&self, method: &str, path: &str, body: &[u8]) -> Vec<(String, String)> {
        self.headers_at(method, path, self.now_s(), body)
    }

    /// `POST /v1/players {"name": name}`, signed.
    pub async fn register(&self, conn: &mut Connection, name: &str) -> io::Result<RawResponse> {
        let body = serde_json::to_vec(&serde_json::json!({ "name": name }))?;
        let headers = self.headers_at("POST", "/v1/players", self.changing_time_s(), &body);
        conn.send("POST", "/v1/players", &headers, &body).await
    }

    /// `POST /v1/runs` with `replay`, signed.
    pub async fn submit(&self, conn: &mut Connection, replay: &[u8]) -> io::Result<RawResponse> {
        let headers = self.headers("POST", "/v1/runs", replay);
        conn.send("POST", "/v1/runs", &headers, replay).await
    }
}

/// Clocks this close (a player made a second after another on the same server's day) share
/// their last signed times.
const CLOCK_BUCKET_S: i64 = 3600;

/// The system's clock, whole Unix seconds.
fn system_s() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

/// Timing scatter of the human-model bot for made runs, milliseconds: a good player's.
pub const HUMAN_JITTER_MS: u32 = 60;
/// Endless runs use a clumsier player's scatter, so they end in minutes, not the hour cap.
pub const ENDLESS_JITTER_MS: u32 = 150;

/// A real run of level `level` track `track` by the human-model bot seeded `number`.
pub fn level_run(level: u8, track: u8, number: u64) -> Replay {
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let bot = Bot::human(number, HUMAN_JITTER_MS);
    record_player(choice, course, MAX_TICKS, bot, Brought::default())
}

/// A real run of `date`'s daily by the human-model bot seeded `number`, naming its day.
pub fn daily_run(date: Date, number: u64) -> Replay {
    let course = Course::daily(date).expect("every day has a daily");
    let choice = CourseChoice::of(&course);
    let bot = Bot::human(number, HUMAN_JITTER_MS);
    let mut replay = record_player(choice, course, MAX_TICKS, bot, Brought::default());
    replay.daily = Some(date);
    replay
}

/// A real Endless run as the game starts it (its one seed, no set length), by the human-model
/// bot seeded `number`: it ends when the lives run out.
pub fn endless_run(number: u64) -> Replay {
    let choice = CourseChoice::Endless {
        seed: ENDLESS.seed,
        distance: None,
    };
    let course = build_course(choice).expect("Endless always exists");
    let bot = Bot::human(number, ENDLESS_JITTER_MS);
    record_player(choice, course, MAX_TICKS, bot, Brought::default())
}
