//! The store's reads and writes. Every write is one transaction.

use super::board_cache::{Top, TOP_KEPT};
use super::prints::{self, Copied};
use super::{BoardStore, StoreError};
use latu::online::contract::Prints;
use latu::shooting::Rifle;
use sqlx::any::AnyRow;
use sqlx::Row;
use std::sync::Arc;
use std::time::Instant;

/// What registering a name did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registered {
    /// A new player.
    Created,
    /// The key already had this name.
    Unchanged,
    /// The key's name changed.
    Renamed,
    /// Nothing done: the write's time is not later than the player's last accepted write's
    /// (`last_s`), so it is a request sent again (or a clock that went back).
    AlreadyUsed { last_s: i64 },
}

/// A verified run to store: the server's own figures, never the client's.
#[derive(Debug, Clone)]
pub struct NewRun {
    pub player: String,
    pub board: String,
    pub score: i64,
    pub time_s: f64,
    pub misses: i64,
    pub distance_m: f64,
    /// What the board ranks it by (score, or the distance on `endless`).
    pub value: f64,
    /// The rifle it was shot with.
    pub rifle: Rifle,
    pub inputs_sha256: String,
    /// The inputs as the near-copy check compares them.
    pub prints: Prints,
    pub replay: String,
    pub at_us: i64,
}

/// What submitting a run did.
#[derive(Debug, Clone, PartialEq)]
pub enum Submitted {
    /// The run copies a run another player had accepted on this board (ranked or superseded
    /// since): nothing stored.
    Copied,
    /// The run's skiing nearly repeats a run another player had accepted on this board (the
    /// contract's near-copy rule, `latu::online::contract::Prints::copies`): nothing stored.
    NearlyCopied,
    /// The player's best on the board now; `run` is stored.
    Best { run: i64, rank: i64, of: i64 },
    /// Not better than the player's best (`run`, at `rank`): nothing stored.
    NotBetter { run: i64, rank: i64, of: i64 },
}

/// A board's entry, as the database holds it (what a board page sends is the contract's `Entry`).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredEntry {
    pub rank: i64,
    pub name: String,
    pub player: String,
    pub score: i64,
    pub time_s: f64,
    pub misses: i64,
    pub distance_m: f64,
    pub rifle: Rifle,
    pub run: i64,
    pub at_us: i64,
}

/// The columns of an entry, joined from its run and player.
const ENTRY_COLUMNS: &str = "p.name, e.player, r.score, r.time_s, r.misses, r.distance_m, \
     e.run, e.at_us, r.rifle";
const ENTRY_FROM: &str = "FROM entries e JOIN runs r ON r.id = e.run \
     JOIN players p ON p.key = e.player WHERE e.board = $1";
/// Best first; equal values by who got there first.
const ENTRY_ORDER: &str = "ORDER BY e.value DESC, e.at_us, e.run";
/// Entries ranked above one with value $2, time $3, run $4 on board $1.
const AHEAD: &str = "SELECT COUNT(*) FROM entries WHERE board = $1 AND (value > $2 OR \
     (value = $2 AND (at_us < $3 OR (at_us = $3 AND run < $4))))";

impl BoardStore {
    /// Give `key` the name `name` (`folded`: its lower case), creating the player if new with
    /// `recovery_sha256` as its recovery code's hash (in the same row), by a write signed at
    /// `time_s`: it must be later than the player's last (kept in the database,
    /// so it holds across servers; the conditional update is the check, so two servers taking
    /// the same request at once change the player once).
    pub async fn register(
        &self,
        key: &str,
        name: &str,
        folded: &str,
        at_us: i64,
        time_s: i64,
        recovery_sha256: &str,
    ) -> Result<Registered, StoreError> {
        let mut tx = self.writer.begin().await?;
        let current: Option<(String, i64)> =
            sqlx::query_as("SELECT name, last_write_s FROM players WHERE key = $1")
                .bind(key)
                .fetch_optional(&mut *tx)
                .await?;
        let registered = match current {
            Some((_, last_s)) if last_s >= time_s => return Ok(Registered::AlreadyUsed { last_s }),
            Some((current, last_s)) => {
                let changed = sqlx::query(
                    "UPDATE players SET name = $1, name_folded = $2, last_write_s = $4 \
                     WHERE key = $3 AND last_write_s < $4",
                )
                .bind(name)
                .bind(folded)
                .bind(key)
                .bind(time_s)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                match (changed, current == name) {
                    (0, _) => return Ok(Registered::AlreadyUsed { last_s }),
                    (_, true) => Registered::Unchanged,
                    (_, false) => Registered::Renamed,
                }
            }
            None => {
                // The recovery code's hash goes in with the row: no player is ever without
                // one, whenever the server stops.
                let inserted = sqlx::query(
                    "INSERT INTO players \
                     (key, name, name_folded, created_us, last_write_s, recovery_sha256) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(key)
                .bind(name)
                .bind(folded)
                .bind(at_us)
                .bind(time_s)
                .bind(recovery_sha256)
                .execute(&mut *tx)
                .await;
                match inserted.map_err(StoreError::from) {
                    Ok(_) => Registered::Created,
                    // The same new key registered at once by another request: this one is
                    // the second.
                    Err(StoreError::Conflict) if self.name_of(key).await?.is_some() => {
                        return Ok(Registered::AlreadyUsed { last_s: time_s });
                    }
                    Err(error) => return Err(error),
                }
            }
        };
        tx.commit().await?;
        if registered == Registered::Renamed {
            self.tops.renamed();
        }
        Ok(registered)
    }

    /// The name of the player with `key`, if it has one.
    pub async fn name_of(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT name FROM players WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.reader)
            .await?;
        Ok(row.map(|(name,)| name))
    }

