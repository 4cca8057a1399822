//! The world boards in the window, against a real `latu-server` the test starts on 127.0.0.1
//! with a fresh SQLite store (`tests/online/real_server.rs`): two players' runs on one board
//! show both names in the right order; a finished run shows its world rank on the results; the
//! best run of the world is raced as a ghost; a refused run shows the server's sentence;
//! offline, the Boards screen and the results say so. Each screen is also laid out at 360×800,
//! 540×960 and 1280×720 with no fault. Needs `xvfb-run` or a display, and the server built
//! (`cargo build -p latu-server`; needs `window` and `online`, `tests/not_run/`).

use crate::common::{self, scratch, LATU};
use crate::real_server::{self, RealServer};
use latu::phone::density::{Density, ScreenPx, UiScale};
use latu::phone::layout_check::{DrawnLayout, SMALLEST_TEXT};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Frames an online screen is given: the answers from 127.0.0.1 come within a few.
const FRAMES: &str = "90";
/// The window sizes every screen is laid out at.
pub(crate) const SIZES: [(u32, u32); 3] = [(360, 800), (540, 960), (1280, 720)];

/// A human-model bot's replay of level 1 track 1 (`loose`: with more timing scatter). The
/// perfect bot's own run is not ranked (online.md's copies), so both players are human-model,
/// scattered as a person is (40 and 60 ms, a few ticks), never the bot's inputs exactly.
pub(crate) fn replay(dir: &Path, loose: bool) -> PathBuf {
    let out = dir.join(if loose { "loose.json" } else { "tight.json" });
    let bot: &[&str] = if loose {
        &["--human-bot", "--jitter-ms", "60"]
    } else {
        &["--human-bot", "--jitter-ms", "40"]
    };
    let status = Command::new(LATU)
        .args(["simulate", "--level", "1", "--track", "1"])
        .args(bot)
        .arg("--out")
        .arg(&out)
        .status()
        .expect("latu runs");
    assert!(status.success());
    out
}

/// Send `run` as player `name` whose game keeps its files under `data` (as XDG_DATA_HOME): the
/// server's answer (its rank and score).
pub(crate) fn send_as(server: &RealServer, data: &Path, name: &str, run: &Path) -> Value {
    let output = Command::new(LATU)
        .env("XDG_DATA_HOME", data)
        .args(["send", "--server", &server.url(), "--name", name, "--queue"])
        .arg(run)
        .output()
        .expect("latu runs");
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|answer| answer.get("rank").is_some())
        .unwrap_or_else(|| panic!("no rank in {text}"))
}

/// A real leaderboard on 127.0.0.1 with a fresh store under `dir`; `None` (the test did not
/// run, and says so) when it is not built.
pub(crate) fn server(dir: &Path) -> Option<RealServer> {
    let binary = real_server::binary()?;
    let store = dir.join("server");
    std::fs::create_dir_all(&store).expect("the server's folder");
    Some(RealServer::start(binary, &store))
}

/// Two players' runs on level 1 track 1: the bot's (Aino's) and a human-model bot's (Bea's);
/// returns the server, Aino's data directory and the names in the order the board must show
/// (by score; an equal score by who sent first, Aino).
pub(crate) fn two_players(name: &str) -> Option<(RealServer, PathBuf, Vec<String>)> {
    let dir = scratch(name);
    let server = server(&dir)?;
    let aino = dir.join("aino");
    let aino_score = send_as(&server, &aino, "Aino", &replay(&dir, false))["score"].as_u64();
    let bea_score =
        send_as(&server, &dir.join("bea"), "Bea", &replay(&dir, true))["score"].as_u64();
    let order = if bea_score > aino_score {
        ["Bea", "Aino"]
    } else {
        ["Aino", "Bea"]
    };
    Some((server, aino, order.map(str::to_owned).to_vec()))
}

