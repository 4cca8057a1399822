//! The storage fault matrix (#45): every file the game keeps × every way it can be damaged,
//! then a start, two finished runs (coins, an Endless result, a replay, missions) and a
//! Daily's streak; then the damage is taken away and the game started again. No case may
//! panic, lose a run's coin, a listed run or a run's replay. The matrix is printed (run with
//! `-- --nocapture` to see it). Mode 000 is tried as nobody when the test runs as root (who
//! reads such files anyway); "n/a" where that cannot be done.

use crate::storage_support;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;

use latu::course::daily::Date;
use latu::course::{Course, Lane};
use latu::missions::{MissionBook, RunTally};
use latu::online::{player_keys, Outbox, SECRET_BYTES};
use latu::replay::{record_bot, CourseChoice, Replay};
use latu::sim::RunEvent;
use latu::storage::{
    EndlessResult, EndlessRun, KeptRun, NewResult, ReplayName, Store, Streak, REPLAYS_FOLDER,
};
use storage_support::scratch;

/// Coins each run banks, and the coins the purse holds before the damage.
const COINS: i64 = 30;
const PURSE_BEFORE: u32 = 400;
/// A size over every cap (4 MiB for a document, 16 MiB for a replay or a queued run).
const HUGE_BYTES: u64 = 20 << 20;

/// The files, by the name the matrix prints.
const FILES: [&str; 10] = [
    "settings", "results", "purse", "locker", "journal", "missions", "streak", "identity",
    "replay", "outbox",
];
const DAMAGES: [&str; 8] = [
    "missing",
    "empty",
    "truncated",
    "garbage",
    "folder",
    "fifo",
    "mode-000",
    "huge",
];

fn path_of(dir: &Path, file: &str) -> PathBuf {
    match file {
        "journal" => dir.join("pending.json"),
        "replay" => dir.join(REPLAYS_FOLDER).join("old.json"),
        "outbox" => dir.join("outbox").join("queued.json"),
        name => dir.join(format!("{name}.json")),
    }
}

fn root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn replay() -> Replay {
    let course = Course::endless(1);
    record_bot(CourseChoice::of(&course), course, 1)
}

/// What each run does towards the missions: 40 coins and 1.2 km.
fn tally() -> RunTally {
    let mut tally = RunTally::new(true);
    for streak in 1..=40 {
        tally.note(&RunEvent::CoinTaken {
            coin: 0,
            lane: Lane::MIDDLE,
            streak,
        });
    }
    tally.note(&RunEvent::DistanceMark { metres: 1200 });
    tally
}

