//! The lock that orders two games' updates (`results.json.lock`) is a regular file: anything
//! else at its name — a FIFO, a folder, a dangling symlink — is set aside and a fresh lock
//! made, never waited on or followed, and a lock file that may not be written still locks
//! (#26: a FIFO froze the game at the end of every run; the others left every run unlisted).

use crate::not_run::{not_run, Need};
use crate::storage_support;

use latu::storage::{LevelRun, NewResult, RunResult, Store, RESULTS_LOCK_FILE};
use std::fs;
use std::path::Path;
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;
use storage_support::scratch;

/// Long enough for any listing on a loaded machine; a FIFO's open waits forever.
const PATIENCE: Duration = Duration::from_secs(60);

fn run(name: &str) -> NewResult {
    NewResult::Run(RunResult {
        kind: LevelRun {
            level: 1,
            track: 1,
            time_s: 90.0,
        },
        name: name.to_owned(),
        ..RunResult::default()
    })
}

/// List a run in `dir` on another thread; panics if it does not come back.
fn list_in_time(dir: &Path) -> latu::storage::Merged {
    let (sender, receiver) = mpsc::channel();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        let _ = sender.send(Store::new(&dir).add_result(run("Kai")));
    });
    receiver
        .recv_timeout(PATIENCE)
        .expect("listing a run came back (it did not wait on the lock file)")
        .expect("the run is listed")
}

fn assert_listed_and_lock_made_again(dir: &Path) {
    let merged = list_in_time(dir);
    assert_eq!(merged.place, Some(0));
    assert_eq!(Store::new(dir).load_results().value, merged.results);
    let lock = dir.join(RESULTS_LOCK_FILE);
    assert!(
        fs::symlink_metadata(&lock).is_ok_and(|m| m.file_type().is_file()),
        "a fresh lock file"
    );
    assert!(
        fs::symlink_metadata(dir.join(format!("{RESULTS_LOCK_FILE}.corrupt-1"))).is_ok(),
        "what was there is kept aside"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_lock_does_not_freeze_the_game() {
    let dir = scratch("lock-fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join(RESULTS_LOCK_FILE))
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        not_run(
            Need::Tools,
            "storage_lock (FIFO at the lock)",
            "mkfifo is not available here",
        );
        return;
    }
    assert_listed_and_lock_made_again(&dir);
}

#[test]
fn a_folder_at_the_lock_does_not_stop_the_listing() {
    let dir = scratch("lock-folder");
    fs::create_dir_all(dir.join(RESULTS_LOCK_FILE).join("inside")).expect("a folder");
    assert_listed_and_lock_made_again(&dir);
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_at_the_lock_is_not_followed() {
    let dir = scratch("lock-symlink");
    let target = dir.join("no-such-folder").join("lock");
    std::os::unix::fs::symlink(&target, dir.join(RESULTS_LOCK_FILE)).expect("linked");
    assert_listed_and_lock_made_again(&dir);
    assert!(!dir.join("no-such-folder").exists(), "nothing made there");
}

/// Takes the immutable attribute off a file when dropped, even after a failure (a file left
/// immutable could not be removed by the next run).
struct Mutable<'a>(&'a Path);

impl Drop for Mutable<'_> {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(self.0).status();
    }
}

#[cfg(unix)]
#[test]
fn a_lock_file_that_may_not_be_written_still_locks() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("lock-read-only");
    let lock = dir.join(RESULTS_LOCK_FILE);
    fs::write(&lock, b"").expect("a lock file");
    fs::set_permissions(&lock, fs::Permissions::from_mode(0o444)).expect("chmod");
    let writable = fs::OpenOptions::new().write(true).open(&lock).is_ok();
    // Root writes through permission bits: the immutable attribute stops it.
    let _mutable = Mutable(&lock);
    let immutable = writable
        && Command::new("chattr")
            .arg("+i")
            .arg(&lock)
            .status()
            .is_ok_and(|status| status.success());
    if writable && !immutable {
        not_run(
            Need::Tools,
            "storage_lock (read-only lock)",
            "neither permission bits nor chattr +i make a file read-only here",
        );
        return;
    }
    let merged = list_in_time(&dir);
    assert_eq!(merged.place, Some(0));
    assert!(lock.is_file(), "the lock file is left as it was");
}
