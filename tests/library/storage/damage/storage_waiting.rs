//! Reliability round four (#45 item 3): a journal never drops what it carries, and a file that
//! cannot be read is left where it is (README, "Where things are kept"). What an action
//! changes in such a file waits in the journal, told once in one sentence, and is put in place
//! by the first action or start after the file can be written again.

use crate::storage_support;

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;

use latu::storage::{
    player_messages, StorageError, StorageNotice, Store, PENDING_FILE, REPLAYS_FOLDER,
};
use storage_support::kept_runs::{keep, mkfifo, socket, COINS};
use storage_support::{games_bank_at_once, scratch};

/// What a game's start reads, as the flow does: the stopped action finished, then the files.
fn start(dir: &Path) -> (Store, Vec<StorageNotice>) {
    let mut store = Store::new(dir);
    let mut notices = store.finish_interrupted().expect("started");
    notices.extend(store.load_settings().notices);
    notices.extend(store.load_results().notices);
    notices.extend(store.load_purse().notices);
    notices.extend(store.load_locker().notices);
    (store, notices)
}

/// A kind of thing that is not a regular file, and how to make one at a path.
type Maker = (&'static str, fn(&Path));

fn not_files() -> Vec<Maker> {
    vec![
        ("folder", |path| {
            fs::create_dir_all(path.join("inside")).expect("a folder")
        }),
        ("fifo", mkfifo),
        ("socket", socket),
    ]
}

/// Whether what `make` put at `path` is still there, as it was.
fn still_there(kind: &str, path: &Path) -> bool {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return false;
    };
    match kind {
        "folder" => meta.is_dir() && path.join("inside").is_dir(),
        "fifo" => meta.file_type().is_fifo(),
        _ => meta.file_type().is_socket(),
    }
}

/// No file in `dir` was set aside.
fn nothing_set_aside(dir: &Path) -> bool {
    fs::read_dir(dir)
        .expect("the data directory")
        .flatten()
        .all(|entry| !entry.file_name().to_string_lossy().contains(".corrupt-"))
}

#[test]
fn a_journal_for_a_purse_that_is_a_folder_waits_said_once_and_is_banked_when_it_can_be() {
    let dir = scratch("wait-purse-folder");
    fs::create_dir_all(dir.join("purse.json").join("inside")).expect("a folder at the purse");
    let journal = r#"{"purse":{"coins":5000}}"#;
    fs::write(dir.join(PENDING_FILE), journal).expect("a journal");
    let (_, notices) = start(&dir);
    let told = player_messages(&notices);
    assert_eq!(
        told,
        ["Your purse cannot be opened (no permission, or not a file), so the coins won or spent \
          wait in the game's journal and will be added to it once it can be; the file is left \
          as it is."]
    );
    assert!(
        dir.join("purse.json").join("inside").is_dir(),
        "left where it is"
    );
    assert!(nothing_set_aside(&dir), "nothing moved aside");
    // A run meanwhile banks on top of the 5 000 that wait.
    let merged = keep(&mut Store::new(&dir), 1).expect("kept");
    assert_eq!(merged.purse.coins, 5000 + COINS as u32);
    assert_eq!(merged.place, Some(0), "listed");
    assert!(dir.join(PENDING_FILE).is_file(), "the journal waits");
    fs::remove_dir_all(dir.join("purse.json")).expect("the folder taken away");
    let (mut store, notices) = start(&dir);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(store.load_purse().value.coins, 5000 + COINS as u32);
    assert!(!dir.join(PENDING_FILE).exists(), "the journal is done");
}

#[test]
fn a_journal_for_results_that_are_a_folder_waits_and_lists_its_runs_when_it_can() {
    let dir = scratch("wait-results-folder");
    fs::create_dir_all(dir.join("results.json").join("inside")).expect("a folder");
    let journal = r#"{"purse":{"coins":5},"results":{"endless":[
        {"name":"a","distance":30,"misses":0,"coins":1},
        {"name":"b","distance":20,"misses":0,"coins":1},
        {"name":"c","distance":10,"misses":0,"coins":1}]}}"#;
    fs::write(dir.join(PENDING_FILE), journal).expect("a journal");
    let mut store = Store::new(&dir);
    let banked = store.bank(COINS).expect("banked");
    // What of the journal could be put in place was (its purse), then this action's coins.
    assert_eq!(banked.value.coins, 5 + COINS as u32);
    assert!(
        player_messages(&banked.notices).is_empty(),
        "told at the start, not at each action"
    );
    assert!(dir.join("results.json").join("inside").is_dir());
    assert!(nothing_set_aside(&dir));
    let (_, notices) = start(&dir);
    let told = player_messages(&notices);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("Your results list cannot be opened"),
        "{told:?}"
    );
    assert!(told[0].contains("new runs wait"), "{told:?}");
    fs::remove_dir_all(dir.join("results.json")).expect("the folder taken away");
    let (mut store, notices) = start(&dir);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(store.load_results().value.endless().len(), 3);
    assert_eq!(store.load_purse().value.coins, 5 + COINS as u32);
    assert!(!dir.join(PENDING_FILE).exists());
}

