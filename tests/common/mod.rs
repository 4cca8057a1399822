//! What the window tests share: the binary, a scratch directory, and `latu play` in a window
//! under Xvfb (or on the display) with audio into ALSA's null device.

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
/// it is installed, else on the display.
pub fn play_in_window(data: Option<&Path>, args: &[&str]) -> Output {
    let asound = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/asound.conf");
    let has_xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    let mut command = if has_xvfb {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24", LATU]);
        c
    } else {
        assert!(
            std::env::var_os("DISPLAY").is_some(),
            "the window test needs xvfb-run (apt-get install xvfb) or a display"
        );
        Command::new(LATU)
    };
    if let Some(data) = data {
        command.env("XDG_DATA_HOME", data);
    }
    command
        .env("ALSA_CONFIG_PATH", asound)
        .arg("play")
        .args(args)
        .output()
        .expect("latu runs")
}
