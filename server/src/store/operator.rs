//! What the server's operator does to the boards (`latu-server admin`, `latu-server backup`),
//! on the database directly: each command is one transaction with its row in `admin_log`.
//! Running servers see the change within their board copy's second.

use super::{BoardStore, Kind, StoreError};
use std::path::Path;

/// A report, as the operator reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub id: i64,
    pub run: i64,
    /// The run's board and player (none when the run has been removed since).
    pub board: Option<String>,
    pub player: Option<String>,
    pub name: Option<String>,
    pub reporter: String,
    pub why: String,
    pub at_us: i64,
}

/// A banned player's entries sit on `banned:BOARD` (no board's name starts so), off every
/// board, until the ban is lifted.
const BANNED_PREFIX: &str = "banned:";

impl BoardStore {
    /// Every report, oldest first.
    pub async fn reports(&self) -> Result<Vec<Report>, StoreError> {
        type Row = (
            i64,
            i64,
            Option<String>,
            Option<String>,
            Option<String>,
            String,
            String,
            i64,
        );
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT rp.id, rp.run, r.board, r.player, p.name, rp.reporter, rp.why, rp.at_us \
             FROM reports rp LEFT JOIN runs r ON r.id = rp.run \
             LEFT JOIN players p ON p.key = r.player ORDER BY rp.at_us, rp.id",
        )
        .fetch_all(&self.reader)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, run, board, player, name, reporter, why, at_us)| Report {
                    id,
                    run,
                    board,
                    player,
                    name,
                    reporter,
                    why,
                    at_us,
                },
            )
            .collect())
    }

    /// Block the name folded as `folded` for good and show its player (if any) as `shown`
    /// instead: that player's id, if one had it.
    pub async fn hide_name(
        &self,
        folded: &str,
        shown_as: impl Fn(&str) -> String,
        now_us: i64,
        log: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.writer.begin().await?;
        sqlx::query(
            "INSERT INTO blocked_names (name_folded, at_us) VALUES ($1, $2) \
             ON CONFLICT (name_folded) DO NOTHING",
        )
        .bind(folded)
        .bind(now_us)
        .execute(&mut *tx)
        .await?;
        let found: Option<(String,)> =
            sqlx::query_as("SELECT key FROM players WHERE name_folded = $1")
                .bind(folded)
                .fetch_optional(&mut *tx)
                .await?;
        if let Some((id,)) = &found {
            // The folded column takes a value no real name folds to (names refuse control
            // characters), so the hidden player blocks no one else's name.
            sqlx::query("UPDATE players SET name = $1, name_folded = $2 WHERE key = $3")
                .bind(shown_as(id))
                .bind(format!("\u{1}hidden:{id}"))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        logged(&mut tx, now_us, log).await?;
        tx.commit().await?;
        self.tops.renamed();
        Ok(found.map(|(id,)| id))
    }

    /// Remove run `id` (its replay, its entry, its reports): its player and board, if it was.
    pub async fn remove_run(
        &self,
        id: i64,
        now_us: i64,
        log: &str,
    ) -> Result<Option<(String, String)>, StoreError> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(String, String)> =
            sqlx::query_as("SELECT player, board FROM runs WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        if found.is_some() {
            for sql in [
                "DELETE FROM reports WHERE run = $1",
                "DELETE FROM entries WHERE run = $1",
                "DELETE FROM runs WHERE id = $1",
            ] {
                sqlx::query(sql).bind(id).execute(&mut *tx).await?;
            }
            logged(&mut tx, now_us, log).await?;
        }
        tx.commit().await?;
        self.tops.renamed();
        Ok(found)
    }

    /// Ban (or with `banned` false, unban) player `id`: its name and the entries moved off (or
    /// back onto) the boards, if there is such a player.
    pub async fn set_banned(
        &self,
        id: &str,
        banned: bool,
        now_us: i64,
        log: &str,
    ) -> Result<Option<(String, u64)>, StoreError> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(String,)> = sqlx::query_as("SELECT name FROM players WHERE key = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some((name,)) = found else {
            return Ok(None);
        };
        sqlx::query("UPDATE players SET banned = $1 WHERE key = $2")
            .bind(i64::from(banned))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let moved = if banned {
            "UPDATE entries SET board = $2 || board WHERE player = $1 AND board NOT LIKE $3"
        } else {
            "UPDATE entries SET board = substr(board, length($2) + 1) \
             WHERE player = $1 AND board LIKE $3"
        };
        let entries = sqlx::query(moved)
            .bind(id)
            .bind(BANNED_PREFIX)
            .bind(format!("{BANNED_PREFIX}%"))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        logged(&mut tx, now_us, log).await?;
        tx.commit().await?;
        self.tops.renamed();
        Ok(Some((name, entries)))
    }

    /// Record an operator's command that changed nothing (it is logged all the same).
    pub async fn log_admin(&self, now_us: i64, what: &str) -> Result<(), StoreError> {
        let mut tx = self.writer.begin().await?;
        logged(&mut tx, now_us, what).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Write a consistent copy of the SQLite database to `file` (`VACUUM INTO`, while servers
    /// go on writing). PostgreSQL is backed up with `pg_dump`.
    pub async fn backup(&self, file: &Path) -> Result<(), StoreError> {
        if self.kind == Kind::Postgres {
            return Err(StoreError::Other(
                "a PostgreSQL database is backed up with pg_dump (see server/README.md)".into(),
            ));
        }
        let path = file
            .to_str()
            .ok_or_else(|| StoreError::Other(format!("{} is not a UTF-8 path", file.display())))?;
        sqlx::query("VACUUM INTO $1")
            .bind(path)
            .execute(&self.reader)
            .await?;
        Ok(())
    }
}

async fn logged(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    now_us: i64,
    what: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO admin_log (at_us, what) VALUES ($1, $2)")
        .bind(now_us)
        .bind(what)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
