//! The committed launcher icons: one per Android density at the right size, and exactly what
//! the project's generator draws (`cargo run --example icons` rewrites them).

use latu::phone::icon::{self, DENSITIES, ICON_FILE, RES_DIR};
use std::fs;
use std::path::{Path, PathBuf};

/// The densities and sizes Android asks of a 48 dp launcher icon, written out independently of
/// the generator's table.
const EXPECTED: [(&str, u32); 5] = [
    ("mdpi", 48),
    ("hdpi", 72),
    ("xhdpi", 96),
    ("xxhdpi", 144),
    ("xxxhdpi", 192),
];

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
/// Colour type 6 in a PNG header: red, green, blue and alpha.
const PNG_RGBA: u8 = 6;

/// What a PNG's header (its first chunk, IHDR) says.
#[derive(Debug, PartialEq)]
struct PngHeader {
    width: u32,
    height: u32,
    bit_depth: u8,
    colour_type: u8,
}

/// Read the PNG signature and IHDR chunk by hand, so the check does not trust the encoder.
fn png_header(bytes: &[u8], file: &Path) -> PngHeader {
    assert!(
        bytes.len() >= 33,
        "{} is too short for a PNG",
        file.display()
    );
    assert_eq!(bytes[..8], PNG_SIGNATURE, "{} is not a PNG", file.display());
    let length = u32::from_be_bytes(bytes[8..12].try_into().expect("4 bytes"));
    assert_eq!(length, 13, "{}: IHDR holds 13 bytes", file.display());
    assert_eq!(
        &bytes[12..16],
        b"IHDR",
        "{}: the first chunk is IHDR",
        file.display()
    );
    PngHeader {
        width: u32::from_be_bytes(bytes[16..20].try_into().expect("4 bytes")),
        height: u32::from_be_bytes(bytes[20..24].try_into().expect("4 bytes")),
        bit_depth: bytes[24],
        colour_type: bytes[25],
    }
}

fn committed_icon(density: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(RES_DIR)
        .join(format!("mipmap-{density}"))
        .join(ICON_FILE)
}

fn read(file: &Path) -> Vec<u8> {
    fs::read(file).unwrap_or_else(|e| panic!("{} is missing ({e})", file.display()))
}

#[test]
fn the_generator_covers_every_density_at_48_dp() {
    let table: Vec<(&str, u32)> = DENSITIES.iter().map(|d| (d.name, d.size)).collect();
    assert_eq!(table, EXPECTED);
}

#[test]
fn every_density_has_an_rgba_icon_of_its_size() {
    for (density, size) in EXPECTED {
        let file = committed_icon(density);
        let header = png_header(&read(&file), &file);
        assert_eq!(
            header,
            PngHeader {
                width: size,
                height: size,
                bit_depth: 8,
                colour_type: PNG_RGBA,
            },
            "{}",
            file.display()
        );
    }
}

#[test]
fn regenerating_the_icons_gives_identical_bytes() {
    for (density, size) in EXPECTED {
        let file = committed_icon(density);
        let generated = icon::png(size);
        assert_eq!(
            generated,
            icon::png(size),
            "{density}: drawing is deterministic"
        );
        assert!(
            generated == read(&file),
            "{} differs from what the generator draws: run `cargo run --example icons`",
            file.display()
        );
    }
}

#[test]
fn write_all_writes_every_density_under_the_given_folder() {
    let res = std::env::temp_dir().join(format!("latu-icons-{}", std::process::id()));
    let written = icon::write_all(&res).expect("a temporary folder is writable");
    let expected: Vec<PathBuf> = EXPECTED
        .iter()
        .map(|(density, _)| res.join(format!("mipmap-{density}")).join(ICON_FILE))
        .collect();
    assert_eq!(written, expected);
    for ((density, _), file) in EXPECTED.iter().zip(&written) {
        assert_eq!(read(file), read(&committed_icon(density)), "{density}");
    }
    fs::remove_dir_all(&res).expect("the temporary folder can be removed");
}

#[test]
fn an_unwritable_folder_is_named_in_the_error() {
    let blocker = std::env::temp_dir().join(format!("latu-icons-file-{}", std::process::id()));
    fs::write(&blocker, b"a file where a folder should be").expect("temp is writable");
    let error = icon::write_all(&blocker).expect_err("a file cannot hold mipmap folders");
    assert!(
        error.to_string().contains(&blocker.display().to_string()),
        "{error}"
    );
    fs::remove_file(&blocker).expect("the temporary file can be removed");
}
