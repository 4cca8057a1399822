//! `latu chunk` on the command line.

use serde_json::Value;
use std::process::{Command, Output};

fn latu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_latu"))
        .args(args)
        .output()
        .expect("latu runs")
}

fn chunk_json(seed: &str, index: &str) -> Value {
    let output = latu(&["chunk", "--seed", seed, "--index", index]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("valid JSON")
}

fn numbers(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect()
}

#[test]
fn chunk_prints_its_geometry_in_world_coordinates() {
    let json = chunk_json("5", "2");
    assert_eq!(json["seed"], 5);
    assert_eq!(json["index"], 2);
    assert_eq!(json["z_start"].as_f64(), Some(128.0));
    assert_eq!(json["z_end"].as_f64(), Some(192.0));
    let positions = json["positions"].as_array().expect("positions");
    let normals = json["normals"].as_array().expect("normals");
    assert!(positions.len() > 100);
    assert_eq!(positions.len(), normals.len());
    for p in positions {
        let p = numbers(p);
        assert_eq!(p.len(), 3);
        assert!(
            (128.0..=192.0).contains(&p[2]),
            "z {} outside the chunk",
            p[2]
        );
    }
    for n in normals {
        let n = numbers(n);
        let length = n.iter().map(|v| v * v).sum::<f64>().sqrt();
        assert!((length - 1.0).abs() < 1e-3 && n[1] > 0.0, "{n:?}");
    }
    let indices = numbers(&json["indices"]);
    assert_eq!(indices.len() % 3, 0);
    assert!(indices
        .iter()
        .all(|&i| i >= 0.0 && (i as usize) < positions.len()));
    let decorations = json["decorations"].as_array().expect("decorations");
    assert!(!decorations.is_empty());
    for d in decorations {
        let kind = d["kind"].as_str().expect("kind");
        assert!(kind == "tree" || kind == "house", "{kind}");
        for axis in ["x", "y", "z"] {
            assert!(d[axis].is_f64(), "{d}");
        }
        assert!((128.0..192.0).contains(&d["z"].as_f64().expect("z")));
    }
}

#[test]
fn far_chunks_keep_exact_z() {
    let json = chunk_json("1", "1000000");
    assert_eq!(json["z_start"].as_f64(), Some(64_000_000.0));
    let zs: Vec<f64> = json["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| p[2].as_f64().expect("z"))
        .collect();
    assert!(zs.contains(&64_000_000.0) && zs.contains(&64_000_064.0));
    assert!(zs.contains(&64_000_002.0), "rows are not 2 m apart");
}

#[test]
fn same_arguments_print_the_same_chunk() {
    assert_eq!(chunk_json("77", "9"), chunk_json("77", "9"));
    assert_ne!(
        chunk_json("77", "9")["positions"],
        chunk_json("78", "9")["positions"]
    );
}

fn assert_bad_input(args: &[&str]) {
    let output = latu(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?} printed output");
    assert!(!output.stderr.is_empty(), "{args:?} gave no message");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    assert_bad_input(&["chunk", "--seed", "1", "--index", "-1"]);
    assert_bad_input(&["chunk", "--seed", "abc", "--index", "0"]);
    assert_bad_input(&["chunk", "--seed", "1"]);
    assert_bad_input(&["chunk", "--seed", "1", "--index", "100000001"]);
    assert_bad_input(&["chunk", "--index", "0"]);
    assert_bad_input(&["chunk", "--level", "6", "--index", "0"]);
    assert_bad_input(&["chunk", "--level", "1", "--track", "4", "--index", "0"]);
    assert_bad_input(&["chunk", "--track", "1", "--seed", "1", "--index", "0"]);
}

fn level_chunk(level: &str, extra: &[&str]) -> Value {
    let mut args = vec!["chunk", "--level", level];
    args.extend_from_slice(extra);
    let output = latu(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("valid JSON")
}

fn heights(json: &Value) -> Vec<f64> {
    json["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|p| p[1].as_f64().expect("a height"))
        .collect()
}

#[test]
fn a_levels_chunk_is_its_own_ground_with_its_landmarks() {
    let first = level_chunk("1", &["--index", "3"]);
    let fifth = level_chunk("5", &["--index", "3"]);
    assert_eq!(first["level"], 1);
    let tallest = |json: &Value| heights(json).into_iter().fold(f64::MIN, f64::max);
    assert!(
        tallest(&fifth) > 5.0 * tallest(&first),
        "level 5's hills {} against level 1's {}",
        tallest(&fifth),
        tallest(&first)
    );
    // Landmarks stand every 150 m or so: over the first 640 m some chunks hold one.
    let kinds: Vec<Value> = (0..10)
        .flat_map(|index| {
            let json = level_chunk("4", &["--index", &index.to_string()]);
            json["landmarks"].as_array().expect("landmarks").clone()
        })
        .map(|landmark| landmark["kind"].clone())
        .collect();
    assert!(kinds.len() >= 3, "{kinds:?}");
    assert!(kinds.iter().all(|kind| kind == "chapel"), "{kinds:?}");
    // The plain chunk tells neither.
    let plain = chunk_json("5", "3");
    assert!(plain.get("level").is_none() && plain.get("landmarks").is_none());
    // --seed reseeds the level's ground: the same land, other hills.
    let reseeded = level_chunk("5", &["--index", "3", "--seed", "7"]);
    assert_eq!(reseeded["seed"], 7);
    assert_ne!(heights(&reseeded), heights(&fifth));
}
