//! Every action commits whole: a game killed at any moment (kill -9) leaves no item unpaid, no
//! listed run without its replay, no banked run unlisted, no mission paid twice or lost, and
//! the next start finishes what it
//! was doing and sweeps its temporary files (#26: 6 free items, 8 results without their replay,
//! 8 runs not listed and orphan temporaries in 446 kills).

use crate::storage_support;

use latu::course::Course;
use latu::course::{Lane, ObstacleClass};
use latu::missions::{MissionBook, RunTally};
use latu::replay::{record_bot, CourseChoice};
use latu::shop::Item;
use latu::sim::RunEvent;
use latu::storage::{
    EndlessResult, EndlessRun, KeptRun, NewResult, Purse, ReplayName, StorageError, Store,
    PENDING_FILE, REPLAYS_FOLDER,
};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use storage_support::scratch;

/// The child's data directory (set only in the child process).
const CHILD_DIR: &str = "LATU_ACTIONS_CHILD_DIR";
/// How many kills (`LATU_KILL_RUNS` sets more, as for the figures in #26).
const DEFAULT_KILLS: u64 = 40;
/// Coins each run of the child banks.
const COINS_PER_RUN: i64 = 100;
/// The longest wait before a kill, milliseconds.
const MAX_WAIT_MS: u64 = 60;

/// What each run of the child does towards the missions: 60 coins, 6 hurdles, 1.2 km (the
/// first missions complete on the first run, later ones over several).
fn tally() -> RunTally {
    let mut tally = RunTally::new(false);
    for streak in 1..=60 {
        tally.note(&RunEvent::CoinTaken {
            coin: 0,
            lane: Lane::MIDDLE,
            streak,
        });
    }
    for obstacle in 0..6 {
        tally.note(&RunEvent::ObstacleCleared {
            obstacle,
            class: ObstacleClass::Jump,
        });
    }
    tally.note(&RunEvent::DistanceMark { metres: 1200 });
    tally
}

/// The missions after `runs` of the child's runs, and the coins they paid.
fn missions_after(runs: i64) -> (MissionBook, i64) {
    let mut book = MissionBook::default();
    let mut paid = 0;
    for _ in 0..runs {
        let change = book.after(&tally());
        paid += i64::from(change.coins());
        book = change.book;
    }
    (book, paid)
}

/// The child: finish runs and shop, one after the other, until killed. Run `i` banks
/// [`COINS_PER_RUN`] (and what its [`tally`] pays in missions) and lists an Endless result of `i` metres (always the longest, so always
/// listed) with replay `k<i>`; after each, the first item not owned is bought if affordable.
#[test]
#[ignore = "the child of a_game_killed_at_any_moment_leaves_every_action_whole"]
fn child_acting_until_killed() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let mut store = Store::new(PathBuf::from(dir));
    // As a game starts: what a killed one left is finished before the results are read (a
    // journal that waits for the purse may hold the last run's listing).
    store.finish_interrupted().expect("started");
    let course = Course::endless(1);
    let replay = record_bot(CourseChoice::of(&course), course, 1);
    let start = store
        .load_results()
        .value
        .best_endless_distance()
        .map_or(1, |longest| longest as u64 + 1);
    for i in start.. {
        let name = ReplayName::new(&format!("k{i}")).expect("a replay name");
        let merged = store
            .keep_run(KeptRun {
                coins_change: COINS_PER_RUN,
                result: Some(NewResult::Endless(EndlessResult {
                    kind: EndlessRun { distance: i as f64 },
                    name: format!("k{i}"),
                    ..EndlessResult::default()
                })),
                replay: Some((name, replay.clone())),
                missions: Some(tally()),
            })
            .expect("kept");
        let purse = merged.purse;
        let locker = store.load_locker().value;
        if let Some(item) = Item::all().find(|item| !locker.owns(*item)) {
            if item.price() <= purse.coins {
                // A purse that cannot be read (the test hides it) buys nothing, and says so.
                match store.buy_or_equip(item) {
                    Ok(_) | Err(StorageError::Held { .. }) => {}
                    Err(error) => panic!("saved: {error}"),
                }
            }
        }
    }
}

/// What a killed game left, after the next start finished it: whole.
fn assert_whole(dir: &Path) {
    let mut store = Store::new(dir);
    store.finish_interrupted().expect("finished");
    assert!(!dir.join(PENDING_FILE).exists(), "the journal is done");
    for folder in [dir.to_path_buf(), dir.join(REPLAYS_FOLDER)] {
        let left: Vec<String> = fs::read_dir(&folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|name| name.ends_with(".tmp"))
                    .collect()
            })
            .unwrap_or_default();
        assert!(left.is_empty(), "temporaries swept: {left:?}");
    }
    let results = store.load_results().value;
    for run in results.endless() {
        let replay = dir.join(REPLAYS_FOLDER).join(format!("{}.json", run.name));
        assert!(replay.is_file(), "{} is listed with its replay", run.name);
    }
    let runs = results
        .best_endless_distance()
        .map_or(0, |longest| longest as i64);
    let locker = store.load_locker().value;
    let paid: i64 = Item::all()
        .filter(|item| item.price() > 0 && locker.owns(*item))
        .map(|item| i64::from(item.price()))
        .sum();
    let Purse { coins } = store.load_purse().value;
    let (book, missions_paid) = missions_after(runs);
    assert_eq!(
        i64::from(coins) + paid,
        runs * COINS_PER_RUN + missions_paid,
        "every listed run banked once with its missions, every item paid for"
    );
    assert_eq!(
        store.load_missions().value,
        book,
        "each run's missions kept once"
    );
}

