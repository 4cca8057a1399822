//! Reading a write's body (at most [`MAX_BODY_BYTES`], within [`BODY_TIMEOUT`]) and checking
//! its signature.

use super::error::ApiError;
use crate::identity::{http_headers, verified_key};
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::time::Duration;

/// Largest request body: a real replay of a level is a few tens of KiB.
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// How long a body may take to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The whole body, or the refusal for one too large or too slow.
pub async fn read(body: Body) -> Result<Bytes, ApiError> {
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {} KiB", MAX_BODY_BYTES / 1024),
        )
    };
    let collected = tokio::time::timeout(BODY_TIMEOUT, Limited::new(body, MAX_BODY_BYTES).collect())
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("the body did not arrive within {} s", BODY_TIMEOUT.as_secs()),
            )
        })?;
    match collected {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(error) if error.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Err(_) => Err(ApiError::bad_request("the body could not be read to its end")),
    }
}

/// The key that signed `body`, or a 401 saying what is wrong with the signature.
pub fn signer(headers: &HeaderMap, body: &[u8]) -> Result<String, ApiError> {
    let one = |name: &str| -> Result<Option<&[u8]>, ApiError> {
        let mut values = headers.get_all(name).iter();
        let first = values.next().map(|v| v.as_bytes());
        if values.next().is_some() {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!("the request gives the {name} header more than once"),
            ));
        }
        Ok(first)
    };
    let key = one(http_headers::KEY_HEADER)?;
    let signature = one(http_headers::SIGNATURE_HEADER)?;
    verified_key(key, signature, body).map_err(|why| ApiError::new(StatusCode::UNAUTHORIZED, why))
}
