//! The inputs of every run ever accepted on a board (ranked, superseded since, or not better
//! than its player's best): another player's copy of any of them is refused, inside the
//! submission's transaction, under the board's lock.
//!
//! - An exact copy is found by the digest's index (`run_prints (board, inputs_sha256)`).
//! - A near-copy ([`Prints::copies`], the contract's rule) is looked for among every run's
//!   prints on the board, which each server keeps in memory ([`KeptPrints`]): at each
//!   submission it reads only the rows added since it last looked (`run_prints (board, id)`),
//!   then compares the run with each kept one. Unlike runs are told apart after a few prints
//!   (the comparison stops once too many are unpaired).

use super::{Kind, StoreError};
use latu::online::contract::Prints;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Boards whose prints a server keeps at once (the oldest looked at is dropped past this, and
/// read again when next needed).
const BOARDS_KEPT: usize = 64;

/// What a submitted run copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// Another player's run with the same inputs.
    Exactly,
    /// Another player's run whose skiing it nearly repeats (the contract's near-copy rule).
    Nearly,
}

/// A board's prints as kept: the last row read and every row's player and prints.
#[derive(Debug, Default)]
struct BoardPrints {
    last_id: i64,
    /// When it was last looked at (a count of looks), to drop the oldest.
    looked: u64,
    runs: Vec<(String, Prints)>,
}

/// The prints of every run accepted on the boards this server looked at lately.
#[derive(Debug, Default)]
pub struct KeptPrints {
    boards: Mutex<(u64, BTreeMap<String, BoardPrints>)>,
    /// Copy checks made, and the microseconds they took in all (`/metrics`).
    checks: AtomicU64,
    checks_us: AtomicU64,
}

impl KeptPrints {
    /// One copy check (the exact and the near one) took `took`.
    pub fn checked(&self, took: Duration) {
        self.checks.fetch_add(1, Ordering::Relaxed);
        self.checks_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// Copy checks made, and the seconds they took in all.
    pub fn check_time(&self) -> (u64, f64) {
        let us = self.checks_us.load(Ordering::Relaxed);
        (self.checks.load(Ordering::Relaxed), us as f64 / 1e6)
    }

    /// The last row id kept for `board` (0: none).
    fn last_id(&self, board: &str) -> i64 {
        let boards = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        boards.1.get(board).map_or(0, |kept| kept.last_id)
    }

    /// Keep `rows` (id, player, prints as text) read after `after`, then whether `prints`
    /// copies a run of another player than `player` on `board`.
    fn add_and_compare(
        &self,
        board: &str,
        rows: Vec<(i64, String, String)>,
        player: &str,
        prints: &Prints,
    ) -> bool {
        let mut boards = self.boards.lock().unwrap_or_else(|e| e.into_inner());
        let (looks, boards) = &mut *boards;
        *looks += 1;
        if !boards.contains_key(board) && boards.len() >= BOARDS_KEPT {
            let oldest = boards
                .iter()
                .min_by_key(|(_, kept)| kept.looked)
                .map(|(name, _)| name.clone());
            if let Some(oldest) = oldest {
                boards.remove(&oldest);
            }
        }
        let kept = boards.entry(board.to_owned()).or_default();
        kept.looked = *looks;
        for (id, owner, text) in rows {
            // Another submission may have read the same rows meanwhile: each is kept once.
            if id <= kept.last_id {
                continue;
            }
            kept.last_id = id;
            // Rows from before the rule (migration 5) hold no prints: exact copies only.
            if let Some(theirs) = Prints::from_text(&text) {
                kept.runs.push((owner, theirs));
            }
        }
        kept.runs
            .iter()
            .any(|(owner, theirs)| owner != player && prints.copies(theirs))
    }
}

/// Inside the submission's transaction: take the board's lock (PostgreSQL: an advisory lock
/// per board, held to the commit, so runs sent at once by several players are checked and
/// stored one after another; SQLite has one writer), then whether the run copies another
/// player's run accepted on the board before.
pub async fn copied(
    kind: Kind,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    kept: &KeptPrints,
    run: (&str, &str, &str),
    prints: &Prints,
) -> Result<Option<Copied>, StoreError> {
    let (board, player, inputs_sha256) = run;
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
    if exact.is_some() {
        return Ok(Some(Copied::Exactly));
    }
    let rows: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT id, player, prints FROM run_prints WHERE board = $1 AND id > $2 ORDER BY id",
    )
    .bind(board)
    .bind(kept.last_id(board))
    .fetch_all(&mut **tx)
    .await?;
    let near = kept.add_and_compare(board, rows, player, prints);
    Ok(near.then_some(Copied::Nearly))
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
