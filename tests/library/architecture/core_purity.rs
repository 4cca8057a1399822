//! The core (everything outside `src/app/` and `src/main.rs`) must stay headless and
//! deterministic: no macroquad, no thread RNG.

use super::sources::rust_files;
use std::fs;
use std::path::{Path, PathBuf};

const FORBIDDEN: [&str; 3] = ["macroquad::", "miniquad::", "thread_rng"];

/// The core's sources: every Rust file in `src/` but the app's and `main.rs`.
fn core_sources(src: &Path) -> Vec<PathBuf> {
    rust_files(src)
        .into_iter()
        .filter(|path| !path.starts_with(src.join("app")) && *path != src.join("main.rs"))
        .collect()
}

#[test]
fn core_never_imports_macroquad_or_a_thread_rng() {
    let files = core_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
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
