//! The game's font is the full DejaVu Sans Bold cut to `tools/fonts/latu-charset.txt`
//! (`tools/subset_font.sh`): it must hold a glyph for every character of the charset, and every
//! string literal in `src/` must stay inside the charset, or the game would draw a missing glyph.

use crate::architecture::sources::rust_files;
use std::fs;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The charset's characters.
fn charset() -> Vec<char> {
    let text = fs::read_to_string(root().join("tools/fonts/latu-charset.txt")).expect("charset");
    let code = |hex: &str| {
        u32::from_str_radix(hex.trim().trim_start_matches("U+"), 16).expect("a hex code point")
    };
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .flat_map(|line| {
            let (first, last) = line.split_once('-').unwrap_or((line, line));
            (code(first)..=code(last)).filter_map(char::from_u32)
        })
        .collect()
}

/// The contents of the string literals on one line of Rust (outside `//` comments).
fn literals(line: &str) -> Vec<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut chars = line.chars().peekable();
    let mut current: Option<String> = None;
    while let Some(c) = chars.next() {
        match (&mut current, c) {
            (None, '/') if chars.peek() == Some(&'/') => break,
            (None, '\'') => {
                // A char literal or a lifetime: skip a quoted char, escaped or not.
                if chars.peek() == Some(&'\\') {
                    chars.next();
                    chars.next();
                    chars.next_if_eq(&'\'');
                } else if chars.clone().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
            }
            (None, '"') => current = Some(String::new()),
            (Some(text), '\\') => {
                chars.next();
                text.push(' ');
            }
            (Some(_), '"') => found.push(current.take().expect("inside a literal")),
            (Some(text), c) => text.push(c),
            (None, _) => {}
        }
    }
    found
}

#[test]
fn the_cut_font_has_a_glyph_for_every_character_of_the_charset() {
    let bytes = fs::read(root().join("assets/fonts/DejaVuSans-Bold-Latu.ttf")).expect("the font");
    let font = fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default()).expect("parses");
    let full = fs::read(root().join("tools/fonts/DejaVuSans-Bold.ttf")).expect("the full font");
    let full = fontdue::Font::from_bytes(full, fontdue::FontSettings::default()).expect("parses");
    let missing: Vec<char> = charset()
        .into_iter()
        .filter(|&c| full.lookup_glyph_index(c) != 0 && font.lookup_glyph_index(c) == 0)
        .collect();
    assert!(
        missing.is_empty(),
        "cut font lacks {missing:?}: run tools/subset_font.sh"
    );
    assert!(
        font.glyph_count() < full.glyph_count() / 4,
        "{} glyphs",
        font.glyph_count()
    );
}

#[test]
fn every_string_in_the_source_is_inside_the_charset() {
    let charset = charset();
    let files = rust_files(&root().join("src"));
    let mut outside = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a source file");
        // A file's unit tests come last; their strings are never drawn with this font (the
        // name rules' tests spell names in the scripts the other faces draw).
        let drawn = text
            .lines()
            .take_while(|line| line.trim() != "#[cfg(test)]");
        for (number, line) in drawn.enumerate() {
            for literal in literals(line) {
                for c in literal.chars().filter(|c| !charset.contains(c)) {
                    outside.push(format!(
                        "{}:{}: {c:?} in {literal:?}",
                        file.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(outside.is_empty(), "add these to the charset: {outside:#?}");
}
