//! The tutorial's prompt card: its lines wrapped (or drawn a little smaller) to the card's
//! width, the room it has while skiing and at the range, and its fitting into that room.

use super::picture::Picture;
use super::{
    Prompt, CARD_BACK, CARD_SHADOW, CARD_WIDTH, CARD_Y, MARGIN, NOTE, NOTE_SIZE, PICTURE_H,
    PICTURE_LINE, TEXT, TEXT_SIZE, TITLE, TITLE_SIZE,
};
use crate::app::run::hud::top_band_px;
use crate::app::ui::font;
use crate::app::ui::layout::{self, PAUSE_SIDE};
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::words::{self, Device};
use crate::app::ui::{CORNER, DROP};
use crate::phone::density::UiScale;
use crate::phone::layout_check::SMALLEST_TEXT;
use macroquad::math::Rect;
use macroquad::window::{screen_height, screen_width};
/// Draw a prompt card with its `picture` under the words, over the range's lens `at_range`.
pub(super) fn draw_prompt(prompt: &Prompt, picture: Option<Picture>, at_range: bool) {
    let device = words::device();
    let scale = crate::app::run::hud::screen_scale();
    let (width, height) = (screen_width(), screen_height());
    let width_of = |text: &str, px: f32| font::measure(text, px).width;
    let room = match at_range {
        true => crate::app::run::range::prompt_room(),
        false => skiing_room(
            prompt,
            device,
            picture.is_some(),
            Size { width, height },
            &scale,
            &width_of,
        ),
    };
    let fit = fit_card(prompt, device, picture.is_some(), room, &scale, &width_of);
    let (card, margin) = (fit.card, fit.margin);
    raised_rect(
        card,
        scale.px(CORNER),
        scale.px(DROP),
        CARD_BACK,
        CARD_SHADOW,
    );
    let px = |size: f32| scale.px(size) * fit.type_share;
    let (x, inner) = (card.center().x, card.w - 2.0 * margin);
    let [title_px, text_px, note_px] = paragraph_px(&fit, &scale, &width_of);
    let mut y = card.y + margin;
    for (lines, size, drawn, color) in [
        (&fit.lines.title, TITLE_SIZE, title_px, TITLE),
        (&fit.lines.text, TEXT_SIZE, text_px, TEXT),
        (&fit.lines.note, NOTE_SIZE, note_px, NOTE),
    ] {
        if lines.is_empty() {
            continue;
        }
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                y += px(size) * LEADING;
            }
            y += px(size);
            font::draw_centred(line, x, y, drawn, inner, color);
        }
        y += margin;
    }
    if let Some(picture) = picture {
        let area = Rect::new(card.x, y, card.w, px(PICTURE_H));
        picture.draw(area, px(PICTURE_LINE));
    }
}

/// The sizes a fitted card's title, words and note are drawn at, pixels, before each line
/// shrinks to the card's width ([`drawn_px`]): the words and the note never larger than the
/// title's smallest line as drawn, so a title never reads smaller than its body (at 360 wide a
/// title shrank to 60 % to stay one line while its words kept their full size).
pub(super) fn paragraph_px(fit: &CardFit, scale: &UiScale, width_of: WidthOf) -> [f32; 3] {
    let inner = fit.card.w - 2.0 * fit.margin;
    let px = |size: f32| scale.px(size) * fit.type_share;
    let title = fit
        .lines
        .title
        .iter()
        .map(|line| drawn_px(line, px(TITLE_SIZE), inner, width_of))
        .fold(px(TITLE_SIZE), f32::min);
    [
        px(TITLE_SIZE),
        px(TEXT_SIZE).min(title),
        px(NOTE_SIZE).min(title),
    ]
}

/// The size a line is drawn at from `px` in `width` pixels: shrunk to fit, in whole pixels,
/// as [`font::fit`] does.
pub(super) fn drawn_px(line: &str, px: f32, width: f32, width_of: WidthOf) -> f32 {
    let measured = width_of(line, px);
    if measured > width && measured > 0.0 {
        (px * width / measured).floor()
    } else {
        px
    }
}

/// A screen's size, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Size {
    pub(super) width: f32,
    pub(super) height: f32,
}

/// A text's width drawn at a size, pixels (the menus' font's measure; tests estimate it).
pub(super) type WidthOf<'a> = &'a dyn Fn(&str, f32) -> f32;

