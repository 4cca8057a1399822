//! Migration 6, in Rust: names are the same name when they look alike (the contract's
//! `names::folded`: lower case, then the UTS #39 skeleton), no longer only regardless of case.
//! Every player's and every blocked name's folded form is worked out again, inside the
//! migrations' transaction. Two players whose names fold alike now (both registered before the
//! rule) keep their names; the later one's folded form gets `#` and its key appended, so the
//! column stays unique and neither name can be taken a third time.

use super::StoreError;
use crate::players::names;
use std::collections::BTreeSet;

/// The migration's version in `latu_migrations`.
pub const VERSION: i64 = 6;

/// Fold every name again (players in the order they registered).
pub async fn run(tx: &mut sqlx::Transaction<'_, sqlx::Any>) -> Result<(), StoreError> {
    let players: Vec<(String, String)> =
        sqlx::query_as("SELECT key, name FROM players ORDER BY created_us, key")
            .fetch_all(&mut **tx)
            .await?;
    // First out of the way (a key is unique), then each its new form: no two rows ever share
    // one on the way.
    sqlx::query("UPDATE players SET name_folded = '#' || key")
        .execute(&mut **tx)
        .await?;
    let mut taken = BTreeSet::new();
    for (key, name) in players {
        let mut folded = names::folded(&name);
        if !taken.insert(folded.clone()) {
            folded = format!("{folded}#{key}");
        }
        sqlx::query("UPDATE players SET name_folded = $1 WHERE key = $2")
            .bind(folded)
            .bind(key)
            .execute(&mut **tx)
            .await?;
    }
    let blocked: Vec<(String, i64)> =
        sqlx::query_as("SELECT name_folded, at_us FROM blocked_names")
            .fetch_all(&mut **tx)
            .await?;
    sqlx::query("DELETE FROM blocked_names")
        .execute(&mut **tx)
        .await?;
    let mut kept = BTreeSet::new();
    for (name, at_us) in blocked {
        let folded = names::folded(&name);
        if kept.insert(folded.clone()) {
            sqlx::query("INSERT INTO blocked_names (name_folded, at_us) VALUES ($1, $2)")
                .bind(folded)
                .bind(at_us)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
