//! Which of the game's faces draws a character: the menus' own font (DejaVu Sans Bold cut to
//! `tools/fonts/latu-charset.txt`), or one of the fonts for names in other scripts (Noto, cut
//! by `tools/subset_name_fonts.py` to the characters listed in `tools/fonts/names-*.txt`).

use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The menus' font's characters (`U+XXXX` or `U+XXXX-YYYY` a line, `#` comments).
const MAIN_CHARSET: &str = include_str!("../../tools/fonts/latu-charset.txt");

/// A face the game draws text in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The menus' font: Latin, Greek, Cyrillic, punctuation.
    Main,
    Arabic,
    Hebrew,
    Thai,
    /// Chinese, Japanese and Korean: common hanzi and kanji, kana, Hangul.
    Cjk,
}

impl Face {
    /// The faces for names, loaded only when a name needs one.
    pub const FOR_NAMES: [Face; 4] = [Face::Arabic, Face::Hebrew, Face::Thai, Face::Cjk];

    /// The font file of a face for names, in the game's assets folder (`None`: the menus' font, built
    /// into the binary).
    pub fn asset(self) -> Option<&'static str> {
        match self {
            Face::Main => None,
            Face::Arabic => Some("fonts/names-arabic.ttf"),
            Face::Hebrew => Some("fonts/names-hebrew.ttf"),
            Face::Thai => Some("fonts/names-thai.ttf"),
            Face::Cjk => Some("fonts/names-cjk.otf"),
        }
    }

    /// Whether this face has a glyph for `c`.
    pub fn has(self, c: char) -> bool {
        match self {
            Face::Main => {
                let code = u32::from(c);
                main_ranges()
                    .iter()
                    .any(|&(first, last)| (first..=last).contains(&code))
            }
            face => listed(face).contains(&c),
        }
    }
}

/// The face that draws `c` (the menus' font first), `None` if none does.
pub fn face_of(c: char) -> Option<Face> {
    std::iter::once(Face::Main)
        .chain(Face::FOR_NAMES)
        .find(|face| face.has(c))
}

/// The menus' font's ranges of code points, read once.
pub fn main_ranges() -> &'static [(u32, u32)] {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    RANGES.get_or_init(|| {
        let code = |hex: &str| u32::from_str_radix(hex.trim().trim_start_matches("U+"), 16);
        MAIN_CHARSET
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| {
                let (first, last) = line.split_once('-').unwrap_or((line, line));
                Some((code(first).ok()?, code(last).ok()?))
            })
            .collect()
    })
}

/// The characters a face for names draws, read once.
fn listed(face: Face) -> &'static BTreeSet<char> {
    static SETS: OnceLock<[BTreeSet<char>; 4]> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        [
            include_str!("../../tools/fonts/names-arabic.txt"),
            include_str!("../../tools/fonts/names-hebrew.txt"),
            include_str!("../../tools/fonts/names-thai.txt"),
            include_str!("../../tools/fonts/names-cjk.txt"),
        ]
        .map(|text| text.trim_end().chars().collect())
    });
    let index = Face::FOR_NAMES
        .iter()
        .position(|known| *known == face)
        .expect("a face for names");
    &sets[index]
}
