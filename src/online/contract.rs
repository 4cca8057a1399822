//! The leaderboard's HTTP contract, version 2 (`shared/design/online.md`), as plain data: the
//! requests the game makes and what each answer means. No network here: [`super::Transport`]
//! carries the bytes.
//!
//! - [`signing`]: the headers and the exact bytes a write's signature covers.
//! - [`refusal`]: a refusal's body and its reasons.
//! - [`names`]: the name rules: the characters the game draws, look-alike names.
//! - [`board`]: the boards, and which one a replay ranks on.
//! - [`wire`]: the bodies both sides read and write.
//! - [`account`]: the bodies of a player's devices, recovery, deletion and reports.
//! - [`strict`]: a body's shape is the format's own.
//! - [`copies`]: when a run is a near-copy of another.

mod account;
mod board;
mod copies;
pub mod names;
mod refusal;
mod signing;
mod strict;
mod wire;

pub use account::{
    CodeKind, DeleteRequest, Deleted, Joined, LinkCode, RecoverRequest, Recovered, ReportRequest,
    LINK_CODE_CHARS, RECOVERY_CODE_CHARS, REPORT_WHY_MAX_CHARS,
};
pub use board::{Board, TRACKS};
pub use copies::{
    tolerance_words, Needed, Prints, EXACT_SHARE, MATCHED_SHARE, MIN_PRINTS, SHIFT_TOLERANCE,
    SHORT_MIN_PRINTS, TICK_TOLERANCE,
};
pub use names::{is_bidi_control, BIDI_CONTROLS};
pub use refusal::{Reason, Refusal};
pub use signing::{
    parse_time, signed_message, CLOCK_WINDOW_S, KEY_HEADER, KEY_HEX, SIGNATURE_HEADER,
    SIGNATURE_HEX, SIGNED_PREFIX, TIME_HEADER,
};
pub use strict::{check_shape, MAX_DEPTH};
pub use wire::{BoardPage, Entry, NameRequest, Ranked, Registration, Today};

use super::keys::Keys;
use serde::Deserialize;

/// The largest body a server takes (a larger one is answered 413): 256 KiB. Every run the
/// rules allow fits it (`crate::replay::worst`).
pub const MAX_BODY_BYTES: usize = 256 << 10;

/// An HTTP request to the server, relative to its address.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// `GET`, `POST` or `DELETE`.
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

    /// A `POST` at `time_s` (whole Unix seconds by the server's clock, as well as the game
    /// knows it), signed over its method, path, time and exact body bytes.
    fn signed_post(path: &str, body: Vec<u8>, keys: &Keys, time_s: i64) -> Self {
        Self::signed("POST", path, body, keys, time_s)
    }

    /// A write by `method` (`POST`, `DELETE`), signed as [`Request::signed_post`].
    fn signed(method: &'static str, path: &str, body: Vec<u8>, keys: &Keys, time_s: i64) -> Self {
        let message = signed_message(method, path, time_s, &body);
        Self {
            method,
            path: path.to_owned(),
            headers: vec![
                (KEY_HEADER, keys.public_hex()),
                (TIME_HEADER, time_s.to_string()),
                (SIGNATURE_HEADER, keys.sign_hex(&message)),
                ("Content-Type", "application/json".to_owned()),
            ],
            body,
        }
    }

    /// `POST /v1/players`: register (or rename) the key's player, at `time_s`.
    pub fn register(name: &str, keys: &Keys, time_s: i64) -> Self {
        let request = NameRequest {
            name: name.to_owned(),
        };
        let body = serde_json::to_vec(&request).expect("a name always encodes as JSON");
        Self::signed_post("/v1/players", body, keys, time_s)
    }

    /// `POST /v1/runs`: a replay file's bytes, as the game saved them, at `time_s`.
    pub fn send_run(replay_bytes: Vec<u8>, keys: &Keys, time_s: i64) -> Self {
        Self::signed_post("/v1/runs", replay_bytes, keys, time_s)
    }

    /// `GET /v1/boards/{board}?limit=N&around=ID`: `around` the player's id (64 hex digits).
    pub fn board(board: &Board, limit: usize, around: Option<&str>) -> Self {
        let around = around
            .filter(|id| !id.is_empty())
            .map_or(String::new(), |id| format!("&around={}", path_safe(id)));
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
        // A clock off the server's, or one that went back: sent again, signed anew.
        401 if server_clock_s(response).is_some() => Answer::Later {
            why: sentence(),
            retry_after_s: None,
        },
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
    serde_json::from_slice::<Refusal>(&response.body)
        .map(|refusal| refusal.error)
        .unwrap_or_else(|_| format!("The server answered {}.", response.status))
}

/// The server's clock, whole Unix seconds, when a write was refused for its time (a clock off
/// the server's, or not later than the player's last write): the time to sign with next.
pub fn server_clock_s(response: &Response) -> Option<i64> {
    let refusal = serde_json::from_slice::<Refusal>(&response.body).ok()?;
    let timed = matches!(refusal.reason, Some(Reason::ClockOff | Reason::AlreadyUsed));
    (response.status == 401 && timed)
        .then_some(refusal.server_time_s)
        .flatten()
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
    fn a_write_is_signed_over_its_method_path_time_and_exact_body() {
        let keys = Keys::from_secret([1; 32]);
        let request = Request::register("Aino", &keys, 1_765_000_000);
        assert_eq!(request.body, br#"{"name":"Aino"}"#);
        assert_eq!(request.headers[0], ("X-Latu-Key", keys.public_hex()));
        assert_eq!(request.headers[1], ("X-Latu-Time", "1765000000".to_owned()));
        let message = b"latu-v2\nPOST\n/v1/players\n1765000000\n{\"name\":\"Aino\"}";
        assert_eq!(request.headers[2].1, keys.sign_hex(message));
        assert_eq!(Request::replay("../x?y").path, "/v1/runs/xy/replay");
    }

    #[test]
    fn a_write_refused_for_its_time_is_sent_again_with_the_server_s_clock() {
        let off = response(
            401,
            r#"{"error": "off by 900 s", "reason": "clock_off", "server_time_s": 1765000900}"#,
        );
        assert_eq!(server_clock_s(&off), Some(1_765_000_900));
        assert!(matches!(read_answer::<Ranked>(&off), Answer::Later { .. }));
        let forged = response(
            401,
            r#"{"error": "not this key's", "reason": "bad_signature"}"#,
        );
        assert_eq!(server_clock_s(&forged), None);
        assert!(matches!(
            read_answer::<Ranked>(&forged),
            Answer::Refused { status: 401, .. }
        ));
    }
}
