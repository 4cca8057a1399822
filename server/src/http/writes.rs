//! The writes: registering a name, submitting a run. Each is signed by its player's key over
//! its method, path, time and exact body bytes (contract version 2); a player-changing write
//! must be later than that player's last.

use super::body::{read, signer};
use super::error::{ApiError, RETRY_AFTER_BUSY_S};
use super::{account, count, AppState};
use crate::limits::clock::US_PER_S;
use crate::players::identity::Signer;
use crate::players::names;
use crate::store::{NewRun, Registered, StoreError, Submitted};
use crate::verify::pool::PoolError;
use crate::verify::ranking::{check_run, Verified};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::Json;
use latu::online::contract::{
    tolerance_words, Reason, EXACT_SHARE, MATCHED_SHARE, SHIFT_TOLERANCE,
};
use latu::online::contract::{NameRequest, Ranked, Registration};
use std::time::Instant;

/// A write as it came: its method, its path with the query as sent, its headers.
pub(super) struct Write {
    pub(super) method: Method,
    pub(super) uri: Uri,
    pub(super) headers: HeaderMap,
}

/// The signer and the signed body, past the key's rate limit.
pub(super) async fn signed(
    state: &AppState,
    write: &Write,
    body: Body,
) -> Result<(Signer, Vec<u8>), ApiError> {
    let bytes = read(body).await?;
    let path = write
        .uri
        .path_and_query()
        .map_or(write.uri.path(), |p| p.as_str());
    let now_s = state.clock.now_us().div_euclid(US_PER_S);
    let signer = signer(&write.headers, write.method.as_str(), path, &bytes, now_s)?;
    state.limits.per_key.check(&signer.key).map_err(|wait| {
        ApiError::too_many(
            format!("too many writes from this key: try again in {wait} s"),
            wait,
        )
    })?;
    Ok((signer, bytes.to_vec()))
}

/// `POST /v1/players` `{"name": NAME}`.
pub async fn register(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Registration>), ApiError> {
    let write = Write {
        method,
        uri,
        headers,
    };
    let (signer, bytes) = signed(&state, &write, body).await?;
    // Any of a player's keys renames it; a key of no player makes a new one.
    let key = account::writer(&state, &signer.key)
        .await?
        .map_or_else(|| signer.key.clone(), |player| player.id);
    // Read strictly: an unknown field, or "name" given twice, is a 400.
    let request = NameRequest::read(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            r#"the body is not {{"name": "a name"}} and nothing else: {e}"#
        ))
    })?;
    let name = request.name.as_str();
    names::check(name).map_err(|why| ApiError::bad_request(why).because(Reason::BadName))?;
    account::not_blocked(&state, name).await?;
    // Made before the row, kept with it: shown only if this makes a new player.
    let recovery = account::random(crate::players::codes::recovery())?;
    let registered = state
        .store
        .register(
            &key,
            name,
            &names::folded(name),
            state.clock.now_us(),
            signer.time_s,
            &crate::players::codes::digest(&recovery),
        )
        .await
        .map_err(|e| match e {
            StoreError::Conflict => ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "the name {name:?} is taken, or looks like a taken name (names are unique \
                     regardless of case and of look-alike letters, such as Cyrillic А for A)"
                ),
            )
            .because(Reason::NameTaken),
            other => other.into(),
        })?;
    let status = match registered {
        Registered::AlreadyUsed { last_s } => {
            return Err(ApiError {
                // The time to sign with next (as for the account's writes).
                server_time_s: Some(state.clock.now_us().div_euclid(US_PER_S).max(last_s + 1)),
                ..ApiError::new(
                    StatusCode::UNAUTHORIZED,
                    format!(
                        "this request was already used: a write that changes a player carries \
                         a time later than that player's last ({last_s}), and this one's is {}",
                        signer.time_s
                    ),
                )
                .because(Reason::AlreadyUsed)
            });
        }
        // Only the same name sent again is a 200 (the contract); a new name for a known key
        // is a new registration of that name.
        Registered::Created | Registered::Renamed => StatusCode::CREATED,
        Registered::Unchanged => StatusCode::OK,
    };
    let recovery = (registered == Registered::Created).then_some(recovery);
    let registration = Registration {
        player: key,
        name: request.name,
        recovery,
    };
    Ok((status, Json(registration)))
}

