//! The writes: registering a name, submitting a run. Each is signed by its player's key over
//! the exact body bytes.

use super::body::{read, signer};
use super::error::{ApiError, RETRY_AFTER_BUSY_S};
use super::AppState;
use crate::names;
use crate::pool::PoolError;
use crate::ranking::{check_run, Verified};
use crate::store::{NewRun, Registered, StoreError, Submitted};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use std::time::Instant;

/// The signed body and its key, past the key's rate limit.
async fn signed(
    state: &AppState,
    headers: &HeaderMap,
    body: Body,
) -> Result<(String, Vec<u8>), ApiError> {
    let bytes = read(body).await?;
    let key = signer(headers, &bytes)?;
    state.limits.per_key.check(&key).map_err(|wait| {
        ApiError::too_many(
            format!("too many writes from this key: try again in {wait} s"),
            wait,
        )
    })?;
    Ok((key, bytes.to_vec()))
}

/// `POST /v1/players` `{"name": NAME}`.
pub async fn register(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let (key, bytes) = signed(&state, &headers, body).await?;
    let request: Value = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("the body is not JSON: {e}")))?;
    let name = request
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad_request(r#"the body is not {"name": "a name"}"#))?;
    names::check(name).map_err(ApiError::bad_request)?;
    let registered = state
        .store
        .register(&key, name, &names::folded(name), state.clock.now_us())
        .await
        .map_err(|e| match e {
            StoreError::Conflict => ApiError::new(
                StatusCode::CONFLICT,
                format!("the name {name:?} is taken (names are unique regardless of case)"),
            ),
            other => other.into(),
        })?;
    let status = match registered {
        // Only the same name sent again is a 200 (the contract); a new name for a known key
        // is a new registration of that name.
        Registered::Created | Registered::Renamed => StatusCode::CREATED,
        Registered::Unchanged => StatusCode::OK,
    };
    Ok((status, Json(json!({ "player": key, "name": name }))))
}

/// `POST /v1/runs`: a replay file's bytes.
pub async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let (key, bytes) = signed(&state, &headers, body).await?;
    if state.store.name_of(&key).await?.is_none() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this key has no name yet: register one with POST /v1/players first",
        ));
    }
    // Kept as text; checked before the re-play, as serde does not check the strings it skips.
    let replay = String::from_utf8(bytes).map_err(|_| {
        state.metrics.refused("not_a_replay");
        ApiError::bad_request("the body is not a replay: it is not UTF-8 text")
    })?;
    let verified = verify(&state, replay.clone().into_bytes()).await?;
    let summary = &verified.summary;
    let run = NewRun {
        player: key,
        board: verified.board.to_string(),
        score: i64::from(summary.score),
        time_s: summary.time_s,
        misses: i64::from(summary.misses),
        distance_m: summary.distance,
        value: verified.board.value(summary),
        inputs_sha256: verified.inputs_sha256.clone(),
        replay,
        at_us: state.clock.now_us(),
    };
    let (status, id, rank, of, best) = match state.store.submit(&run).await? {
        Submitted::Copied => {
            state.metrics.refused("copied_ghost");
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "the run's inputs equal another player's ranked run on {}: a copied ghost \
                     is not ranked",
                    run.board
                ),
            ));
        }
        Submitted::Best { run, rank, of } => (StatusCode::CREATED, run, rank, of, true),
        Submitted::NotBetter { run, rank, of } => (StatusCode::OK, run, rank, of, false),
    };
    state.metrics.verified();
    Ok((
        status,
        Json(json!({
            "run": id,
            "board": run.board,
            "rank": rank,
            "of": of,
            "score": run.score,
            "best": best,
            "time_s": run.time_s,
            "misses": run.misses,
            "distance_m": run.distance_m,
        })),
    ))
}

/// Re-play `bytes` on the pool: the verified run, or the refusal (400, 422, 503).
async fn verify(state: &AppState, bytes: Vec<u8>) -> Result<Verified, ApiError> {
    let now = state.clock.now_us();
    let (checked, took) = state
        .pool
        .run(move || {
            let started = Instant::now();
            (check_run(&bytes, now), started.elapsed())
        })
        .await
        .map_err(|e| {
            state.metrics.refused(match e {
                PoolError::Full => "queue_full",
                PoolError::TimedOut => "verify_time_limit",
                PoolError::Panicked => "verify_failed",
            });
            match e {
                PoolError::Full => ApiError::unavailable(
                    "the server is busy re-playing other runs; try again shortly",
                    RETRY_AFTER_BUSY_S,
                ),
                PoolError::TimedOut => ApiError::unavailable(
                    format!(
                        "the re-play took longer than the server's {} s limit; try again later",
                        state.pool.time_limit().as_secs()
                    ),
                    RETRY_AFTER_BUSY_S,
                ),
                PoolError::Panicked => ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the server failed while re-playing this run (a fault on its side, logged)",
                ),
            }
        })?;
    match checked {
        Ok(verified) => {
            state.metrics.verify_took(took, verified.summary.time_s);
            Ok(verified)
        }
        Err(refusal) => {
            state.metrics.refused(refusal.reason);
            let status = if refusal.replayed {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::BAD_REQUEST
            };
            Err(ApiError::new(status, refusal.sentence))
        }
    }
}
