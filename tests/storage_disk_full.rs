//! A full disk while a partly damaged file is mended loses nothing from the game's view: the
//! mended file is saved before the original is set aside, so when the save fails the original
//! is still in place for the next start (#26: it was renamed first, and the next start found
//! no file — a bought rifle gone, only in `.corrupt-1`). The only test in its binary: it limits
//! the size of the files this process may write (`RLIMIT_FSIZE`), as a full disk does.

mod storage_support;

use latu::shooting::Rifle;
use latu::storage::{Outcome, StorageNotice, Store};
use std::fs;
use storage_support::scratch;

/// Largest file this process may write while the disk is "full", bytes: less than the mended
/// locker.
const FULL_DISK_BYTES: libc::rlim_t = 8;

/// Run `f` with writes past [`FULL_DISK_BYTES`] failing (`EFBIG`, as `ENOSPC` would).
#[cfg(unix)]
fn with_full_disk<T>(f: impl FnOnce() -> T) -> T {
    let mut before = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls on a valid struct; SIGXFSZ ignored so an oversize write fails
    // with EFBIG instead of ending the process.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut before), 0);
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let full = libc::rlimit {
            rlim_cur: FULL_DISK_BYTES,
            rlim_max: before.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &full), 0);
    }
    let result = f();
    // SAFETY: as above, restoring the limit read before.
    unsafe {
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &before), 0);
    }
    result
}

#[cfg(unix)]
#[test]
fn a_full_disk_while_mending_a_damaged_file_leaves_the_original_in_place() {
    let dir = scratch("full-disk");
    let path = dir.join("locker.json");
    let original: &[u8] = br#"{"bought":["rifle/match","rifle/laser"],"rifle":"rifle/match"}"#;
    fs::write(&path, original).expect("a partly damaged locker");
    let loaded = with_full_disk(|| Store::new(&dir).load_locker());
    // The usable values are used for now; the original is where it was, untouched.
    assert_eq!(loaded.value.rifle(), Rifle::Match);
    let notice: &StorageNotice = loaded.notices.last().expect("told");
    assert!(
        matches!(notice.outcome, Outcome::NotMended { .. }),
        "{:?}",
        loaded.notices
    );
    assert_eq!(fs::read(&path).expect("still there"), original);
    let names: Vec<String> = fs::read_dir(&dir)
        .expect("listed")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["locker.json"], "nothing half done is left");
    // With room again, the next start mends it and keeps the original aside.
    let mut next = Store::new(&dir);
    let loaded = next.load_locker();
    assert_eq!(loaded.value.rifle(), Rifle::Match);
    assert!(matches!(
        loaded.notices.last().map(|n| &n.outcome),
        Some(Outcome::KeptAsideUsingTheRest(_))
    ));
    assert_eq!(
        fs::read(dir.join("locker.json.corrupt-1")).expect("kept"),
        original
    );
    assert!(Store::new(&dir).load_locker().notices.is_empty(), "mended");
}
