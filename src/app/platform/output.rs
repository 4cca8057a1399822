//! Files written by `latu play`: the last frame as PNG and the frame statistics as JSON.
//! Paths are checked before the window opens ([`check_writable`]), so a bad path is an error
//! (exit 2), not a panic, and a file that exists is only replaced, atomically, once the new one
//! is complete.

use crate::app::AppError;
pub use crate::cli::out_file::check_writable;
use crate::files::{self, Replace};
use macroquad::texture::get_screen_data;
use serde::Serialize;
use std::path::Path;

/// Save what is on screen now as an opaque PNG (top row first).
pub fn write_screenshot(path: &Path) -> Result<(), AppError> {
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
        .map_err(|e| write_error(path, "screenshot", &failed_step(&e)))
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
pub fn write_stats(path: &Path, report: &impl Serialize) -> Result<(), AppError> {
    let mut text =
        serde_json::to_string_pretty(report).map_err(|e| write_error(path, "stats", &e))?;
    text.push('\n');
    files::write_atomic(path, text.as_bytes(), Replace::Yes)
        .map_err(|e| write_error(path, "stats", &failed_step(&e)))
}

/// What failed in a write, without the path the message names already.
fn failed_step(error: &files::WriteError) -> String {
    format!("{} ({})", error.step, error.source)
}

fn write_error(path: &Path, what: &'static str, error: &dyn std::fmt::Display) -> AppError {
    AppError::Output {
        what,
        path: path.to_path_buf(),
        why: error.to_string(),
    }
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
}
