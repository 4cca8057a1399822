//! Reading a write's body (at most [`MAX_BODY_BYTES`], within [`BODY_TIMEOUT`]) and checking
//! its signature and time.

use super::error::ApiError;
use crate::players::identity::{self, Credentials, Signed, Signer};
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use latu::online::contract::{Reason, KEY_HEADER, SIGNATURE_HEADER, TIME_HEADER};
use std::time::Duration;

/// Largest request body: the contract's, which every run the game's rules allow fits.
pub const MAX_BODY_BYTES: usize = latu::online::contract::MAX_BODY_BYTES;
/// How long a body may take to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The whole body, or the refusal for one too large or too slow.
pub async fn read(body: Body) -> Result<Bytes, ApiError> {
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {} KiB", MAX_BODY_BYTES / 1024),
        )
        .because(Reason::TooLarge)
    };
    let collected =
        tokio::time::timeout(BODY_TIMEOUT, Limited::new(body, MAX_BODY_BYTES).collect())
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the body did not arrive within {} s",
                        BODY_TIMEOUT.as_secs()
                    ),
                )
            })?;
    match collected {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(error) if error.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Err(_) => Err(ApiError::bad_request(
            "the body could not be read to its end",
        )),
    }
}

/// The signer of the request (`method`, `path` with its query, `body`), checked against the
/// server's clock `now_s`, or a 401 saying what is wrong with the signature or the time.
pub fn signer(
    headers: &HeaderMap,
    method: &str,
    path: &str,
    body: &[u8],
    now_s: i64,
) -> Result<Signer, ApiError> {
    let one = |name: &str| -> Result<Option<&[u8]>, ApiError> {
        let mut values = headers.get_all(name).iter();
        let first = values.next().map(|v| v.as_bytes());
        if values.next().is_some() {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!("the request gives the {name} header more than once"),
            )
            .because(Reason::BadSignature));
        }
        Ok(first)
    };
    let credentials = Credentials {
        key: one(KEY_HEADER)?,
        time: one(TIME_HEADER)?,
        signature: one(SIGNATURE_HEADER)?,
    };
    let request = Signed { method, path, body };
    identity::verify(credentials, request, now_s).map_err(|refusal| ApiError {
        server_time_s: refusal.server_time_s,
        ..ApiError::new(StatusCode::UNAUTHORIZED, refusal.sentence).because(refusal.reason)
    })
}
