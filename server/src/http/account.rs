//! A player's account (issue #46): link codes for another device, recovery, deletion (signed,
//! or by name and recovery code from the web page) and reports. Each signed write is checked
//! as `writes` checks its own; a player-changing one must be later than the player's last.

use super::body::read;
use super::error::ApiError;
use super::pages;
use super::writes::{signed, Write};
use super::AppState;
use crate::limits::clock::US_PER_S;
use crate::players::codes;
use crate::players::identity::Signer;
use crate::players::names;
use crate::store::{AccountError, PlayerRow};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use latu::online::contract::{
    DeleteRequest, Deleted, Joined, LinkCode, Reason, RecoverRequest, Recovered, ReportRequest,
    REPORT_WHY_MAX_CHARS,
};

/// How long a link code stays good.
pub const LINK_LIFETIME_S: u32 = 600;
/// Reports a key may make in a day.
pub const REPORTS_PER_DAY: i64 = 5;
/// The reports' window, seconds (a day, rolling): what `Retry-After` says at most.
const REPORTS_WINDOW_S: u64 = 86_400;

/// The player of `key` if it has one and is not banned (a banned one is a 403).
pub(super) async fn writer(state: &AppState, key: &str) -> Result<Option<PlayerRow>, ApiError> {
    match state.store.player_of(key).await? {
        Some(player) if player.banned => Err(banned()),
        found => Ok(found),
    }
}

/// `Ok` unless the operator hid `name` (it stays blocked: a 409 as for a taken name).
pub(super) async fn not_blocked(state: &AppState, name: &str) -> Result<(), ApiError> {
    if state.store.name_blocked(&names::folded(name)).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the name {name:?} is not available: choose another"),
        )
        .because(Reason::NameTaken));
    }
    Ok(())
}

/// `POST /v1/links`: a one-time code joining another device to the signer's player.
pub async fn link(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<LinkCode>), ApiError> {
    let (signer, _) = signed_write(&state, method, uri, headers, body).await?;
    let code = random(codes::link())?;
    let now_us = state.clock.now_us();
    let expires_us = now_us + i64::from(LINK_LIFETIME_S) * US_PER_S;
    state
        .store
        .add_link(
            &signer.key,
            signer.time_s,
            &codes::digest(&code),
            now_us,
            expires_us,
        )
        .await
        .map_err(|e| refused(&state, &signer, e))?;
    let answer = LinkCode {
        code,
        expires_in_s: LINK_LIFETIME_S,
    };
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `POST /v1/links/{code}`: the signing (new) key joins the code's player.
pub async fn join(
    State(state): State<AppState>,
    Path(code): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Joined>), ApiError> {
    let (signer, _) = signed_write(&state, method, uri, headers, body).await?;
    let now_us = state.clock.now_us();
    let player = state
        .store
        .join_by_link(&signer.key, signer.time_s, &codes::digest(&code), now_us)
        .await
        .map_err(|e| refused(&state, &signer, e))?;
    tracing::info!("a key joined player {} by a link code", player.id);
    let answer = Joined {
        player: player.id,
        name: player.name,
    };
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `POST /v1/recover` `{"code": RECOVERY}`: the signing key joins the code's player, whose
/// code is replaced.
pub async fn recover(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Recovered>), ApiError> {
    let (signer, bytes) = signed_write(&state, method, uri, headers, body).await?;
    let request = RecoverRequest::read(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            r#"the body is not {{"code": "a recovery code"}} and nothing else: {e}"#
        ))
    })?;
    let fresh = random(codes::recovery())?;
    let player = state
        .store
        .recover(
            &signer.key,
            signer.time_s,
            &codes::digest(&request.code),
            &codes::digest(&fresh),
            state.clock.now_us(),
        )
        .await
        .map_err(|e| refused(&state, &signer, e))?;
    tracing::info!("a key joined player {} by its recovery code", player.id);
    let answer = Recovered {
        player: player.id,
        name: player.name,
        recovery: fresh,
    };
    Ok((StatusCode::CREATED, Json(answer)))
}

