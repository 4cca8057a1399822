//! The HTTP contract of `online.md`: the routes, the shared state, the per-address limit and
//! the JSON refusals for unknown paths and methods.

mod account;
mod body;
mod error;
mod pages;
mod reads;
mod writes;

pub use body::MAX_BODY_BYTES;
pub use error::ApiError;

use crate::limits::clock::Clock;
use crate::limits::rates::Limits;
use crate::metrics::Metrics;
use crate::store::BoardStore;
use crate::verify::pool::VerifyPool;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: BoardStore,
    pub pool: VerifyPool,
    pub clock: Clock,
    pub limits: Limits,
    pub metrics: Arc<Metrics>,
}

/// The server's routes; with `web`, the web build is served from the same origin.
pub fn router(state: AppState, web: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/v1/players", post(writes::register))
        .route("/v1/runs", post(writes::submit))
        .route("/v1/links", post(account::link))
        .route("/v1/links/{code}", post(account::join))
        .route("/v1/recover", post(account::recover))
        .route("/v1/players/{id}", delete(account::delete))
        .route("/v1/delete-requests", post(account::delete_request))
        .route("/v1/reports", post(account::report))
        .route("/delete", get(pages::delete_form))
        .route("/privacy", get(pages::privacy))
        .route("/v1/boards/{board}", get(reads::board))
        .route("/v1/runs/{id}/replay", get(reads::replay))
        .route("/v1/today", get(reads::today))
        .route("/healthz", get(reads::healthz))
        .route("/metrics", get(reads::metrics))
        .method_not_allowed_fallback(method_not_allowed);
    let api = match web {
        Some(dir) => api.fallback_service(
            tower_http::services::ServeDir::new(dir)
                .not_found_service(axum::routing::any(not_found)),
        ),
        None => api.fallback(not_found),
    };
    api.layer(middleware::from_fn_with_state(state.clone(), per_address))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such path: the API is under /v1 (see online.md)")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this path does not take that method (reads are GET, writes POST)",
    )
}

/// The per-address limit on every request but the health and metrics probes, and the count of
/// responses by status.
async fn per_address(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let probe = matches!(request.uri().path(), "/healthz" | "/metrics");
    let response = match state.limits.per_address.check(&peer.ip()) {
        Err(wait) if !probe => ApiError::too_many(
            format!("too many requests from this address: try again in {wait} s"),
            wait,
        )
        .into_response(),
        _ => next.run(request).await,
    };
    state.metrics.responded(response.status().as_u16());
    response
}

/// A count from the database as the contract writes it (never negative, never past `u32`).
pub(crate) fn count(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}
