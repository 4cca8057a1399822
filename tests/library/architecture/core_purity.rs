//! The core (everything outside `src/app/` and `src/main.rs`) must stay headless and
//! deterministic: no macroquad, no thread RNG.

use std::fs;
use std::path::{Path, PathBuf};

const FORBIDDEN: [&str; 3] = ["macroquad::", "miniquad::", "thread_rng"];

fn core_sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry in src/").path();
        if path.ends_with("app") || path.ends_with("main.rs") {
            continue;
        }
        if path.is_dir() {
            core_sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn core_never_imports_macroquad_or_a_thread_rng() {
    let mut files = Vec::new();
    core_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(
        files.len() > 5,
        "expected the core's sources, found {files:?}"
    );
    let offences: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = fs::read_to_string(file).expect("a core source file is readable");
            FORBIDDEN
                .iter()
                .filter(|word| text.contains(*word))
                .map(|word| format!("{} mentions {word}", file.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(offences.is_empty(), "{offences:#?}");
}