#[test]
fn a_game_killed_at_any_moment_leaves_every_action_whole() {
    let kills = std::env::var("LATU_KILL_RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(DEFAULT_KILLS);
    let dir = scratch("killed");
    let exe = std::env::current_exe().expect("the test binary");
    let (mut journals, mut temporaries) = (0, 0);
    // A fixed sequence of waits (a small LCG), so a failure can be run again.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..kills {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let wait = Duration::from_millis(5 + (state >> 33) % MAX_WAIT_MS);
        let mut child = Command::new(&exe)
            .args([
                "storage_actions::child_acting_until_killed",
                "--exact",
                "--ignored",
            ])
            .env(CHILD_DIR, &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the child starts");
        std::thread::sleep(wait);
        child.kill().expect("killed (SIGKILL)");
        let _ = child.wait();
        journals += usize::from(dir.join(PENDING_FILE).exists());
        temporaries += fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        assert_whole(&dir);
    }
    eprintln!(
        "{kills} kills: {journals} left a journal to finish, {temporaries} temporaries swept"
    );
}

/// Kill the child after a wait from `state` (a small LCG, so a failure can be run again).
fn kill_after_a_while(exe: &Path, dir: &Path, state: &mut u64) {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let wait = Duration::from_millis(5 + (*state >> 33) % MAX_WAIT_MS);
    let mut child = Command::new(exe)
        .args([
            "storage_actions::child_acting_until_killed",
            "--exact",
            "--ignored",
        ])
        .env(CHILD_DIR, dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child starts");
    std::thread::sleep(wait);
    child.kill().expect("killed (SIGKILL)");
    let _ = child.wait();
}

/// #45 item 3: coins won while the purse cannot be read (a folder at its name) wait in the
/// journal; a game killed at any moment — while they wait, or while the first action after
/// the purse is back adds them to it — neither loses them nor adds them twice.
#[test]
fn a_game_killed_while_its_purse_cannot_be_read_loses_no_coin_and_adds_none_twice() {
    let rounds = std::env::var("LATU_KILL_RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(DEFAULT_KILLS)
        / 2;
    let dir = scratch("killed-waiting");
    let exe = std::env::current_exe().expect("the test binary");
    let (purse, hidden) = (dir.join("purse.json"), dir.join("purse.hidden"));
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut waited = 0;
    for _ in 0..rounds {
        // The purse hidden behind a folder at its name while the game plays and is killed.
        fs::create_dir_all(&dir).expect("the data directory");
        if purse.exists() {
            fs::rename(&purse, &hidden).expect("the purse hidden");
        }
        fs::create_dir_all(purse.join("inside")).expect("a folder at the purse");
        kill_after_a_while(&exe, &dir, &mut state);
        waited += usize::from(dir.join(PENDING_FILE).exists());
        fs::remove_dir_all(&purse).expect("the folder taken away");
        if hidden.exists() {
            fs::rename(&hidden, &purse).expect("the purse back");
        }
        // The next game's first action adds what waited, and is killed at any moment too.
        kill_after_a_while(&exe, &dir, &mut state);
        assert_whole(&dir);
    }
    eprintln!("{rounds} rounds of 2 kills: {waited} left coins waiting for the purse");
}

#[test]
fn a_journal_left_by_a_stopped_game_is_put_in_place_at_the_next_start() {
    let dir = scratch("journal");
    fs::create_dir_all(dir.join(REPLAYS_FOLDER)).expect("the folders");
    // A purchase stopped after its journal, before the purse was charged.
    fs::write(
        dir.join(PENDING_FILE),
        br#"{"purse":{"coins":5},"locker":{"bought":["rifle/match"],"rifle":"rifle/match"}}"#,
    )
    .expect("a journal");
    fs::write(dir.join("purse.json"), br#"{"coins":605}"#).expect("the purse before");
    fs::write(dir.join(".purse.json.AbC123.tmp"), b"{\"coi").expect("a temporary");
    fs::write(dir.join(REPLAYS_FOLDER).join(".k1.json.XyZ789.tmp"), b"{").expect("another");
    fs::write(dir.join(".notes.tmp"), b"not ours").expect("someone else's");
    let mut store = Store::new(&dir);
    store.finish_interrupted().expect("finished");
    assert_eq!(store.load_purse().value.coins, 5);
    assert!(store
        .load_locker()
        .value
        .owns(Item::Rifle(latu::shooting::Rifle::Match)));
    assert!(!dir.join(PENDING_FILE).exists());
    assert!(!dir.join(".purse.json.AbC123.tmp").exists());
    assert!(!dir
        .join(REPLAYS_FOLDER)
        .join(".k1.json.XyZ789.tmp")
        .exists());
    assert!(
        dir.join(".notes.tmp").exists(),
        "only the game's own are swept"
    );
}
