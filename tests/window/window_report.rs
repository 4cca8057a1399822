//! #46: a player reports a run from the World boards, by taps, against a real `latu-server`:
//! World boards → a run → Report → a reason → Send, and the server's operator sees the report
//! (`latu-server admin reports`). The taps are X pointer clicks (`xdotool`) on the game's own
//! window on an X server of the test's own; where each one lands comes from the game's own
//! layout (its rows as `--stats` drew them, the page's footer and the dialog's cells). Needs
//! Xvfb, xdotool and the server built.

use crate::not_run::{not_run, Need};
use crate::window_faults::OwnDisplay;
use crate::window_online::{layout, shown, two_players};
use latu::app::ui::layout::{page, split_row};
use latu::phone::density::{Density, ScreenPx, UiScale};
use latu::phone::layout_check::DrawnLayout;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const SIZE: (u32, u32) = (360, 800);
/// This test's display index among the tests that start their own X server.
const DISPLAY_INDEX: u32 = 7;
/// How long the game may take to show the board once its window is up.
const BOARD_WAIT: Duration = Duration::from_secs(8);
/// Looks for the window, and for the report at the server: this many, this far apart (a bound
/// on the wait, not a timing the test judges).
const POLLS: usize = 120;
const POLL: Duration = Duration::from_millis(500);
/// A tap: the pointer held down this long (a frame or more of the game, under load too).
const TAP_HOLD: Duration = Duration::from_millis(150);
/// Time for the game to draw the tap's answer before the next.
const BETWEEN_TAPS: Duration = Duration::from_secs(2);

/// Where `text` is drawn in `drawn`: its box's centre.
fn centre_of(drawn: &DrawnLayout, text: &str) -> (f32, f32) {
    let found = drawn
        .texts
        .iter()
        .find(|t| t.text == text)
        .unwrap_or_else(|| panic!("{text:?} is not drawn"));
    let [x0, y0, x1, y1] = found.at;
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

/// A tap at `at` (window pixels) on the display.
fn tap(display: &str, window: &str, at: (f32, f32)) {
    let (x, y) = (at.0.round().to_string(), at.1.round().to_string());
    let xdotool = |args: &[&str]| {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", display)
            .status()
            .expect("xdotool runs");
        assert!(status.success(), "xdotool {args:?}");
    };
    xdotool(&["mousemove", "--window", window, &x, &y]);
    xdotool(&["mousedown", "1"]);
    std::thread::sleep(TAP_HOLD);
    xdotool(&["mouseup", "1"]);
    std::thread::sleep(BETWEEN_TAPS);
}

/// The game's window on `display`, once it is mapped.
fn game_window(display: &str) -> Option<String> {
    for _ in 0..POLLS {
        let found = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "."])
            .env("DISPLAY", display)
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&found.stdout);
        if let Some(id) = text.lines().next() {
            return Some(id.to_owned());
        }
        std::thread::sleep(POLL);
    }
    None
}

/// The reports the server's operator sees.
fn operator_reports(database: &Path) -> String {
    let server = crate::real_server::binary().expect("the server is built");
    let url = format!("sqlite://{}", database.display());
    let output = Command::new(server)
        .args(["admin", "--database", &url, "reports"])
        .output()
        .expect("latu-server admin runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn xdotool_here() -> bool {
    let here = Command::new("xdotool")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !here {
        not_run(
            Need::Window,
            "a_run_is_reported_from_the_world_boards_by_taps",
            "xdotool is not installed (apt-get install xdotool)",
        );
    }
    here
}

#[test]
fn a_run_is_reported_from_the_world_boards_by_taps() {
    if !xdotool_here() {
        return;
    }
    let Some((server, aino, order)) = two_players("report-taps") else {
        return;
    };
    let database = aino
        .parent()
        .expect("the test's folder")
        .join("server/boards.sqlite3");
    // Where the board's rows are, as the game draws them at this size.
    let args = ["--show", "boards", "--level", "1", "--track", "1"];
    let Some(stats) = shown(&aino, &server.url(), &args, SIZE) else {
        return;
    };
    let board = layout(&stats);
    let other = order.iter().find(|name| *name != "Aino").expect("Bea");
    let row = centre_of(&board, other);
    // The footer once a run is picked (Watch, Race, Report, Back) and the dialog's cells.
    let screen = ScreenPx {
        width: SIZE.0 as f32,
        height: SIZE.1 as f32,
    };
    let scale = UiScale::new(screen, Density::PxPerDp(1.0));
    let footer = split_row(page(screen, &scale).footer, 4, &scale);
    let report = footer[2].center();
    let Some(stats) = shown(
        &aino,
        &server.url(),
        &["--show", "report", "--level", "1", "--track", "1"],
        SIZE,
    ) else {
        return;
    };
    let dialog = layout(&stats);
    let reason = centre_of(&dialog, "Offensive name");
    let send = centre_of(&dialog, "Send");
    assert!(
        !operator_reports(&database).contains("report "),
        "no report before the taps"
    );

    let Some(display) = OwnDisplay::start_for(
        DISPLAY_INDEX,
        "a_run_is_reported_from_the_world_boards_by_taps",
    ) else {
        return;
    };
    let window = format!("{}x{}", SIZE.0, SIZE.1);
    let url = server.url();
    let mut game = display
        .play(&aino, &["--server", &url, "--window", &window])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("latu starts");
    let Some(id) = game_window(display.name()) else {
        let _ = game.kill();
        panic!("the game's window never showed");
    };
    std::thread::sleep(BOARD_WAIT);
    for at in [row, (report.x, report.y), reason, send] {
        tap(display.name(), &id, at);
    }
    let mut seen = operator_reports(&database);
    for _ in 0..POLLS {
        if seen.contains("Offensive name") {
            break;
        }
        std::thread::sleep(POLL);
        seen = operator_reports(&database);
    }
    let _ = game.kill();
    let _ = game.wait();
    assert!(
        seen.contains("Offensive name") && seen.contains(other.as_str()),
        "the operator sees the report of {other}'s run: {seen:?}"
    );
}
