//! The top of each board, kept in memory for a moment: a board is read far more often than it
//! changes (everyone opens today's Daily at once), and its top and its size cost two queries.
//!
//! This server's own writes drop the board's copy at once, so a player always sees their new
//! run. Another server's writes (several behind one PostgreSQL) show within [`KEPT_FOR`].

use super::queries::StoredEntry;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most entries a board lists, and so how many of its best the copy keeps.
pub const TOP_KEPT: i64 = 100;
/// How long a copy serves reads before it is fetched again.
const KEPT_FOR: Duration = Duration::from_secs(1);
/// Boards kept at once. Any past day's Daily can be asked for, so the map must not grow without
/// end: past this, copies that are too old are dropped first, then nothing more is kept.
const BOARDS_KEPT: usize = 256;

/// A board's size and its best [`TOP_KEPT`] entries, as one read found them.
#[derive(Debug)]
pub struct Top {
    pub of: i64,
    pub entries: Vec<StoredEntry>,
}

impl Top {
    /// `player`'s entry with up to `beside` entries either side, when this copy can tell: the
    /// player is listed with all `beside` below them, or the copy holds the whole board (so a
    /// player not in it has no entry). `None`: ask the database.
    pub fn around(&self, player: &str, beside: i64) -> Option<Vec<StoredEntry>> {
        let whole = self.entries.len() as i64 == self.of;
        match self.entries.iter().position(|e| e.player == player) {
            Some(i) => {
                let last = i as i64 + beside;
                (whole || last < self.entries.len() as i64).then(|| {
                    let first = (i as i64 - beside).max(0) as usize;
                    let end = (last as usize + 1).min(self.entries.len());
                    self.entries[first..end].to_vec()
                })
            }
            None => whole.then(Vec::new),
        }
    }
}

/// One board's slot: its copy, and a count of the writes that changed it.
#[derive(Debug, Default)]
struct Slot {
    writes: u64,
    copy: Option<(Instant, Arc<Top>)>,
}

/// The boards' copies.
#[derive(Debug, Default)]
pub struct BoardCache {
    slots: Mutex<HashMap<String, Slot>>,
}

/// What a read needs to keep what it fetched: the board's write count when it started.
#[derive(Debug, Clone, Copy)]
pub struct Ticket(u64);

impl BoardCache {
    /// The board's fresh copy, or a ticket to keep the one about to be fetched.
    pub fn get(&self, board: &str) -> Result<Arc<Top>, Ticket> {
        let Ok(slots) = self.slots.lock() else {
            return Err(Ticket(u64::MAX));
        };
        match slots.get(board) {
            Some(Slot {
                copy: Some((at, top)),
                ..
            }) if at.elapsed() < KEPT_FOR => Ok(Arc::clone(top)),
            Some(slot) => Err(Ticket(slot.writes)),
            None => Err(Ticket(0)),
        }
    }

    /// Keep `top`, fetched with `ticket`, unless the board was written since (the copy would
    /// hide that write).
    pub fn keep(&self, board: &str, ticket: Ticket, top: Arc<Top>) {
        let Ok(mut slots) = self.slots.lock() else {
            return;
        };
        if !slots.contains_key(board) && slots.len() >= BOARDS_KEPT {
            slots.retain(|_, slot| slot.writes > 0 || fresh(slot));
            if slots.len() >= BOARDS_KEPT {
                return;
            }
        }
        let slot = slots.entry(board.to_string()).or_default();
        if slot.writes == ticket.0 {
            slot.copy = Some((Instant::now(), top));
        }
    }

    /// The board changed: its copy goes.
    pub fn written(&self, board: &str) {
        if let Ok(mut slots) = self.slots.lock() {
            let slot = slots.entry(board.to_string()).or_default();
            slot.writes += 1;
            slot.copy = None;
        }
    }

    /// A name changed, which every board may list: every copy goes.
    pub fn renamed(&self) {
        if let Ok(mut slots) = self.slots.lock() {
            for slot in slots.values_mut() {
                slot.writes += 1;
                slot.copy = None;
            }
        }
    }
}

fn fresh(slot: &Slot) -> bool {
    slot.copy
        .as_ref()
        .is_some_and(|(at, _)| at.elapsed() < KEPT_FOR)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rank: i64, player: &str) -> StoredEntry {
        StoredEntry {
            rank,
            name: player.to_uppercase(),
            player: player.to_string(),
            score: 1000 - rank,
            time_s: 60.0,
            misses: 0,
            distance_m: 0.0,
            run: rank,
            at_us: rank,
            rifle: latu::shooting::Rifle::Training,
        }
    }

    fn top(players: &[&str], of: i64) -> Top {
        let entries = players
            .iter()
            .enumerate()
            .map(|(i, p)| entry(i as i64 + 1, p))
            .collect();
        Top { of, entries }
    }

    fn players(entries: &[StoredEntry]) -> Vec<&str> {
        entries.iter().map(|e| e.player.as_str()).collect()
    }

    #[test]
    fn around_is_told_from_the_copy_only_when_it_holds_the_neighbours() {
        let whole = top(&["a", "b", "c", "d", "e"], 5);
        assert_eq!(players(&whole.around("a", 2).unwrap()), ["a", "b", "c"]);
        assert_eq!(players(&whole.around("e", 2).unwrap()), ["c", "d", "e"]);
        assert_eq!(whole.around("z", 2).unwrap(), Vec::new());
        let part = top(&["a", "b", "c", "d", "e"], 50);
        assert_eq!(
            players(&part.around("c", 2).unwrap()),
            ["a", "b", "c", "d", "e"]
        );
        assert_eq!(
            part.around("d", 2),
            None,
            "e's successor is not in the copy"
        );
        assert_eq!(part.around("z", 2), None, "z may be below the copy");
    }

    #[test]
    fn a_write_during_a_fetch_keeps_the_fetched_copy_out() {
        let cache = BoardCache::default();
        let Err(ticket) = cache.get("endless") else {
            panic!("an empty cache has no copy");
        };
        cache.written("endless");
        cache.keep("endless", ticket, Arc::new(top(&["a"], 1)));
        assert!(cache.get("endless").is_err(), "a stale copy was kept");
        let Err(ticket) = cache.get("endless") else {
            unreachable!()
        };
        cache.keep("endless", ticket, Arc::new(top(&["a", "b"], 2)));
        assert_eq!(cache.get("endless").map(|t| t.of).ok(), Some(2));
        cache.renamed();
        assert!(
            cache.get("endless").is_err(),
            "a rename leaves old names listed"
        );
    }

    #[test]
    fn the_number_of_boards_kept_is_bounded() {
        let cache = BoardCache::default();
        for day in 0..BOARDS_KEPT + 50 {
            let board = format!("daily-{day}");
            let Err(ticket) = cache.get(&board) else {
                unreachable!()
            };
            cache.keep(&board, ticket, Arc::new(top(&[], 0)));
        }
        assert!(cache.slots.lock().unwrap().len() <= BOARDS_KEPT);
    }
}
