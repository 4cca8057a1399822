//! `latu play --show approach`: an obstacle of each class 40 m ahead reads on a phone's screen.
//! Its `probe` (box, lane spacing, contrast against the snow) is held to the readability the
//! game promises at 540×960 — an obstacle at least 48 px tall (a low jump obstacle 24 px), lanes
//! at least 36 px apart, every colour at least 3:1 against the snow — and to the same shares of
//! the screen's height at 360×800 (a jump obstacle's body over the lanes too, not only its
//! flags). Level 1's light, the dusk of level 4 (the darkest snow) and level 5 (its world bends
//! the most).
//! Each power-up can be approached as well (no probe: it is no obstacle).
//! Needs `xvfb-run` or a display.

use crate::common;

use common::{scratch, LATU};
use serde_json::Value;
use std::process::Command;

/// The screen the targets are set for, its height, and the targets there, pixels.
const PHONE: (&str, f64) = ("540x960", 960.0);
const NARROW_PHONE: (&str, f64) = ("360x800", 800.0);
const MIN_HEIGHT_PX: f64 = 48.0;
const MIN_JUMP_HEIGHT_PX: f64 = 24.0;
const MIN_LANE_SPACING_PX: f64 = 36.0;
const MIN_CONTRAST: f64 = 3.0;
/// The distance the probe is taken at, and how far the held moment may lie from it (a tick's
/// skiing), metres.
const AHEAD_M: f64 = 40.0;
const AHEAD_SLACK_M: f64 = 0.5;
/// The levels whose light is probed: the first, the dusk (the darkest snow) and the last (its
/// world winds and crests the most).
const LEVELS: [&str; 3] = ["1", "4", "5"];

/// The probe of `kind` at `level` on a `window` screen; `None` when no window can open here.
fn probe(window: &str, level: &str, kind: &str) -> Option<Value> {
    let dir = scratch(&format!("approach-{window}-{level}-{kind}"));
    let args = [
        "--show", "approach", "--kind", kind, "--level", level, "--window", window, "--frames", "2",
    ];
    let stats = crate::shown::stats_of(&dir, &args)?;
    Some(stats["probe"].clone())
}

fn number(probe: &Value, field: &str) -> f64 {
    probe[field]
        .as_f64()
        .unwrap_or_else(|| panic!("probe has no {field}: {probe}"))
}

#[test]
fn an_obstacle_of_every_class_reads_at_forty_metres() {
    for ((window, height), levels) in [(PHONE, &LEVELS[..]), (NARROW_PHONE, &LEVELS[..1])] {
        let scale = height / PHONE.1;
        for level in levels {
            for kind in ["jump", "duck", "dodge"] {
                let Some(probe) = probe(window, level, kind) else {
                    return;
                };
                let at = format!("{kind} on level {level} at {window}: {probe}");
                assert_eq!(probe["kind"], kind, "{at}");
                assert!(
                    (number(&probe, "ahead_m") - AHEAD_M).abs() <= AHEAD_SLACK_M,
                    "{at}"
                );
                let corners: Vec<f64> = probe["box"]
                    .as_array()
                    .expect("a box")
                    .iter()
                    .map(|v| v.as_f64().expect("pixels"))
                    .collect();
                let [x0, y0, x1, y1] = corners[..] else {
                    panic!("{at}: the box is [x0, y0, x1, y1]")
                };
                assert!(x0 < x1 && y0 < y1 && y0 >= 0.0, "{at}");
                let tallest = if kind == "jump" {
                    MIN_JUMP_HEIGHT_PX
                } else {
                    MIN_HEIGHT_PX
                };
                // Seen from up to AHEAD_SLACK_M further than 40 m: its height as at 40 m.
                let to_forty = number(&probe, "ahead_m") / AHEAD_M;
                assert!((y1 - y0) * to_forty >= tallest * scale, "too short: {at}");
                // A jump obstacle's body over the lanes, not only its end boards beside them.
                if kind == "jump" {
                    assert!(
                        number(&probe, "over_lanes_height_px") * to_forty
                            >= MIN_JUMP_HEIGHT_PX * scale,
                        "its body too low: {at}"
                    );
                }
                assert!(
                    number(&probe, "lane_spacing_px") >= MIN_LANE_SPACING_PX * scale,
                    "lanes too close: {at}"
                );
                assert!(
                    number(&probe, "contrast") >= MIN_CONTRAST,
                    "too faint: {at}"
                );
            }
        }
    }
}

#[test]
fn an_approach_without_its_kind_is_refused_before_any_window_opens() {
    let output = Command::new(LATU)
        .args(["play", "--show", "approach"])
        .env_remove("DISPLAY")
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("--kind"), "{said}");
    let output = Command::new(LATU)
        .args(["play", "--show", "run", "--ahead", "20"])
        .env_remove("DISPLAY")
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn every_power_up_can_be_approached_and_has_no_obstacle_probe() {
    // Second wind lies only before a range: level 2 has one in front of its first; level 1's
    // first track has no wax boost (rules 7), level 2's has.
    for (kind, level) in [
        ("wax", "2"),
        ("magnet", "1"),
        ("shield", "1"),
        ("breath", "2"),
    ] {
        let dir = scratch(&format!("approach-power-{kind}"));
        let args = [
            "--show", "approach", "--kind", kind, "--level", level, "--window", "360x800",
            "--frames", "2",
        ];
        let Some(stats) = crate::shown::stats_of(&dir, &args) else {
            return;
        };
        assert!(
            stats["frames"].as_u64().is_some_and(|f| f >= 2),
            "{kind}: {stats}"
        );
        assert!(
            stats.get("probe").is_none_or(Value::is_null),
            "{kind}: {stats}"
        );
    }
}