/// `latu play --server URL` with `args` at `size`, as the player whose files are in `data`:
/// the last frame's stats, its screenshot beside them.
pub(crate) fn shown(data: &Path, server: &str, args: &[&str], size: (u32, u32)) -> Option<Value> {
    let stats = data.join(format!("stats-{}x{}.json", size.0, size.1));
    let shot = data.join(format!("{}-{}x{}.png", args[1], size.0, size.1));
    let window = format!("{}x{}", size.0, size.1);
    let mut all = vec!["--server", server, "--window", &window, "--frames", FRAMES];
    all.extend(args);
    let (stats_s, shot_s) = (stats.to_str()?, shot.to_str()?);
    all.extend(["--stats", stats_s, "--screenshot", shot_s]);
    let output = common::play_in_window(Some(data), &all)?;
    assert!(
        output.status.success(),
        "latu play {all:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    println!("screenshot: {}", shot.display());
    Some(serde_json::from_str(&std::fs::read_to_string(&stats).ok()?).expect("JSON"))
}

pub(crate) fn layout(stats: &Value) -> DrawnLayout {
    serde_json::from_value(stats["layout"].clone()).expect("stats hold the layout")
}

pub(crate) fn texts(layout: &DrawnLayout) -> Vec<String> {
    layout.texts.iter().map(|text| text.text.clone()).collect()
}

/// No text too small, over another or across a card, at `size`.
pub(crate) fn assert_laid_out(what: &str, layout: &DrawnLayout, size: (u32, u32)) {
    let screen = ScreenPx {
        width: size.0 as f32,
        height: size.1 as f32,
    };
    let floor = UiScale::new(screen, Density::PxPerDp(1.0)).px(SMALLEST_TEXT);
    let faults = layout.faults(floor);
    assert!(faults.is_empty(), "{what} at {size:?}: {faults:?}");
}

#[test]
fn the_board_shows_both_players_in_order_at_every_size() {
    let Some((server, aino, ranking)) = two_players("online-board") else {
        return;
    };
    for size in SIZES {
        let args = ["--show", "boards", "--level", "1", "--track", "1"];
        let Some(stats) = shown(&aino, &server.url(), &args, size) else {
            return;
        };
        let drawn = layout(&stats);
        let said = texts(&drawn);
        let at: Vec<usize> = ranking
            .iter()
            // Your own row is marked after the name: "Aino", then "(you)" whole (the name is
            // cut before it where the column is narrow).
            .map(|name| {
                said.iter()
                    .position(|t| t == name || t.starts_with(&format!("{name} (")))
                    .unwrap_or(usize::MAX)
            })
            .collect();
        assert!(
            at.windows(2).all(|pair| pair[0] < pair[1]),
            "{ranking:?} in {said:?}"
        );
        assert!(
            at.iter().all(|&i| i != usize::MAX),
            "{ranking:?} in {said:?}"
        );
        assert!(
            said.iter().any(|t| t == "(you)"),
            "your row's mark in {said:?}"
        );
        assert_laid_out("boards", &drawn, size);
    }
}

#[test]
fn a_finished_run_shows_the_world_s_answer_on_the_results() {
    let Some((server, aino, _)) = two_players("online-results") else {
        return;
    };
    for size in SIZES {
        let Some(stats) = shown(&aino, &server.url(), &["--show", "results"], size) else {
            return;
        };
        let drawn = layout(&stats);
        let said = texts(&drawn);
        // The show reaches the results with the game's own perfect bot, whose run the server
        // refuses as a copy (online.md): the answer shown is that sentence, not a rank.
        assert!(
            said.iter().any(|t| t.starts_with("Not ranked:"))
                && said.iter().any(|t| t.contains("perfect bot")),
            "no world answer in {said:?}"
        );
        assert_laid_out("results", &drawn, size);
    }
}

#[test]
fn the_world_s_best_run_is_raced_as_a_ghost() {
    let Some((server, _, _)) = two_players("online-race") else {
        return;
    };
    let racer = scratch("online-racer");
    let args = ["--show", "race-world", "--level", "1", "--track", "1"];
    let Some(stats) = shown(&racer, &server.url(), &args, SIZES[0]) else {
        return;
    };
    assert_eq!(
        stats["ghost"],
        Value::Bool(true),
        "the ghost skis beside the run"
    );
}

#[test]
fn the_world_race_at_its_range_gives_the_strip_s_place_to_fire_and_hold_breath() {
    let Some((server, _, _)) = two_players("online-race-range") else {
        return;
    };
    let racer = scratch("online-racer-range");
    let args = ["--show", "race-world-range", "--level", "1", "--track", "1"];
    for size in SIZES {
        let Some(stats) = shown(&racer, &server.url(), &args, size) else {
            return;
        };
        assert_eq!(
            stats["ghost"],
            Value::Bool(true),
            "the world's run is raced"
        );
        assert!(stats["assisted"].is_boolean(), "at a range: {stats}");
        let drawn = layout(&stats);
        let said = texts(&drawn);
        assert!(
            said.iter().any(|t| t == "FIRE"),
            "FIRE at {size:?}: {said:?}"
        );
        assert!(
            !said.iter().any(|t| t.starts_with("Racing")),
            "the race's strip gives way at the range: {said:?}"
        );
        // As a player meets the range, the sight just up: the speed bonus whole.
        assert!(
            said.iter().any(|t| t.starts_with("hit: 10 coins +5 bonus")),
            "the bonus whole at the arrival at {size:?}: {said:?}"
        );
        assert_laid_out("race at the range", &drawn, size);
    }
}

#[test]
fn offline_the_boards_say_so_and_a_run_waits_to_be_sent() {
    let dir = scratch("online-offline");
    // A server address nothing listens at: the game is set online but cannot reach it.
    let nowhere = "http://127.0.0.1:9";
    for size in SIZES {
        let Some(stats) = shown(&dir, nowhere, &["--show", "results"], size) else {
            return;
        };
        let drawn = layout(&stats);
        // A first result: nothing is sent before the player has a name, and the row says so.
        assert!(texts(&drawn)
            .iter()
            .any(|t| t == "Sent to the world with your name"));
        assert_laid_out("results offline", &drawn, size);
        let Some(stats) = shown(&dir, nowhere, &["--show", "boards"], size) else {
            return;
        };
        let drawn = layout(&stats);
        assert!(
            texts(&drawn).iter().any(|t| t.starts_with("Offline")),
            "{:?}",
            texts(&drawn)
        );
        assert_laid_out("boards offline", &drawn, size);
    }
}

#[test]
fn a_refused_run_shows_the_server_s_sentence_on_the_results() {
    let Some((server, _, _)) = two_players("online-refused") else {
        return;
    };
    // A third player whose run is the bot's own, inputs for inputs: Aino's ranked copy stands,
    // so the server refuses it as a copied ghost.
    let cai = scratch("online-cai");
    std::fs::create_dir_all(cai.join("latu")).expect("Cai's data directory");
    std::fs::write(
        cai.join("latu/settings.json"),
        r#"{"player_name": "Cai", "name_chosen": true}"#,
    )
    .expect("Cai's settings");
    for size in SIZES {
        let Some(stats) = shown(&cai, &server.url(), &["--show", "results"], size) else {
            return;
        };
        let drawn = layout(&stats);
        let said = texts(&drawn).join(" ");
        assert!(said.contains("Not ranked:"), "no refusal in {said:?}");
        assert_laid_out("results refused", &drawn, size);
    }
}