    /// Keep `run`'s inputs, and the run itself if it is its player's best on its board (one
    /// transaction, under the board's lock: the copy check, the prints, the run with its
    /// replay and the board's entry, or nothing).
    pub async fn submit(&self, run: &NewRun) -> Result<Submitted, StoreError> {
        let mut tx = self.writer.begin().await?;
        let (board, player, digest) = (&run.board, &run.player, &run.inputs_sha256);
        let copied = (board.as_str(), player.as_str(), digest.as_str());
        let checking = Instant::now();
        let copy = prints::copied(self.kind, &mut tx, &self.prints, copied, &run.prints).await?;
        self.prints.checked(checking.elapsed());
        match copy {
            Some(Copied::Exactly) => return Ok(Submitted::Copied),
            Some(Copied::Nearly) => return Ok(Submitted::NearlyCopied),
            None => {}
        }
        prints::keep(&mut tx, board, player, digest, &run.prints, run.at_us).await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO runs (player, board, score, time_s, misses, distance_m, \
             inputs_sha256, replay, at_us, rifle) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(&run.player)
        .bind(&run.board)
        .bind(run.score)
        .bind(run.time_s)
        .bind(run.misses)
        .bind(run.distance_m)
        .bind(&run.inputs_sha256)
        .bind(&run.replay)
        .bind(run.at_us)
        .bind(rifle_word(run.rifle))
        .fetch_one(&mut *tx)
        .await?;
        // A better run replaces the entry; an equal or worse one leaves it (and its time).
        let better = sqlx::query(
            "INSERT INTO entries (board, player, run, value, at_us) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (board, player) DO UPDATE SET run = excluded.run, \
             value = excluded.value, at_us = excluded.at_us WHERE entries.value < excluded.value",
        )
        .bind(&run.board)
        .bind(&run.player)
        .bind(id)
        .bind(run.value)
        .bind(run.at_us)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if !better {
            // Not kept as a run (its player's best stands), but its prints are.
            sqlx::query("DELETE FROM runs WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            let (best, value, at_us): (i64, f64, i64) = sqlx::query_as(
                "SELECT run, value, at_us FROM entries WHERE board = $1 AND player = $2",
            )
            .bind(&run.board)
            .bind(&run.player)
            .fetch_one(&self.reader)
            .await?;
            let (rank, of) = self.rank(&run.board, value, at_us, best).await?;
            return Ok(Submitted::NotBetter {
                run: best,
                rank,
                of,
            });
        }
        let ahead = count(AHEAD, &run.board, run.value, run.at_us, id, &mut *tx).await?;
        let (of,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE board = $1")
            .bind(&run.board)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        self.tops.written(&run.board);
        Ok(Submitted::Best {
            run: id,
            rank: ahead + 1,
            of,
        })
    }

    /// The rank of an entry with `value`, set at `at_us` by `run`, and the board's size.
    async fn rank(
        &self,
        board: &str,
        value: f64,
        at_us: i64,
        run: i64,
    ) -> Result<(i64, i64), StoreError> {
        let mut conn = self.reader.acquire().await?;
        let ahead = count(AHEAD, board, value, at_us, run, &mut *conn).await?;
        let (of,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE board = $1")
            .bind(board)
            .fetch_one(&mut *conn)
            .await?;
        Ok((ahead + 1, of))
    }

    /// The board's size, its top `limit` entries (at most [`TOP_KEPT`]) and, for `around`,
    /// that player's entry with up to `beside` entries either side.
    pub async fn board(
        &self,
        board: &str,
        limit: i64,
        around: Option<&str>,
        beside: i64,
    ) -> Result<(i64, Vec<StoredEntry>, Vec<StoredEntry>), StoreError> {
        let top = self.top(board).await?;
        let listed = top.entries.iter().take(limit as usize).cloned().collect();
        let near = match around.map(|player| (player, top.around(player, beside))) {
            None => Vec::new(),
            Some((_, Some(near))) => near,
            Some((player, None)) => self.around(board, player, beside).await?,
        };
        Ok((top.of, listed, near))
    }

    /// The board's size and best [`TOP_KEPT`] entries: the kept copy, or fetched (and kept).
    async fn top(&self, board: &str) -> Result<Arc<Top>, StoreError> {
        let ticket = match self.tops.get(board) {
            Ok(top) => return Ok(top),
            Err(ticket) => ticket,
        };
        let mut conn = self.reader.acquire().await?;
        let (of,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE board = $1")
            .bind(board)
            .fetch_one(&mut *conn)
            .await?;
        let entries = entries(board, 0, TOP_KEPT, &mut conn).await?;
        let top = Arc::new(Top { of, entries });
        self.tops.keep(board, ticket, Arc::clone(&top));
        Ok(top)
    }

    /// `player`'s entry on `board` with up to `beside` entries either side, from the database.
    async fn around(
        &self,
        board: &str,
        player: &str,
        beside: i64,
    ) -> Result<Vec<StoredEntry>, StoreError> {
        let mut conn = self.reader.acquire().await?;
        let mine: Option<(f64, i64, i64)> = sqlx::query_as(
            "SELECT value, at_us, run FROM entries WHERE board = $1 AND player = $2",
        )
        .bind(board)
        .bind(player)
        .fetch_optional(&mut *conn)
        .await?;
        let Some((value, at_us, run)) = mine else {
            return Ok(Vec::new());
        };
        let ahead = count(AHEAD, board, value, at_us, run, &mut *conn).await?;
        let first = (ahead - beside).max(0);
        entries(board, first, ahead - first + beside + 1, &mut conn).await
    }

    /// The replay of run `id`, as it was submitted.
    pub async fn replay(&self, id: i64) -> Result<Option<String>, StoreError> {
        let row: Option<(String,)> = sqlx::query_as("SELECT replay FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reader)
            .await?;
        Ok(row.map(|(replay,)| replay))
    }
}

/// The count `sql` gives for (board, value, at_us, run).
async fn count<'c, E>(
    sql: &str,
    board: &str,
    value: f64,
    at_us: i64,
    run: i64,
    executor: E,
) -> Result<i64, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let (n,): (i64,) = sqlx::query_as(sql)
        .bind(board)
        .bind(value)
        .bind(at_us)
        .bind(run)
        .fetch_one(executor)
        .await?;
    Ok(n)
}

/// `limit` entries of `board` from the `offset`-th (0 the best), ranked.
async fn entries(
    board: &str,
    offset: i64,
    limit: i64,
    conn: &mut sqlx::pool::PoolConnection<sqlx::Any>,
) -> Result<Vec<StoredEntry>, StoreError> {
    let sql = format!("SELECT {ENTRY_COLUMNS} {ENTRY_FROM} {ENTRY_ORDER} LIMIT $2 OFFSET $3");
    let rows: Vec<AnyRow> = sqlx::query(&sql)
        .bind(board)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut **conn)
        .await?;
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            Ok(StoredEntry {
                rank: offset + i as i64 + 1,
                name: row.try_get(0)?,
                player: row.try_get(1)?,
                score: row.try_get(2)?,
                time_s: row.try_get(3)?,
                misses: row.try_get(4)?,
                distance_m: row.try_get(5)?,
                run: row.try_get(6)?,
                at_us: row.try_get(7)?,
                rifle: rifle_of(&row.try_get::<String, _>(8)?),
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(StoreError::from)
}

/// A rifle as its column holds it: the contract's word (`training`).
fn rifle_word(rifle: Rifle) -> String {
    serde_json::to_value(rifle)
        .ok()
        .and_then(|word| word.as_str().map(str::to_owned))
        .expect("a rifle is named by a word")
}

/// The rifle a column's word names (one this build does not know shows as the training rifle).
fn rifle_of(word: &str) -> Rifle {
    serde_json::from_value(serde_json::Value::String(word.to_owned())).unwrap_or_default()
}
