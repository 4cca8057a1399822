//! ARCHITECTURE.md's map names only rooms and files that exist: every folder (`name/`) and
//! source file (`name.rs`) it names in code spans is in the repository, by its full path from
//! the root or by its last parts (`session/update.rs` is `src/app/run/session/update.rs`). Its
//! "How to …" sections are examples and may name files still to be made.

use std::fs;
use std::path::Path;

/// Folders never looked into: build output and version control.
const SKIPPED: [&str; 2] = ["target", ".git"];

/// Every file and folder under `dir`, as paths from the repository's root (folders end in `/`).
fn paths_under(root: &Path, dir: &Path, paths: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("a folder lists") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name").to_string_lossy();
        if SKIPPED.contains(&name.as_ref()) {
            continue;
        }
        let relative = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        if path.is_dir() {
            paths.push(format!("{relative}/"));
            paths_under(root, &path, paths);
        } else {
            paths.push(relative);
        }
    }
}

/// A heading whose section is an example, naming files it makes up.
const EXAMPLE_HEADING: &str = "## How to";

/// The code spans of a Markdown text that name a folder or a Rust file, its example sections
/// left out.
fn named_paths(text: &str) -> Vec<String> {
    let mapped: String = text
        .split("\n## ")
        .filter(|section| !format!("## {section}").starts_with(EXAMPLE_HEADING))
        .collect::<Vec<_>>()
        .join("\n");
    mapped
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.contains([' ', '*', '{', '<', '…']))
        .filter(|span| span.ends_with('/') || span.ends_with(".rs"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_room_and_file_the_architecture_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads");
    let mut paths = Vec::new();
    paths_under(root, root, &mut paths);
    let named = named_paths(&map);
    assert!(named.len() > 40, "the map names its rooms: {named:?}");
    let missing: Vec<&String> = named
        .iter()
        .filter(|name| {
            !paths
                .iter()
                .any(|path| path == *name || path.ends_with(&format!("/{name}")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what is not there: {missing:?}"
    );
}

#[test]
fn the_map_reader_takes_folders_and_files_from_code_spans() {
    let text = "the `sim/` room, `session/update.rs`, `Run::step`, `latu play`, `a/{b,c}.rs`\n\
                ## How to add a screen\n`screens/new.rs`\n## Invariants\n`tick.rs`";
    assert_eq!(named_paths(text), ["sim/", "session/update.rs", "tick.rs"]);
}