/// The data folder as a game leaves it, every file whole.
fn set_up(dir: &Path, replay: &Replay) {
    fs::create_dir_all(dir.join(REPLAYS_FOLDER)).expect("the folders");
    let json = |value: &dyn erased::Json| value.text();
    fs::write(dir.join("settings.json"), r#"{"player_name":"Kai"}"#).expect("settings");
    fs::write(
        dir.join("results.json"),
        r#"{"endless":[{"name":"old","distance":1.0,"misses":0,"coins":3}]}"#,
    )
    .expect("results");
    fs::write(
        dir.join("purse.json"),
        format!(r#"{{"coins":{PURSE_BEFORE}}}"#),
    )
    .expect("purse");
    fs::write(dir.join("locker.json"), "{}").expect("locker");
    fs::write(dir.join("missions.json"), json(&MissionBook::default())).expect("missions");
    fs::write(dir.join("streak.json"), json(&Streak::default())).expect("streak");
    fs::write(dir.join(REPLAYS_FOLDER).join("old.json"), replay.to_json()).expect("a replay");
    let mut store = Store::new(dir);
    player_keys(&mut store, || Ok([9; SECRET_BYTES])).expect("a key");
    let outbox = Outbox::new(dir);
    outbox.queue(replay.to_json().as_bytes()).expect("queued");
    let queued = outbox.waiting();
    fs::rename(outbox.dir().join(&queued[0]), path_of(dir, "outbox")).expect("named");
}

/// Tiny trait object shim: serialize any of the game's documents.
mod erased {
    pub trait Json {
        fn text(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).expect("JSON")
        }
    }
}

fn damage(path: &Path, kind: &str) {
    let good = fs::read(path).unwrap_or_default();
    let _ = fs::remove_file(path);
    match kind {
        "missing" => {}
        "empty" => fs::write(path, b"").expect("empty"),
        "truncated" => fs::write(path, &good[..good.len() / 2]).expect("truncated"),
        "garbage" => fs::write(path, [0xff, 0x00, 0x7b, 0x9c, 0x22, 0xfe]).expect("garbage"),
        "folder" => fs::create_dir_all(path.join("inside")).expect("a folder"),
        "fifo" => assert!(Command::new("mkfifo")
            .arg(path)
            .status()
            .is_ok_and(|s| s.success())),
        "mode-000" => {
            fs::write(path, &good).expect("a file");
            fs::set_permissions(path, fs::Permissions::from_mode(0o000)).expect("chmod");
        }
        "huge" => fs::File::create(path)
            .and_then(|file| file.set_len(HUGE_BYTES))
            .expect("a sparse huge file"),
        other => unreachable!("{other}"),
    }
}

/// Take the damage away where the game left it: something not a regular file at the name
/// goes; a file of mode 000 is made readable again. (Damaged bytes the game read were kept
/// aside and a good file saved in their place: that stays.)
fn repair(path: &Path, kind: &str) {
    match kind {
        "mode-000" => {
            let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o644));
        }
        "folder" => {
            let _ = fs::remove_dir_all(path);
        }
        "fifo" => {
            let _ = fs::remove_file(path);
        }
        _ => {}
    }
}

/// What one case lost: coins of the runs, listed runs, replays of the runs; or its panic.
#[derive(Debug, Default)]
struct Lost {
    coins: i64,
    results: usize,
    replays: usize,
    queued: usize,
}

