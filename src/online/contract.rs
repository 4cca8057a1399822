//! The leaderboard's HTTP contract, version 1 (`shared/design/online.md`), as plain data: the
//! requests the game makes and what each answer means. No network here: [`super::Transport`]
//! carries the bytes.

use super::keys::Keys;
use crate::course::daily::Date;
use crate::replay::{CourseChoice, Replay};
use serde::Deserialize;

/// An HTTP request to the server, relative to its address.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The path and query, from `/`.
    pub path: String,
    /// Extra headers (a write's key and signature).
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

/// What came back: a status and its body (a refusal's `Retry-After` too).
#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    pub status: u16,
    pub retry_after_s: Option<f64>,
    pub body: Vec<u8>,
}

impl Request {
    fn get(path: String) -> Self {
        Self {
            method: "GET",
            path,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A write, signed over its exact body bytes.
    fn signed_post(path: &str, body: Vec<u8>, keys: &Keys) -> Self {
        Self {
            method: "POST",
            path: path.to_owned(),
            headers: vec![
                ("X-Latu-Key", keys.public_hex()),
                ("X-Latu-Signature", keys.sign_hex(&body)),
                ("Content-Type", "application/json".to_owned()),
            ],
            body,
        }
    }

    /// `POST /v1/players`: register (or rename) the key's player.
    pub fn register(name: &str, keys: &Keys) -> Self {
        let body = serde_json::to_vec(&serde_json::json!({ "name": name }))
            .expect("a name always encodes as JSON");
        Self::signed_post("/v1/players", body, keys)
    }

    /// `POST /v1/runs`: a replay file's bytes, as the game saved them.
    pub fn send_run(replay_bytes: Vec<u8>, keys: &Keys) -> Self {
        Self::signed_post("/v1/runs", replay_bytes, keys)
    }

    /// `GET /v1/boards/{board}?limit=N&around=KEY`.
    pub fn board(board: &Board, limit: usize, around: Option<&Keys>) -> Self {
        let around = around.map_or(String::new(), |keys| {
            format!("&around={}", keys.public_hex())
        });
        Self::get(format!("/v1/boards/{}?limit={limit}{around}", board.name()))
    }

    /// `GET /v1/runs/{id}/replay`.
    pub fn replay(run: &str) -> Self {
        Self::get(format!("/v1/runs/{}/replay", path_safe(run)))
    }

    /// `GET /v1/today`.
    pub fn today() -> Self {
        Self::get("/v1/today".to_owned())
    }
}

/// A run id as a path segment: only the characters an id may have.
fn path_safe(id: &str) -> String {
    id.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .collect()
}

/// A world board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Board {
    Daily(Date),
    Track { level: u8, track: u8 },
    Endless,
}

impl Board {
    /// Its name in the contract: `daily-YYYY-MM-DD`, `level-L-track-T`, `endless`.
    pub fn name(&self) -> String {
        match self {
            Board::Daily(day) => format!("daily-{day}"),
            Board::Track { level, track } => format!("level-{level}-track-{track}"),
            Board::Endless => "endless".to_owned(),
        }
    }

    /// The board a replay's run ranks on (a level run only on its table seed); `None` for a
    /// run no board takes.
    pub fn of_replay(replay: &Replay) -> Option<Self> {
        if let Some(day) = replay.daily {
            return Some(Board::Daily(day));
        }
        match replay.course_choice().ok()? {
            CourseChoice::Level { level, track, seed } => {
                let table = crate::course::levels::level(level)?.seed(track)?;
                (seed == table).then_some(Board::Track { level, track })
            }
            CourseChoice::Endless { .. } => Some(Board::Endless),
        }
    }

    /// Whether it ranks by distance (Endless) rather than score.
    pub fn by_distance(&self) -> bool {
        matches!(self, Board::Endless)
    }
}

/// One ranked run on a board (the server's own re-play's figures).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Entry {
    pub rank: u32,
    pub name: String,
    pub player: String,
    pub score: u32,
    pub time_s: f64,
    pub misses: u32,
    pub distance_m: f64,
    #[serde(deserialize_with = "id_text")]
    pub run: String,
    #[serde(default)]
    pub at: String,
}

/// A board's top entries and the player's neighbourhood.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct BoardPage {
    pub board: String,
    pub of: u32,
    pub entries: Vec<Entry>,
    #[serde(default)]
    pub around: Vec<Entry>,
}