/// `DELETE /v1/players/{ID}`, signed by any of the player's keys.
pub async fn delete(
    State(state): State<AppState>,
    Path(id): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Deleted>, ApiError> {
    let (signer, _) = signed_write(&state, method, uri, headers, body).await?;
    state
        .store
        .delete_player(&signer.key, &id, signer.time_s, state.clock.now_us())
        .await
        .map_err(|e| refused(&state, &signer, e))?;
    tracing::info!("player {id} deleted by one of its keys");
    Ok(Json(Deleted { deleted: id }))
}

/// `POST /v1/delete-requests`, unsigned: `{"name", "recovery"}` as JSON answers JSON; the web
/// page's form (`application/x-www-form-urlencoded`) answers a page.
pub async fn delete_request(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let from_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded"));
    let deleted = delete_by_recovery(&state, body, from_form).await;
    match (deleted, from_form) {
        (Ok(id), false) => Json(Deleted { deleted: id }).into_response(),
        (Err(refusal), false) => refusal.into_response(),
        (Ok(_), true) => pages::deleted().into_response(),
        (Err(refusal), true) => pages::not_deleted(&refusal).into_response(),
    }
}

async fn delete_by_recovery(
    state: &AppState,
    body: Body,
    from_form: bool,
) -> Result<String, ApiError> {
    let bytes = read(body).await?;
    let request = if from_form {
        let mut name = None;
        let mut recovery = None;
        for (field, value) in form_urlencoded::parse(&bytes) {
            match field.as_ref() {
                "name" => name = Some(value.into_owned()),
                "recovery" => recovery = Some(value.into_owned()),
                _ => {}
            }
        }
        name.zip(recovery)
            .map(|(name, recovery)| DeleteRequest { name, recovery })
            .ok_or_else(|| ApiError::bad_request("give the name and the recovery code"))?
    } else {
        DeleteRequest::read(&bytes).map_err(|e| {
            ApiError::bad_request(format!(
                r#"the body is not {{"name": "a name", "recovery": "its recovery code"}}: {e}"#
            ))
        })?
    };
    let folded = names::folded(request.name.trim());
    let digest = codes::digest(&request.recovery);
    let now_us = state.clock.now_us();
    match state
        .store
        .delete_by_recovery(&folded, &digest, now_us)
        .await?
    {
        Some(id) => {
            tracing::info!("player {id} deleted by its name and recovery code");
            Ok(id)
        }
        None => Err(ApiError::not_found(
            "no player has that name and recovery code (check both: the code is the one shown \
             when the name was registered, or the last recovery's)",
        )),
    }
}

/// `POST /v1/reports` `{"run": ID, "why": "…"}`: a run flagged for the operator.
pub async fn report(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<StatusCode, ApiError> {
    let (signer, bytes) = signed_write(&state, method, uri, headers, body).await?;
    let request = ReportRequest::read(&bytes).map_err(|e| {
        ApiError::bad_request(format!(
            r#"the body is not {{"run": ID, "why": "a sentence"}} and nothing else: {e}"#
        ))
    })?;
    let why = request.why.trim();
    if why.is_empty() || why.chars().count() > REPORT_WHY_MAX_CHARS {
        return Err(ApiError::bad_request(format!(
            "say why in 1 to {REPORT_WHY_MAX_CHARS} characters"
        )));
    }
    let run: i64 = request
        .run
        .parse()
        .map_err(|_| ApiError::not_found(format!("there is no run {:?}", request.run)))?;
    state
        .store
        .report(&signer.key, run, why, state.clock.now_us(), REPORTS_PER_DAY)
        .await
        .map_err(|e| refused(&state, &signer, e))?;
    Ok(StatusCode::CREATED)
}

async fn signed_write(
    state: &AppState,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Result<(Signer, Vec<u8>), ApiError> {
    let write = Write {
        method,
        uri,
        headers,
    };
    signed(state, &write, body).await
}

/// A code from the system's random source, or a 503 (the source is never expected to fail).
pub(super) fn random(code: Result<String, codes::NoRandomness>) -> Result<String, ApiError> {
    code.map_err(|codes::NoRandomness(why)| {
        tracing::error!("no randomness for a code: {why}");
        ApiError::unavailable("the server could not make a code; try again shortly", 2)
    })
}

fn banned() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "this player is banned from the boards by the server's operator",
    )
    .because(Reason::Banned)
}

/// The refusal for what stopped an account write signed by `signer`.
fn refused(state: &AppState, signer: &Signer, error: AccountError) -> ApiError {
    match error {
        // The time to sign with next: the server's clock, or just past the player's last write
        // when another of its devices signed ahead of the clock (a device's clock runs a few
        // seconds fast): the client signs again with it.
        AccountError::AlreadyUsed { last_s } => ApiError {
            server_time_s: Some(state.clock.now_us().div_euclid(US_PER_S).max(last_s + 1)),
            ..ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!(
                    "this request was already used: a write that changes a player carries a \
                     time later than that player's last ({last_s}), and this one's is {}",
                    signer.time_s
                ),
            )
            .because(Reason::AlreadyUsed)
        },
        AccountError::NotFound => {
            ApiError::not_found("no such code (or it was used, or it expired), player or run")
        }
        AccountError::NoPlayer => ApiError::new(
            StatusCode::FORBIDDEN,
            "this key belongs to no player: register a name with POST /v1/players, or join a \
             player with a link or recovery code",
        )
        .because(Reason::NoName),
        AccountError::NotYours => ApiError::new(
            StatusCode::FORBIDDEN,
            "this key is not one of that player's keys",
        )
        .because(Reason::BadSignature),
        AccountError::KeyTaken => ApiError::new(
            StatusCode::CONFLICT,
            "this key already belongs to a player: a device joins another player only with a \
             new key",
        )
        .because(Reason::KeyTaken),
        AccountError::Banned => banned(),
        AccountError::TooMany => ApiError::too_many(
            format!("a key may make at most {REPORTS_PER_DAY} reports a day: try again tomorrow"),
            REPORTS_WINDOW_S,
        ),
        AccountError::Store(e) => e.into(),
    }
}
