//! The game in a hostile place (#36): a standard error that refuses every write, a temp
//! folder shared with other users.

use crate::common::{play_command, play_in_window, scratch};
use std::fs;
use std::path::Path;
use std::process::Command;

/// How often the game is started when its display may have been taken by another test.
const DISPLAY_TRIES: usize = 3;

/// A full device of the test's own under `dir` (`c 1 7`, as /dev/full; making one needs root),
/// never the system's: `None` when it cannot be made here.
fn full_device(dir: &Path) -> Option<fs::File> {
    let path = dir.join("full");
    let made = Command::new("mknod")
        .arg(&path)
        .args(["c", "1", "7"])
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        eprintln!("not run: mknod needs root");
        return None;
    }
    fs::OpenOptions::new().write(true).open(&path).ok()
}

#[test]
fn a_full_standard_error_never_stops_the_game() {
    let dir = scratch("stderr-full");
    let data = dir.join("data");
    fs::create_dir_all(data.join("latu")).expect("the data directory");
    // A damaged settings file: its notice is printed to the full standard error too.
    fs::write(data.join("latu/settings.json"), b"{\"player_name\": 5").expect("damaged");
    for args in [
        &["--show", "results-list", "--frames", "3"][..],
        &["--frames", "3"][..],
    ] {
        let Some(mut command) = play_command(Some(&data), args) else {
            return;
        };
        // Two `xvfb-run -a` started at once can pick one display (the loser exits 2, its
        // reason unreadable in the full device): started again, as `play_in_window` does.
        let mut status = None;
        for _ in 0..DISPLAY_TRIES {
            let Some(full) = full_device(&dir) else {
                return;
            };
            status = command.stderr(full).status().expect("latu runs").code();
            let _ = fs::remove_file(dir.join("full"));
            if status != Some(2) {
                break;
            }
        }
        assert_eq!(status, Some(0), "latu play {}", args.join(" "));
    }
}

#[test]
fn the_silent_sound_setup_leaves_no_file_in_the_shared_temp_folder() {
    let dir = scratch("alsa-temp");
    let temp = dir.join("tmp");
    fs::create_dir_all(&temp).expect("a temp folder");
    let Some(mut command) = play_command(Some(&dir), &["--frames", "3"]) else {
        return;
    };
    let output = command.env("TMPDIR", &temp).output().expect("latu runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("ALSA's null device"),
        "the null device was used: {stderr}"
    );
    let left: Vec<_> = fs::read_dir(&temp)
        .expect("listed")
        .flatten()
        .map(|entry| entry.file_name())
        .collect();
    assert!(left.is_empty(), "nothing left in the temp folder: {left:?}");
}

#[test]
fn a_damaged_replay_passed_over_as_the_ghost_is_said() {
    let dir = scratch("ghost-damaged");
    let replays = dir.join("latu/replays");
    fs::create_dir_all(&replays).expect("the replays folder");
    // A listed run faster than the bot's: the first ghost tried, its replay damaged.
    let results = r#"{"runs":[{"level":1,"track":1,"name":"Zed","time_s":10.0,"misses":0,
        "coins":0,"score":99999}]}"#;
    fs::write(dir.join("latu/results.json"), results).expect("results");
    fs::write(replays.join("L1T1-600-0m-0c-Zed.json"), b"garbage{").expect("a damaged replay");
    let Some(output) = play_in_window(Some(&dir), &["--show", "ghost", "--frames", "3"]) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("the replay L1T1-600-0m-0c-Zed cannot be a ghost"),
        "{stderr}"
    );
    assert!(replays.join("L1T1-600-0m-0c-Zed.json.corrupt-1").is_file());
}
