//! The screens in a window, headless under Xvfb: `latu play --show results-list` drives the bot
//! to the finish, leaves the results screen (which lists the run under the player's name and
//! saves its replay in the data directory), and the saved replay re-simulates headless to the
//! run's own summary. `--show` with `--window` draws a landscape screenshot. Needs `xvfb-run`
//! or a display.

use crate::common;

use common::{scratch, LATU};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Frames drawn before the screenshot.
const FRAMES: &str = "5";
/// A landscape window.
const LANDSCAPE: &str = "1280x720";
/// PNG's IHDR: width and height, big-endian, at these byte offsets.
const PNG_WIDTH_AT: usize = 16;
const PNG_HEIGHT_AT: usize = 20;

/// `latu play` with `args` and its data in `data`, which must succeed; `None` when no window
/// can open here (the test did not run).
fn play_in_window(data: &Path, args: &[&str]) -> Option<Output> {
    let output = common::play_in_window(Some(data), args)?;
    assert!(
        output.status.success(),
        "latu play {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(output)
}

/// `--show results-list` with its data in `dir`: the screenshot's path, or `None` when no
/// window can open here.
fn show_results_list(dir: &Path) -> Option<std::path::PathBuf> {
    let shot = dir.join("list.png");
    let args = [
        "--show",
        "results-list",
        "--frames",
        FRAMES,
        "--screenshot",
        shot.to_str().expect("utf-8 temp path"),
    ];
    play_in_window(dir, &args).map(|_| shot)
}

fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("the screenshot was written");
    let at = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().expect("four bytes"));
    (at(PNG_WIDTH_AT), at(PNG_HEIGHT_AT))
}

