//! Atomic writes: a save replaces the whole file or nothing; no temporary or partial file is
//! left behind, whether it succeeds or fails.

use crate::storage_support;

use std::fs;
use std::path::Path;

use latu::storage::{LevelRun, Results, RunResult, Settings, Store, WriteStep};
use storage_support::{assert_write_failed_at, scratch};

/// The files in `dir`, but for the lock every save takes (it stays, empty, as a lock file does).
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("the directory")
        .map(|entry| {
            let entry = entry.expect("an entry");
            entry.file_name().to_string_lossy().into_owned()
        })
        .filter(|name| name != latu::storage::RESULTS_LOCK_FILE)
        .collect();
    names.sort();
    names
}

#[test]
fn a_save_creates_the_directory_and_replaces_the_whole_file() {
    let dir = scratch("replace").join("nested").join("latu");
    let mut store = Store::new(&dir);
    let long_name = Settings {
        player_name: "Kaisa Mäkäräinen".to_owned(),
        ..Settings::default()
    };
    store.save_settings(&long_name).expect("first save");
    let short_name = Settings {
        player_name: "K".to_owned(),
        effects_volume: 0.25,
        ..Settings::default()
    };
    store.save_settings(&short_name).expect("second save");
    let bytes = fs::read(store.settings_path()).expect("the saved file");
    let expected = serde_json::to_vec_pretty(&short_name).expect("serializes");
    assert_eq!(
        bytes[..bytes.len() - 1],
        expected[..],
        "exactly the new file"
    );
    assert_eq!(bytes.last(), Some(&b'\n'));
    assert_eq!(file_names(&dir), ["settings.json"]);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, short_name);
    assert!(loaded.notices.is_empty());
}

#[test]
fn a_failed_rename_leaves_the_target_and_no_temporary_file() {
    // A non-empty directory in the file's place: the final rename fails, for root too.
    let dir = scratch("failed_rename");
    let target = dir.join("results.json");
    fs::create_dir(&target).expect("a directory in the file's place");
    fs::write(target.join("precious"), b"precious").expect("a file inside it");
    let store = Store::new(&dir);
    let mut results = Results::default();
    let run = RunResult {
        kind: LevelRun {
            level: 1,
            track: 1,
            time_s: 100.0,
        },
        name: "Kaisa".to_owned(),
        misses: 0,
        coins: 3,
        ..Default::default()
    };
    results.add_run(run).expect("a valid run");
    let error = store
        .save_results(&results)
        .expect_err("the rename must fail");
    assert_write_failed_at(&error, WriteStep::Rename);
    let message = error.to_string();
    assert!(message.contains(&target.display().to_string()), "{message}");
    assert!(
        message.contains("moving the new file into place failed"),
        "{message}"
    );
    assert!(
        message.contains("the previous file is unchanged"),
        "{message}"
    );
    assert_eq!(file_names(&dir), ["results.json"], "no temporary file left");
    assert_eq!(
        fs::read(target.join("precious")).expect("intact"),
        b"precious"
    );
}

#[test]
fn a_temporary_file_left_by_a_crash_is_ignored_and_never_written_through() {
    let dir = scratch("stale_temporary");
    let store = Store::new(&dir);
    let settings = Settings {
        player_name: "Kaisa".to_owned(),
        ..Settings::default()
    };
    store.save_settings(&settings).expect("save");
    let saved = fs::read(store.settings_path()).expect("saved");
    // A crash between writing the temporary file and renaming it leaves one beside the file
    // (under the old fixed name, or a unique one); it may also be another game's write under way.
    let partial = b"{\"player_name\": \"Ha";
    let stale = [".settings.json.Xy12Ab.tmp", "settings.json.tmp"];
    for name in stale {
        fs::write(dir.join(name), partial).expect("partial");
    }
    let mut store = Store::new(&dir);
    let loaded = store.load_settings();
    assert_eq!(loaded.value, settings);
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
    assert_eq!(fs::read(store.settings_path()).expect("intact"), saved);
    store
        .save_settings(&Settings::default())
        .expect("save again");
    assert_eq!(
        file_names(&dir),
        [
            ".settings.json.Xy12Ab.tmp",
            "settings.json",
            "settings.json.tmp"
        ]
    );
    for name in stale {
        assert_eq!(fs::read(dir.join(name)).expect("left alone"), partial);
    }
    assert_eq!(store.load_settings().value, Settings::default());
}

#[test]
fn two_games_saving_at_once_never_tear_the_file() {
    let dir = scratch("two_writers");
    let writers: Vec<_> = (0..4)
        .map(|writer| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let store = Store::new(&dir);
                for n in 0..50 {
                    let settings = Settings {
                        player_name: format!("W{writer}N{n}"),
                        ..Settings::default()
                    };
                    store.save_settings(&settings).expect("every save succeeds");
                }
            })
        })
        .collect();
    let reader = Store::new(&dir);
    for _ in 0..200 {
        if let Ok(bytes) = fs::read(reader.settings_path()) {
            let settings: Settings = serde_json::from_slice(&bytes).expect("never a torn file");
            assert!(settings.player_name.starts_with('W'));
        }
    }
    for writer in writers {
        writer.join().expect("a writer finished");
    }
    assert_eq!(
        file_names(&dir),
        ["settings.json"],
        "no temporary file left"
    );
}

#[test]
fn saved_settings_are_clamped() {
    let dir = scratch("clamped_save");
    let mut store = Store::new(&dir);
    let wild = Settings {
        effects_volume: 3.0,
        player_name: "   ".to_owned(),
        ..Settings::default()
    };
    store.save_settings(&wild).expect("save");
    let loaded = store.load_settings();
    assert!(loaded.notices.is_empty(), "{:#?}", loaded.notices);
    assert_eq!(loaded.value.effects_volume, 1.0);
    assert_eq!(loaded.value.player_name, "Player");
}
