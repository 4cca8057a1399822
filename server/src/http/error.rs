//! Every refusal: a status and `{"error": "one sentence"}`, with `Retry-After` where waiting
//! helps.

use crate::store::StoreError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Seconds a client is told to wait when the server is busy or the database is away.
pub const RETRY_AFTER_BUSY_S: u64 = 2;

/// A refusal.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub sentence: String,
    pub retry_after_s: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, sentence: impl Into<String>) -> Self {
        Self {
            status,
            sentence: sentence.into(),
            retry_after_s: None,
        }
    }

    pub fn bad_request(sentence: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, sentence)
    }

    pub fn not_found(sentence: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, sentence)
    }

    /// Busy or away: try again after `seconds`.
    pub fn unavailable(sentence: impl Into<String>, seconds: u64) -> Self {
        Self {
            retry_after_s: Some(seconds),
            ..Self::new(StatusCode::SERVICE_UNAVAILABLE, sentence)
        }
    }

    pub fn too_many(sentence: impl Into<String>, seconds: u64) -> Self {
        Self {
            retry_after_s: Some(seconds),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, sentence)
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
        let body = Json(serde_json::json!({ "error": self.sentence }));
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