#[test]
fn a_purse_that_is_not_a_file_is_left_where_it_is_and_the_coins_wait_for_it() {
    for (kind, make) in not_files() {
        let dir = scratch(&format!("wait-purse-{kind}"));
        make(&dir.join("purse.json"));
        let mut told = Vec::new();
        for i in 1..=2 {
            let merged = keep(&mut Store::new(&dir), i).expect("kept");
            assert_eq!(
                merged.purse.coins,
                COINS as u32 * i,
                "{kind}: the coins waiting"
            );
            assert_eq!(merged.place, Some(0), "{kind}: listed");
            told.extend(player_messages(&merged.notices));
        }
        assert!(
            still_there(kind, &dir.join("purse.json")),
            "{kind}: left where it is"
        );
        assert!(nothing_set_aside(&dir), "{kind}");
        assert!(
            told.iter()
                .all(|m| m.contains("wait in the game's journal"))
                && !told.is_empty(),
            "{kind}: {told:?}"
        );
        // The purse is back, with coins of its own: the waiting coins are added to them.
        if kind == "folder" {
            fs::remove_dir_all(dir.join("purse.json")).expect("taken away");
        } else {
            fs::remove_file(dir.join("purse.json")).expect("taken away");
        }
        fs::write(dir.join("purse.json"), br#"{"coins": 900}"#).expect("a purse");
        let merged = keep(&mut Store::new(&dir), 3).expect("kept");
        assert_eq!(merged.purse.coins, 900 + 3 * COINS as u32, "{kind}");
        assert_eq!(
            Store::new(&dir).load_purse().value.coins,
            900 + 3 * COINS as u32
        );
        assert!(!dir.join(PENDING_FILE).exists(), "{kind}");
    }
}

#[test]
fn results_that_are_not_a_file_are_left_where_they_are_and_runs_wait_with_their_replays() {
    for (kind, make) in not_files() {
        let dir = scratch(&format!("wait-results-{kind}"));
        make(&dir.join("results.json"));
        for i in 1..=2 {
            let merged = keep(&mut Store::new(&dir), i).expect("kept");
            assert_eq!(merged.purse.coins, COINS as u32 * i, "{kind}: banked");
            assert_eq!(merged.place, None, "{kind}: no place yet");
            assert!(merged.not_listed.is_none(), "{kind}");
            let told = player_messages(&merged.notices);
            assert_eq!(told.len(), 1, "{kind}: {told:?}");
            assert!(told[0].contains("new runs wait"), "{kind}: {told:?}");
        }
        assert!(still_there(kind, &dir.join("results.json")), "{kind}");
        assert!(nothing_set_aside(&dir), "{kind}");
        let replays = dir.join(REPLAYS_FOLDER);
        assert!(replays.join("r1.json").is_file() && replays.join("r2.json").is_file());
        if kind == "folder" {
            fs::remove_dir_all(dir.join("results.json")).expect("taken away");
        } else {
            fs::remove_file(dir.join("results.json")).expect("taken away");
        }
        let (mut store, notices) = start(&dir);
        assert!(notices.is_empty(), "{kind}: {notices:?}");
        assert_eq!(store.load_results().value.endless().len(), 2, "{kind}");
        assert!(!dir.join(PENDING_FILE).exists(), "{kind}");
    }
}

#[test]
fn a_locker_or_streak_that_is_not_a_file_refuses_the_change_and_stays() {
    let dir = scratch("wait-locker-folder");
    fs::create_dir_all(dir.join("locker.json")).expect("a folder");
    fs::write(dir.join("purse.json"), br#"{"coins": 5000}"#).expect("a purse");
    let mut store = Store::new(&dir);
    let item = latu::shop::Item::all()
        .find(|item| item.price() > 0)
        .expect("an item for sale");
    let error = store.buy_or_equip(item).expect_err("nothing bought");
    assert!(matches!(error, StorageError::Held { .. }), "{error:?}");
    assert_eq!(store.load_purse().value.coins, 5000, "no coin spent");
    assert!(dir.join("locker.json").is_dir());
    assert!(nothing_set_aside(&dir));
}

/// Two games banking and spending at once while the purse cannot be read: every coin waits
/// once in the one journal (each game adds to it under the lock, from what it holds then), and
/// all of them land once the purse is back.
#[test]
fn games_banking_at_once_while_the_purse_cannot_be_read_lose_no_coin() {
    const GAMES: i64 = 2;
    const RUNS: i64 = 60;
    let dir = scratch("wait-two-games");
    fs::create_dir_all(dir.join("purse.json").join("inside")).expect("a folder at the purse");
    let expected = games_bank_at_once(&dir, GAMES, RUNS, |dir| Store::new(dir));
    fs::remove_dir_all(dir.join("purse.json")).expect("the folder taken away");
    fs::write(dir.join("purse.json"), br#"{"coins": 1000}"#).expect("the purse back");
    let (mut store, _) = start(&dir);
    assert_eq!(i64::from(store.load_purse().value.coins), 1000 + expected);
    assert!(!dir.join(PENDING_FILE).exists());
}
