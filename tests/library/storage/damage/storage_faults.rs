//! Storage faults: whatever is on disk, a load gives usable values, tells the player which file
//! and what was wrong, and keeps the original bytes under a new name; nothing is lost.

use crate::not_run::{not_run, Need};
use crate::storage_support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use latu::storage::{Outcome, Problem, Settings, StorageError, StorageNotice, Store, WriteStep};
use storage_support::{assert_write_failed_at, scratch};

fn kept_aside(notice: &StorageNotice) -> &Path {
    match &notice.outcome {
        Outcome::KeptAsideUsingDefaults(kept) | Outcome::KeptAsideUsingTheRest(kept) => kept,
        other => panic!("expected the file kept aside, got {other:?}"),
    }
}

/// Load settings from a file holding `bytes`: defaults are used, one notice names the file, and
/// the bytes are kept aside unchanged as `settings.json.corrupt-1`.
fn assert_corrupt_settings_kept_aside(name: &str, bytes: &[u8]) -> StorageNotice {
    let dir = scratch(name);
    let path = dir.join("settings.json");
    fs::write(&path, bytes).expect("write the damaged file");
    let mut store = Store::new(&dir);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    let notice = loaded.notices[0].clone();
    assert_eq!(notice.file, path);
    let kept = kept_aside(&notice);
    assert_eq!(kept, dir.join("settings.json.corrupt-1"));
    assert_eq!(fs::read(kept).expect("the kept file"), bytes);
    assert!(!path.exists(), "the damaged file was moved, not copied");
    let message = notice.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("settings.json.corrupt-1"), "{message}");
    assert!(message.contains("using the defaults"), "{message}");
    notice
}

#[test]
fn a_truncated_file_is_kept_aside_and_defaults_are_used() {
    let settings = Settings {
        player_name: "Kaisa".to_owned(),
        ..Settings::default()
    };
    let full = serde_json::to_vec_pretty(&settings).expect("settings serialize");
    let notice = assert_corrupt_settings_kept_aside("truncated", &full[..full.len() / 2]);
    assert!(
        matches!(&notice.problem, Problem::NotJson(why) if why.contains("EOF")),
        "{notice}"
    );
}

#[test]
fn garbage_bytes_are_kept_aside_and_defaults_are_used() {
    let garbage = [0xFF, 0xFE, 0x00, 0x9C, b'{', 0x80, 0x01, b'"', 0xC3];
    let notice = assert_corrupt_settings_kept_aside("garbage", &garbage);
    assert!(matches!(notice.problem, Problem::NotJson(_)), "{notice}");
    assert!(notice.to_string().contains("is not valid JSON"), "{notice}");
}

#[test]
fn a_document_that_is_not_an_object_is_kept_aside() {
    let notice = assert_corrupt_settings_kept_aside("array", b"[1, 2, 3]\n");
    assert_eq!(
        notice.problem,
        Problem::Invalid(vec!["expected an object, found an array".to_owned()])
    );
}

#[test]
fn wrong_types_lose_only_their_own_values_and_the_original_is_kept() {
    let dir = scratch("wrong_types");
    let path = dir.join("settings.json");
    let original =
        br#"{"effects_volume": "loud", "player_name": "Kaisa", "noise_scale": 50, "grid_spacing": [2]}"#;
    fs::write(&path, original).expect("write the file");
    let mut store = Store::new(&dir);
    let loaded = store.load_settings();
    let expected = Settings {
        player_name: "Kaisa".to_owned(),
        noise_scale: 50.0,
        ..Settings::default()
    };
    assert_eq!(loaded.value, expected);
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    let notice = &loaded.notices[0];
    let Problem::Invalid(what) = &notice.problem else {
        panic!("expected unusable values, got {notice}");
    };
    assert_eq!(what.len(), 2, "{what:#?}");
    assert!(
        what[0].starts_with("effects_volume: invalid type: string \"loud\""),
        "{what:?}"
    );
    assert!(
        what[1].starts_with("grid_spacing: invalid type"),
        "{what:?}"
    );
    assert!(
        matches!(notice.outcome, Outcome::KeptAsideUsingTheRest(_)),
        "{notice}"
    );
    assert_eq!(fs::read(kept_aside(notice)).expect("kept file"), original);
    // The usable values were put back in place: the next start finds them quietly.
    let again = Store::new(&dir).load_settings();
    assert_eq!(again.value, expected);
    assert!(again.notices.is_empty(), "{:#?}", again.notices);
}

