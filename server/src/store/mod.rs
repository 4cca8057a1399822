//! The boards on disk: an embedded SQLite file by default, PostgreSQL to scale, through one
//! query layer (`sqlx::Any`) and one set of migrations.

mod accounts;
mod board_cache;
mod error;
mod migrate;
mod operator;
mod prints;
mod queries;
mod refold;
mod sqlite_check;

pub use accounts::{AccountError, PlayerRow};
pub use board_cache::TOP_KEPT;
pub use error::StoreError;
pub use operator::Report;
pub use queries::{NewRun, Registered, StoredEntry, Submitted};
pub use sqlite_check::check_sqlite;

use board_cache::BoardCache;
use prints::KeptPrints;
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// How long a request waits for a database connection before it is told the database is
/// unavailable (503), instead of hanging while the database is away.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);
/// Each SQLite connection's settings. WAL: readers never wait for the writer. synchronous=FULL:
/// a run answered 201 is on disk even if the machine loses power, not only when the process is
/// killed. busy_timeout: how long, in milliseconds, a connection waits for another's lock (set
/// first: switching to WAL takes the lock too, when several servers open one file at once).
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";
/// Readers of an SQLite file at once (WAL lets them read beside the one writer).
const SQLITE_READERS: u32 = 4;
/// Connections to PostgreSQL (writers and readers share them).
const POSTGRES_CONNECTIONS: u32 = 16;

/// Which database the store is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Sqlite,
    Postgres,
}

/// The leaderboard's store (the game's files are `latu::storage::Store`): a pool that writes and
/// one that reads (the same pool on PostgreSQL; on SQLite one writing connection, so writers
/// queue here instead of failing on SQLite's lock).
#[derive(Debug, Clone)]
pub struct BoardStore {
    kind: Kind,
    writer: AnyPool,
    reader: AnyPool,
    tops: Arc<BoardCache>,
    /// Every accepted run's prints on the boards looked at lately (the near-copy check).
    prints: Arc<KeptPrints>,
}

impl BoardStore {
    /// Open (creating if need be) the database at `url` and bring its tables up to date.
    /// `sqlite://PATH` or `postgres://…`.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let kind = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Kind::Postgres
        } else if url.starts_with("sqlite:") {
            Kind::Sqlite
        } else {
            return Err(StoreError::Other(format!(
                "{url:?} is not a database URL: give postgres://… or sqlite://PATH"
            )));
        };
        let store = match kind {
            Kind::Postgres => {
                let pool = options(POSTGRES_CONNECTIONS).connect(url).await?;
                Self {
                    kind,
                    writer: pool.clone(),
                    reader: pool,
                    tops: Arc::default(),
                    prints: Arc::default(),
                }
            }
            Kind::Sqlite => {
                let url = with_create_mode(url);
                let writer = sqlite_options(1)
                    .after_release(|conn, _| {
                        Box::pin(async move { Ok(outside_transaction(conn).await) })
                    })
                    .connect(&url)
                    .await?;
                let reader = sqlite_options(SQLITE_READERS).connect(&url).await?;
                Self {
                    kind,
                    writer,
                    reader,
                    tops: Arc::default(),
                    prints: Arc::default(),
                }
            }
        };
        migrate::run(&store.writer, kind).await?;
        Ok(store)
    }

    /// The URL of an SQLite file at `path`.
    pub fn sqlite_url(path: &Path) -> String {
        format!("sqlite://{}", path.display())
    }

    /// Copy checks made, and the seconds they took in all (exact and near, each inside its
    /// submission's transaction).
    pub fn copy_check_time(&self) -> (u64, f64) {
        self.prints.check_time()
    }

    /// Which database this is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }
}

fn options(connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(true)
}

fn sqlite_options(connections: u32) -> AnyPoolOptions {
    options(connections).after_connect(|conn, _| {
        Box::pin(async move {
            sqlx::Executor::execute(&mut *conn, SQLITE_PRAGMAS).await?;
            Ok(())
        })
    })
}

/// Whether the SQLite writer given back to the pool is outside any transaction (else it is
/// closed, which rolls back whatever it held). A write that fails part-way on a full disk can
/// leave SQLite's transaction open while sqlx counts it closed: every later write on that
/// connection then went into a savepoint of the open transaction, answered 201, unseen by
/// readers and lost at the next start. `BEGIN` fails inside a transaction and costs nothing
/// outside one.
async fn outside_transaction(conn: &mut sqlx::AnyConnection) -> bool {
    if sqlx::Executor::execute(&mut *conn, "BEGIN").await.is_err() {
        tracing::warn!(
            "an SQLite write left its transaction open (a full disk?): its connection is closed"
        );
        return false;
    }
    sqlx::Executor::execute(&mut *conn, "ROLLBACK")
        .await
        .is_ok()
}

/// SQLite creates a missing file only when asked to (`mode=rwc`).
fn with_create_mode(url: &str) -> String {
    if url.contains("mode=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}
