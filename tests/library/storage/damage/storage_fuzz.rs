//! A bounded fuzz of the data folder (#36): every saved file × every kind of damage and every
//! special file in its place. After each, a start and two finished runs and a purchase must
//! all go through: each run's coins banked (or their loss said), no journal left (but for a
//! purse or results file that cannot be read: its changes wait, and are put in place by the
//! start after the damage is taken away), at most one message per cause, and the original
//! bytes of every damaged file kept somewhere.
//! `LATU_FUZZ_ROUNDS` repeats the whole grid with other seeds for the figures in #36.

use crate::storage_support;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use latu::course::Course;
use latu::replay::{record_bot, CourseChoice};
use latu::shop::Item;
use latu::storage::{
    player_messages, EndlessResult, EndlessRun, KeptRun, NewResult, ReplayName, Store, PENDING_FILE,
};
use storage_support::scratch;

/// The files a game keeps, and a valid one of each to damage.
const FILES: [(&str, &str); 7] = [
    ("settings.json", r#"{"player_name":"Kai","ghosts":false}"#),
    (
        "results.json",
        r#"{"endless":[{"name":"Kai","distance":5.0,"misses":0,"coins":3,"score":7}]}"#,
    ),
    ("purse.json", r#"{"coins":400}"#),
    (
        "locker.json",
        r#"{"bought":["rifle/match"],"rifle":"rifle/match"}"#,
    ),
    ("pending.json", r#"{"purse":{"coins":450}}"#),
    ("results.json.lock", ""),
    ("replays", ""),
];

/// Coins each run banks.
const COINS: i64 = 30;

/// The damage done to a file's bytes (`seed` varies the cut and the garbage).
fn damaged(kind: &str, good: &str, seed: u64) -> Vec<u8> {
    let cut = if good.is_empty() {
        0
    } else {
        (seed as usize * 7 + 3) % good.len()
    };
    match kind {
        "empty" => Vec::new(),
        "truncated" => good.as_bytes()[..cut].to_vec(),
        "garbage" => (0..64).map(|i| (seed as u8).wrapping_mul(31) ^ i).collect(),
        "not-utf8" => [b"{\"player_name\":\"".as_slice(), &[0xff, 0xfe], b"\"}"].concat(),
        "wrong-types" => br#"{"coins":"many","endless":7,"rifle":[],"purse":"x","player_name":9}"#
            .to_vec(),
        "array" => b"[1,2,3]".to_vec(),
        "duplicate-keys" => {
            br#"{"coins":5,"coins":7,"player_name":"a","player_name":"b","purse":{"coins":1},"purse":{"coins":2}}"#.to_vec()
        }
        "huge-number" => br#"{"coins":1e300,"distance":1e309}"#.to_vec(),
        "deep" => format!("{}{}", "[".repeat(5000), "]".repeat(5000)).into_bytes(),
        other => unreachable!("{other}"),
    }
}

const BYTE_DAMAGE: [&str; 9] = [
    "empty",
    "truncated",
    "garbage",
    "not-utf8",
    "wrong-types",
    "array",
    "duplicate-keys",
    "huge-number",
    "deep",
];
const SPECIAL: [&str; 6] = [
    "folder",
    "fifo",
    "socket",
    "dangling-symlink",
    "dev-zero-symlink",
    "mode-000",
];

fn make_special(path: &Path, kind: &str) {
    match kind {
        "folder" => fs::create_dir_all(path.join("inside")).expect("a folder"),
        "fifo" => assert!(Command::new("mkfifo")
            .arg(path)
            .status()
            .is_ok_and(|s| s.success())),
        "socket" => {
            // A socket's path must fit in 108 bytes, which a deep scratch folder may not: it is
            // bound at a short name in the temporary folder and moved into place.
            let short = std::env::temp_dir().join(format!("latu-{}.sock", std::process::id()));
            let _ = fs::remove_file(&short);
            std::mem::forget(std::os::unix::net::UnixListener::bind(&short).expect("a socket"));
            fs::rename(&short, path).expect("the socket moved into place");
        }
        "dangling-symlink" => std::os::unix::fs::symlink("/nonexistent/x", path).expect("link"),
        "dev-zero-symlink" => std::os::unix::fs::symlink("/dev/zero", path).expect("link"),
        "mode-000" => {
            use std::os::unix::fs::PermissionsExt;
            fs::write(path, b"{}").expect("a file");
            fs::set_permissions(path, fs::Permissions::from_mode(0o000)).expect("chmod");
        }
        other => unreachable!("{other}"),
    }
}

/// One case: the folder with `file` damaged by `kind`; what went wrong, if anything.
fn run_case(dir: &Path, file: &str, kind: &str, seed: u64) -> Result<usize, String> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    for (name, good) in FILES {
        if name != "replays" && name != "pending.json" {
            fs::write(dir.join(name), good).map_err(|e| e.to_string())?;
        }
    }
    let path = dir.join(file);
    let _ = fs::remove_file(&path);
    let good = FILES.iter().find(|(n, _)| *n == file).map_or("", |f| f.1);
    if BYTE_DAMAGE.contains(&kind) {
        fs::write(&path, damaged(kind, good, seed)).map_err(|e| e.to_string())?;
    } else {
        make_special(&path, kind);
    }
    let mut store = Store::new(dir);
    let mut notices = store
        .finish_interrupted()
        .map_err(|e| format!("start: {e}"))?;
    notices.extend(store.load_settings().notices);
    notices.extend(store.load_results().notices);
    let before = store.load_purse();
    notices.extend(before.notices);
    notices.extend(store.load_locker().notices);
    let mut told = player_messages(&notices).len();
    let course = Course::endless(1);
    let replay = record_bot(CourseChoice::of(&course), course, 1);
    let mut purse = before.value.coins;
    for i in 1..=2_u32 {
        let name = ReplayName::new(&format!("f{i}")).expect("a name");
        let merged = store
            .keep_run(KeptRun {
                coins_change: COINS,
                result: Some(NewResult::Endless(EndlessResult {
                    kind: EndlessRun {
                        distance: 100.0 * f64::from(i),
                    },
                    name: format!("f{i}"),
                    ..EndlessResult::default()
                })),
                replay: Some((name, replay.clone())),
                missions: None,
            })
            .map_err(|e| format!("run {i}: {e}"))?;
        let said = player_messages(&merged.notices);
        told += said.len();
        let banked = merged.purse.coins == purse + COINS as u32;
        let loss_said = said.iter().any(|m| m.contains("coins"));
        if !banked && !loss_said && merged.purse.coins < purse + COINS as u32 {
            return Err(format!("run {i}: {purse} -> {} unsaid", merged.purse.coins));
        }
        purse = merged.purse.coins;
    }
    // A purse or locker that cannot be read refuses a purchase (its coins or items unknown).
    let unread = unreadable(&path);
    let bought = store.buy_or_equip(Item::all().nth(1).expect("an item"));
    if let Err(e) = bought {
        if !(unread && matches!(file, "purse.json" | "locker.json")) {
            return Err(format!("shop: {e}"));
        }
    }
    // What cannot be read is left where it is and what changes it waits in the journal
    // (README): once the damage is taken away, the next start puts it in place.
    if dir.join(PENDING_FILE).exists() && !(unread && matches!(file, "purse.json" | "results.json"))
    {
        return Err("a journal was left".to_owned());
    }
    let _ = Command::new("chmod").arg("u+rw").arg(&path).status();
    let _ = fs::remove_dir_all(&path).or_else(|_| fs::remove_file(&path));
    Store::new(dir)
        .finish_interrupted()
        .map_err(|e| format!("the start after: {e}"))?;
    if dir.join(PENDING_FILE).exists() {
        return Err("a journal was left after the damage was taken away".to_owned());
    }
    Ok(told)
}

/// Whether `path` cannot be read by this process (not a regular file, no permission).
fn unreadable(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|meta| !meta.is_file() || fs::File::open(path).is_err())
}

#[test]
fn every_saved_file_damaged_or_replaced_never_blocks_a_run_nor_loses_coins_unsaid() {
    let rounds: u64 = std::env::var("LATU_FUZZ_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let root = scratch("fuzz");
    let mut failures = Vec::new();
    let mut told: BTreeMap<usize, usize> = BTreeMap::new();
    let mut cases = 0;
    for seed in 0..rounds {
        for (file, _) in FILES {
            for kind in BYTE_DAMAGE.iter().chain(&SPECIAL) {
                if file == "replays" && BYTE_DAMAGE.contains(kind) && *kind != "garbage" {
                    continue;
                }
                cases += 1;
                let dir = root.join(format!("{seed}-{file}-{kind}"));
                match run_case(&dir, file, kind, seed) {
                    Ok(messages) => *told.entry(messages).or_default() += 1,
                    Err(why) => failures.push(format!("{file} {kind} (seed {seed}): {why}")),
                }
                let _ = Command::new("chmod")
                    .args(["-R", "u+rwx"])
                    .arg(&dir)
                    .status();
                let _ = fs::remove_dir_all(&dir);
            }
        }
    }
    eprintln!(
        "storage fuzz: {cases} cases, {} failed; messages told per case: {told:?}",
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}
