//! The menus' typeface: DejaVu Sans Bold, bundled in the binary (Bitstream Vera licence, see
//! `assets/fonts/LICENSE-DejaVu.txt`), loaded once per thread on first use. If it cannot be
//! loaded the default font stands in, so text is never lost. The bundled file is the full font
//! cut to the characters the game uses (`tools/subset_font.sh`): parsing it is the start-up's
//! largest single cost, and the full font's 6 196 glyphs are mostly never drawn.
//!
//! A name in another script is drawn in its own face ([`crate::script`] says which, and in what
//! order: Arabic joined, right to left laid out right to left), loaded only when a text needs
//! it ([`super::name_fonts`]); a text is drawn as runs, one per face, side by side.

use super::name_fonts::{self, FaceState};
use crate::script::{face_of, visual_order, Face};
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::text::{draw_text_ex, load_ttf_font_from_bytes, Font, TextDimensions, TextParams};
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::BTreeSet;

/// What is drawn for a character no face has (text that is not a name: a name holding one is
/// refused at entry and tidied at load): the replacement character, so it shows as a mark.
const MISSING: char = '\u{FFFD}';

/// The font file, built into the binary so Android needs no asset lookup for it.
const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold-Latu.ttf");

thread_local! {
    // Leaked on purpose: a font dropped when the thread ends, after the graphics context is
    // gone, crashes the process on exit.
    static FONT: OnceCell<Option<&'static Font>> = const { OnceCell::new() };
    /// The (face, character, size) triples measured or drawn so far: in their font's atlas.
    static CACHED: RefCell<BTreeSet<(Face, char, u16)>> = const { RefCell::new(BTreeSet::new()) };
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
fn before_new_glyphs(face: Face, text: &str, size: u16) {
    let new = CACHED.with(|cached| {
        let mut cached = cached.borrow_mut();
        text.chars()
            .fold(false, |new, c| cached.insert((face, c, size)) | new)
    });
    if new {
        // SAFETY: macroquad's own context, used on the main thread between draws, as
        // macroquad's `get_screen_data` flushes it.
        let mut gl = unsafe { macroquad::window::get_internal_gl() };
        gl.flush();
        gl.quad_context.commit_frame();
    }
}

/// The menus' font (`None`: it cannot be loaded, macroquad's default font stands in).
fn main_font() -> Option<&'static Font> {
    FONT.with(|cell| {
        *cell.get_or_init(|| {
            load_ttf_font_from_bytes(FONT_BYTES)
                .ok()
                .map(|font| &*Box::leak(Box::new(font)))
        })
    })
}

/// `text` as it is drawn: in visual order, cut into runs of one face each (with its font, `None`
/// for macroquad's default when the menus' font cannot be loaded). A character no face has is
/// [`MISSING`] in the menus' font; one whose face is still arriving (a browser) is left out.
fn runs(text: &str) -> Vec<(Face, Option<&'static Font>, String)> {
    let mut runs: Vec<(Face, Option<&'static Font>, String)> = Vec::new();
    for c in visual_order(text).chars() {
        let (face, c) = match face_of(c) {
            Some(Face::Main) => (Face::Main, c),
            Some(face) => match name_fonts::font(face) {
                FaceState::Ready(_) => (face, c),
                FaceState::Reading => continue,
                FaceState::Failed => (Face::Main, MISSING),
            },
            None => (Face::Main, MISSING),
        };
        match runs.last_mut() {
            Some((last, _, run)) if *last == face => run.push(c),
            _ => {
                let font = match face {
                    Face::Main => main_font(),
                    face => match name_fonts::font(face) {
                        FaceState::Ready(font) => Some(font),
                        _ => None,
                    },
                };
                runs.push((face, font, c.to_string()));
            }
        }
    }
    runs
}

/// Run `draw` with its texts noted as floating: words that fly over the world for a moment
/// (the layout check holds them to the size floor, not to the layout's places).
pub fn floating<R>(draw: impl FnOnce() -> R) -> R {
    FLOATING.with(|floating| floating.set(true));
    let drawn = draw();
    FLOATING.with(|floating| floating.set(false));
    drawn
}

/// Size of `text` at `px` pixels: its runs side by side.
pub fn measure(text: &str, px: f32) -> TextDimensions {
    let size = px.max(1.0) as u16;
    measure_runs(&runs(text), size)
}

fn measure_runs(runs: &[(Face, Option<&'static Font>, String)], size: u16) -> TextDimensions {
    let mut total = TextDimensions {
        width: 0.0,
        height: 0.0,
        offset_y: 0.0,
    };
    for (face, font, run) in runs {
        before_new_glyphs(*face, run, size);
        let ink = macroquad::text::measure_text(run, *font, size, 1.0);
        total.width += ink.width;
        total.height = total.height.max(ink.height);
        total.offset_y = total.offset_y.max(ink.offset_y);
    }
    total
}

/// Draw `text` with its baseline's left end at (`x`, `y`).
pub fn draw(text: &str, x: f32, y: f32, px: f32, color: Color) {
    let size = px.max(1.0) as u16;
    let runs = runs(text);
    let ink = measure_runs(&runs, size);
    let top = y - ink.offset_y;
    let shown: String = runs.iter().map(|(_, _, run)| run.as_str()).collect();
    super::drawn::note_text(
        &shown,
        f32::from(size),
        Rect::new(x, top, ink.width, ink.height),
        FLOATING.with(Cell::get),
    );
    let mut left = x;
    for (_, font, run) in &runs {
        draw_text_ex(
            run,
            left,
            y,
            TextParams {
                font: *font,
                font_size: size,
                color,
                ..TextParams::default()
            },
        );
        left += macroquad::text::measure_text(run, *font, size, 1.0).width;
    }
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
    fn names_in_other_scripts_have_a_face_and_only_text_with_none_is_missing() {
        // Chinese, Korean, Japanese, Arabic, Hebrew, Thai (escaped: src/ holds only the
        // menus' charset's characters).
        for name in [
            "\u{738b}\u{5c0f}\u{660e}",
            "\u{AE40}\u{BBFC}\u{C900}",
            "\u{3055}\u{304F}\u{3089}",
            "\u{645}\u{62d}\u{645}\u{62f}",
            "\u{05e9}\u{05dc}\u{05d5}\u{05dd}",
            "\u{0e2a}\u{0e21}\u{0e0a}\u{0e32}\u{0e22}",
        ] {
            assert!(name.chars().all(|c| face_of(c).is_some()), "{name}");
        }
        // An emoji has none: a name holding one is refused at entry.
        assert_eq!(face_of('\u{1f3bf}'), None);
    }
}
