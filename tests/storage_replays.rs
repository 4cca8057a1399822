//! Saved replays: stored, listed and loaded by name; never overwritten; a damaged one is
//! reported with its file and the problem.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::json;

use latu::storage::{ReplayName, StorageError, Store, WriteStep};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("storage_replays")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory under target/tmp");
    dir
}

fn name(text: &str) -> ReplayName {
    ReplayName::new(text).expect("a valid replay name")
}

#[test]
fn replays_are_saved_listed_and_loaded() {
    let store = Store::new(scratch("round_trip"));
    assert!(store.replay_names().expect("no folder yet").is_empty());
    let replay = json!({"level": 1, "track": 2, "seed": 7, "inputs": [[12, "left"], [40, "jump"]]});
    let path = store.save_replay(&name("l1-t2"), &replay).expect("save");
    assert_eq!(path, store.dir().join("replays").join("l1-t2.json"));
    store
        .save_replay(&name("a_first"), &json!({}))
        .expect("save");
    assert_eq!(
        store.replay_names().expect("list"),
        [name("a_first"), name("l1-t2")]
    );
    let loaded: serde_json::Value = store.load_replay(&name("l1-t2")).expect("load");
    assert_eq!(loaded, replay);
}

#[test]
fn a_replay_loads_as_the_callers_own_type() {
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Inputs {
        seed: u64,
        ticks: Vec<u64>,
    }
    let store = Store::new(scratch("typed"));
    let inputs = Inputs {
        seed: u64::MAX,
        ticks: vec![1, 60, 61],
    };
    store.save_replay(&name("typed"), &inputs).expect("save");
    assert_eq!(
        store.load_replay::<Inputs>(&name("typed")).expect("load"),
        inputs
    );
    let error = store
        .load_replay::<Vec<u8>>(&name("typed"))
        .expect_err("not a list");
    assert!(matches!(error, StorageError::Invalid { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("typed.json is unusable: invalid type"),
        "{error}"
    );
}

#[test]
fn a_replay_is_never_overwritten_and_a_free_name_is_offered() {
    let store = Store::new(scratch("no_overwrite"));
    let first = json!({"run": 1});
    store.save_replay(&name("best"), &first).expect("save");
    let error = store
        .save_replay(&name("best"), &json!({"run": 2}))
        .expect_err("taken");
    assert!(matches!(error, StorageError::Exists { .. }), "{error:?}");
    assert!(error.to_string().contains("best.json"), "{error}");
    let kept: serde_json::Value = store.load_replay(&name("best")).expect("load");
    assert_eq!(kept, first);
    assert_eq!(
        store.free_replay_name(&name("best")).expect("free"),
        name("best-2")
    );
    store
        .save_replay(&name("best-2"), &json!({"run": 2}))
        .expect("save");
    assert_eq!(
        store.free_replay_name(&name("best")).expect("free"),
        name("best-3")
    );
    assert_eq!(
        store.free_replay_name(&name("other")).expect("free"),
        name("other")
    );
}

#[test]
fn damaged_and_missing_replays_are_reported_with_their_file() {
    let store = Store::new(scratch("damaged"));
    store
        .save_replay(&name("good"), &json!([1, 2]))
        .expect("save");
    let folder = store.dir().join("replays");
    fs::write(folder.join("cut.json"), b"{\"level\": 1, \"inp").expect("a truncated replay");
    fs::write(folder.join("cut.json.corrupt-1"), b"x").expect("a kept file");
    fs::write(folder.join("good.json.tmp"), b"{").expect("a stale temporary file");
    fs::write(folder.join("notes.txt"), b"x").expect("another file");
    assert_eq!(
        store.replay_names().expect("list"),
        [name("cut"), name("good")]
    );
    let error = store
        .load_replay::<serde_json::Value>(&name("cut"))
        .expect_err("truncated");
    let message = error.to_string();
    assert!(
        message.contains(&folder.join("cut.json").display().to_string()),
        "{message}"
    );
    assert!(message.contains("EOF while parsing"), "{message}");
    assert_eq!(
        fs::read(folder.join("cut.json")).expect("left as it was"),
        b"{\"level\": 1, \"inp"
    );
    let error = store
        .load_replay::<serde_json::Value>(&name("gone"))
        .expect_err("missing");
    assert!(matches!(error, StorageError::Read { .. }), "{error:?}");
    assert!(error.to_string().contains("gone.json"), "{error}");
}

#[test]
fn an_unwritable_data_directory_is_reported() {
    let dir = scratch("unwritable");
    fs::write(dir.join("file"), b"a regular file").expect("a file");
    let store = Store::new(dir.join("file").join("latu"));
    let error = store
        .save_replay(&name("run"), &json!({}))
        .expect_err("cannot create");
    assert!(
        matches!(
            error,
            StorageError::Write {
                step: WriteStep::CreateDirectory,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("run.json"), "{error}");
    assert!(
        store.replay_names().is_err(),
        "listing says the folder is unreadable"
    );
}
