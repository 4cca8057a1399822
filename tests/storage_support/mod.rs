//! What the storage tests share: a fresh scratch directory, the check of a failed save and
//! games banking at once.

// Each test crate uses only some of these.
#![allow(dead_code)]

pub mod kept_runs;

use std::fs;
use std::path::{Path, PathBuf};

use latu::storage::{StorageError, Store, WriteStep};

/// A fresh, empty directory for test `name` under target/tmp/<test crate>/<process id>: two
/// runs of the same tests at once (a second `cargo test` in the same checkout) must not share
/// one — a run's start emptied the other's directory under its killed games, which then
/// listed runs whose replays were gone.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(env!("CARGO_CRATE_NAME"))
        .join(std::process::id().to_string())
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory under target/tmp");
    dir
}

/// Assert that `error` is a save that failed at `step`.
pub fn assert_write_failed_at(error: &StorageError, step: WriteStep) {
    assert!(
        matches!(error, StorageError::Write { step: failed, .. } if *failed == step),
        "{error:?}"
    );
}

/// `games` games banking and spending at once, each from its own thread and its own handle
/// (`open` makes it) on `dir`'s files: `runs` changes each, 2 coins banked a run but for game 1,
/// which spends one every third run. Returns what the changes add up to.
pub fn games_bank_at_once(dir: &Path, games: i64, runs: i64, open: fn(&Path) -> Store) -> i64 {
    let threads: Vec<_> = (0..games)
        .map(|game| {
            let dir = dir.to_path_buf();
            std::thread::spawn(move || {
                let mut store = open(&dir);
                for run in 0..runs {
                    let change = if game == 1 && run % 3 == 0 { -1 } else { 2 };
                    store.bank(change).expect("banked");
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("a game finished");
    }
    let spent = (0..runs).filter(|run| run % 3 == 0).count() as i64;
    games * runs * 2 - spent * 3
}
