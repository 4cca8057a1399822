//! What the window tests share: the binary, a scratch directory, and `latu play` in a window
//! under Xvfb (or on the display) with audio into ALSA's null device.
//!
//! On a machine with neither `xvfb-run` nor a display a window test does not run: it says so
//! ([`not_run`], needing [`Need::Window`]).

use crate::not_run::{not_run, Need};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const LATU: &str = env!("CARGO_BIN_EXE_latu");

/// A fresh, empty scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("latu-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temp dir is writable");
    dir
}

/// `latu play` with `args` (and its data directory in `data`, if given), under `xvfb-run` when
/// it is installed, else on the display; `None` when there is neither (the test did not run).
pub fn play_in_window(data: Option<&Path>, args: &[&str]) -> Option<Output> {
    let mut command = play_command(data, args)?;
    // `xvfb-run -a` picks a free display by its lock files, and two started at once (the tests
    // run in parallel) can pick the same one: the loser's server does not start. Start it
    // again. Each try waits a little longer, by a step of this call's own, so two that
    // collided do not collide again.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let step = DISPLAY_RETRY_MS + (call * DISPLAY_RETRY_SPREAD) % DISPLAY_RETRY_MS;
    let mut output = command.output().expect("latu runs");
    for tried in 1..DISPLAY_TRIES {
        if !String::from_utf8_lossy(&output.stderr).contains(XVFB_COLLIDED) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(step * tried as u64));
        output = command.output().expect("latu runs");
    }
    Some(output)
}

/// CI's ALSA configuration: the null device, so the game plays silently and never waits.
pub fn silent_alsa() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/asound.conf")
}

/// The command [`play_in_window`] runs, for a test that sets up more (where stderr goes, the
/// environment); `None` when there is no display nor `xvfb-run` (the test did not run).
pub fn play_command(data: Option<&Path>, args: &[&str]) -> Option<Command> {
    let has_xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    let mut command = if has_xvfb {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24", LATU]);
        c
    } else if std::env::var_os("DISPLAY").is_some() {
        Command::new(LATU)
    } else {
        not_run(
            Need::Window,
            &format!("latu play {}", args.join(" ")),
            "no display (DISPLAY unset) and no xvfb-run (apt-get install xvfb)",
        );
        return None;
    };
    if let Some(data) = data {
        command.env("XDG_DATA_HOME", data);
    }
    command
        .env("ALSA_CONFIG_PATH", silent_alsa())
        .arg("play")
        .args(args);
    Some(command)
}

/// How often a window test starts the game when its X server could not start, and what
/// `xvfb-run` says then.
const DISPLAY_TRIES: usize = 6;
/// The least wait before a window test starts the game again on another display, and the
/// stride that spreads the calls' waits, milliseconds.
const DISPLAY_RETRY_MS: u64 = 150;
const DISPLAY_RETRY_SPREAD: u64 = 37;
const XVFB_COLLIDED: &str = "Xvfb failed to start";
