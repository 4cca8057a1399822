//! Reliability round three (#36): one failed file never costs the next run. A journal that
//! cannot be read, a replays folder that is not one, an unopenable lock, a purse that cannot
//! take the coins, keys given twice — each is set aside or said, in a player's words with its
//! real cause, and the coins are banked (files that cannot be read: storage_waiting.rs).

use crate::storage_support;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use latu::storage::{
    player_messages, save_error_message, Outcome, StorageError, Store, PENDING_FILE,
    REPLAYS_FOLDER, RESULTS_LOCK_FILE,
};
use storage_support::kept_runs::{keep, mkfifo, socket, COINS};
use storage_support::scratch;

/// The data directory of a child run as another user (set only in the child process).
pub(crate) const CHILD_DIR: &str = "LATU_RECOVERY_CHILD_DIR";
/// The unprivileged user a root test runs its child as (nobody).
const NOBODY: u32 = 65534;

/// Two runs kept one after the other, each banked and listed; what the player was told.
fn assert_two_runs_banked_and_listed(dir: &Path) -> Vec<String> {
    let mut told = Vec::new();
    for i in 1..=2 {
        let mut store = Store::new(dir);
        let merged = keep(&mut store, i).unwrap_or_else(|e| panic!("run {i} kept: {e}"));
        told.extend(player_messages(&merged.notices));
        assert_eq!(merged.purse.coins, COINS as u32 * i, "run {i}: {told:?}");
        assert_eq!(merged.place, Some(0), "run {i} listed first: {told:?}");
    }
    let mut store = Store::new(dir);
    assert_eq!(store.load_purse().value.coins, 2 * COINS as u32);
    assert_eq!(store.load_results().value.endless().len(), 2);
    assert!(!dir.join(PENDING_FILE).exists(), "no journal left behind");
    told
}

/// What can be at a name instead of a regular file or folder, made at `path`.
/// A kind of thing, and how to make one at a path.
type Maker = (&'static str, fn(&Path));

fn special_kinds() -> Vec<Maker> {
    vec![
        ("file", |path| fs::write(path, b"x\n").expect("a file")),
        ("fifo", mkfifo),
        ("socket", socket),
        ("dangling symlink", |path| {
            std::os::unix::fs::symlink("/nonexistent/latu", path).expect("a symlink")
        }),
        ("symlink to a file", |path| {
            std::os::unix::fs::symlink("/etc/hostname", path).expect("a symlink")
        }),
    ]
}

#[test]
fn something_not_a_folder_at_replays_is_set_aside_and_every_run_banked_with_its_replay() {
    for (kind, make) in special_kinds() {
        let dir = scratch(&format!("replays-{}", kind.replace(' ', "-")));
        fs::create_dir_all(&dir).expect("the data directory");
        make(&dir.join(REPLAYS_FOLDER));
        let told = assert_two_runs_banked_and_listed(&dir);
        assert!(
            dir.join(REPLAYS_FOLDER).join("r1.json").is_file()
                && dir.join(REPLAYS_FOLDER).join("r2.json").is_file(),
            "{kind}: both replays saved"
        );
        assert!(
            fs::symlink_metadata(dir.join("replays.corrupt-1")).is_ok(),
            "{kind}: kept aside"
        );
        assert_eq!(told.len(), 1, "{kind}: {told:?}");
        assert!(told[0].contains("replays.corrupt-1"), "{told:?}");
    }
}

#[test]
fn a_special_file_or_folder_at_pending_json_is_set_aside_and_never_blocks() {
    let kinds: Vec<Maker> = vec![
        ("fifo", mkfifo),
        ("folder", |path| {
            fs::create_dir_all(path.join("inside")).expect("a folder")
        }),
        ("dev-zero", |path| {
            std::os::unix::fs::symlink("/dev/zero", path).expect("a symlink")
        }),
    ];
    for (kind, make) in kinds {
        let dir = scratch(&format!("pending-{kind}"));
        fs::create_dir_all(&dir).expect("the data directory");
        make(&dir.join(PENDING_FILE));
        let told = assert_two_runs_banked_and_listed(&dir);
        assert!(
            fs::symlink_metadata(dir.join("pending.json.corrupt-1")).is_ok(),
            "{kind}: kept aside"
        );
        assert_eq!(told.len(), 1, "{kind}: {told:?}");
        assert!(
            told[0].starts_with("Your last run or purchase") && !told[0].contains("saved run"),
            "{told:?}"
        );
    }
}

#[test]
fn a_journal_naming_an_invalid_replay_is_finished_without_it() {
    let dir = scratch("journal-bad-name");
    fs::create_dir_all(&dir).expect("the data directory");
    let journal = r#"{"purse":{"coins":500},"replay":["../../escape","{}"]}"#;
    fs::write(dir.join(PENDING_FILE), journal).expect("a journal");
    let mut store = Store::new(&dir);
    let merged = keep(&mut store, 1).expect("kept");
    assert_eq!(
        merged.purse.coins,
        500 + COINS as u32,
        "the journal's purse, then the run"
    );
    assert!(!dir.join(PENDING_FILE).exists());
    assert!(!dir.join("escape").exists() && !dir.parent().unwrap().join("escape").exists());
    let told = player_messages(&merged.notices);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("its name"), "{told:?}");
}

