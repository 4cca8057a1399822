//! A player's account in the store: its keys (the id is the key that registered it; other
//! devices' keys are rows of `player_keys`), its link codes and recovery code (their SHA-256
//! only), its deletion (every row of it, in one transaction) and the reports players make.
//! Every player-changing write advances `players.last_write_s` by a conditional update.

use super::{BoardStore, StoreError};
use sqlx::{Any, Transaction};

/// A player's row, found by any of its keys (the test client's signing `client::Player` is
/// another thing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// The key that registered it.
    pub id: String,
    pub name: String,
    pub banned: bool,
}

/// Why an account write did nothing.
#[derive(Debug)]
pub enum AccountError {
    /// The write's time is not later than the player's last accepted one (`last_s`).
    AlreadyUsed {
        last_s: i64,
    },
    /// No such code, run or player.
    NotFound,
    /// The signing key belongs to no player.
    NoPlayer,
    /// The signing key belongs to another player than the one named.
    NotYours,
    /// The key already belongs to a player.
    KeyTaken,
    /// The operator banned the player.
    Banned,
    /// The key made its day's reports already.
    TooMany,
    Store(StoreError),
}

impl From<StoreError> for AccountError {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

impl From<sqlx::Error> for AccountError {
    fn from(error: sqlx::Error) -> Self {
        Self::Store(error.into())
    }
}

/// The player of key `$1`: the one it registered, or the one it joined.
const PLAYER_OF_KEY: &str = "SELECT key, name, banned FROM players WHERE key = $1 \
     OR key = (SELECT player FROM player_keys WHERE key = $1)";
/// Microseconds in a day (the reports' window).
const DAY_US: i64 = 86_400_000_000;

type Tx = Transaction<'static, Any>;

impl BoardStore {
    /// The player `key` belongs to, if any.
    pub async fn player_of(&self, key: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row: Option<(String, String, i64)> = sqlx::query_as(PLAYER_OF_KEY)
            .bind(key)
            .fetch_optional(&self.reader)
            .await?;
        Ok(row.map(player))
    }

    /// Whether an operator hid the name folded as `folded`.
    pub async fn name_blocked(&self, folded: &str) -> Result<bool, StoreError> {
        let row: Option<(String,)> =
            sqlx::query_as("SELECT name_folded FROM blocked_names WHERE name_folded = $1")
                .bind(folded)
                .fetch_optional(&self.reader)
                .await?;
        Ok(row.is_some())
    }

    /// A link code (its SHA-256, good until `expires_us`) for the player of `key`, by a write
    /// signed at `time_s`.
    pub async fn add_link(
        &self,
        key: &str,
        time_s: i64,
        code_sha256: &str,
        now_us: i64,
        expires_us: i64,
    ) -> Result<PlayerRow, AccountError> {
        let mut tx = self.writer.begin().await?;
        let player = writer_of(&mut tx, key).await?;
        advance(&mut tx, &player.id, time_s).await?;
        sqlx::query("DELETE FROM links WHERE expires_us <= $1")
            .bind(now_us)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO links (code_sha256, player, expires_us) VALUES ($1, $2, $3)")
            .bind(code_sha256)
            .bind(&player.id)
            .bind(expires_us)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(player)
    }

    /// Join `key` to the player of the link code `code_sha256` (used up), by a write signed at
    /// `time_s`.
    pub async fn join_by_link(
        &self,
        key: &str,
        time_s: i64,
        code_sha256: &str,
        now_us: i64,
    ) -> Result<PlayerRow, AccountError> {
        let mut tx = self.writer.begin().await?;
        free_key(&mut tx, key).await?;
        let linked: Option<(String,)> = sqlx::query_as(
            "DELETE FROM links WHERE code_sha256 = $1 AND expires_us > $2 RETURNING player",
        )
        .bind(code_sha256)
        .bind(now_us)
        .fetch_optional(&mut *tx)
        .await?;
        let (id,) = linked.ok_or(AccountError::NotFound)?;
        let player = joined(&mut tx, key, &id, time_s, now_us).await?;
        tx.commit().await?;
        Ok(player)
    }

    /// Join `key` to the player whose recovery code is `code_sha256`, and replace the code with
    /// `new_sha256`, by a write signed at `time_s`.
    pub async fn recover(
        &self,
        key: &str,
        time_s: i64,
        code_sha256: &str,
        new_sha256: &str,
        now_us: i64,
    ) -> Result<PlayerRow, AccountError> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(String,)> =
            sqlx::query_as("SELECT key FROM players WHERE recovery_sha256 = $1")
                .bind(code_sha256)
                .fetch_optional(&mut *tx)
                .await?;
        let (id,) = found.ok_or(AccountError::NotFound)?;
        free_key(&mut tx, key).await?;
        let player = joined(&mut tx, key, &id, time_s, now_us).await?;
        sqlx::query("UPDATE players SET recovery_sha256 = $1 WHERE key = $2")
            .bind(new_sha256)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(player)
    }

    /// Delete player `id` and all of it, asked by `key` (one of its keys) at `time_s`; a banned
    /// player's name stays blocked (at `now_us`).
    pub async fn delete_player(
        &self,
        key: &str,
        id: &str,
        time_s: i64,
        now_us: i64,
    ) -> Result<(), AccountError> {
        let mut tx = self.writer.begin().await?;
        let player = player_in(&mut tx, key)
            .await?
            .ok_or(AccountError::NoPlayer)?;
        if player.id != id {
            return Err(AccountError::NotYours);
        }
        advance(&mut tx, id, time_s).await?;
        erase(&mut tx, id, now_us).await?;
        tx.commit().await?;
        self.tops.renamed();
        Ok(())
    }

