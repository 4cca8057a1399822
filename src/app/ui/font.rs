//! The menus' typeface: DejaVu Sans Bold, bundled in the binary (Bitstream Vera licence, see
//! `assets/fonts/LICENSE-DejaVu.txt`), loaded once per thread on first use. If it cannot be
//! loaded the default font stands in, so text is never lost. The bundled file is the full font
//! cut to the characters the game uses (`tools/subset_font.sh`): parsing it is the start-up's
//! largest single cost, and the full font's 6 196 glyphs are mostly never drawn.

use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::text::{draw_text_ex, load_ttf_font_from_bytes, Font, TextDimensions, TextParams};
use std::borrow::Cow;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The characters the font was cut to (`U+XXXX` or `U+XXXX-YYYY` a line, `#` comments): each
/// has a glyph (tests/library/font_subset.rs checks it).
const CHARSET: &str = include_str!("../../../tools/fonts/latu-charset.txt");
/// What is drawn for a character the font lacks (a name in CJK, Arabic or emoji): the
/// replacement character, so the name shows as a row of marks, never as a blank row.
const MISSING: char = '\u{FFFD}';

/// The font file, built into the binary so Android needs no asset lookup for it.
const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold-Latu.ttf");

thread_local! {
    // Leaked on purpose: a font dropped when the thread ends, after the graphics context is
    // gone, crashes the process on exit.
    static FONT: OnceCell<Option<&'static Font>> = const { OnceCell::new() };
    /// The (character, size) pairs measured or drawn so far: in macroquad's glyph atlas.
    static CACHED: RefCell<BTreeSet<(char, u16)>> = const { RefCell::new(BTreeSet::new()) };
    /// Whether the texts drawn now float over the world ([`floating`]).
    static FLOATING: Cell<bool> = const { Cell::new(false) };
}

/// Before `text` is measured or drawn at `size`: when it holds a glyph new at that size,
/// macroquad adds it to the font's atlas, and a full atlas grows into a new texture, deleting
/// the old one that the text already queued this frame still draws from (every earlier text of
/// that frame came out as black blocks, seen on the frame "Finish!" first appeared). So the
/// queue is drawn first, while its texture is alive.
///
/// Then miniquad's record of bound textures is cleared (what it does at each frame's end): the
/// growth deletes the atlas texture while that record still names it as bound, and the new
/// texture's upload restores that binding afterwards — binding a deleted texture, which native
/// GL ignores but WebGL reports ("glBindTexture called with an already deleted texture ID").
/// With the record cleared, the upload restores "no texture" instead; the next draw binds its
/// own.
fn before_new_glyphs(text: &str, size: u16) {
    let new = CACHED.with(|cached| {
        let mut cached = cached.borrow_mut();
        text.chars()
            .fold(false, |new, c| cached.insert((c, size)) | new)
    });
    if new {
        // SAFETY: macroquad's own context, used on the main thread between draws, as
        // macroquad's `get_screen_data` flushes it.
        let mut gl = unsafe { macroquad::window::get_internal_gl() };
        gl.flush();
        gl.quad_context.commit_frame();
    }
}

fn with_font<R>(f: impl FnOnce(Option<&Font>) -> R) -> R {
    FONT.with(|cell| {
        let font = cell.get_or_init(|| {
            load_ttf_font_from_bytes(FONT_BYTES)
                .ok()
                .map(|font| &*Box::leak(Box::new(font)))
        });
        f(*font)
    })
}

/// The charset's ranges of code points, read once.
fn charset() -> &'static [(u32, u32)] {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    RANGES.get_or_init(|| {
        let code = |hex: &str| u32::from_str_radix(hex.trim().trim_start_matches("U+"), 16);
        CHARSET
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .filter_map(|line| {
                let (first, last) = line.split_once('-').unwrap_or((line, line));
                Some((code(first).ok()?, code(last).ok()?))
            })
            .collect()
    })
}

