//! The set-up storage_recovery.rs and storage_waiting.rs share for a damaged data directory:
//! runs kept one by one (each an Endless result with its replay, banking [`COINS`]), and the
//! things that are not regular files (a fifo, a socket) put where a file is expected.

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use latu::course::Course;
use latu::replay::{record_bot, CourseChoice, Replay};
use latu::storage::{
    EndlessResult, EndlessRun, KeptRun, Merged, NewResult, ReplayName, StorageError, Store,
};

/// Coins each kept run banks.
pub const COINS: i64 = 70;

/// A short recorded Endless run, recorded once for every test.
fn replay() -> &'static Replay {
    static REPLAY: OnceLock<Replay> = OnceLock::new();
    REPLAY.get_or_init(|| {
        let course = Course::endless(1);
        record_bot(CourseChoice::of(&course), course, 1)
    })
}

/// Keep run `i`: an Endless result of `i` metres with replay `r<i>`, banking [`COINS`].
pub fn keep(store: &mut Store, i: u32) -> Result<Merged, StorageError> {
    let name = ReplayName::new(&format!("r{i}")).expect("a replay name");
    store.keep_run(KeptRun {
        coins_change: COINS,
        result: Some(NewResult::Endless(EndlessResult {
            kind: EndlessRun {
                distance: f64::from(i),
            },
            name: format!("r{i}"),
            ..EndlessResult::default()
        })),
        replay: Some((name, replay().clone())),
        missions: None,
    })
}

/// A named pipe at `path`.
pub fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo")
        .success());
}

/// A listening Unix socket at `path`, left open for the test's life.
pub fn socket(path: &Path) {
    std::mem::forget(std::os::unix::net::UnixListener::bind(path).expect("a socket"));
}
