//! How to play: what each obstacle's shape (and colour) asks for, in the words of the device in hand, the
//! coins and the range; and the way into the guided tutorial run.

use super::nav::Event;
use super::Choice;
use crate::app::ui::icons::draw_coin;
use crate::app::ui::layout::{cards, columns_for, split_row, BODY_TEXT, CARD_PADDING, SMALL_TEXT};
use crate::app::ui::shapes::rounded_rect;
use crate::app::ui::words::{Words, AIM_AND_FIRE, CHANGE_LANE, DUCK, JUMP};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, CORNER, FAINT_INK, INK};
use crate::course::ObstacleClass;
use crate::models::{class_colour, class_shade};
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::{draw_circle, draw_rectangle};

/// The page's title and its buttons' labels.
const TITLE: &str = "How to play";
const TUTORIAL: &str = "Tutorial";
const BACK: &str = "Back";
/// A target's picture: a dark plate, its white ring and black face, as shares of the swatch's
/// half side (the plate keeps the white ring seen on a white card).
const TARGET_RING: Color = Color::new(0.92, 0.95, 0.98, 1.0);
const TARGET_FACE: Color = Color::new(0.02, 0.03, 0.05, 1.0);
const RING_SHARE: f32 = 0.9;
const FACE_SHARE: f32 = 0.62;
/// An obstacle's picture, in shares of the swatch's side: a dodge block's width, a jump
/// band's height and its stripes, a duck bar's top and bottom and its posts' width.
const BLOCK_WIDE: f32 = 0.5;
const BAND_HIGH: f32 = 0.34;
const BAND_STRIPES: usize = 5;
const BAR_SPAN: (f32, f32) = (0.08, 0.46);
const HEM_SHARE: f32 = 0.3;
const POST_WIDE: f32 = 0.08;
/// Space a card's words keep from its swatch, in card paddings.
const SWATCH_GAP: f32 = 1.0;

/// What a lesson's swatch shows.
#[derive(Clone, Copy)]
enum Swatch {
    /// The colour of an obstacle class.
    Class(ObstacleClass),
    /// A coin.
    Coin,
    /// A black target in its white ring.
    Target,
}

/// One thing to know: its picture, what it is, and what to do.
struct Lesson {
    swatch: Swatch,
    heading: &'static str,
    how: Words,
}

/// Take the coins on the way: they fill the purse.
const COINS: Words = Words {
    touch: "Ski through them: they fill your purse",
    keys: "Ski through them: they fill your purse",
    mouse: None,
};

const LESSONS: [Lesson; 5] = [
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Dodge),
        heading: "Tall red blocks: go round",
        how: CHANGE_LANE,
    },
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Jump),
        heading: "Low orange stripes: jump",
        how: JUMP,
    },
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Duck),
        heading: "High blue bars: duck",
        how: DUCK,
    },
    Lesson {
        swatch: Swatch::Coin,
        heading: "Coins show the safe line",
        how: COINS,
    },
    Lesson {
        swatch: Swatch::Target,
        heading: "At the range: five targets",
        how: AIM_AND_FIRE,
    },
];

/// The How to play page: a card per lesson, then Back and the tutorial.
pub fn draw_guide(ui: &mut Ui) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, TITLE, INK);
    let columns = columns_for(page.body, LESSONS.len(), &ui.scale);
    let pad = ui.scale.px(CARD_PADDING);
    // The cards' width does not depend on their height: lay them out once to learn it.
    let width = cards(page.body, LESSONS.len(), columns, 0.0, &ui.scale)[0].w;
    let wanted = LESSONS
        .iter()
        .map(|lesson| card_height(ui, lesson, width))
        .fold(0.0, f32::max);
    let cells = cards(page.body, LESSONS.len(), columns, wanted, &ui.scale);
    for (card, lesson) in cells.into_iter().zip(&LESSONS) {
        ui.card(card);
        let side = ui.scale.px(BODY_TEXT) * 2.0;
        let swatch = Rect::new(card.x + pad, card.y + pad, side, side);
        draw_swatch(swatch, lesson.swatch);
        let words = text_rect(card, side, pad);
        ui.left(
            Rect::new(words.x, words.y, words.w, ui.scale.px(BODY_TEXT)),
            lesson.heading,
            BODY_TEXT,
            INK,
        );
        let how_top = words.y + ui.scale.px(BODY_TEXT) + pad / 2.0;
        let how = Rect::new(words.x, how_top, words.w, card.bottom() - how_top);
        ui.paragraph(how, lesson.how.now(), SMALL_TEXT, FAINT_INK);
    }
    let buttons = split_row(page.footer, 2, &ui.scale);
    let mut choice = None;
    if ui.button_colored(buttons[0], BACK, BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    if ui.button_colored(buttons[1], TUTORIAL, BUTTON_FACE) {
        choice = Some(Choice::Tutorial);
    }
    choice
}

