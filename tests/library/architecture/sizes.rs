//! The style note's sizes, measured: a folder of code holds at most 12 files and a source file
//! runs to at most 600 lines, in the game, the server and its suite, the tests, the tools, the
//! examples and the browser tests. Folders of data are exempt (ARCHITECTURE.md, "The tests", says why).

use std::fs;
use std::path::{Path, PathBuf};

/// The trees the limits hold in, from the repository's root.
const TREES: [&str; 7] = [
    "src",
    "server/src",
    "server/tests",
    "tests",
    "tools",
    "web/test",
    "examples",
];
/// Folders of data, with everything under them: golden runs read by their name's pattern.
const DATA_FOLDERS: [&str; 1] = ["tests/replays"];
/// The most files a folder of code holds directly.
const MOST_FILES: usize = 12;
/// The most lines a source file runs to.
const MOST_LINES: usize = 600;
/// The endings of source files.
const SOURCE_ENDINGS: [&str; 4] = ["rs", "py", "sh", "js"];

/// Every folder at and under `dir` with the files directly in it.
fn folders(dir: &Path, found: &mut Vec<(PathBuf, Vec<PathBuf>)>) {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("a folder lists") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            folders(&path, found);
        } else {
            files.push(path);
        }
    }
    found.push((dir.to_path_buf(), files));
}

/// The folders of code in [`TREES`], as paths from `root`, with their files.
fn code_folders(root: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let mut found = Vec::new();
    for tree in TREES {
        folders(&root.join(tree), &mut found);
    }
    found
        .into_iter()
        .map(|(dir, files)| {
            let shown = dir.strip_prefix(root).expect("under the root");
            (shown.to_string_lossy().replace('\\', "/"), files)
        })
        .filter(|(dir, _)| !DATA_FOLDERS.iter().any(|data| dir.starts_with(data)))
        .collect()
}

#[test]
fn no_folder_of_code_holds_more_than_twelve_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folders = code_folders(root);
    assert!(folders.len() > 50, "the trees' folders: {folders:?}");
    let over: Vec<String> = folders
        .iter()
        .filter(|(_, files)| files.len() > MOST_FILES)
        .map(|(dir, files)| format!("{dir}/ holds {} files", files.len()))
        .collect();
    assert!(
        over.is_empty(),
        "split these by job (at most {MOST_FILES} files a folder): {over:?}"
    );
}

#[test]
fn no_source_file_runs_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources: Vec<PathBuf> = code_folders(root)
        .into_iter()
        .flat_map(|(_, files)| files)
        .filter(|file| {
            file.extension()
                .is_some_and(|ending| SOURCE_ENDINGS.iter().any(|source| ending == *source))
        })
        .collect();
    assert!(sources.len() > 400, "the trees' sources: {}", sources.len());
    let long: Vec<String> = sources
        .iter()
        .filter_map(|file| {
            let lines = fs::read_to_string(file)
                .expect("a source reads")
                .lines()
                .count();
            let shown = file.strip_prefix(root).expect("under the root").display();
            (lines > MOST_LINES).then(|| format!("{shown}: {lines} lines"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these by job (at most {MOST_LINES} lines a file): {long:?}"
    );
}