/// Run the child test `child` of the test module `module` (its `module_path!()`) on `dir` as a
/// user that permission bits stop (root is not):
/// directly when this process is not root, else as nobody through setpriv. `dir` comes from
/// [`reachable_scratch`]; the test binary is copied beside it when nobody cannot reach where it
/// is (a checkout under a 0700 folder, as `/root` is). `None` (with the reason on stderr) when
/// that cannot be done here.
pub(crate) fn as_unprivileged(module: &str, child: &str, dir: &Path) -> Option<()> {
    let child = &test_path(module, child);
    let exe = std::env::current_exe().ok()?;
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        let output = Command::new(exe)
            .args([child, "--exact", "--ignored"])
            .env(CHILD_DIR, dir)
            .output()
            .ok()?;
        assert!(output.status.success(), "{output:?}");
        return Some(());
    }
    if let Some(blocked) = unreachable_part(dir) {
        eprintln!(
            "not run: nobody cannot enter {} (mode 0700 or less)",
            blocked.display()
        );
        return None;
    }
    let exe = match unreachable_part(&exe) {
        None => exe,
        Some(_) => copied_where_nobody_reaches(&exe, dir)?,
    };
    for entry in walk(dir) {
        std::os::unix::fs::lchown(&entry, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
    let output = Command::new("setpriv")
        .args([
            &format!("--reuid={NOBODY}"),
            &format!("--regid={NOBODY}"),
            "--clear-groups",
        ])
        .arg(exe)
        .args([child, "--exact", "--ignored"])
        .env(CHILD_DIR, dir)
        .output();
    match output {
        Ok(output) if output.status.success() => Some(()),
        Ok(output) if String::from_utf8_lossy(&output.stderr).contains("setpriv:") => {
            eprintln!("not run: setpriv cannot change user here: {output:?}");
            None
        }
        Ok(output) => panic!("the child failed: {output:?}"),
        Err(error) => {
            eprintln!("not run: no setpriv ({error})");
            None
        }
    }
}

/// The name libtest knows the test `name` of `module` (a `module_path!()`) by, for `--exact`:
/// the path without the crate's name, so it follows the file wherever the folders move it.
fn test_path(module: &str, name: &str) -> String {
    let (_crate, inside) = module
        .split_once("::")
        .expect("a test module is inside its crate");
    format!("{inside}::{name}")
}

/// A fresh scratch directory a child run as nobody can reach: under target/tmp when every
/// folder above it lets others through, else under the system's temporary folder.
pub(crate) fn reachable_scratch(name: &str) -> PathBuf {
    let dir = scratch(name);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 || unreachable_part(&dir).is_none() {
        return dir;
    }
    let _ = fs::remove_dir_all(&dir);
    let dir = std::env::temp_dir()
        .join(format!("latu-recovery-{}", std::process::id()))
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory in the temporary folder");
    for folder in dir.ancestors().take(2) {
        fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    dir
}

/// The first folder above `path` that a user who is neither its owner nor in its group cannot
/// pass through; `None` when every one lets others through.
fn unreachable_part(path: &Path) -> Option<PathBuf> {
    let path = path.canonicalize().ok()?;
    path.ancestors()
        .skip(1)
        .find(|folder| {
            fs::metadata(folder).is_ok_and(|meta| meta.permissions().mode() & 0o001 == 0)
        })
        .map(Path::to_path_buf)
}

/// A copy of the test binary `exe` beside `dir` (in the folder above it), executable by all.
fn copied_where_nobody_reaches(exe: &Path, dir: &Path) -> Option<PathBuf> {
    let copy = dir.parent()?.join(exe.file_name()?);
    if !copy.exists() {
        fs::copy(exe, &copy).ok()?;
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o755)).ok()?;
    }
    Some(copy)
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut all = vec![dir.to_path_buf()];
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                all.extend(walk(&path));
            } else {
                all.push(path);
            }
        }
    }
    all
}

