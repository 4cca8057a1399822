//! Starting the server: the command line's settings, the store, the listener.

use crate::http::{router, AppState};
use crate::limits::clock::{parse_rfc3339, Clock};
use crate::limits::connections::{self, Caps};
use crate::limits::rates::{Limit, Limits};
use crate::metrics::Metrics;
use crate::store::{check_sqlite, BoardStore, StoreError};
use crate::verify::pool::VerifyPool;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::trace::{DefaultOnFailure, TraceLayer};
use tracing::Level;

/// Where the server listens without `--listen`.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8787";
/// How often the rate limiters forget idle keys.
const FORGET_IDLE_EVERY: Duration = Duration::from_secs(60);
/// Most re-plays at once: tokio's blocking threads (512) are where they run.
const MAX_WORKERS: usize = 512;
/// Most re-plays waiting (each may hold a 256 KiB body).
const MAX_QUEUE: usize = 65_536;
/// Longest time limit on one re-play, seconds (the core's hour cap re-plays in seconds).
const MAX_VERIFY_TIME_LIMIT_S: usize = 600;
/// Most connections at once, before the file descriptor limit lowers it.
const MAX_CONNECTIONS: usize = 1024;
/// The largest cap the flags take (connections at once).
const MAX_CONNECTIONS_CAP: usize = 1_000_000;
/// File descriptors kept for the database, the log and the web build beside the connections.
const FDS_KEPT: usize = 64;

/// `latu-server [serve]`'s settings.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port; the first line on stdout names it).
    #[arg(long, default_value = DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// `postgres://…` or `sqlite://PATH` (default: an SQLite file in
    /// $XDG_DATA_HOME/latu-server/, else ~/.local/share/latu-server/).
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Also serve the web build in DIR from the same origin.
    #[arg(long, value_name = "DIR")]
    pub web: Option<PathBuf>,
    /// Re-plays at once, 1 to 512 (default: one per core).
    #[arg(long, value_parser = workers)]
    pub workers: Option<usize>,
    /// Re-plays waiting for a worker before submissions are refused with 503 (at most 65 536).
    #[arg(long, default_value_t = 256, value_parser = queue)]
    pub queue: usize,
    /// Seconds one re-play may take before the submission is answered 503 (1 to 600).
    #[arg(long, default_value_t = 10, value_parser = verify_time_limit_s)]
    pub verify_time_limit_s: usize,
    /// Connections open at once, in all (more are closed at once and told in the log; lowered
    /// to what the file descriptor limit allows).
    #[arg(long, default_value_t = MAX_CONNECTIONS, value_parser = max_connections)]
    pub max_connections: usize,
    /// Connections open at once from one address.
    #[arg(long, default_value_t = 64, value_parser = max_connections)]
    pub max_connections_per_address: usize,
    /// Writes a minute per player key (0: no limit).
    #[arg(long, default_value_t = 30)]
    pub rate_per_key: u32,
    /// Requests a minute per client address (0: no limit).
    #[arg(long, default_value_t = 1200)]
    pub rate_per_address: u32,
    /// Start the server's UTC clock at this instant (YYYY-MM-DDTHH:MM:SSZ) instead of now: for
    /// tests of the daily's day and grace.
    #[arg(long, value_name = "TIME", value_parser = parse_rfc3339, hide = true)]
    pub clock_start: Option<i64>,
}

impl ServeArgs {
    /// The settings with every default (`--listen` as given).
    pub fn defaults(listen: SocketAddr) -> Self {
        Self {
            listen,
            database: None,
            web: None,
            workers: None,
            queue: 256,
            verify_time_limit_s: 10,
            rate_per_key: 30,
            rate_per_address: 1200,
            max_connections: MAX_CONNECTIONS,
            max_connections_per_address: 64,
            clock_start: None,
        }
    }
}

/// A whole number from `low` to `high`, or a sentence saying what is wrong.
fn count_in(text: &str, low: usize, high: usize) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!("give a whole number from {low} to {high}")),
    }
}

fn workers(text: &str) -> Result<usize, String> {
    count_in(text, 1, MAX_WORKERS)
}