#[test]
fn unknown_keys_are_ignored_and_missing_keys_take_their_defaults() {
    let dir = scratch("unknown_keys");
    let path = dir.join("settings.json");
    let original = br#"{"player_name": "Kaisa", "from_a_newer_version": {"x": [1, 2]}}"#;
    fs::write(&path, original).expect("write the file");
    let loaded = Store::new(&dir).load_settings();
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
    assert_eq!(
        loaded.value,
        Settings {
            player_name: "Kaisa".to_owned(),
            ..Settings::default()
        }
    );
    assert_eq!(fs::read(&path).expect("untouched"), original);
    fs::write(&path, b"{}").expect("write an empty object");
    let loaded = Store::new(&dir).load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
}

#[test]
fn out_of_range_values_are_clamped_told_and_the_file_left_alone() {
    let dir = scratch("out_of_range");
    let path = dir.join("settings.json");
    let original = br#"{"effects_volume": 7, "noise_amplitude": -2.5}"#;
    fs::write(&path, original).expect("write the file");
    let loaded = Store::new(&dir).load_settings();
    assert_eq!(loaded.value.effects_volume, 1.0);
    assert_eq!(loaded.value.noise_amplitude, 0.0);
    let messages: Vec<String> = loaded.notices.iter().map(|n| n.to_string()).collect();
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(
        messages[0].contains("effects_volume 7 is outside 0 to 1; using 1"),
        "{messages:?}"
    );
    assert!(messages[1].contains("noise_amplitude -2.5"), "{messages:?}");
    assert!(loaded
        .notices
        .iter()
        .all(|n| n.outcome == Outcome::Adjusted && n.file == path));
    assert_eq!(fs::read(&path).expect("untouched"), original);
    assert_eq!(
        fs::read_dir(&dir).expect("dir").count(),
        1,
        "nothing kept aside"
    );
}

/// Load settings from `path` that cannot be read: defaults, one notice, the thing left exactly
/// where it is, and no save over it while the game runs.
fn assert_unreadable_settings_left_alone(dir: &Path) {
    let path = dir.join("settings.json");
    let mut store = Store::new(dir);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    assert!(matches!(loaded.notices[0].problem, Problem::Unreadable(_)));
    assert_eq!(loaded.notices[0].outcome, Outcome::LeftUnread);
    assert!(
        !dir.join("settings.json.corrupt-1").exists(),
        "not moved aside"
    );
    let error = store.save_settings(&Settings::default()).expect_err("held");
    assert!(matches!(error, StorageError::Held { .. }), "{error}");
    assert!(fs::symlink_metadata(&path).is_ok(), "still there");
}

#[test]
fn an_unreadable_file_is_left_in_place_not_called_corrupt() {
    // A directory where the file should be cannot be read, even by root.
    let dir = scratch("unreadable");
    let path = dir.join("settings.json");
    fs::create_dir(&path).expect("a directory in the file's place");
    fs::write(path.join("inside"), b"kept").expect("a file inside it");
    assert_unreadable_settings_left_alone(&dir);
    assert_eq!(fs::read(path.join("inside")).expect("untouched"), b"kept");
}

