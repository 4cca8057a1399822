//! Command-line quirks (#36 item 7): an argument is quoted faithfully in one line (newlines and
//! terminal escapes escaped, a huge one cut with its length said), and an output path that
//! cannot be a file is refused before any work, once, saying why in plain words.

use std::path::Path;
use std::process::{Command, Output};

const LATU: &str = env!("CARGO_BIN_EXE_latu");

fn latu(args: &[&str]) -> Output {
    Command::new(LATU)
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .expect("latu runs")
}

/// Exit 2 with one line on stderr, which it returns.
fn refused(args: &[&str]) -> String {
    let output = latu(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    stderr
}

#[test]
fn a_newline_in_an_argument_is_quoted_and_the_reason_kept() {
    let stderr = refused(&["chunk", "--seed", "1\n2", "--index", "0"]);
    assert!(stderr.contains("'1\\n2'"), "{stderr}");
    assert!(stderr.contains("expected a whole number"), "{stderr}");
}

#[test]
fn a_terminal_escape_in_an_argument_is_quoted_as_it_was_given() {
    let stderr = refused(&["chunk", "--seed", "1\u{1b}[31mred", "--index", "0"]);
    assert!(stderr.contains("'1\\u{1b}[31mred'"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

#[test]
fn a_huge_argument_is_cut_and_its_length_said() {
    let huge = "7".repeat(100_000);
    for args in [
        vec!["chunk", "--seed", huge.as_str(), "--index", "0"],
        vec!["play", "--window", huge.as_str()],
        vec!["chunk", huge.as_str()],
    ] {
        let stderr = refused(&args);
        assert!(
            stderr.len() < 400,
            "{} bytes: {}",
            stderr.len(),
            &stderr[..400]
        );
        assert!(stderr.contains("(100000 characters)"), "{stderr}");
    }
}

#[test]
fn an_output_into_a_missing_folder_or_naming_a_folder_is_refused_before_the_run() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("usage-cli-outputs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let missing = dir.join("nothere").join("x.json");
    let missing = missing.to_str().expect("utf-8");
    let folder = format!("{}/", dir.join("nothere").display());
    let simulate = ["simulate", "--level", "1", "--bot", "--out"];
    for (path, says) in [
        (missing, "does not exist"),
        (folder.as_str(), "names a folder"),
    ] {
        let mut cases: Vec<Vec<&str>> = vec![[&simulate[..], &[path]].concat()];
        // A headless build's `play` says first that it has no window.
        if cfg!(feature = "window") {
            for flag in ["--record", "--screenshot", "--stats"] {
                cases.push(vec!["play", "--frames", "1", flag, path]);
            }
        }
        for args in cases {
            let stderr = refused(&args);
            assert!(stderr.contains(path), "{args:?}: {stderr}");
            assert!(stderr.contains(says), "{args:?}: {stderr}");
            assert_eq!(stderr.matches("cannot write").count(), 1, "{stderr}");
            assert!(
                !stderr.contains("os error"),
                "in a player's words: {stderr}"
            );
        }
    }
    assert!(!dir.join("nothere").exists(), "nothing made");
}

#[test]
fn every_give_up_s_that_is_no_time_is_refused_in_a_sentence() {
    // Each panicked with exit 101 before (#45): Duration::from_secs_f64 of them.
    for value in ["NaN", "inf", "-inf", "-1", "1e300", "soon"] {
        let stderr = refused(&[
            "send",
            "--server",
            "http://127.0.0.1:9",
            "--data-dir",
            "/nonexistent/latu",
            &format!("--give-up-s={value}"),
        ]);
        assert!(
            stderr.contains("not a number of seconds from 0 to"),
            "{value}: {stderr}"
        );
    }
}

#[test]
fn a_server_address_that_is_not_http_is_refused_in_a_sentence() {
    // `ftp://x` exited 0 as "offline" before (#45).
    for address in ["ftp://x", "127.0.0.1:8787", "http://"] {
        for command in [
            &["send", "--give-up-s", "0"][..],
            &["play", "--frames", "1"][..],
        ] {
            let mut args = command.to_vec();
            args.extend(["--server", address]);
            let stderr = refused(&args);
            assert!(
                stderr.contains("not a leaderboard's address"),
                "{args:?}: {stderr}"
            );
        }
    }
}

#[test]
fn no_data_directory_is_said_once() {
    // "no data directory: no data directory: …" before (#45).
    let output = Command::new(LATU)
        .args(["send", "--server", "http://127.0.0.1:9", "--give-up-s", "0"])
        .env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("latu runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("no data directory").count(), 1, "{stderr}");
}
