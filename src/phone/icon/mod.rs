//! The Android launcher icon, drawn by the project (no third-party art) at every density and
//! written as `mipmap-<density>/ic_launcher.png` under `android/res`.
//!
//! Regenerate with `cargo run --example icons`; `tests/library/android/android_icons.rs` checks that the
//! committed PNGs are exactly what this draws.

mod scene;

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Samples per pixel along each axis: edges are anti-aliased by averaging 4 × 4 samples.
const SUPERSAMPLE: u32 = 4;

/// The resource folder the icons are written to, relative to the package root.
pub const RES_DIR: &str = "android/res";

/// The resource name of the icon (`@mipmap/ic_launcher` in the Android manifest).
pub const ICON_FILE: &str = "ic_launcher.png";

/// A launcher-icon density bucket: its name and the icon's side in pixels (48 dp).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IconDensity {
    /// Android's bucket name (`mdpi`, `hdpi`, …).
    pub name: &'static str,
    /// The icon's width and height in pixels.
    pub size: u32,
}

/// Every density Android ships launcher icons for, smallest first.
pub const DENSITIES: [IconDensity; 5] = [
    IconDensity {
        name: "mdpi",
        size: 48,
    },
    IconDensity {
        name: "hdpi",
        size: 72,
    },
    IconDensity {
        name: "xhdpi",
        size: 96,
    },
    IconDensity {
        name: "xxhdpi",
        size: 144,
    },
    IconDensity {
        name: "xxxhdpi",
        size: 192,
    },
];

impl IconDensity {
    /// Where this density's icon lives, relative to the resource folder.
    pub fn relative_path(&self) -> PathBuf {
        Path::new(&format!("mipmap-{}", self.name)).join(ICON_FILE)
    }
}

/// The icon at `size` × `size` pixels as non-premultiplied RGBA, row by row from the top.
pub fn draw(size: u32) -> Vec<u8> {
    let mut rgba = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            rgba.extend_from_slice(&pixel(x, y, size));
        }
    }
    rgba
}

/// One pixel: the average colour of the samples inside the icon, alpha their share.
fn pixel(x: u32, y: u32, size: u32) -> [u8; 4] {
    let mut sum = [0u32; 3];
    let mut covered = 0u32;
    let step = 1.0 / (size * SUPERSAMPLE) as f32;
    for sy in 0..SUPERSAMPLE {
        for sx in 0..SUPERSAMPLE {
            let u = ((x * SUPERSAMPLE + sx) as f32 + 0.5) * step;
            let v = ((y * SUPERSAMPLE + sy) as f32 + 0.5) * step;
            if let Some(colour) = scene::colour_at((u, v)) {
                for (total, channel) in sum.iter_mut().zip(colour) {
                    *total += u32::from(channel);
                }
                covered += 1;
            }
        }
    }
    if covered == 0 {
        return [0; 4];
    }
    let samples = SUPERSAMPLE * SUPERSAMPLE;
    let average = |total: u32| rounded_ratio(total, covered);
    [
        average(sum[0]),
        average(sum[1]),
        average(sum[2]),
        rounded_ratio(covered * 255, samples),
    ]
}

/// `numerator / denominator` rounded to the nearest integer, for values known to fit a byte.
fn rounded_ratio(numerator: u32, denominator: u32) -> u8 {
    u8::try_from((numerator + denominator / 2) / denominator)
        .expect("an average of bytes is a byte")
}

/// The icon at `size` pixels encoded as an 8-bit RGBA PNG.
pub fn png(size: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut bytes, size, size);
    encoder.set_color(::png::ColorType::Rgba);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Best);
    let mut writer = encoder
        .write_header()
        .expect("writing a PNG header into memory cannot fail");
    writer
        .write_image_data(&draw(size))
        .expect("the icon's buffer holds exactly size × size RGBA pixels");
    writer
        .finish()
        .expect("finishing a PNG in memory cannot fail");
    bytes
}

/// A file the icons could not be written to, and why.
#[derive(Debug)]
pub struct IconWriteError {
    /// The file or folder that failed.
    pub path: PathBuf,
    /// What went wrong.
    pub source: io::Error,
}

impl fmt::Display for IconWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for IconWriteError {}

/// Write the icon at every density under `res_dir`, creating the `mipmap-*` folders; returns
/// the files written.
pub fn write_all(res_dir: &Path) -> Result<Vec<PathBuf>, IconWriteError> {
    DENSITIES
        .iter()
        .map(|density| {
            let path = res_dir.join(density.relative_path());
            let folder = path.parent().expect("an icon path has a mipmap folder");
            fs::create_dir_all(folder).map_err(|source| IconWriteError {
                path: folder.to_path_buf(),
                source,
            })?;
            fs::write(&path, png(density.size)).map_err(|source| IconWriteError {
                path: path.clone(),
                source,
            })?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_density_is_48_dp() {
        for density in DENSITIES {
            let px_per_dp = density.size as f32 / 48.0;
            assert!(
                [1.0, 1.5, 2.0, 3.0, 4.0].contains(&px_per_dp),
                "{density:?}"
            );
        }
    }

    #[test]
    fn the_picture_is_opaque_inside_and_clear_in_the_corners() {
        let size = 48;
        let rgba = draw(size);
        assert_eq!(rgba.len(), (size * size * 4) as usize);
        let alpha = |x: u32, y: u32| rgba[((y * size + x) * 4 + 3) as usize];
        assert_eq!(alpha(0, 0), 0);
        assert_eq!(alpha(size - 1, size - 1), 0);
        assert_eq!(alpha(size / 2, size / 2), 255);
        assert!(
            (1..255).contains(&alpha(size / 2, 1)),
            "edges are anti-aliased"
        );
    }
}
