//! What the storage tests share: a fresh scratch directory and the check of a failed save.

// Each test crate uses only some of these.
#![allow(dead_code)]

pub mod kept_runs;

use std::fs;
use std::path::{Path, PathBuf};

use latu::storage::{StorageError, WriteStep};

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