fn run_case(dir: &Path, file: &str, kind: &str, replay: &Replay) -> Lost {
    set_up(dir, replay);
    let path = path_of(dir, file);
    damage(&path, kind);
    // A damaged purse's coins are its bytes, kept aside (or the damage itself): the runs'
    // coins are counted from an empty purse then; one of mode 000 holds its coins still.
    let base = if file == "purse" && kind != "mode-000" {
        0
    } else {
        i64::from(PURSE_BEFORE)
    };
    // The start, as the flow does it.
    let mut store = Store::new(dir);
    let _ = store.finish_interrupted();
    let _ = store.load_settings();
    let _ = store.load_results();
    let _ = store.load_purse();
    let _ = store.load_locker();
    let _ = store.load_missions();
    let _ = store.load_streak();
    let _ = player_keys(&mut store, || Ok([7; SECRET_BYTES]));
    let outbox = Outbox::new(dir);
    let _ = outbox.waiting();
    let mut paid = 0_i64;
    for i in 1..=2_u32 {
        let name = ReplayName::new(&format!("new{i}")).expect("a name");
        let kept = store.keep_run(KeptRun {
            coins_change: COINS,
            result: Some(NewResult::Endless(EndlessResult {
                kind: EndlessRun {
                    distance: 100.0 * f64::from(i),
                },
                name: format!("new{i}"),
                ..EndlessResult::default()
            })),
            replay: Some((name, replay.clone())),
            missions: Some(tally()),
        });
        if let Ok(merged) = kept {
            paid += merged
                .missions
                .map_or(0, |change| i64::from(change.coins()));
        }
    }
    let day = Date::parse("2026-12-06").expect("a day");
    if let Ok(banked) = store.bank_streak(day) {
        paid += i64::from(banked.reward);
    }
    let behind = outbox.queue(br#"{"a run":"queued after the damage"}"#);
    repair(&path, kind);
    let mut store = Store::new(dir);
    let _ = store.finish_interrupted();
    let coins = i64::from(store.load_purse().value.coins);
    let results = store.load_results().value;
    let listed = ["new1", "new2"]
        .iter()
        .filter(|name| results.endless().iter().any(|run| run.name == **name))
        .count();
    let replays = ["new1", "new2"]
        .iter()
        .filter(|name| {
            dir.join(REPLAYS_FOLDER)
                .join(format!("{name}.json"))
                .is_file()
        })
        .count();
    let queued = match behind {
        Ok(name) => usize::from(!outbox.waiting().contains(&name)),
        Err(_) => 1,
    };
    Lost {
        coins: base + 2 * COINS + paid - coins,
        results: 2 - listed,
        replays: 2 - replays,
        queued,
    }
}

/// One case's cell in the matrix: "ok", what was lost, or "PANIC".
fn cell(top: &Path, file: &str, kind: &str, replay: &Replay) -> String {
    let dir = top.join(format!("{file}-{kind}"));
    let case = catch_unwind(AssertUnwindSafe(|| run_case(&dir, file, kind, replay)));
    let _ = Command::new("chmod")
        .args(["-R", "u+rwX"])
        .arg(&dir)
        .status();
    let _ = fs::remove_dir_all(&dir);
    match case {
        Err(_) => "PANIC".to_owned(),
        Ok(lost) if lost.coins == 0 && lost.results + lost.replays + lost.queued == 0 => {
            "ok".to_owned()
        }
        Ok(lost) => format!(
            "-{}c-{}r-{}p-{}q",
            lost.coins, lost.results, lost.replays, lost.queued
        ),
    }
}

/// The mode-000 column: here when this process is not root (permission bits stop it), else
/// by a child run as nobody; "n/a" when that cannot be done here.
fn mode_000_column(replay: &Replay) -> Vec<String> {
    if !root() {
        let top = scratch("matrix-000");
        return FILES
            .map(|file| cell(&top, file, "mode-000", replay))
            .to_vec();
    }
    let dir = super::storage_recovery::reachable_scratch("matrix-000");
    let child = "child_mode_000_column";
    if super::storage_recovery::as_unprivileged(module_path!(), child, &dir).is_none() {
        return FILES.map(|_| "n/a".to_owned()).to_vec();
    }
    let cells = fs::read_to_string(dir.join("cells.txt")).expect("the child's cells");
    cells.lines().map(str::to_owned).collect()
}

/// The child: the mode-000 column, as a user permission bits stop, one cell a line.
#[test]
#[ignore = "the child of every_file_damaged_every_way_loses_no_coin_run_or_replay"]
fn child_mode_000_column() {
    let Some(dir) = std::env::var_os(super::storage_recovery::CHILD_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let replay = replay();
    let cells = FILES.map(|file| cell(&dir, file, "mode-000", &replay));
    fs::write(dir.join("cells.txt"), cells.join("\n")).expect("cells written");
}

#[test]
fn every_file_damaged_every_way_loses_no_coin_run_or_replay() {
    let replay = replay();
    let top = scratch("matrix");
    let mut lines = vec![format!(
        "{:<9} {}",
        "file",
        DAMAGES.map(|d| format!("{d:<9}")).join(" ")
    )];
    let mut failures = Vec::new();
    let column = mode_000_column(&replay);
    for (row, file) in FILES.into_iter().enumerate() {
        let mut line = format!("{file:<9}");
        for kind in DAMAGES {
            let cell = match kind {
                "mode-000" => column[row].clone(),
                _ => cell(&top, file, kind, &replay),
            };
            if cell != "ok" && cell != "n/a" {
                failures.push(format!("{file} {kind}: {cell}"));
            }
            line.push_str(&format!(" {cell:<9}"));
        }
        lines.push(line);
    }
    let matrix = lines.join("\n");
    eprintln!("storage fault matrix (ok: nothing lost; -Nc coins, r results, p replays, q queued runs lost):\n{matrix}");
    assert!(failures.is_empty(), "{failures:#?}\n{matrix}");
}