    /// Delete the player named `folded` (as `names::folded` spells it) whose recovery code is
    /// `code_sha256`: its id, or `None` when no player has both (a banned player's name stays
    /// blocked, at `now_us`).
    pub async fn delete_by_recovery(
        &self,
        folded: &str,
        code_sha256: &str,
        now_us: i64,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.writer.begin().await?;
        let found: Option<(String,)> = sqlx::query_as(
            "SELECT key FROM players WHERE name_folded = $1 AND recovery_sha256 = $2",
        )
        .bind(folded)
        .bind(code_sha256)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((id,)) = found else {
            return Ok(None);
        };
        erase(&mut tx, &id, now_us).await?;
        tx.commit().await?;
        self.tops.renamed();
        Ok(Some(id))
    }

    /// Keep a report of run `run` by `key`, at most `per_day` a day per key.
    pub async fn report(
        &self,
        key: &str,
        run: i64,
        why: &str,
        now_us: i64,
        per_day: i64,
    ) -> Result<(), AccountError> {
        let mut tx = self.writer.begin().await?;
        writer_of(&mut tx, key).await?;
        let (made,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM reports WHERE reporter = $1 AND at_us > $2")
                .bind(key)
                .bind(now_us - DAY_US)
                .fetch_one(&mut *tx)
                .await?;
        if made >= per_day {
            return Err(AccountError::TooMany);
        }
        let exists: Option<(i64,)> = sqlx::query_as("SELECT id FROM runs WHERE id = $1")
            .bind(run)
            .fetch_optional(&mut *tx)
            .await?;
        exists.ok_or(AccountError::NotFound)?;
        sqlx::query("INSERT INTO reports (run, reporter, why, at_us) VALUES ($1, $2, $3, $4)")
            .bind(run)
            .bind(key)
            .bind(why)
            .bind(now_us)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

fn player((id, name, banned): (String, String, i64)) -> PlayerRow {
    PlayerRow {
        id,
        name,
        banned: banned != 0,
    }
}

async fn player_in(tx: &mut Tx, key: &str) -> Result<Option<PlayerRow>, sqlx::Error> {
    let row: Option<(String, String, i64)> = sqlx::query_as(PLAYER_OF_KEY)
        .bind(key)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(player))
}

/// The player of `key`, which may write: it exists and is not banned.
async fn writer_of(tx: &mut Tx, key: &str) -> Result<PlayerRow, AccountError> {
    match player_in(tx, key).await? {
        None => Err(AccountError::NoPlayer),
        Some(player) if player.banned => Err(AccountError::Banned),
        Some(player) => Ok(player),
    }
}

/// `Ok` if `key` belongs to no player yet.
async fn free_key(tx: &mut Tx, key: &str) -> Result<(), AccountError> {
    match player_in(tx, key).await? {
        Some(_) => Err(AccountError::KeyTaken),
        None => Ok(()),
    }
}

/// Join `key` to player `id` by a write signed at `time_s`: the player, as it now stands.
async fn joined(
    tx: &mut Tx,
    key: &str,
    id: &str,
    time_s: i64,
    now_us: i64,
) -> Result<PlayerRow, AccountError> {
    let player = writer_of(tx, id).await?;
    advance(tx, id, time_s).await?;
    sqlx::query("INSERT INTO player_keys (key, player, added_us) VALUES ($1, $2, $3)")
        .bind(key)
        .bind(id)
        .bind(now_us)
        .execute(&mut **tx)
        .await
        .map_err(|e| match StoreError::from(e) {
            StoreError::Conflict => AccountError::KeyTaken,
            other => AccountError::Store(other),
        })?;
    Ok(player)
}

/// Record `time_s` as player `id`'s last accepted player-changing write, if it is later than
/// the one before (the conditional update is the check, so it holds across servers).
async fn advance(tx: &mut Tx, id: &str, time_s: i64) -> Result<(), AccountError> {
    let changed =
        sqlx::query("UPDATE players SET last_write_s = $2 WHERE key = $1 AND last_write_s < $2")
            .bind(id)
            .bind(time_s)
            .execute(&mut **tx)
            .await?
            .rows_affected();
    if changed > 0 {
        return Ok(());
    }
    let last: Option<(i64,)> = sqlx::query_as("SELECT last_write_s FROM players WHERE key = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    match last {
        Some((last_s,)) => Err(AccountError::AlreadyUsed { last_s }),
        None => Err(AccountError::NotFound),
    }
}

/// Every row of player `id`: the reports of its runs and by its keys, its link codes, entries,
/// runs (with their replays), keys and the player itself. A banned player's name is blocked
/// first (at `now_us`): leaving does not lift a ban's hold on the name.
pub(super) async fn erase(tx: &mut Tx, id: &str, now_us: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO blocked_names (name_folded, at_us) \
         SELECT name_folded, $2 FROM players WHERE key = $1 AND banned <> 0 \
         ON CONFLICT (name_folded) DO NOTHING",
    )
    .bind(id)
    .bind(now_us)
    .execute(&mut **tx)
    .await?;
    const ERASE: [&str; 7] = [
        "DELETE FROM reports WHERE run IN (SELECT id FROM runs WHERE player = $1) \
         OR reporter = $1 OR reporter IN (SELECT key FROM player_keys WHERE player = $1)",
        "DELETE FROM links WHERE player = $1",
        "DELETE FROM entries WHERE player = $1",
        "DELETE FROM runs WHERE player = $1",
        // A deleted player's runs no longer count against copies of them.
        "DELETE FROM run_prints WHERE player = $1",
        "DELETE FROM player_keys WHERE player = $1",
        "DELETE FROM players WHERE key = $1",
    ];
    for sql in ERASE {
        sqlx::query(sql).bind(id).execute(&mut **tx).await?;
    }
    Ok(())
}
