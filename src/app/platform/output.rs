//! Files written by `latu play`: the last frame as PNG and the frame statistics as JSON.
//! Paths are checked before the window opens so a bad path is an error (exit 2), not a panic.

use crate::cli::CliError;
use macroquad::texture::get_screen_data;
use serde::Serialize;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// Check that `path` can be written by creating it now (it is overwritten later).
pub fn check_writable(path: &Path, what: &str) -> Result<(), CliError> {
    File::create(path)
        .map(drop)
        .map_err(|e| write_error(path, what, &e))
}

/// Save what is on screen now as a PNG (top row first).
pub fn write_screenshot(path: &Path) -> Result<(), CliError> {
    let image = get_screen_data();
    let width = usize::from(image.width);
    let row_bytes = width * 4;
    // GL hands the rows over bottom-up.
    let flipped: Vec<u8> = image
        .bytes
        .chunks_exact(row_bytes)
        .rev()
        .flatten()
        .copied()
        .collect();
    let file = File::create(path).map_err(|e| write_error(path, "screenshot", &e))?;
    let mut encoder = png::Encoder::new(
        BufWriter::new(file),
        u32::from(image.width),
        u32::from(image.height),
    );
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&flipped))
        .map_err(|e| write_error(path, "screenshot", &e))
}

/// Write the frame statistics (or any report) as pretty JSON.
pub fn write_stats(path: &Path, report: &impl Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(report).map_err(|e| write_error(path, "stats", &e))?;
    let mut file = File::create(path).map_err(|e| write_error(path, "stats", &e))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.write_all(b"\n"))
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
    fn a_missing_directory_is_a_bad_input_error_naming_the_file() {
        let path = Path::new("/nonexistent-latu-dir/shot.png");
        let error = check_writable(path, "screenshot").unwrap_err();
        assert_eq!(error.code, crate::cli::error::EXIT_BAD_INPUT);
        assert!(error.message.contains("/nonexistent-latu-dir/shot.png"));
    }
}
