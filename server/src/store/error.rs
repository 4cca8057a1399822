//! What can go wrong with the store, sorted by what the client is told.

use std::fmt;

/// A store failure, as the HTTP edge needs it.
#[derive(Debug)]
pub enum StoreError {
    /// The database cannot be reached (down, restarting, no connection free in time).
    Unavailable(String),
    /// The disk under the database is full: nothing was written.
    DiskFull,
    /// A unique key already exists (a name taken).
    Conflict,
    /// Anything else the database refused (a bug here, or a damaged store).
    Other(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unavailable(why) => write!(f, "the database is unavailable: {why}"),
            Self::DiskFull => f.write_str("the database's disk is full"),
            Self::Conflict => f.write_str("a unique key already exists"),
            Self::Other(why) => write!(f, "the database refused: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// SQLite's "database or disk is full" and PostgreSQL's `disk_full` (class 53: insufficient
/// resources).
const DISK_FULL_CODES: [&str; 3] = ["13", "53100", "53000"];
/// SQLite's unique and primary-key constraint codes and PostgreSQL's `unique_violation`.
const UNIQUE_CODES: [&str; 3] = ["2067", "1555", "23505"];
/// SQLite's I/O error (its extended codes end in 10 and its disk-full cousin's text says so).
const SQLITE_IO_ERROR: &str = "10";

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) => {
                let code = db.code().map(|c| c.into_owned()).unwrap_or_default();
                if DISK_FULL_CODES.contains(&code.as_str())
                    || db.message().contains("disk is full")
                    || db.message().contains("No space left")
                {
                    Self::DiskFull
                } else if UNIQUE_CODES.contains(&code.as_str()) {
                    Self::Conflict
                } else if code == SQLITE_IO_ERROR || code.starts_with("08") || code == "57P01" {
                    // SQLite I/O errors, PostgreSQL's connection errors and an admin shutdown.
                    Self::Unavailable(db.message().to_string())
                } else {
                    Self::Other(format!("{} (code {code})", db.message()))
                }
            }
            sqlx::Error::Io(io) if io.raw_os_error() == Some(libc_enospc()) => Self::DiskFull,
            sqlx::Error::Io(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::WorkerCrashed
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_) => Self::Unavailable(error.to_string()),
            _ => Self::Other(error.to_string()),
        }
    }
}

/// `ENOSPC`: the same number on every Unix the server runs on.
const fn libc_enospc() -> i32 {
    28
}