/// Room between a wrapped paragraph's lines, a share of its type's size.
pub(super) const LEADING: f32 = 0.25;

/// A card's lines: its title's, its words', its note's (none without a note), each wrapped to
/// the card's inner width at the size it is drawn (a line a little too wide is drawn a little
/// smaller, see [`LEAST_LINE_SHARE`]).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CardLines {
    pub(super) title: Vec<String>,
    pub(super) text: Vec<String>,
    pub(super) note: Vec<String>,
}

/// `prompt`'s lines in the words for `device`, wrapped to `inner` pixels at `type_share` of
/// their type's sizes.
pub(super) fn card_lines(
    prompt: &Prompt,
    device: Device,
    inner: f32,
    type_share: f32,
    scale: &UiScale,
    width_of: WidthOf,
) -> CardLines {
    let px = |size: f32| scale.px(size) * type_share;
    // A line may be drawn a little smaller (never under the floor) to stay one line: a card
    // that wraps every title grows over the track it teaches on a short phone.
    let floor = scale.px(SMALLEST_TEXT);
    let lines = |text: &str, size: f32, share: f32| {
        let least = share.max(floor / px(size)).min(1.0);
        wrap(text, px(size), inner / least, width_of)
    };
    CardLines {
        title: lines(prompt.title, TITLE_SIZE, LEAST_TITLE_SHARE),
        text: lines(prompt.said.for_device(device), TEXT_SIZE, LEAST_LINE_SHARE),
        note: prompt
            .note
            .map_or_else(Vec::new, |note| lines(note, NOTE_SIZE, LEAST_LINE_SHARE)),
    }
}

/// The least share of its size a card's line is drawn at to stay on one line before it wraps
/// (and never under the layout's floor); a title, the largest type, may shrink further.
pub(super) const LEAST_LINE_SHARE: f32 = 0.8;
pub(super) const LEAST_TITLE_SHARE: f32 = 0.6;

/// `text` cut at its spaces into the fewest lines no wider than `width` at `px` pixels (a word
/// wider than that alone on its line), as even as that many lines can be: a line too long
/// for a card goes on two at its size rather than shrinking.
pub(super) fn wrap(text: &str, px: f32, width: f32, width_of: WidthOf) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let widths: Vec<f32> = words.iter().map(|word| width_of(word, px)).collect();
    let space = width_of("a a", px) - width_of("aa", px);
    let lines_within = |limit: f32| {
        let mut lines: Vec<Vec<&str>> = Vec::new();
        let mut used = 0.0;
        for (&word, &word_width) in words.iter().zip(&widths) {
            match lines.last_mut() {
                Some(line) if used + space + word_width <= limit => {
                    line.push(word);
                    used += space + word_width;
                }
                _ => {
                    lines.push(vec![word]);
                    used = word_width;
                }
            }
        }
        lines
    };
    let fewest = lines_within(width).len();
    // The narrowest limit that needs no more lines evens them out.
    let (mut narrow, mut wide) = (0.0, width);
    for _ in 0..EVENING_STEPS {
        let limit = (narrow + wide) / 2.0;
        if lines_within(limit).len() <= fewest {
            wide = limit;
        } else {
            narrow = limit;
        }
    }
    lines_within(wide)
        .into_iter()
        .map(|line| line.join(" "))
        .collect()
}

/// How far a line's descenders reach below its baseline, a share of its type's size.
pub(super) const DESCENT: f32 = 0.25;

/// Halvings of the search for the narrowest limit that evens a paragraph's lines.
pub(super) const EVENING_STEPS: u32 = 16;

/// A card's height with its `lines`, `margin` between its paragraphs and round them, and its
/// type (and picture) at `type_share` of their sizes, pixels.
pub(super) fn card_height(
    lines: &CardLines,
    picture: bool,
    margin: f32,
    type_share: f32,
    scale: &UiScale,
) -> f32 {
    let paragraph = |size: f32, lines: &[String]| {
        let n = lines.len() as f32;
        match lines.is_empty() {
            true => 0.0,
            false => size * (n + (n - 1.0) * LEADING),
        }
    };
    let (picture_h, picture_gap) = if picture {
        (scale.px(PICTURE_H), margin)
    } else {
        (0.0, 0.0)
    };
    let (note_gap, last_size) = if lines.note.is_empty() {
        (0.0, TEXT_SIZE)
    } else {
        (margin, NOTE_SIZE)
    };
    // Without a picture the last line's descenders hang into the bottom margin, which a
    // tight card's does not hold.
    let descent = if picture { 0.0 } else { DESCENT * last_size };
    let sized = scale.px(paragraph(TITLE_SIZE, &lines.title)
        + paragraph(TEXT_SIZE, &lines.text)
        + paragraph(NOTE_SIZE, &lines.note)
        + descent)
        + picture_h;
    sized * type_share + 3.0 * margin + picture_gap + note_gap
}

