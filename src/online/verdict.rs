//! What an answer to a write means for the queue and the player's name, by the contract's
//! table (`shared/design/online.md`): a run leaves the queue only on an answer the contract
//! gives for a run, and is set aside for good only on a refusal that carries the contract's
//! `{"error": …}` body. Anything else — a redirect (never followed for a write: the key goes
//! only to the address the player set), a 404 or 405 from a wrong address or a static host, a
//! proxy's bare 413, a status no leaderboard gives — says the address does not answer as a
//! leaderboard, and the runs wait.

use super::contract::{is_bidi_control, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// The statuses on which the contract refuses a run for good.
pub const RUN_REFUSALS: [u16; 4] = [400, 409, 413, 422];
/// The statuses on which the contract refuses a name for good.
pub const NAME_REFUSALS: [u16; 2] = [400, 409];
/// The longest refusal sentence shown, in characters (the server's are one short sentence).
const LONGEST_SENTENCE: usize = 300;

/// What an answer to a write means.
#[derive(Debug, Clone, PartialEq)]
pub enum WriteVerdict<T> {
    /// It was done: the body read.
    Done(T),
    /// Refused for good, in the contract's words: the server's sentence (and its status).
    Refused { status: u16, sentence: String },
    /// The key has no name yet (the contract's `403`): register, then ask again.
    NeedsName(String),
    /// Not now (no answer, a signature or clock the server did not take, `408`, `429`, a
    /// 5xx): ask again later, not before the wait.
    Later {
        why: String,
        retry_after_s: Option<f64>,
    },
    /// An answer the contract never gives for this write: what came (the runs wait).
    NotALeaderboard(String),
}

/// Read `response` to a write expecting `T` on success, refused for good on `refusals`.
pub fn of_write<T: DeserializeOwned>(response: &Response, refusals: &[u16]) -> WriteVerdict<T> {
    let status = response.status;
    let sentence = contract_sentence(response);
    match (status, sentence) {
        (200..=299, _) => match serde_json::from_slice(&response.body) {
            Ok(value) => WriteVerdict::Done(value),
            Err(_) => WriteVerdict::NotALeaderboard(format!(
                "it answered {status} with a body that is not the leaderboard's"
            )),
        },
        (_, Some(sentence)) if refusals.contains(&status) => {
            WriteVerdict::Refused { status, sentence }
        }
        (403, Some(sentence)) => WriteVerdict::NeedsName(sentence),
        (401, Some(why)) => WriteVerdict::Later {
            why,
            retry_after_s: response.retry_after_s,
        },
        (408 | 429 | 500..=599, why) => WriteVerdict::Later {
            why: why.unwrap_or_else(|| format!("The server answered {status}.")),
            retry_after_s: response.retry_after_s,
        },
        (300..=399, _) => WriteVerdict::NotALeaderboard(format!(
            "it answered {status}, a move to another address, which a write never follows"
        )),
        _ => WriteVerdict::NotALeaderboard(format!("it answered {status}")),
    }
}

/// The sentence of the contract's refusal body (`{"error": "…"}`), fit to show; `None` for a
/// body that is not one.
pub fn contract_sentence(response: &Response) -> Option<String> {
    #[derive(Deserialize)]
    struct Refusal {
        error: String,
    }
    serde_json::from_slice::<Refusal>(&response.body)
        .ok()
        .map(|refusal| shown(&refusal.error))
        .filter(|sentence| !sentence.is_empty())
}

/// A sentence from the server as the game shows it: no control characters and no direction
/// overrides (a U+202E would turn the rest of a line around), one line, not too long.
pub fn shown(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .filter(|&c| !is_bidi_control(c))
        .take(LONGEST_SENTENCE)
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::Ranked;

    fn response(status: u16, body: &str) -> Response {
        Response {
            status,
            retry_after_s: None,
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn only_the_contract_s_refusals_set_a_run_aside() {
        let body = r#"{"error": "The replay was tampered with."}"#;
        for status in RUN_REFUSALS {
            assert!(matches!(
                of_write::<Ranked>(&response(status, body), &RUN_REFUSALS),
                WriteVerdict::Refused { .. }
            ));
        }
        // A proxy's 413 page, a static host's 404, a redirect, a teapot, a status no server
        // gives: the run waits.
        for (status, body) in [
            (413, "<html>Request Entity Too Large</html>"),
            (404, body),
            (404, "Not Found"),
            (405, ""),
            (302, ""),
            (307, ""),
            (308, ""),
            (418, "{}"),
            (600, body),
            (100, ""),
            (201, "<html>ok</html>"),
        ] {
            let verdict = of_write::<Ranked>(&response(status, body), &RUN_REFUSALS);
            assert!(
                matches!(verdict, WriteVerdict::NotALeaderboard(_)),
                "{status}: {verdict:?}"
            );
        }
        for status in [401, 408, 429, 500, 503] {
            assert!(matches!(
                of_write::<Ranked>(&response(status, body), &RUN_REFUSALS),
                WriteVerdict::Later { .. }
            ));
        }
    }

    #[test]
    fn a_sentence_is_shown_without_direction_overrides_or_controls() {
        let said = shown("Name \u{202E}nikA\u{202C} taken.\n\u{1b}[2J Pick another.");
        assert_eq!(said, "Name nikA taken. [2J Pick another.");
        assert_eq!(shown(&"x".repeat(1000)).chars().count(), LONGEST_SENTENCE);
    }
}