/// `text` as the font can draw it: each character it lacks replaced by [`MISSING`].
pub fn drawable(text: &str) -> Cow<'_, str> {
    let ranges = charset();
    let has = |c: char| {
        let code = u32::from(c);
        ranges
            .iter()
            .any(|&(first, last)| (first..=last).contains(&code))
    };
    if text.chars().all(has) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(
            text.chars()
                .map(|c| if has(c) { c } else { MISSING })
                .collect(),
        )
    }
}

/// Run `draw` with its texts noted as floating: words that fly over the world for a moment
/// (the layout check holds them to the size floor, not to the layout's places).
pub fn floating<R>(draw: impl FnOnce() -> R) -> R {
    FLOATING.with(|floating| floating.set(true));
    let drawn = draw();
    FLOATING.with(|floating| floating.set(false));
    drawn
}

/// Size of `text` at `px` pixels in the menus' font.
pub fn measure(text: &str, px: f32) -> TextDimensions {
    let text = drawable(text);
    let text = text.as_ref();
    let size = px.max(1.0) as u16;
    before_new_glyphs(text, size);
    with_font(|font| macroquad::text::measure_text(text, font, size, 1.0))
}

/// Draw `text` with its baseline's left end at (`x`, `y`).
pub fn draw(text: &str, x: f32, y: f32, px: f32, color: Color) {
    let text = drawable(text);
    let text = text.as_ref();
    let size = px.max(1.0) as u16;
    before_new_glyphs(text, size);
    with_font(|font| {
        let ink = macroquad::text::measure_text(text, font, size, 1.0);
        let top = y - ink.offset_y;
        super::drawn::note_text(
            text,
            f32::from(size),
            Rect::new(x, top, ink.width, ink.height),
            FLOATING.with(Cell::get),
        );
        draw_text_ex(
            text,
            x,
            y,
            TextParams {
                font,
                font_size: size,
                color,
                ..TextParams::default()
            },
        );
    });
}

/// The size (at most `px`) at which `text` fits in `width` pixels, with its measure there.
pub fn fit(text: &str, px: f32, width: f32) -> (f32, TextDimensions) {
    let mut px = px.max(1.0);
    let mut measured = measure(text, px);
    if measured.width > width && measured.width > 0.0 {
        px = (px * width / measured.width).floor().max(1.0);
        measured = measure(text, px);
    }
    (px, measured)
}

/// Draw `text` centred on `centre_x` with its baseline at `y`, shrunk to fit `width`.
pub fn draw_centred(text: &str, centre_x: f32, y: f32, px: f32, width: f32, color: Color) {
    let (px, measured) = fit(text, px, width);
    draw(text, centre_x - measured.width / 2.0, y, px, color);
}

/// Draw `text` as [`draw`] does over a soft dark copy of it a little below and to the right,
/// so it reads over bright snow and sky.
pub fn draw_on_world(text: &str, x: f32, y: f32, px: f32, color: Color) {
    let drop = (px * SHADOW_DROP_SHARE).max(1.0);
    draw(
        text,
        x + drop,
        y + drop,
        px,
        Color {
            a: color.a * SHADOW.a,
            ..SHADOW
        },
    );
    draw(text, x, y, px, color);
}

/// Text shadows: deep night blue, half seen, dropped by this share of the font size.
const SHADOW: Color = Color::new(0.02, 0.05, 0.12, 0.55);
const SHADOW_DROP_SHARE: f32 = 0.06;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_the_font_lacks_are_drawn_as_the_replacement_character() {
        assert_eq!(drawable("Åsa Ñúñez Σοφία Жанна"), "Åsa Ñúñez Σοφία Жанна");
        assert!(matches!(drawable("Kai"), Cow::Borrowed(_)));
        // CJK, Arabic and an emoji (escaped: src/ holds only the charset's characters).
        let u = '\u{FFFD}';
        assert_eq!(drawable("\u{738b}\u{5c0f}\u{660e}"), format!("{u}{u}{u}"));
        assert_eq!(
            drawable("\u{645}\u{62d}\u{645}\u{62f} \u{1f3bf}"),
            format!("{u}{u}{u}{u} {u}")
        );
    }
}