#[cfg(unix)]
#[test]
fn settings_linked_to_dev_zero_are_refused_at_once_not_read_until_memory_runs_out() {
    let dir = scratch("dev_zero");
    fs::create_dir_all(&dir).expect("the data directory");
    std::os::unix::fs::symlink("/dev/zero", dir.join("settings.json")).expect("linked");
    assert_unreadable_settings_left_alone(&dir);
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_settings_file_does_not_hang_the_game() {
    let dir = scratch("fifo");
    fs::create_dir_all(&dir).expect("the data directory");
    let status = Command::new("mkfifo")
        .arg(dir.join("settings.json"))
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    assert_unreadable_settings_left_alone(&dir);
}

#[test]
fn a_damaged_results_entry_beyond_any_real_run_is_dropped_and_the_rest_kept() {
    let dir = scratch("huge_result");
    fs::create_dir_all(&dir).expect("the data directory");
    let good =
        r#"{"level": 1, "track": 1, "name": "Anna", "time_s": 95.5, "misses": 1, "coins": 4}"#;
    let bad = r#"{"level": 1, "track": 1, "name": "Abcdefghijklmnop", "time_s": 1e300, "misses": 4294967295, "coins": 4294967295}"#;
    fs::write(
        dir.join("results.json"),
        format!(r#"{{"runs": [{good}, {bad}], "endless": []}}"#),
    )
    .expect("written");
    let loaded = Store::new(&dir).load_results();
    let kept = loaded.value.top(1, 1);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "Anna");
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    let message = loaded.notices[0].to_string();
    assert!(message.contains("1.000e300"), "{message}");
}

#[test]
fn each_corrupt_file_gets_the_first_free_name_and_none_is_overwritten() {
    let dir = scratch("first_free");
    let path = dir.join("settings.json");
    fs::write(dir.join("settings.json.corrupt-1"), b"older").expect("an older kept file");
    let mut store = Store::new(&dir);
    for (n, bytes) in [(2, &b"{"[..]), (3, &b"\x00\x01"[..])] {
        fs::write(&path, bytes).expect("a damaged file");
        let loaded = store.load_settings();
        let kept = kept_aside(&loaded.notices[0]);
        assert_eq!(kept, dir.join(format!("settings.json.corrupt-{n}")));
        assert_eq!(fs::read(kept).expect("kept"), bytes);
    }
    assert_eq!(
        fs::read(dir.join("settings.json.corrupt-1")).expect("still there"),
        b"older"
    );
}

#[test]
fn a_directory_under_a_regular_file_is_reported_and_the_game_goes_on() {
    // Permission bits do not stop root; a data directory whose parent is a regular file cannot
    // be created by anyone.
    let dir = scratch("parent_is_a_file");
    fs::write(dir.join("not-a-dir"), b"a file").expect("a regular file");
    let data = dir.join("not-a-dir").join("latu");
    let mut store = Store::new(&data);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    assert_eq!(loaded.notices[0].outcome, Outcome::UsingDefaults);
    assert!(matches!(loaded.notices[0].problem, Problem::Unreadable(_)));
    let error = store
        .save_settings(&Settings::default())
        .expect_err("the directory cannot be created");
    assert_write_failed_at(&error, WriteStep::CreateDirectory);
    let message = error.to_string();
    assert!(
        message.contains(&data.join("settings.json").display().to_string()),
        "{message}"
    );
    assert!(message.contains("creating its folder failed"), "{message}");
    let results = store.load_results().value;
    assert!(store.save_results(&results).is_err());
    assert_eq!(
        fs::read(dir.join("not-a-dir")).expect("untouched"),
        b"a file"
    );
}

/// Makes a directory unwritable for as long as it lives: permission bits, and where those do
/// not stop this process (root) the immutable attribute. Undone on drop, even after a failure.
struct ReadOnlyDir {
    dir: PathBuf,
    immutable: bool,
}

impl ReadOnlyDir {
    /// `None` if no way to make `dir` unwritable works here.
    fn new(dir: &Path) -> Option<Self> {
        let mut guard = Self {
            dir: dir.to_path_buf(),
            immutable: false,
        };
        guard.set_mode(0o555);
        if !guard.writable() {
            return Some(guard);
        }
        guard.immutable = chattr(dir, "+i");
        (guard.immutable && !guard.writable()).then_some(guard)
    }

    /// As [`ReadOnlyDir::new`], saying the test did not run (or failing where required) when
    /// no way works here.
    fn or_not_run(dir: &Path) -> Option<Self> {
        let guard = Self::new(dir);
        if guard.is_none() {
            not_run(
                Need::Tools,
                "storage_faults (read-only directory)",
                "neither permission bits nor chattr +i make a directory read-only here",
            );
        }
        guard
    }

    fn writable(&self) -> bool {
        let probe = self.dir.join("probe");
        let written = fs::write(&probe, b"").is_ok();
        let _ = fs::remove_file(probe);
        written
    }

    fn set_mode(&self, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&self.dir, fs::Permissions::from_mode(mode)).expect("chmod");
    }
}

