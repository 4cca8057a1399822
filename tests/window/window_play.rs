//! The window, headless under Xvfb (ALSA's null device for audio): the bot plays a few seconds,
//! the run recorded in the window replays headless to the same summary, the screenshot and the
//! frame statistics are written. Needs `xvfb-run` (CI installs it) or a display.

use crate::common;

use common::{play_in_window, scratch, LATU};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

const FRAMES: u64 = 240;
/// A small window: this test checks behaviour (the replay, the stats), not pixels, and software
/// GL's cost grows with the window's area.
const SMALL_WINDOW: &str = "135x240";

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("the file was written");
    serde_json::from_str(&text).expect("the file is JSON")
}

#[test]
fn a_window_run_records_a_replay_that_reproduces_headless() {
    let dir = scratch("window");
    let (replay, shot, stats) = (
        dir.join("run.json"),
        dir.join("shot.png"),
        dir.join("stats.json"),
    );
    let frames = FRAMES.to_string();
    let Some(output) = play_in_window(
        None,
        &[
            "--autoplay",
            "--window",
            SMALL_WINDOW,
            "--frames",
            &frames,
            "--record",
            replay.to_str().expect("utf-8 temp path"),
            "--screenshot",
            shot.to_str().expect("utf-8 temp path"),
            "--stats",
            stats.to_str().expect("utf-8 temp path"),
        ],
    ) else {
        return;
    };
    assert!(
        output.status.success(),
        "latu play failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );

    let recorded = read_json(&replay)["summary"].clone();
    assert!(
        recorded["ticks"].as_u64().expect("ticks") > 0,
        "the run moved"
    );
    let replayed = Command::new(LATU)
        .arg("replay")
        .arg(&replay)
        .output()
        .expect("latu runs");
    assert!(
        replayed.status.success(),
        "replay differs: {}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let summary: Value = serde_json::from_slice(&replayed.stdout).expect("replay prints JSON");
    assert_eq!(summary, recorded);

    let stats = read_json(&stats);
    assert_eq!(stats["frames"].as_u64(), Some(FRAMES));
    for field in [
        "frame_ms_p50",
        "frame_ms_p99",
        "uploads",
        "upload_ms_max",
        "missing_chunk_frames",
    ] {
        assert!(stats[field].is_number(), "stats lack {field}");
    }
    assert!(stats["uploads"].as_u64().expect("uploads") > 0);
    let draw_calls = stats["draw_calls_max"].as_u64().expect("draw calls");
    assert!((1..=40).contains(&draw_calls), "{draw_calls} draw calls");
    let triangles = stats["triangles_max"].as_u64().expect("triangles");
    assert!((1..=100_000).contains(&triangles), "{triangles} triangles");

    assert_screenshot_shows_a_picture(&shot);
    std::fs::remove_dir_all(&dir).expect("scratch dir removable");
}

/// The PNG decodes to an opaque portrait image with more than a handful of colours (not a blank
/// frame).
fn assert_screenshot_shows_a_picture(path: &Path) {
    let file = std::fs::File::open(path).expect("the screenshot was written");
    let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("PNG data");
    assert!(info.height > info.width, "portrait window");
    assert!(
        pixels.chunks_exact(4).all(|pixel| pixel[3] == u8::MAX),
        "every pixel opaque"
    );
    let mut colours: Vec<&[u8]> = pixels.chunks_exact(4).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() > 100, "only {} colours", colours.len());
}

#[test]
fn a_bad_output_path_is_refused_before_the_window_opens() {
    let output = Command::new(LATU)
        .args(["play", "--screenshot", "/nonexistent-latu-dir/shot.png"])
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/nonexistent-latu-dir/shot.png"),
        "{stderr}"
    );
}

#[test]
fn play_without_a_display_exits_2_in_one_line_naming_the_problem() {
    let output = Command::new(LATU)
        .env_remove("DISPLAY")
        .args(["play", "--frames", "1"])
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("DISPLAY") && stderr.contains("xvfb-run"),
        "{stderr}"
    );
}

/// `DISPLAY` set but naming no X server (#26: miniquad's start panicked, exit 101 and a
/// backtrace): the same one-line refusal, exit 2.
#[test]
fn play_with_a_display_that_does_not_open_exits_2_in_one_line() {
    for display in [":4242", "no-such-host.invalid:0"] {
        let output = Command::new(LATU)
            .env("DISPLAY", display)
            .args(["play", "--frames", "1"])
            .output()
            .expect("latu runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("DISPLAY={display}")) || stderr.contains("not installed"),
            "{stderr}"
        );
    }
}

#[test]
fn a_window_that_cannot_open_leaves_existing_output_files_as_they_were() {
    let dir = scratch("outputs-kept");
    let (replay, shot, stats) = (
        dir.join("old-run.json"),
        dir.join("old-shot.png"),
        dir.join("old-stats.json"),
    );
    for path in [&replay, &shot, &stats] {
        std::fs::write(path, b"an earlier run's file").expect("written");
    }
    let output = Command::new(LATU)
        .env_remove("DISPLAY")
        .args(["play", "--autoplay", "--frames", "5"])
        .args(["--record", replay.to_str().expect("utf-8 temp path")])
        .args(["--screenshot", shot.to_str().expect("utf-8 temp path")])
        .args(["--stats", stats.to_str().expect("utf-8 temp path")])
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
    for path in [&replay, &shot, &stats] {
        assert_eq!(
            std::fs::read(path).expect("still there"),
            b"an earlier run's file",
            "{}",
            path.display()
        );
    }
    assert_eq!(std::fs::read_dir(&dir).expect("listed").count(), 3);
}

/// The most triangles a short direct bot run drew, with `settings` (JSON) saved in its data
/// directory; `None` when no window can open here.
fn triangles_with_settings(name: &str, settings: &str) -> Option<u64> {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("latu")).expect("the data directory");
    std::fs::write(dir.join("latu/settings.json"), settings).expect("settings written");
    let stats = dir.join("stats.json");
    let output = play_in_window(
        Some(&dir),
        &[
            "--autoplay",
            "--window",
            SMALL_WINDOW,
            "--frames",
            "30",
            "--stats",
            stats.to_str().expect("utf-8 temp path"),
        ],
    )?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    read_json(&stats)["triangles_max"].as_u64()
}

#[test]
fn a_run_from_the_command_line_uses_the_saved_settings() {
    // A coarse saved grid (4 m instead of 2 m) must show in what a direct run draws.
    let Some(default) = triangles_with_settings("settings-default", "{}") else {
        return;
    };
    let coarse = triangles_with_settings("settings-coarse", r#"{"grid_spacing": 4.0}"#)
        .expect("the window opened a moment ago");
    assert!(coarse * 10 < default * 7, "{coarse} vs {default} triangles");
}
