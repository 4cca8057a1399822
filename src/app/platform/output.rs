//! Files written by `latu play`: the last frame as PNG and the frame statistics as JSON.
//! Paths are checked before the window opens, without touching what is there, so a bad path is
//! an error (exit 2), not a panic, and a file that exists is only replaced, atomically, once the
//! new one is complete.

use crate::cli::CliError;
use crate::files::{self, Replace};
use macroquad::texture::get_screen_data;
use serde::Serialize;
use std::fs::{self, OpenOptions};
use std::io;
use std::path::Path;

/// Check that `path` can be written later, changing nothing: an existing file must be a regular
/// file open for writing (opened, not truncated); a new one's folder must take a file (a
/// temporary one is made there and removed).
pub fn check_writable(path: &Path, what: &str) -> Result<(), CliError> {
    if files::keyed() {
        // A browser's keyed store takes any key.
        return Ok(());
    }
    let fail = |e: &dyn std::fmt::Display| write_error(path, what, e);
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(fail(&"it is not a regular file")),
        Ok(_) => OpenOptions::new()
            .write(true)
            .open(path)
            .map(drop)
            .map_err(|e| fail(&e)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            tempfile::tempfile_in(files::folder_of(path))
                .map(drop)
                .map_err(|e| fail(&e))
        }
        Err(error) => Err(fail(&error)),
    }
}

/// Save what is on screen now as an opaque PNG (top row first).
pub fn write_screenshot(path: &Path) -> Result<(), CliError> {
    let image = get_screen_data();
    let row_bytes = usize::from(image.width) * 4;
    let flipped = opaque_top_down(&image.bytes, row_bytes);
    let mut png_bytes = Vec::new();
    let mut encoder = png::Encoder::new(
        &mut png_bytes,
        u32::from(image.width),
        u32::from(image.height),
    );
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&flipped))
        .map_err(|e| write_error(path, "screenshot", &e))?;
    files::write_atomic(path, &png_bytes, Replace::Yes)
        .map_err(|e| write_error(path, "screenshot", &e))
}

/// RGBA rows as GL hands them over (bottom row first, alpha as blending left it) turned into an
/// image file's: top row first, every pixel opaque. The framebuffer's alpha is not what the
/// player sees (the window is opaque), and kept in a file it would wash the picture out.
fn opaque_top_down(bytes: &[u8], row_bytes: usize) -> Vec<u8> {
    let mut flipped: Vec<u8> = bytes
        .chunks_exact(row_bytes)
        .rev()
        .flatten()
        .copied()
        .collect();
    for pixel in flipped.chunks_exact_mut(4) {
        pixel[3] = u8::MAX;
    }
    flipped
}

/// Write the frame statistics (or any report) as pretty JSON.
pub fn write_stats(path: &Path, report: &impl Serialize) -> Result<(), CliError> {
    let mut text =
        serde_json::to_string_pretty(report).map_err(|e| write_error(path, "stats", &e))?;
    text.push('\n');
    files::write_atomic(path, text.as_bytes(), Replace::Yes)
        .map_err(|e| write_error(path, "stats", &e))
}

fn write_error(path: &Path, what: &str, error: &dyn std::fmt::Display) -> CliError {
    CliError::bad_input(format!(
        "cannot write {what} file {}: {error}",
        path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screenshots_are_flipped_top_down_and_opaque() {
        let bottom_then_top = [1, 2, 3, 150, 9, 8, 7, 0];
        assert_eq!(
            opaque_top_down(&bottom_then_top, 4),
            [9, 8, 7, 255, 1, 2, 3, 255]
        );
    }

    #[test]
    fn checking_an_existing_file_leaves_its_bytes_alone() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("old-replay.json");
        fs::write(&path, b"precious").expect("written");
        check_writable(&path, "replay").expect("writable");
        assert_eq!(fs::read(&path).expect("read"), b"precious");
        let fresh = dir.path().join("new.png");
        check_writable(&fresh, "screenshot").expect("its folder takes files");
        assert!(!fresh.exists(), "nothing made at the path");
        assert_eq!(fs::read_dir(dir.path()).expect("listed").count(), 1);
    }

    #[test]
    fn a_missing_directory_is_a_bad_input_error_naming_the_file() {
        let path = Path::new("/nonexistent-latu-dir/shot.png");
        let error = check_writable(path, "screenshot").unwrap_err();
        assert_eq!(error.code, crate::cli::error::EXIT_BAD_INPUT);
        assert!(error.message.contains("/nonexistent-latu-dir/shot.png"));
    }
}
