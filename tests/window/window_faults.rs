//! The game in a hostile place (#36): a standard error that refuses every write, a temp
//! folder shared with other users.

use crate::common::{play_command, play_in_window, scratch, silent_alsa, LATU};
use crate::not_run::{not_run, Need};
use std::fs;
use std::path::Path;
use std::process::Command;

/// The X display numbers this test picks its own from (by process id), clear of `xvfb-run -a`'s
/// first ones; how many tenths of a second its server may take to start.
const DISPLAY_BASE: u32 = 200;
const DISPLAY_SPREAD: u32 = 500;
const DISPLAY_WAITS: usize = 50;
/// Starts of the game on one resetting server (a third failed before: all ten passing by
/// chance had odds of about 1 in 60).
const RESET_STARTS: usize = 10;

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
        not_run(
            Need::Tools,
            "a_full_standard_error_never_stops_the_game",
            "making a full device of its own (mknod) needs root",
        );
        return None;
    }
    fs::OpenOptions::new().write(true).open(&path).ok()
}

/// An X server of this test's own (Xvfb on a display number of its own), so no other game's
/// `xvfb-run -a` can take its display: what it starts is judged by its exit code alone, its
/// standard error being a full device. Stopped when dropped.
pub(crate) struct OwnDisplay {
    server: std::process::Child,
    display: String,
}

impl OwnDisplay {
    /// The server on the display number this process and `test` (a test's own index here,
    /// so two tests running at once never share one) pick; `None`, said as `name` not having
    /// run, when none could start.
    pub(crate) fn start_for(test: u32, name: &str) -> Option<Self> {
        let own = Self::start(test);
        if own.is_none() {
            not_run(
                Need::Window,
                name,
                "no Xvfb of its own could start (apt-get install xvfb)",
            );
        }
        own
    }

    fn start(test: u32) -> Option<Self> {
        let number = DISPLAY_BASE + (std::process::id() + test) % DISPLAY_SPREAD;
        let server = Command::new("Xvfb")
            .arg(format!(":{number}"))
            .args(["-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .ok()?;
        let own = Self {
            server,
            display: format!(":{number}"),
        };
        let socket = Path::new("/tmp/.X11-unix").join(format!("X{number}"));
        for _ in 0..DISPLAY_WAITS {
            if socket.exists() {
                return Some(own);
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        None
    }

    /// The display's name (`:N`).
    pub(crate) fn name(&self) -> &str {
        &self.display
    }

    /// `latu play ARGS` on this display, its data in `data`, silent.
    pub(crate) fn play(&self, data: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(LATU);
        command
            .arg("play")
            .args(args)
            .env("DISPLAY", &self.display)
            .env("XDG_DATA_HOME", data)
            .env("ALSA_CONFIG_PATH", silent_alsa());
        command
    }
}

impl Drop for OwnDisplay {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

#[test]
fn a_full_standard_error_never_stops_the_game() {
    let dir = scratch("stderr-full");
    let data = dir.join("data");
    fs::create_dir_all(data.join("latu")).expect("the data directory");
    // A damaged settings file: its notice is printed to the full standard error too.
    fs::write(data.join("latu/settings.json"), b"{\"player_name\": 5").expect("damaged");
    let Some(display) = OwnDisplay::start_for(0, "a_full_standard_error_never_stops_the_game")
    else {
        return;
    };
    for args in [
        &["--show", "results-list", "--frames", "3"][..],
        &["--frames", "3"][..],
    ] {
        let Some(full) = full_device(&dir) else {
            return;
        };
        let status = display
            .play(&data, args)
            .stdout(std::process::Stdio::null())
            .stderr(full)
            .status()
            .expect("latu runs");
        let _ = fs::remove_file(dir.join("full"));
        assert!(status.success(), "latu play {}: {status}", args.join(" "));
    }
}

/// Xvfb, as started by `xvfb-run`, resets when its last client leaves. The display check
/// before the window once closed its connection, so the server reset under miniquad's own
/// connection a moment later: about a third of starts failed. Every start here must open.
#[test]
fn the_window_opens_on_a_server_that_resets_when_its_last_client_leaves() {
    let dir = scratch("server-reset");
    let name = "the_window_opens_on_a_server_that_resets_when_its_last_client_leaves";
    let Some(display) = OwnDisplay::start_for(1, name) else {
        return;
    };
    for start in 0..RESET_STARTS {
        let output = display
            .play(&dir, &["--show", "menu", "--frames", "2"])
            .output()
            .expect("latu runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "start {start}: {stderr}");
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
    command.env("TMPDIR", &temp);
    let output = command.output().expect("latu runs");
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

/// #45 item 8: leaving a first result's name field (as `--show results-list` does, and every
/// player's first run) asked miniquad's X11 window for an on-screen keyboard it does not have,
/// which printed "Not implemented for X11" on stderr; a desktop asks for none.
#[test]
fn leaving_a_name_field_prints_nothing_about_a_keyboard() {
    for show in ["results-list", "levels"] {
        let dir = scratch(&format!("keyboard-{show}"));
        let Some(output) = play_in_window(Some(&dir), &["--show", show, "--frames", "3"]) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{show}: {stderr}");
        assert!(!stderr.contains("Not implemented"), "{show}: {stderr}");
    }
}
