//! Saved replays: stored, listed and loaded by name; never overwritten; a damaged one is
//! reported with its file and the problem.

use crate::storage_support;

use std::fs;
use std::path::Path;

use latu::replay::Replay;
use latu::storage::{ReplayName, StorageError, Store, WriteStep};
use storage_support::{assert_write_failed_at, scratch};

fn golden(file: &str) -> (Replay, Vec<u8>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(file);
    let replay = Replay::load(&path).expect("a golden replay loads");
    (replay, fs::read(&path).expect("the golden's bytes"))
}

fn name(text: &str) -> ReplayName {
    ReplayName::new(text).expect("a valid replay name")
}

#[test]
fn replays_are_saved_byte_for_byte_listed_and_loaded() {
    let store = Store::new(scratch("round_trip"));
    assert!(store.replay_names().expect("no folder yet").is_empty());
    let (replay, bytes) = golden("bot-l1-t1.json");
    let path = store.save_replay(&name("l1-t1"), &replay).expect("save");
    assert_eq!(path, store.dir().join("replays").join("l1-t1.json"));
    assert_eq!(
        fs::read(&path).expect("saved"),
        bytes,
        "the replay module's own format"
    );
    let (endless, _) = golden("bot-endless.json");
    store
        .save_replay(&name("a_endless"), &endless)
        .expect("save");
    assert_eq!(
        store.replay_names().expect("list"),
        [name("a_endless"), name("l1-t1")]
    );
    assert_eq!(store.load_replay(&name("l1-t1")).expect("load"), replay);
    assert_eq!(
        store.load_replay(&name("a_endless")).expect("load"),
        endless
    );
}

#[test]
fn a_replay_is_never_overwritten_and_a_free_name_is_offered() {
    let store = Store::new(scratch("no_overwrite"));
    let (first, first_bytes) = golden("bot-l1-t1.json");
    let (second, _) = golden("bot-l2-t1.json");
    store.save_replay(&name("best"), &first).expect("save");
    let error = store
        .save_replay(&name("best"), &second)
        .expect_err("taken");
    assert!(matches!(error, StorageError::Exists { .. }), "{error:?}");
    assert!(error.to_string().contains("best.json"), "{error}");
    assert_eq!(
        fs::read(store.replay_path(&name("best"))).expect("kept"),
        first_bytes
    );
    assert_eq!(
        store.free_replay_name(&name("best")).expect("free"),
        name("best-2")
    );
    store.save_replay(&name("best-2"), &second).expect("save");
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
    let (replay, _) = golden("bot-l1-t2.json");
    store.save_replay(&name("good"), &replay).expect("save");
    let folder = store.dir().join("replays");
    fs::write(folder.join("cut.json"), b"{\"level\": 1, \"inp").expect("a truncated replay");
    fs::write(folder.join("cut.json.corrupt-1"), b"x").expect("a kept file");
    fs::write(folder.join("good.json.tmp"), b"{").expect("a stale temporary file");
    fs::write(folder.join("notes.txt"), b"x").expect("another file");
    assert_eq!(
        store.replay_names().expect("list"),
        [name("cut"), name("good")]
    );
    let error = store.load_replay(&name("cut")).expect_err("truncated");
    let message = error.to_string();
    assert!(
        message.contains(&folder.join("cut.json").display().to_string()),
        "{message}"
    );
    assert!(
        message.contains("is not JSON: EOF while parsing"),
        "{message}"
    );
    assert!(message.contains("cut.json.corrupt-2"), "{message}");
    assert!(!folder.join("cut.json").exists(), "moved aside");
    assert_eq!(
        fs::read(folder.join("cut.json.corrupt-2")).expect("kept, bytes untouched"),
        b"{\"level\": 1, \"inp"
    );
    assert_eq!(store.replay_names().expect("list"), [name("good")]);
    let error = store.load_replay(&name("gone")).expect_err("missing");
    let message = error.to_string();
    assert!(message.contains("gone.json does not exist"), "{message}");
}

#[test]
fn an_unwritable_data_directory_is_reported() {
    let dir = scratch("unwritable");
    fs::write(dir.join("file"), b"a regular file").expect("a file");
    let store = Store::new(dir.join("file").join("latu"));
    let replay = golden("bot-l1-t3.json").0;
    let error = store
        .save_replay(&name("run"), &replay)
        .expect_err("cannot create");
    assert_write_failed_at(&error, WriteStep::CreateDirectory);
    assert!(error.to_string().contains("run.json"), "{error}");
    assert!(
        store.replay_names().is_err(),
        "listing says the folder is unreadable"
    );
}