/// Where a card's words go: right of its swatch, inside its padding.
fn text_rect(card: Rect, swatch_side: f32, pad: f32) -> Rect {
    let left = card.x + pad + swatch_side + pad * SWATCH_GAP;
    Rect::new(
        left,
        card.y + pad,
        card.right() - pad - left,
        card.h - 2.0 * pad,
    )
}

/// The height a lesson's card needs at `width`: its heading over its wrapped words.
fn card_height(ui: &Ui, lesson: &Lesson, width: f32) -> f32 {
    let pad = ui.scale.px(CARD_PADDING);
    let swatch = ui.scale.px(BODY_TEXT) * 2.0;
    let words = text_rect(Rect::new(0.0, 0.0, width, 0.0), swatch, pad).w;
    let text = ui.scale.px(BODY_TEXT)
        + pad / 2.0
        + ui.paragraph_height(words, lesson.how.now(), SMALL_TEXT);
    2.0 * pad + text.max(swatch)
}

/// A lesson's picture in `rect`'s square.
fn draw_swatch(rect: Rect, swatch: Swatch) {
    match swatch {
        Swatch::Class(class) => draw_class_shape(rect, class),
        Swatch::Coin => draw_coin(rect),
        Swatch::Target => {
            let centre = rect.center();
            let half = rect.w.min(rect.h) / 2.0;
            draw_circle(centre.x, centre.y, half, TARGET_FACE);
            draw_circle(centre.x, centre.y, half * RING_SHARE, TARGET_RING);
            draw_circle(centre.x, centre.y, half * FACE_SHARE, TARGET_FACE);
        }
    }
}

/// An obstacle class as its shape on the snow, in its colours: a tall block (go round), a low
/// striped band (jump), a high bar on posts with the gap under it (duck).
fn draw_class_shape(rect: Rect, class: ObstacleClass) {
    let colour = |[r, g, b, a]: [u8; 4]| Color::from_rgba(r, g, b, a);
    let (main, shade) = (colour(class_colour(class)), colour(class_shade(class)));
    let side = rect.w.min(rect.h);
    let (x, y) = (rect.center().x - side / 2.0, rect.center().y - side / 2.0);
    match class {
        ObstacleClass::Dodge => {
            let block = Rect::new(
                x + side * (1.0 - BLOCK_WIDE) / 2.0,
                y,
                side * BLOCK_WIDE,
                side,
            );
            rounded_rect(block, CORNER.min(block.w / 4.0), main);
        }
        ObstacleClass::Jump => {
            let stripe = side / BAND_STRIPES as f32;
            let top = y + side * (1.0 - BAND_HIGH);
            for k in 0..BAND_STRIPES {
                let face = if k % 2 == 0 { main } else { shade };
                draw_rectangle(x + k as f32 * stripe, top, stripe, side * BAND_HIGH, face);
            }
        }
        ObstacleClass::Duck => {
            let post = side * POST_WIDE;
            draw_rectangle(x, y, post, side, shade);
            draw_rectangle(x + side - post, y, post, side, shade);
            let (top, bottom) = (y + side * BAR_SPAN.0, y + side * BAR_SPAN.1);
            draw_rectangle(x, top, side, bottom - top, main);
            let hem = (bottom - top) * HEM_SHARE;
            draw_rectangle(x, bottom - hem, side, hem, shade);
        }
    }
}