/// The server's day.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Today {
    pub day: String,
    pub next_in_s: f64,
    #[serde(default)]
    pub rules: Option<u32>,
}

/// Where a sent run stands.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Ranked {
    #[serde(deserialize_with = "id_text")]
    pub run: String,
    pub board: String,
    pub rank: u32,
    pub of: u32,
    pub score: u32,
    /// Whether this run is the player's new best on the board.
    pub best: bool,
}

/// A run id as text, whether the server writes it as a string or a number.
fn id_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::String(text) => Ok(text),
        serde_json::Value::Number(number) => Ok(number.to_string()),
        other => Err(serde::de::Error::custom(format!("a run id, not {other}"))),
    }
}

/// What an answer means for the request that was made.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<T> {
    /// It was done: the body read.
    Done(T),
    /// Refused for good: the server's sentence (and its status).
    Refused { status: u16, sentence: String },
    /// The key has no name yet (`403`): register, then ask again.
    NeedsName(String),
    /// Not now (no answer, `408` a body too slow to arrive, `429`, `503`, another 5xx): ask
    /// again later, not before the wait.
    Later {
        why: String,
        retry_after_s: Option<f64>,
    },
}

/// Read a response to a request expecting `T` on success.
pub fn read_answer<T: for<'de> Deserialize<'de>>(response: &Response) -> Answer<T> {
    let sentence = || refusal_sentence(response);
    match response.status {
        200..=299 => match serde_json::from_slice(&response.body) {
            Ok(value) => Answer::Done(value),
            Err(error) => Answer::Later {
                why: format!("the server's answer could not be read: {error}"),
                retry_after_s: None,
            },
        },
        403 => Answer::NeedsName(sentence()),
        408 | 429 | 500..=599 => Answer::Later {
            why: sentence(),
            retry_after_s: response.retry_after_s,
        },
        status => Answer::Refused {
            status,
            sentence: sentence(),
        },
    }
}

/// The one sentence a refusal's body carries (`{"error": "…"}`), or a stand-in naming the
/// status when it carries none.
pub fn refusal_sentence(response: &Response) -> String {
    #[derive(Deserialize)]
    struct Refusal {
        error: String,
    }
    serde_json::from_slice::<Refusal>(&response.body)
        .map(|refusal| refusal.error)
        .unwrap_or_else(|_| format!("The server answered {}.", response.status))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(status: u16, body: &str) -> Response {
        Response {
            status,
            retry_after_s: None,
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn board_names_follow_the_contract() {
        let day = Date::parse("2026-12-04").unwrap();
        assert_eq!(Board::Daily(day).name(), "daily-2026-12-04");
        assert_eq!(
            Board::Track { level: 2, track: 3 }.name(),
            "level-2-track-3"
        );
        assert_eq!(Board::Endless.name(), "endless");
    }

    #[test]
    fn a_refusal_reads_as_the_server_s_sentence() {
        let taken = response(409, r#"{"error": "The name Aino is taken."}"#);
        assert_eq!(
            read_answer::<Ranked>(&taken),
            Answer::Refused {
                status: 409,
                sentence: "The name Aino is taken.".to_owned()
            }
        );
        // A slow link's run is sent again, never set aside.
        for status in [408, 429, 503] {
            assert!(matches!(
                read_answer::<Ranked>(&response(status, "{}")),
                Answer::Later { .. }
            ));
        }
        assert!(matches!(
            read_answer::<Ranked>(&response(403, r#"{"error":"x"}"#)),
            Answer::NeedsName(_)
        ));
    }

    #[test]
    fn a_rank_reads_from_a_success() {
        let body = r#"{"run": "r1", "board": "endless", "rank": 37, "of": 412, "score": 5150, "best": true}"#;
        let Answer::Done(ranked) = read_answer::<Ranked>(&response(201, body)) else {
            panic!("a success");
        };
        assert_eq!((ranked.rank, ranked.of, ranked.best), (37, 412, true));
    }

    #[test]
    fn a_write_is_signed_over_its_exact_body() {
        let keys = Keys::from_secret([1; 32]);
        let request = Request::register("Aino", &keys);
        assert_eq!(request.body, br#"{"name":"Aino"}"#);
        assert_eq!(request.headers[0], ("X-Latu-Key", keys.public_hex()));
        assert_eq!(request.headers[1].1, keys.sign_hex(&request.body));
        assert_eq!(Request::replay("../x?y").path, "/v1/runs/xy/replay");
    }
}
