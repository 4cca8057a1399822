//! The one reader of the repository's Rust sources the checks on the code share (the rooms, the
//! core's purity, type names, the GPU context, the font's charset).

use std::fs;
use std::path::{Path, PathBuf};

/// Every Rust file at `path` (a file, or a folder and its sub-folders).
pub(crate) fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(path).expect("a source folder lists") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}
