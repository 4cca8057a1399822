//! The inputs of every run ever accepted on a board (ranked, superseded since, or not better
//! than its player's best): a copy of any of them by another player is refused, found by the
//! digest's index (`run_prints (board, inputs_sha256)`) inside the submission's transaction,
//! under the board's lock. Each row keeps the run's [`Prints`] too, so the near-copy check of
//! online.md can read them without a backfill once it can be switched on (see server/README.md:
//! as defined, it refuses every pair of the human-model bot's distinct runs).

use super::{Kind, StoreError};
use latu::online::contract::Prints;

/// Inside the submission's transaction: take the board's lock (PostgreSQL: an advisory lock
/// per board, held to the commit, so runs sent at once by several players are checked and
/// stored one after another; SQLite has one writer), then whether another player's run
/// accepted on the board before has the same inputs.
pub async fn copied(
    kind: Kind,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    board: &str,
    player: &str,
    inputs_sha256: &str,
) -> Result<bool, StoreError> {
    if kind == Kind::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1)::BIGINT)")
            .bind(board)
            .execute(&mut **tx)
            .await?;
    }
    let exact: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM run_prints WHERE board = $1 AND inputs_sha256 = $2 AND player <> $3 \
         LIMIT 1",
    )
    .bind(board)
    .bind(inputs_sha256)
    .bind(player)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(exact.is_some())
}

/// Keep the accepted run's prints (in the same transaction as the run).
pub async fn keep(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    board: &str,
    player: &str,
    inputs_sha256: &str,
    prints: &Prints,
    at_us: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO run_prints (board, player, inputs_sha256, prints, at_us) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(board)
    .bind(player)
    .bind(inputs_sha256)
    .bind(prints.to_text())
    .bind(at_us)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