/// The child: two runs kept, each banked and listed; what the player is told is written to
/// `told.txt`, one message a line.
#[test]
#[ignore = "the child of the tests run as another user"]
fn child_keeps_two_runs() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let told = assert_two_runs_banked_and_listed(&dir);
    fs::write(dir.join("told.txt"), told.join("\n")).expect("told written");
}

#[test]
fn a_lock_file_of_mode_0200_or_0000_is_set_aside_and_remade() {
    for mode in [0o200, 0o000] {
        let dir = reachable_scratch(&format!("lock-{mode:o}"));
        let lock = dir.join(RESULTS_LOCK_FILE);
        fs::write(&lock, b"").expect("a lock file");
        fs::set_permissions(&lock, fs::Permissions::from_mode(mode)).expect("chmod");
        if as_unprivileged(module_path!(), "child_keeps_two_runs", &dir).is_none() {
            return;
        }
        assert_eq!(Store::new(&dir).load_purse().value.coins, 2 * COINS as u32);
        assert!(dir.join("results.json.lock.corrupt-1").exists(), "{mode:o}");
        let meta = fs::metadata(&lock).expect("a new lock");
        assert_ne!(meta.permissions().mode() & 0o600, 0, "{mode:o}");
    }
}

#[test]
fn a_mode_000_replays_folder_costs_only_the_replay_said_in_one_sentence() {
    let dir = reachable_scratch("replays-000");
    let replays = dir.join(REPLAYS_FOLDER);
    fs::create_dir_all(&replays).expect("the folder");
    fs::set_permissions(&replays, fs::Permissions::from_mode(0o000)).expect("chmod");
    let ran = as_unprivileged(module_path!(), "child_keeps_two_runs", &dir);
    fs::set_permissions(&replays, fs::Permissions::from_mode(0o755)).expect("chmod back");
    if ran.is_none() {
        return;
    }
    let told = fs::read_to_string(dir.join("told.txt")).expect("told");
    let told: Vec<&str> = told.lines().collect();
    assert_eq!(told.len(), 2, "one sentence a run: {told:?}");
    for message in told {
        assert_eq!(
            message,
            "A run's replay could not be saved (the game is not allowed to write in its \
             folder): its coins are banked and it is listed, without the replay."
        );
    }
}

#[test]
fn a_purse_that_cannot_be_read_keeps_the_coins_waiting_until_it_can_be() {
    let dir = reachable_scratch("purse-unreadable");
    let purse = dir.join("purse.json");
    fs::write(&purse, b"{\"coins\": 900}").expect("a purse");
    fs::set_permissions(&purse, fs::Permissions::from_mode(0o000)).expect("chmod");
    if as_unprivileged(module_path!(), "child_banks_unreadable", &dir).is_none() {
        return;
    }
    let told = fs::read_to_string(dir.join("told.txt")).expect("told");
    assert_eq!(
        told,
        "Your purse cannot be opened (no permission, or not a file), so the coins won or spent \
         wait in the game's journal and will be added to it once it can be; the file is left as \
         it is."
    );
    // Readable again: the next action adds the coins that waited to the 900 it holds.
    fs::set_permissions(&purse, fs::Permissions::from_mode(0o644)).expect("chmod back");
    let mut store = Store::new(&dir);
    let banked = store.bank(0).expect("finished");
    assert_eq!(banked.value.coins, 900 + COINS as u32);
    assert!(!dir.join(PENDING_FILE).exists());
}