#[test]
fn a_finished_run_is_listed_and_its_saved_replay_reproduces_it() {
    let dir = scratch("screens-results");
    if show_results_list(&dir).is_none() {
        return;
    }
    let results: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("latu/results.json")).expect("results were saved"),
    )
    .expect("results.json is JSON");
    let run = &results["runs"][0];
    assert_eq!(
        (run["level"].as_u64(), run["track"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(run["name"], "Player");

    let replays: Vec<PathBuf> = std::fs::read_dir(dir.join("latu/replays"))
        .expect("the replays folder exists")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    assert_eq!(replays.len(), 1, "one replay saved: {replays:?}");
    let replayed = Command::new(LATU)
        .arg("replay")
        .arg(&replays[0])
        .output()
        .expect("latu replay runs");
    assert!(
        replayed.status.success(),
        "the saved replay does not reproduce its run: {}",
        String::from_utf8_lossy(&replayed.stdout)
    );
    let summary: Value = serde_json::from_slice(&replayed.stdout).expect("replay prints JSON");
    assert_eq!(
        summary["time_s"].as_f64(),
        run["time_s"].as_f64(),
        "{summary}"
    );
    assert_eq!(summary["misses"], run["misses"]);
}

#[test]
fn a_screen_is_drawn_at_the_window_size_asked_for() {
    let dir = scratch("screens-landscape");
    let shot = dir.join("menu.png");
    if play_in_window(
        &dir,
        &[
            "--show",
            "settings",
            "--window",
            LANDSCAPE,
            "--frames",
            FRAMES,
            "--screenshot",
            shot.to_str().expect("utf-8 temp path"),
        ],
    )
    .is_none()
    {
        return;
    }
    assert_eq!(png_size(&shot), (1280, 720));
}

#[test]
fn the_stumble_the_penalty_loop_and_the_players_screens_are_reached_and_drawn() {
    let screens = [
        "stumble",
        "near-miss",
        "finish",
        "second-chance",
        "penalty",
        "range-standing",
        "tutorial",
        "tutorial-jump",
        "tutorial-range",
        "countdown",
        "shot-miss",
        "shot-hit",
        "results-medal",
        "power-shield",
    ];
    for screen in screens {
        let dir = scratch(&format!("screens-{screen}"));
        let shot = dir.join("shot.png");
        if play_in_window(
            &dir,
            &[
                "--show",
                screen,
                "--frames",
                FRAMES,
                "--screenshot",
                shot.to_str().expect("utf-8 temp path"),
            ],
        )
        .is_none()
        {
            return;
        }
        assert_eq!(png_size(&shot), (540, 960), "{screen}");
    }
}

#[test]
fn a_damaged_results_entry_never_takes_the_results_list_down() {
    let dir = scratch("screens-damaged-results");
    let data = dir.join("latu");
    std::fs::create_dir_all(&data).expect("the data directory");
    let bad = r#"{"level": 1, "track": 1, "name": "Abcdefghijklmnop", "time_s": 1e300, "misses": 4294967295, "coins": 4294967295}"#;
    std::fs::write(
        data.join("results.json"),
        format!(r#"{{"runs": [{bad}], "endless": []}}"#),
    )
    .expect("written");
    if show_results_list(&dir).is_none() {
        return;
    }
    let results = std::fs::read_to_string(data.join("results.json")).expect("saved");
    assert!(
        !results.contains("1e300"),
        "the bad entry was dropped: {results}"
    );
    assert!(
        data.join("results.json.corrupt-1").is_file(),
        "the damaged file kept"
    );
}

#[test]
fn offline_the_world_boards_say_why_on_a_card_as_tall_as_its_words_at_every_size() {
    for (width, height) in crate::window_online::SIZES {
        let dir = scratch(&format!("boards-offline-{width}x{height}"));
        let window = format!("{width}x{height}");
        let args = ["--show", "boards", "--window", &window, "--frames", "20"];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        let drawn = crate::window_online::layout(&stats);
        let first = drawn
            .texts
            .iter()
            .find(|text| text.text.starts_with("No server is set"))
            .unwrap_or_else(|| panic!("at {window}: no offline note in {:?}", drawn.texts));
        let within = |inner: [f32; 4], outer: [f32; 4]| {
            inner[0] >= outer[0]
                && inner[1] >= outer[1]
                && inner[2] <= outer[2]
                && inner[3] <= outer[3]
        };
        let card = drawn
            .cards
            .iter()
            .copied()
            .find(|&card| within(first.at, card))
            .unwrap_or_else(|| panic!("at {window}: the note is on no card"));
        let words_bottom = drawn
            .texts
            .iter()
            .filter(|text| within(text.at, card))
            .map(|text| text.at[3])
            .fold(first.at[3], f32::max);
        // A line's room and the card's padding under the last line, not an empty board.
        let empty = card[3] - words_bottom;
        assert!(
            empty <= 2.0 * first.px,
            "at {window}: {empty} px of empty card under the note's {} px words",
            first.px
        );
        crate::window_online::assert_laid_out("boards offline", &drawn, (width, height));
    }
}

#[test]
fn the_results_missions_read_whole_where_the_card_has_room_at_every_size() {
    for (width, height) in crate::window_online::SIZES {
        let dir = scratch(&format!("results-missions-{width}x{height}"));
        let window = format!("{width}x{height}");
        let args = ["--show", "results", "--window", &window, "--frames", "20"];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        let said = crate::window_online::texts(&crate::window_online::layout(&stats));
        // The run shown jumps one hurdle and knocks all five targets down (done: a tick).
        for whole in ["Jump 5 orange hurdles", "Knock down 5 targets"] {
            assert!(
                said.iter().any(|text| text == whole),
                "at {window}: {whole:?} is not whole in {said:?}"
            );
        }
    }
}

#[test]
fn the_shops_fitting_and_its_rows_are_two_cards_apart_at_every_size() {
    for (width, height) in crate::window_online::SIZES {
        let dir = scratch(&format!("shop-fitting-{width}x{height}"));
        let window = format!("{width}x{height}");
        let args = ["--show", "shop", "--window", &window, "--frames", "20"];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        let drawn = crate::window_online::layout(&stats);
        let card_of = |words: &str| card_around(&drawn, &window, |text| text.starts_with(words));
        // The skier tried on, under its caption; the skiers' rows, the first one Aino.
        let (fitting, rows) = (card_of("Trying on"), card_of("Aino"));
        let apart = rows[1] - fitting[3];
        assert!(
            apart >= 4.0,
            "at {window}: the fitting {fitting:?} and the rows {rows:?} are {apart} px apart"
        );
    }
}

#[test]
fn the_results_card_stands_clear_of_the_footer_at_every_size() {
    for (width, height) in crate::window_online::SIZES {
        let dir = scratch(&format!("results-footer-{width}x{height}"));
        let window = format!("{width}x{height}");
        let args = ["--show", "results", "--window", &window, "--frames", "20"];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        let drawn = crate::window_online::layout(&stats);
        let card_of = |words: &str| card_around(&drawn, &window, |text| text == words);
        let (results, retry) = (card_of("Score"), card_of("Retry"));
        let apart = retry[1] - results[3];
        assert!(
            apart >= 4.0,
            "at {window}: the results card {results:?} and Retry {retry:?} are {apart} px apart"
        );
    }
}

/// The card drawn around the first text `matches` picks, in `drawn` at `window`.
fn card_around(
    drawn: &latu::phone::layout_check::DrawnLayout,
    window: &str,
    matches: impl Fn(&str) -> bool,
) -> [f32; 4] {
    let within = |inner: [f32; 4], outer: [f32; 4]| {
        inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
    };
    let text = drawn
        .texts
        .iter()
        .find(|text| matches(&text.text))
        .unwrap_or_else(|| panic!("at {window}: no such text in {:?}", drawn.texts));
    drawn
        .cards
        .iter()
        .copied()
        .find(|&card| within(text.at, card))
        .unwrap_or_else(|| panic!("at {window}: {:?} is on no card", text.text))
}

/// Relative luminance of an sRGB pixel (WCAG 2; libm is fine: it judges a picture, it decides
/// nothing in a run).
#[allow(clippy::disallowed_methods)]
fn luminance(pixel: &[u8]) -> f64 {
    let linear = |channel: u8| {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(pixel[0]) + 0.7152 * linear(pixel[1]) + 0.0722 * linear(pixel[2])
}

#[test]
fn the_runs_distance_caption_reads_on_snow_and_sky_at_every_size() {
    // WCAG's ratio for text of the caption's size.
    const MIN_CONTRAST: f64 = 4.5;
    // The ring sampled around the caption's ink, this far out (past its anti-aliasing).
    const OUT: i64 = 2;
    for (width, height) in crate::window_online::SIZES {
        let dir = scratch(&format!("run-caption-{width}x{height}"));
        let window = format!("{width}x{height}");
        let shot = dir.join("run.png");
        let shot_s = shot.to_str().expect("utf-8 temp path");
        let args = ["--show", "run", "--window", &window, "--frames", "20"];
        let Some(stats) =
            crate::shown::stats_of(&dir, &[&args[..], &["--screenshot", shot_s]].concat())
        else {
            return;
        };
        let drawn = crate::window_online::layout(&stats);
        let caption = drawn
            .texts
            .iter()
            .find(|text| text.text.ends_with(" / 650 m"))
            .unwrap_or_else(|| panic!("at {window}: no distance caption in {:?}", drawn.texts));
        let file = std::fs::File::open(&shot).expect("the screenshot was written");
        let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).expect("PNG data");
        let channels = info.line_size / info.width as usize;
        let at = |x: i64, y: i64| {
            let i = y as usize * info.line_size + x as usize * channels;
            luminance(&pixels[i..i + 3])
        };
        let [x0, y0, x1, y1] = caption.at.map(|v| v.round() as i64);
        let (left, top, right, bottom) = (x0 - OUT, y0 - OUT, x1 + OUT, y1 + OUT);
        let ring = (left..=right)
            .flat_map(|x| [(x, top), (x, bottom)])
            .chain((top..=bottom).flat_map(|y| [(left, y), (right, y)]));
        // The lightest ground beside the white print.
        let ground = ring.map(|(x, y)| at(x, y)).fold(0.0, f64::max);
        let contrast = (1.0 + 0.05) / (ground + 0.05);
        println!("{window}: {:?} at {contrast:.2}:1", caption.text);
        assert!(
            contrast >= MIN_CONTRAST,
            "at {window}: {:?} stands {contrast:.2}:1 on its ground",
            caption.text
        );
    }
}
