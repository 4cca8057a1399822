//! The reads: a board, a ranked run's replay, the server's day, health and metrics.

use super::error::ApiError;
use super::{count, AppState};
use crate::limits::clock::{day_start_us, rfc3339, S_PER_DAY, US_PER_S};
use crate::players::identity::is_key;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use latu::online::contract::{BoardPage, Entry, Today};
use latu::online::Board;
use latu::replay::RULES_VERSION;
use serde_json::{json, Value};

/// Entries a board lists without `limit`, and the most it lists.
const DEFAULT_LIMIT: i64 = 10;
const MAX_LIMIT: i64 = crate::store::TOP_KEPT;
/// Entries either side of the player's own in `around`.
const AROUND_BESIDE: i64 = 2;

/// `GET /v1/boards/{board}?limit=N&around=KEY`.
pub async fn board(
    State(state): State<AppState>,
    name: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Result<Json<BoardPage>, ApiError> {
    let Path(name) = name.map_err(|_| ApiError::not_found("no board has that name"))?;
    let board = Board::parse(&name).ok_or_else(|| {
        ApiError::not_found(format!(
            "no board {name:?}: boards are daily-YYYY-MM-DD, level-L-track-T (L 1-5, T 1-3) \
             and endless"
        ))
    })?;
    let (limit, around) = board_query(query.as_deref().unwrap_or(""))?;
    let (of, top, near) = state
        .store
        .board(&board.to_string(), limit, around.as_deref(), AROUND_BESIDE)
        .await?;
    let listed = |entries: Vec<crate::store::StoredEntry>| -> Vec<Entry> {
        entries.into_iter().map(entry).collect()
    };
    Ok(Json(BoardPage {
        board: board.name(),
        of: count(of),
        entries: listed(top),
        around: listed(near),
    }))
}

/// A stored entry as the contract lists it.
fn entry(stored: crate::store::StoredEntry) -> Entry {
    Entry {
        rank: count(stored.rank),
        name: stored.name,
        player: stored.player,
        score: count(stored.score),
        time_s: stored.time_s,
        misses: count(stored.misses),
        distance_m: stored.distance_m,
        rifle: stored.rifle,
        run: stored.run.to_string(),
        at: rfc3339(stored.at_us),
    }
}

/// `limit` (default 10, 1 to 100) and `around` (a key) from a board's query string.
fn board_query(query: &str) -> Result<(i64, Option<String>), ApiError> {
    let mut limit = DEFAULT_LIMIT;
    let mut around = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match name {
            "limit" => {
                limit = value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=MAX_LIMIT).contains(n))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "limit is a whole number from 1 to {MAX_LIMIT}"
                        ))
                    })?;
            }
            "around" if is_key(value) => around = Some(value.to_string()),
            "around" => {
                return Err(ApiError::bad_request(
                    "around is a player's key: 64 lowercase hex characters",
                ))
            }
            _ => {}
        }
    }
    Ok((limit, around))
}

/// `GET /v1/runs/{id}/replay`: the bytes as they were submitted.
pub async fn replay(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = id.map_err(|_| ApiError::not_found("no run has that id"))?;
    let unknown = || ApiError::not_found(format!("no run {id:?} is stored"));
    let number = id
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0 && n.to_string() == id)
        .ok_or_else(unknown)?;
    let replay = state.store.replay(number).await?.ok_or_else(unknown)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], replay).into_response())
}

/// `GET /v1/today`: the server's UTC day, the seconds to the next, the rules it ranks.
pub async fn today(State(state): State<AppState>) -> Json<Today> {
    let now = state.clock.now_us();
    let day = state.clock.today();
    let next = day_start_us(day) + S_PER_DAY * US_PER_S;
    let next_in_s = (next - now + US_PER_S - 1) / US_PER_S;
    Json(Today {
        day: day.to_string(),
        next_in_s,
        rules: Some(RULES_VERSION),
    })
}

/// `GET /healthz`: 200 while the database answers, 503 while it is away.
pub async fn healthz(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    state.store.ping().await?;
    Ok(Json(json!({ "ok": true })))
}

/// `GET /metrics`, Prometheus text format.
pub async fn metrics(State(state): State<AppState>) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state
            .metrics
            .render(state.pool.in_flight(), state.store.copy_check_time()),
    )
        .into_response()
}