/// The child: one run kept into a purse that cannot be read; what the player is told.
#[test]
#[ignore = "the child of a_purse_that_cannot_be_read_keeps_the_coins_waiting_until_it_can_be"]
fn child_banks_unreadable() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let mut store = Store::new(&dir);
    let merged = keep(&mut store, 1).expect("kept");
    let told = player_messages(&merged.notices);
    fs::write(dir.join("told.txt"), told.join("\n")).expect("told written");
}

#[test]
fn coins_over_the_purse_cap_are_said() {
    let dir = scratch("purse-cap");
    fs::create_dir_all(&dir).expect("the data directory");
    fs::write(dir.join("purse.json"), b"{\"coins\": 999990}").expect("a full purse");
    let mut store = Store::new(&dir);
    let merged = keep(&mut store, 1).expect("kept");
    assert_eq!(merged.purse.coins, 1_000_000);
    assert_eq!(
        player_messages(&merged.notices),
        ["Your purse is full (1000000 coins): 60 coins of this run did not fit."]
    );
}

#[test]
fn a_key_given_twice_is_never_read_as_the_last_one() {
    let files = [
        ("purse.json", r#"{"coins":5,"coins":7}"#),
        (
            "settings.json",
            r#"{"player_name":"Kai","player_name":"Ada","ghosts":false}"#,
        ),
        (
            "results.json",
            r#"{"endless":[],"endless":[{"name":"x","distance":9}]}"#,
        ),
        (
            "locker.json",
            r#"{"rifle":"rifle/match","rifle":"rifle/laser"}"#,
        ),
    ];
    for (file, text) in files {
        let dir = scratch(&format!("twice-{file}"));
        fs::create_dir_all(&dir).expect("the data directory");
        fs::write(dir.join(file), text).expect("a file with a key twice");
        let mut store = Store::new(&dir);
        let notices = match file {
            "purse.json" => {
                let loaded = store.load_purse();
                assert_eq!(loaded.value.coins, 0, "neither 5 nor 7 is trusted");
                loaded.notices
            }
            "settings.json" => {
                let loaded = store.load_settings();
                assert_ne!(loaded.value.player_name, "Ada");
                assert!(!loaded.value.ghosts, "the other keys are kept");
                loaded.notices
            }
            "results.json" => {
                let loaded = store.load_results();
                assert!(loaded.value.endless().is_empty());
                loaded.notices
            }
            _ => {
                let loaded = store.load_locker();
                assert_ne!(format!("{:?}", loaded.value.rifle()), "Laser");
                loaded.notices
            }
        };
        assert_eq!(notices.len(), 1, "{file}: {notices:?}");
        assert!(
            notices[0].to_string().contains("given twice"),
            "{}",
            notices[0]
        );
        assert!(
            matches!(
                notices[0].outcome,
                Outcome::KeptAsideUsingDefaults(_) | Outcome::KeptAsideUsingTheRest(_)
            ),
            "{file}: {:?}",
            notices[0].outcome
        );
        assert_eq!(
            fs::read_to_string(dir.join(format!("{file}.corrupt-1"))).expect("kept aside"),
            text
        );
    }
}

#[test]
fn a_data_folder_that_cannot_be_used_is_one_notice() {
    let dir = scratch("folder-unusable");
    fs::write(dir.join("not-a-folder"), b"x").expect("a file");
    let mut store = Store::new(dir.join("not-a-folder").join("latu"));
    let mut notices = store.finish_interrupted().unwrap_or_default();
    notices.extend(store.load_settings().notices);
    notices.extend(store.load_results().notices);
    notices.extend(store.load_purse().notices);
    notices.extend(store.load_locker().notices);
    let told = player_messages(&notices);
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(
        told[0].starts_with("The game's storage folder cannot be used"),
        "{told:?}"
    );
}

/// A tmpfs mounted read-only (root only): `None` when mounting is not allowed here.
struct ReadOnlyMount(PathBuf);

impl ReadOnlyMount {
    fn new(dir: &Path) -> Option<Self> {
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
            .arg(dir)
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("not run: mounting a tmpfs is not allowed here");
            return None;
        }
        let mount = Self(dir.to_path_buf());
        fs::write(dir.join("purse.json"), b"{\"coins\": 3}").expect("a purse");
        let read_only = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(dir)
            .status()
            .is_ok_and(|s| s.success());
        read_only.then_some(mount)
    }
}

