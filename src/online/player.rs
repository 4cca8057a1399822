//! The player online: their keys (made and kept on first online use) and the words the screens
//! use for a sent run.

use super::contract::{Board, Ranked};
use super::keys::{Keys, SECRET_BYTES};
use crate::replay::Replay;
use crate::sim::{EndedBy, Summary};
use crate::storage::{Identity, StorageError, StorageNotice, Store};
use std::fmt;

/// Why the player has no keys to go online with.
#[derive(Debug)]
pub enum OnlineError {
    /// The system gave no randomness for a new key (why).
    NoRandomness(String),
    /// The new key could not be kept.
    Save(StorageError),
}

impl fmt::Display for OnlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnlineError::NoRandomness(why) => {
                write!(f, "no randomness for a new online key: {why}")
            }
            OnlineError::Save(error) => write!(f, "the online key could not be kept: {error}"),
        }
    }
}

impl std::error::Error for OnlineError {}

/// The player's keys and identity from `store`, making and keeping a key from `fresh` on first
/// online use (or when `identity.json` was damaged: the damaged file is kept aside and the
/// notices say so, once).
pub fn player_keys(
    store: &mut Store,
    fresh: impl FnOnce() -> std::io::Result<[u8; SECRET_BYTES]>,
) -> Result<(Keys, Identity, Vec<StorageNotice>), OnlineError> {
    let loaded = store.load_identity();
    let mut identity = loaded.value;
    if let Some(keys) = Keys::from_secret_hex(&identity.secret_key) {
        return Ok((keys, identity, loaded.notices));
    }
    let secret = fresh().map_err(|e| OnlineError::NoRandomness(e.to_string()))?;
    let keys = Keys::from_secret(secret);
    identity = Identity {
        secret_key: keys.secret_hex(),
        ..Identity::default()
    };
    store.save_identity(&identity).map_err(OnlineError::Save)?;
    Ok((keys, identity, loaded.notices))
}

/// The board a run that reached the results is queued for: a run that ended as its course
/// ends — a level or Daily at its finish, Endless at its set length or by losing its last life
/// (how most Endless runs end) — on the board its replay ranks on; `None` for a run stopped
/// before its end or one no board takes.
pub fn board_to_send(replay: &Replay, summary: &Summary) -> Option<Board> {
    let ended = summary.finished || summary.ended_by == Some(EndedBy::Lives);
    Board::of_replay(replay).filter(|_| ended)
}

/// The results screen's line for a ranked run: "New world best! World #3 of 41", or the rank
/// the player's best holds ("World #37 of 412").
pub fn rank_line(ranked: &Ranked) -> String {
    let rank = format!("World #{} of {}", ranked.rank, ranked.of);
    if ranked.best {
        format!("New world best! {rank}")
    } else {
        rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::new(dir.path());
        let (keys, _, _) = player_keys(&mut store, || Ok([3; SECRET_BYTES])).unwrap();
        let (again, _, notices) = player_keys(&mut store, || panic!("no second key")).unwrap();
        assert_eq!(keys.public_hex(), again.public_hex());
        assert!(notices.is_empty());
    }

    #[test]
    fn a_damaged_identity_is_kept_aside_and_told_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("identity.json"),
            "{\"secret_key\": \"nope\"}",
        )
        .unwrap();
        let mut store = Store::new(dir.path());
        let (_, _, notices) = player_keys(&mut store, || Ok([4; SECRET_BYTES])).unwrap();
        assert_eq!(notices.len(), 1);
        let kept = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(Result::ok)
            .any(|entry| entry.file_name().to_string_lossy().contains("corrupt"));
        assert!(kept, "the damaged file is kept aside");
        let (_, _, notices) = player_keys(&mut store, || panic!("kept")).unwrap();
        assert!(notices.is_empty(), "told once");
    }

    #[test]
    fn an_endless_run_that_lost_its_lives_is_sent_like_a_finished_one() {
        let course = crate::course::Course::endless(1);
        let replay = crate::replay::record_bot(crate::replay::CourseChoice::of(&course), course, 1);
        let mut summary = replay.summary.clone().expect("a recorded run's summary");
        summary.finished = false;
        summary.ended_by = Some(EndedBy::Lives);
        assert_eq!(board_to_send(&replay, &summary), Some(Board::Endless));
        summary.ended_by = None;
        assert_eq!(
            board_to_send(&replay, &summary),
            None,
            "stopped before its end"
        );
    }

    #[test]
    fn a_new_best_says_so() {
        let ranked = Ranked {
            run: "1".into(),
            board: "endless".into(),
            rank: 37,
            of: 412,
            score: 10,
            best: false,
            time_s: 100.0,
            misses: 0,
            distance_m: 1000.0,
        };
        assert_eq!(rank_line(&ranked), "World #37 of 412");
        let best = Ranked {
            best: true,
            ..ranked
        };
        assert_eq!(rank_line(&best), "New world best! World #37 of 412");
    }
}