/// `POST /v1/runs`: a replay file's bytes.
pub async fn submit(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Ranked>), ApiError> {
    let write = Write {
        method,
        uri,
        headers,
    };
    let (signer, bytes) = signed(&state, &write, body).await?;
    // Any of a player's keys sends runs for it.
    let Some(player) = account::writer(&state, &signer.key).await? else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "this key has no name yet: register one with POST /v1/players first",
        )
        .because(Reason::NoName));
    };
    let key = player.id;
    // Kept as text; checked before the re-play, as serde does not check the strings it skips.
    let replay = String::from_utf8(bytes).map_err(|_| {
        state.metrics.refused(Reason::NotAReplay);
        ApiError::bad_request("the body is not a replay: it is not UTF-8 text")
            .because(Reason::NotAReplay)
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
        rifle: verified.rifle,
        inputs_sha256: verified.inputs_sha256.clone(),
        prints: verified.prints.clone(),
        replay,
        at_us: state.clock.now_us(),
    };
    let (status, id, rank, of, best) = match state.store.submit(&run).await? {
        Submitted::Copied => {
            state.metrics.refused(Reason::CopiedGhost);
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "the run's inputs equal another player's run accepted on {} (ranked or \
                     superseded since): a copied ghost is not ranked",
                    run.board
                ),
            )
            .because(Reason::CopiedGhost));
        }
        Submitted::NearlyCopied => {
            state.metrics.refused(Reason::CopiedGhost);
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "the run's skiing repeats another player's run accepted on {} (ranked or \
                     superseded since): {:.0} % or more of its lane changes, jumps and ducks \
                     pair with that run's within {} and {:.0} % on the very same tick, stretch \
                     by stretch (a stretch moved as a whole by up to {SHIFT_TOLERANCE} ticks \
                     still pairs); a re-recorded ghost is not ranked",
                    run.board,
                    MATCHED_SHARE * 100.0,
                    tolerance_words(),
                    EXACT_SHARE * 100.0
                ),
            )
            .because(Reason::CopiedGhost));
        }
        Submitted::Best { run, rank, of } => (StatusCode::CREATED, run, rank, of, true),
        Submitted::NotBetter { run, rank, of } => (StatusCode::OK, run, rank, of, false),
    };
    state.metrics.verified();
    let ranked = Ranked {
        run: id.to_string(),
        board: run.board,
        rank: count(rank),
        of: count(of),
        score: count(run.score),
        best,
        time_s: run.time_s,
        misses: count(run.misses),
        distance_m: run.distance_m,
    };
    Ok((status, Json(ranked)))
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
                PoolError::Full => Reason::QueueFull,
                PoolError::TimedOut => Reason::VerifyTimeLimit,
                PoolError::Panicked => Reason::VerifyFailed,
            });
            match e {
                PoolError::Full => ApiError::unavailable(
                    "the server is busy re-playing other runs; try again shortly",
                    RETRY_AFTER_BUSY_S,
                )
                .because(Reason::QueueFull),
                PoolError::TimedOut => ApiError::unavailable(
                    format!(
                        "the re-play took longer than the server's {} s limit; try again later",
                        state.pool.time_limit().as_secs()
                    ),
                    RETRY_AFTER_BUSY_S,
                )
                .because(Reason::VerifyTimeLimit),
                PoolError::Panicked => ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the server failed while re-playing this run (a fault on its side, logged)",
                )
                .because(Reason::VerifyFailed),
            }
        })?;
    match checked {
        Ok(verified) => {
            state.metrics.verify_took(took, verified.summary.time_s);
            Ok(verified)
        }
        Err(refusal) => {
            state.metrics.refused(refusal.reason);
            let status = if refusal.reason == Reason::CopiedGhost {
                StatusCode::CONFLICT
            } else if refusal.replayed {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::BAD_REQUEST
            };
            Err(ApiError::new(status, refusal.sentence).because(refusal.reason))
        }
    }
}
