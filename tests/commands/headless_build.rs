//! The build without the `window` feature: every headless subcommand, and a `play` that says
//! there is no window.

#![cfg(not(feature = "window"))]

use std::process::Command;

const LATU: &str = env!("CARGO_BIN_EXE_latu");

#[test]
fn play_in_a_headless_build_exits_2_saying_it_has_no_window() {
    let output = Command::new(LATU)
        .args(["play", "--level", "1"])
        .output()
        .expect("latu runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no window"), "{stderr}");
}

#[test]
fn the_headless_subcommands_all_run() {
    for args in [
        &["chunk", "--seed", "1", "--index", "0"][..],
        &["course", "--level", "1"],
        &["simulate", "--level", "1", "--bot"],
    ] {
        let output = Command::new(LATU).args(args).output().expect("latu runs");
        assert!(output.status.success(), "latu {args:?}");
        let json: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("the subcommand prints JSON");
        assert!(json.is_object(), "latu {args:?}");
    }
}
