//! What is checked of an SQLite database before a server starts on it: that it is a file (an
//! in-memory database keeps nothing and is not shared between the server's connections), and
//! that the file is whole (SQLite's integrity check), so a damaged file is named at start
//! instead of answering 503 to every request.

use sqlx::{AnyConnection, Connection};
use std::path::PathBuf;

/// Lines of the integrity check's findings quoted in the refusal.
const FINDINGS_TOLD: usize = 3;

/// Why a server must not start on an SQLite URL: one sentence, SQLite's own words last.
pub async fn check_sqlite(url: &str) -> Result<(), String> {
    let path = sqlite_file(url)?;
    if !path.exists() {
        // A new file: created by the store, nothing to check yet.
        return Ok(());
    }
    let damaged = |words: String| {
        format!(
            "the SQLite file {} is damaged: move it aside and restore a backup; SQLite \
             says: {words}",
            path.display()
        )
    };
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(url)
        .await
        .map_err(|e| damaged(sqlite_words(&e)))?;
    let findings: Vec<(String,)> = sqlx::query_as("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await
        .map_err(|e| damaged(sqlite_words(&e)))?;
    let _ = conn.close().await;
    match findings.as_slice() {
        [(ok,)] if ok == "ok" => Ok(()),
        _ => Err(damaged(
            findings
                .iter()
                .take(FINDINGS_TOLD)
                .map(|(line,)| line.as_str())
                .collect::<Vec<_>>()
                .join("; "),
        )),
    }
}

/// The file an `sqlite:` URL names, or why it names none.
fn sqlite_file(url: &str) -> Result<PathBuf, String> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let in_memory = path == ":memory:" || query.split('&').any(|pair| pair == "mode=memory");
    if in_memory {
        return Err(format!(
            "{url:?} is an in-memory SQLite database: it would lose every board at a restart \
             and its connections would not share it; give sqlite://PATH to a file"
        ));
    }
    if path.is_empty() {
        return Err(format!(
            "{url:?} names no file: give sqlite://PATH (for example sqlite://boards.sqlite3)"
        ));
    }
    Ok(PathBuf::from(path))
}

/// SQLite's own message in `error`.
fn sqlite_words(error: &sqlx::Error) -> String {
    match error {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::sqlite_file;

    #[test]
    fn urls_without_a_file_are_refused() {
        for url in [
            "sqlite://",
            "sqlite:",
            "sqlite::memory:",
            "sqlite://:memory:",
            "sqlite://x.db?mode=memory",
        ] {
            assert!(sqlite_file(url).is_err(), "{url}");
        }
        assert_eq!(
            sqlite_file("sqlite:///tmp/b.sqlite3?mode=rwc").expect("a file"),
            std::path::PathBuf::from("/tmp/b.sqlite3")
        );
    }
}