impl Drop for ReadOnlyDir {
    fn drop(&mut self) {
        if self.immutable {
            chattr(&self.dir, "-i");
        }
        self.set_mode(0o755);
    }
}

fn chattr(dir: &Path, flag: &str) -> bool {
    Command::new("chattr")
        .arg(flag)
        .arg(dir)
        .status()
        .is_ok_and(|status| status.success())
}

#[test]
fn a_corrupt_file_in_a_read_only_directory_is_left_untouched_and_never_overwritten() {
    let dir = scratch("read_only");
    let path = dir.join("settings.json");
    let original = b"{\"player_name\": \"Kai";
    fs::write(&path, original).expect("a damaged file");
    let mut store = Store::new(&dir);
    let Some(read_only) = ReadOnlyDir::or_not_run(&dir) else {
        return;
    };
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert!(
        matches!(loaded.notices[0].outcome, Outcome::LeftInPlace(_)),
        "{:?}",
        loaded.notices
    );
    let message = loaded.notices[0].to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("will not be overwritten"), "{message}");
    let error = store
        .save_settings(&Settings::default())
        .expect_err("read-only");
    assert!(error.to_string().contains("settings.json"), "{error}");
    drop(read_only);
    // Writable again, but the unread file is still the only copy: this session never
    // overwrites it.
    let error = store.save_settings(&Settings::default()).expect_err("held");
    assert!(matches!(error, StorageError::Held { .. }), "{error:?}");
    assert_eq!(fs::read(&path).expect("untouched"), original);
    // The next session moves it aside and may save.
    let mut next = Store::new(&dir);
    let loaded = next.load_settings();
    assert_eq!(
        fs::read(kept_aside(&loaded.notices[0])).expect("kept"),
        original
    );
    next.save_settings(&Settings::default())
        .expect("writable now");
}

#[test]
fn a_partly_usable_file_that_cannot_be_moved_aside_is_left_whole_and_defaults_are_used() {
    let dir = scratch("read_only_salvage");
    let path = dir.join("results.json");
    let original =
        br#"{"runs": [{"level": 1, "track": 1, "name": "a", "time_s": 99, "misses": 0, "coins": 0},
        {"level": 1, "track": 1, "name": "b", "time_s": "slow", "misses": 0, "coins": 0}]}"#;
    fs::write(&path, original).expect("a partly damaged file");
    let mut store = Store::new(&dir);
    let Some(read_only) = ReadOnlyDir::or_not_run(&dir) else {
        return;
    };
    let loaded = store.load_results();
    assert_eq!(loaded.value, latu::storage::Results::default());
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    assert!(matches!(loaded.notices[0].problem, Problem::Invalid(_)));
    assert!(matches!(loaded.notices[0].outcome, Outcome::LeftInPlace(_)));
    drop(read_only);
    let error = store.save_results(&loaded.value).expect_err("held");
    assert!(error.to_string().contains("results.json"), "{error}");
    assert_eq!(fs::read(&path).expect("untouched"), original);
}

#[test]
fn a_glance_at_damaged_settings_leaves_the_file_for_the_real_load_to_report() {
    let dir = scratch("peek_damaged");
    let path = dir.join("settings.json");
    let original = br#"{"effects_volume": "loud", "quality": "high"}"#;
    fs::write(&path, original).expect("write the file");
    let mut store = Store::new(&dir);
    let glanced = store.peek_settings();
    assert_eq!(
        glanced.quality,
        latu::storage::settings::Quality::High,
        "the good field is kept"
    );
    assert_eq!(fs::read(&path).expect("still in place"), original);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, glanced, "the glance saw what the load keeps");
    assert_eq!(loaded.notices.len(), 1, "{:#?}", loaded.notices);
    assert_eq!(loaded.notices[0].file, path);
}

#[test]
fn a_glance_at_settings_that_are_not_json_gives_the_defaults_and_moves_nothing() {
    let dir = scratch("peek_garbage");
    let path = dir.join("settings.json");
    fs::write(&path, b"\x00\xffnot json").expect("write the file");
    let store = Store::new(&dir);
    assert_eq!(store.peek_settings(), Settings::default());
    assert_eq!(
        fs::read(&path).expect("still in place"),
        b"\x00\xffnot json"
    );
}