/// A card `h` tall with its top at `top`, centred across `across` (pixels from the left).
pub(super) fn card_across(across: f32, top: f32, h: f32, scale: &UiScale) -> Rect {
    let margin = scale.px(MARGIN);
    let w = across.min(scale.px(CARD_WIDTH)) - 2.0 * margin;
    Rect::new((across - w) / 2.0, top, w, h)
}

/// The room a card has while skiing: from [`CARD_Y`] of the height down as far as the card
/// reaches at its full size (above the track ahead). On a portrait screen the card spans the
/// width and would run under the pause and Skip buttons at the top right, so on a short phone
/// (360×640) it starts below them and keeps its bottom: the margins tighten to fit.
pub(super) fn skiing_room(
    prompt: &Prompt,
    device: Device,
    picture: bool,
    screen: Size,
    scale: &UiScale,
    width_of: WidthOf,
) -> Rect {
    let Size { width, height } = screen;
    let top = height * CARD_Y;
    let margin = scale.px(MARGIN);
    let inner = card_across(width, top, 0.0, scale).w - 2.0 * margin;
    let lines = card_lines(prompt, device, inner, 1.0, scale, width_of);
    let full = card_height(&lines, picture, margin, 1.0, scale);
    let below_buttons =
        top_band_px(scale) + scale.px(layout::MARGIN + 0.5 * MARGIN) + scale.touch_px(PAUSE_SIDE);
    let start = if height > width {
        top.max(below_buttons)
    } else {
        top
    };
    Rect::new(0.0, start, width, top + full - start)
}

/// Where a prompt card goes in a `room` (across its width, from its top) and how it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CardFit {
    pub(super) card: Rect,
    /// The margin round and between its paragraphs, pixels.
    pub(super) margin: f32,
    /// The share of its type's (and picture's) sizes it is drawn at.
    pub(super) type_share: f32,
    /// Its lines, wrapped to its inner width at that share.
    pub(super) lines: CardLines,
}

/// The smallest share of its type's sizes a card shrinks to: its note, the smallest line,
/// stays at the floor the layout checks hold every text to.
pub(super) const LEAST_TYPE_SHARE: f32 = SMALLEST_TEXT / NOTE_SIZE;
/// The steps a card's type shrinks by until it fits.
pub(super) const TYPE_SHARE_STEP: f32 = 0.02;

/// Fit a card (with a `picture` or none) in the words for `device` into `room` (clear of the
/// target faces and the figures at the range, of the buttons and the track ahead while
/// skiing): its lines wrap to its width; where the room is short (a narrow phone) its margins
/// tighten, then its type shrinks, never below [`LEAST_TYPE_SHARE`]; it never starts above the
/// room's top.
pub(super) fn fit_card(
    prompt: &Prompt,
    device: Device,
    picture: bool,
    room: Rect,
    scale: &UiScale,
    width_of: WidthOf,
) -> CardFit {
    let full = scale.px(MARGIN);
    let card_w = card_across(room.w, room.y, 0.0, scale).w;
    let fitted = |margin: f32, type_share: f32| {
        let lines = card_lines(
            prompt,
            device,
            card_w - 2.0 * margin,
            type_share,
            scale,
            width_of,
        );
        let h = card_height(&lines, picture, margin, type_share, scale);
        CardFit {
            card: card_across(room.w, room.y, h, scale),
            margin,
            type_share,
            lines,
        }
    };
    let tightest = full / 4.0;
    for margin in [full, full / 2.0, tightest] {
        let fit = fitted(margin, 1.0);
        if fit.card.h <= room.h {
            return fit;
        }
    }
    let mut type_share = 1.0;
    loop {
        type_share = (type_share - TYPE_SHARE_STEP).max(LEAST_TYPE_SHARE);
        let fit = fitted(tightest, type_share);
        if fit.card.h <= room.h || type_share <= LEAST_TYPE_SHARE {
            return fit;
        }
    }
}