fn queue(text: &str) -> Result<usize, String> {
    count_in(text, 0, MAX_QUEUE)
}

fn verify_time_limit_s(text: &str) -> Result<usize, String> {
    count_in(text, 1, MAX_VERIFY_TIME_LIMIT_S)
}

fn max_connections(text: &str) -> Result<usize, String> {
    count_in(text, 1, MAX_CONNECTIONS_CAP)
}

/// Why the server could not start.
#[derive(Debug)]
pub enum StartError {
    Database(String, StoreError),
    /// A database the server must not start on, and why.
    Refused(String),
    Listen(SocketAddr, std::io::Error),
    NoDataDir,
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Database(url, e) => write!(f, "cannot open the database {url}: {e}"),
            Self::Refused(why) => f.write_str(why),
            Self::Listen(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            Self::NoDataDir => {
                f.write_str("no data directory: set XDG_DATA_HOME or HOME, or give --database")
            }
        }
    }
}

/// A started server: where it listens, and the task serving it.
pub struct Running {
    pub addr: SocketAddr,
    pub serving: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Open the store and start serving `args` on the current tokio runtime.
pub async fn start(args: &ServeArgs) -> Result<Running, StartError> {
    let url = match &args.database {
        Some(url) => url.clone(),
        None => default_database()?,
    };
    if url.starts_with("sqlite:") {
        check_sqlite(&url).await.map_err(StartError::Refused)?;
    }
    let store = BoardStore::open(&url)
        .await
        .map_err(|e| StartError::Database(redacted(&url), e))?;
    let workers = args
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let clock = args.clock_start.map(Clock::starting_at).unwrap_or_default();
    let limits = Limits {
        per_key: Limit::per_minute(args.rate_per_key),
        per_address: Limit::per_minute(args.rate_per_address),
    };
    let state = AppState {
        store,
        pool: VerifyPool::new(
            workers,
            args.queue,
            Duration::from_secs(args.verify_time_limit_s as u64),
        ),
        clock,
        limits: limits.clone(),
        metrics: Arc::new(Metrics::default()),
    };
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| StartError::Listen(args.listen, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Listen(args.listen, e))?;
    tokio::spawn(async move {
        let mut every = tokio::time::interval(FORGET_IDLE_EVERY);
        loop {
            every.tick().await;
            limits.per_key.forget_idle();
            limits.per_address.forget_idle();
        }
    });
    // Each request in a span (method, path) with its answer and time at DEBUG:
    // LATU_SERVER_LOG=tower_http=debug. Failures too: a busy server's 503s are not errors, and
    // the handlers log the ones that are.
    let trace = TraceLayer::new_for_http().on_failure(DefaultOnFailure::new().level(Level::DEBUG));
    let app = router(state, args.web.clone()).layer(trace);
    let caps = caps(args);
    let serving = tokio::spawn(connections::serve(listener, app, caps));
    Ok(Running { addr, serving })
}

/// The connection caps asked for, the total lowered to what the file descriptor limit allows.
fn caps(args: &ServeArgs) -> Caps {
    let allowed = connections::open_files_limit().map(|fds| fds.saturating_sub(FDS_KEPT).max(1));
    let total = match allowed {
        Some(allowed) if allowed < args.max_connections => {
            tracing::warn!(
                "--max-connections {} lowered to {allowed}: the process may open {} files \
                 (ulimit -n), and keeps {FDS_KEPT} for the database and the log",
                args.max_connections,
                allowed + FDS_KEPT
            );
            allowed
        }
        _ => args.max_connections,
    };
    Caps {
        total,
        per_address: args.max_connections_per_address.min(total),
    }
}

/// The SQLite file in the data directory, created if missing.
pub fn default_database() -> Result<String, StartError> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .ok_or(StartError::NoDataDir)?;
    let dir = base.join("latu-server");
    std::fs::create_dir_all(&dir).map_err(|e| {
        StartError::Database(dir.display().to_string(), StoreError::Other(e.to_string()))
    })?;
    Ok(BoardStore::sqlite_url(&dir.join("boards.sqlite3")))
}

/// A database URL without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user_part = &url[scheme + 3..at];
            let user = user_part.split(':').next().unwrap_or("");
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}