impl Drop for ReadOnlyMount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_read_only_storage_is_said_to_be_read_only() {
    let dir = scratch("read-only-fs");
    let Some(_mount) = ReadOnlyMount::new(&dir) else {
        return;
    };
    let mut store = Store::new(&dir);
    let error = keep(&mut store, 1).expect_err("nothing can be written");
    let told = save_error_message(&error);
    assert!(
        told.contains("the storage is read-only"),
        "{told} ({error})"
    );
    assert!(!told.contains("full"), "{told}");
    assert_eq!(store.load_purse().value.coins, 3);
}

/// Makes a file immutable (`chattr +i`: even root cannot replace it) while it lives.
struct Immutable(PathBuf);

impl Immutable {
    fn new(path: &Path) -> Option<Self> {
        let set = Command::new("chattr")
            .arg("+i")
            .arg(path)
            .status()
            .is_ok_and(|s| s.success());
        if !set {
            eprintln!("not run: chattr +i is not allowed here");
        }
        set.then(|| Self(path.to_path_buf()))
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
    }
}

#[test]
fn a_save_whose_journal_was_written_never_says_nothing_was_changed() {
    let dir = scratch("journal-written");
    fs::create_dir_all(&dir).expect("the data directory");
    let results = dir.join("results.json");
    fs::write(&results, b"{}").expect("results");
    let Some(immutable) = Immutable::new(&results) else {
        return;
    };
    let mut store = Store::new(&dir);
    let error = keep(&mut store, 1).expect_err("the results cannot be replaced");
    let told = save_error_message(&error);
    assert!(!told.contains("nothing was changed"), "{told}");
    assert!(!told.contains("full"), "{told}");
    assert!(told.contains("not yet in place"), "{told}");
    // The coins are banked even so: each file of the journal is tried.
    assert_eq!(Store::new(&dir).load_purse().value.coins, COINS as u32);
    drop(immutable);
    // The next action finishes the journal: the run is listed.
    let mut store = Store::new(&dir);
    let banked = store.bank(0).expect("finished");
    assert!(banked.notices.is_empty(), "{:?}", banked.notices);
    assert_eq!(store.load_results().value.endless().len(), 1);
    assert!(!dir.join(PENDING_FILE).exists());
}

#[test]
fn each_failed_save_says_its_real_cause() {
    let error = |kind: std::io::ErrorKind, step| StorageError::Write {
        file: PathBuf::from("/d/latu/results.json"),
        step,
        source: std::io::Error::from(kind),
    };
    use latu::storage::WriteStep;
    use std::io::ErrorKind as Kind;
    let cases = [
        (
            Kind::PermissionDenied,
            WriteStep::CreateTemporary,
            "not allowed",
        ),
        (Kind::PermissionDenied, WriteStep::Lock, "not allowed"),
        (Kind::ReadOnlyFilesystem, WriteStep::Lock, "read-only"),
        (
            Kind::NotADirectory,
            WriteStep::CreateDirectory,
            "in the way",
        ),
        (Kind::StorageFull, WriteStep::Write, "full"),
    ];
    for (kind, step, cause) in cases {
        let told = save_error_message(&error(kind, step));
        assert!(told.contains(cause), "{kind:?} at {step:?}: {told}");
        assert_eq!(told.contains("full"), kind == Kind::StorageFull, "{told}");
    }
}
