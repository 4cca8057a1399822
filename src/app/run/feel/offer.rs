//! Endless's second chance, while the run holds on its last crash: a card with the price, the
//! time left to answer, and two buttons (keys: Enter buys, N or Backspace declines).

use crate::app::ui::layout::{BODY_TEXT, BUTTON_HEIGHT, CARD_PADDING, GAP, MARGIN, MAX_CARD_WIDTH};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, INK};
use crate::sim::run::{SECOND_CHANCE_OFFER_TICKS, SECOND_CHANCE_PRICE};
use crate::sim::{Action, TICK_HZ};
use macroquad::input::{is_key_pressed, KeyCode};
use macroquad::math::Rect;
use macroquad::shapes::draw_rectangle;
use macroquad::window::{screen_height, screen_width};

/// The card's height in button heights, and its top as a share of the screen's height.
const CARD_BUTTONS: f32 = 3.6;
const CARD_TOP: f32 = 0.34;
const BAR: f32 = 8.0;
const BAR_FILL: macroquad::color::Color = macroquad::color::Color::new(0.98, 0.80, 0.14, 1.0);

/// Where the card lies on this screen (its touches belong to its buttons, not to gestures).
pub fn offer_card(ui: &Ui) -> Rect {
    let width = (screen_width() - 2.0 * ui.scale.px(MARGIN)).min(ui.scale.px(MAX_CARD_WIDTH));
    let height = ui.scale.px(BUTTON_HEIGHT) * CARD_BUTTONS;
    Rect::new(
        (screen_width() - width) / 2.0,
        screen_height() * CARD_TOP,
        width,
        height,
    )
}

/// Draw the offer, `left_s` seconds still to answer, with `coins` in the run's purse; the
/// player's answer this frame, if any.
pub fn draw_offer(ui: &mut Ui, left_s: f64, coins: u32) -> Option<Action> {
    let card = offer_card(ui);
    ui.card(card);
    let pad = ui.scale.px(CARD_PADDING);
    let line = ui.scale.px(BUTTON_HEIGHT);
    let heading = Rect::new(card.x, card.y + pad, card.w, line * 0.8);
    ui.centered(heading, "Out of lives", ui.scale.px(BODY_TEXT) * 1.3, INK);
    let price = format!("Ski on for {SECOND_CHANCE_PRICE} coins? (you have {coins})");
    let words = Rect::new(
        card.x + pad,
        heading.bottom(),
        card.w - 2.0 * pad,
        line * 0.7,
    );
    ui.centered(words, &price, ui.scale.px(BODY_TEXT) * 0.8, INK);
    let full = f64::from(SECOND_CHANCE_OFFER_TICKS) / f64::from(TICK_HZ);
    let share = (left_s / full).clamp(0.0, 1.0) as f32;
    let bar_y = words.bottom() + ui.scale.px(GAP) / 2.0;
    draw_rectangle(
        card.x + pad,
        bar_y,
        (card.w - 2.0 * pad) * share,
        ui.scale.px(BAR),
        BAR_FILL,
    );
    let row = bar_y + ui.scale.px(BAR + GAP);
    let half = (card.w - 3.0 * pad) / 2.0;
    let button_h = (card.bottom() - pad - row).max(line * 0.6);
    let buy = Rect::new(card.x + pad, row, half, button_h);
    let end = Rect::new(buy.right() + pad, row, half, button_h);
    let bought = ui.button_colored(buy, "Ski on", BUTTON_FACE);
    let ended = ui.button_colored(end, "End run", BUTTON_CHOSEN);
    offer_answer(bought, ended)
}

/// The answer from this frame's buttons and keys.
fn offer_answer(bought: bool, ended: bool) -> Option<Action> {
    if bought || is_key_pressed(KeyCode::Enter) {
        Some(Action::SecondChance)
    } else if ended || is_key_pressed(KeyCode::N) || is_key_pressed(KeyCode::Backspace) {
        Some(Action::GiveUp)
    } else {
        None
    }
}
