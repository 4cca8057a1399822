//! How to play: what each obstacle's colour asks for, in the words of the device in hand, the
//! coins and the range; and the way into the guided tutorial run.

use super::nav::Event;
use super::Choice;
use crate::app::ui::icons::draw_coin;
use crate::app::ui::layout::{cards, columns_for, split_row, BODY_TEXT, CARD_PADDING, SMALL_TEXT};
use crate::app::ui::shapes::rounded_rect;
use crate::app::ui::words::{Words, AIM_AND_FIRE, CHANGE_LANE, DUCK, JUMP};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, CORNER, FAINT_INK, INK};
use crate::course::ObstacleClass;
use crate::models::class_colour;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::draw_circle;

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
};

const LESSONS: [Lesson; 5] = [
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Dodge),
        heading: "Red blocks: go round",
        how: CHANGE_LANE,
    },
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Jump),
        heading: "Orange, low, across: jump",
        how: JUMP,
    },
    Lesson {
        swatch: Swatch::Class(ObstacleClass::Duck),
        heading: "Blue, high, across: duck",
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
        Swatch::Class(class) => {
            let [r, g, b, a] = class_colour(class);
            rounded_rect(rect, CORNER.min(rect.w / 4.0), Color::from_rgba(r, g, b, a));
        }
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
