//! Every refusal: a status and `{"error": "one sentence", "reason": WORD}` (the contract's
//! [`Refusal`]), with `Retry-After` where waiting helps. A sentence never carries a control or
//! bidirectional-formatting character raw (it may quote what a client sent): each is written
//! as its code point instead.

use crate::store::StoreError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use latu::online::contract::{Reason, Refusal};

/// Seconds a client is told to wait when the server is busy or the database is away.
pub const RETRY_AFTER_BUSY_S: u64 = 2;

/// A refusal.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub sentence: String,
    pub retry_after_s: Option<u64>,
    /// Why, as the contract's word.
    pub reason: Option<Reason>,
    /// The server's clock, on a refusal for the request's time.
    pub server_time_s: Option<i64>,
}

impl ApiError {
    pub fn new(status: StatusCode, sentence: impl Into<String>) -> Self {
        Self {
            status,
            sentence: sentence.into(),
            retry_after_s: None,
            reason: None,
            server_time_s: None,
        }
    }

    /// The same refusal, giving its reason.
    pub fn because(self, reason: Reason) -> Self {
        Self {
            reason: Some(reason),
            ..self
        }
    }

    pub fn bad_request(sentence: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, sentence).because(Reason::BadBody)
    }

    pub fn not_found(sentence: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, sentence).because(Reason::NotFound)
    }

    /// Busy or away: try again after `seconds`.
    pub fn unavailable(sentence: impl Into<String>, seconds: u64) -> Self {
        Self {
            retry_after_s: Some(seconds),
            ..Self::new(StatusCode::SERVICE_UNAVAILABLE, sentence).because(Reason::Unavailable)
        }
    }

    pub fn too_many(sentence: impl Into<String>, seconds: u64) -> Self {
        Self {
            retry_after_s: Some(seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, sentence).because(Reason::TooMany)
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::DiskFull => Self::unavailable(
                "the server's disk is full: nothing was stored; try again later",
                RETRY_AFTER_BUSY_S * 30,
            ),
            StoreError::Unavailable(why) => {
                tracing::warn!("database unavailable: {why}");
                Self::unavailable(
                    "the leaderboard's database is unavailable; try again shortly",
                    RETRY_AFTER_BUSY_S,
                )
            }
            StoreError::Conflict => Self::new(StatusCode::CONFLICT, "that already exists"),
            StoreError::Other(why) => {
                tracing::error!("database error: {why}");
                Self::unavailable(
                    "the leaderboard's database failed to answer; try again shortly",
                    RETRY_AFTER_BUSY_S,
                )
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(Refusal {
            error: shown(&self.sentence),
            reason: self.reason,
            server_time_s: self.server_time_s,
        });
        let mut response = (self.status, body).into_response();
        if let Some(seconds) = self.retry_after_s {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_str(&seconds.to_string()).expect("digits are a header value"),
            );
        }
        response
    }
}

/// `sentence` with every control and bidirectional-formatting character written as its code
/// point (`U+202E`), so a quoted name cannot turn the sentence around where it is shown.
pub fn shown(sentence: &str) -> String {
    let mut out = String::with_capacity(sentence.len());
    for c in sentence.chars() {
        if c.is_control() || latu::online::contract::is_bidi_control(c) {
            out.push_str(&format!("U+{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_never_carries_a_bidi_override_raw() {
        let said = shown("the name \"ab\u{202E}cd\" is taken\n");
        assert_eq!(said, "the name \"abU+202Ecd\" is takenU+000A");
    }
}
