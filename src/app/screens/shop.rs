//! The shop: three shelves (rifles, suits, skis) of the [`crate::shop`] catalogue, the purse at
//! the top, a row per item with what it does and one button — buy it, use it, or that it is in
//! use. Buying spends the purse; purse and locker are saved at once.

use super::flow::state::ScreenState;
use super::flow::told_to_player;
use super::flow::Flow;
use super::nav::Event;
use super::Choice;
use crate::app::ui::figure::draw_skier;
use crate::app::ui::layout::{
    cards, columns_for, split_row, BODY_TEXT, BUTTON_HEIGHT, GAP, MAX_CARD_WIDTH, SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};
use crate::shop::outfit::Outfit;
use crate::shop::{BuyError, Item, Locker, Shelf};
use crate::storage::Deal;
use macroquad::color::Color;
use macroquad::math::Rect;

/// Share of an item's row its name and line take (the button the rest).
const TEXT_SHARE: f32 = 0.6;
/// A rifle's trade-off sits this far (layout units) above its row's bottom edge, so its
/// descenders stay on the card.
const LINE_LIFT: f32 = 4.0;
/// The skier wearing a suit or skis, as a share of the row's height.
const SWATCH_SHARE: f32 = 0.9;
/// The fitting on the suits' and skis' shelves: the skier in the outfit worn, large, above the
/// rows where they leave room (layout units: shown from this tall, at most that tall).
const FITTING_MIN: f32 = 120.0;
const FITTING_MAX: f32 = 260.0;
/// The shelf tabs are at most this many footer buttons wide, and between a ninth and a fifth
/// of the page's body tall (never below the touch minimum).
const TABS_PER_FOOTER: f32 = 2.0;
const TAB_SHARE_MAX: f32 = 9.0;
const TAB_SHARE_MIN: f32 = 5.0;
/// An item the purse cannot pay for: its button greyed.
const BUTTON_SHORT: Color = Color::new(0.52, 0.56, 0.62, 1.0);

/// What the player chose in the shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShopChoice {
    /// Show another shelf.
    Shelf(Shelf),
    /// Buy this item (if not owned) or put it to use.
    Item(Item),
}

/// The shop's own state: the shelf shown and the last purchase's word.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShopCounter {
    pub shelf: Option<Shelf>,
    pub note: Option<String>,
}

impl ShopCounter {
    fn shelf(&self) -> Shelf {
        self.shelf.unwrap_or(Shelf::Rifles)
    }
}

/// Draw the shop; what was chosen.
pub fn draw_shop(
    ui: &mut Ui,
    locker: &Locker,
    coins: u32,
    counter: &ShopCounter,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    // The title keeps clear of the purse on its right (and as far from the left, centred).
    let beside = ui.purse_width(coins) + ui.scale.px(GAP);
    let title = Rect::new(
        page.title.x + beside,
        page.title.y,
        page.title.w - 2.0 * beside,
        page.title.h,
    );
    ui.title(title, "Shop", INK);
    let purse_top = page.title.center().y - ui.scale.min_touch_px / 2.0;
    ui.purse(page.title.right(), purse_top, coins);
    let gap = ui.scale.px(GAP);
    // The tabs as tall as a list row, as wide as two footer buttons on a wide screen.
    let row_h = ui
        .scale
        .min_touch_px
        .max(page.body.h / TAB_SHARE_MAX)
        .min(page.body.h / TAB_SHARE_MIN);
    let tabs_w = page.body.w.min(page.footer.w * TABS_PER_FOOTER);
    let tabs = Rect::new(
        page.body.center().x - tabs_w / 2.0,
        page.body.y,
        tabs_w,
        row_h,
    );
    let shown = counter.shelf();
    let mut choice = draw_tabs(ui, tabs, shown);
    let note_h = ui.scale.px(BODY_TEXT) * 1.6;
    let list = Rect::new(
        page.body.x,
        tabs.bottom() + gap,
        page.body.w,
        page.body.h - row_h - 2.0 * gap - note_h,
    );
    let items = shown.items();
    let columns = columns_for(list, items.len(), &ui.scale);
    let wanted = row_height(ui, &items, list.w);
    let list = match shown {
        Shelf::Rifles => list,
        Shelf::Suits | Shelf::Skis => {
            let rows = items.len().div_ceil(columns.max(1)) as f32;
            let needed = rows * wanted + (rows - 1.0) * gap;
            draw_fitting(ui, list, needed, locker.outfit())
        }
    };
    let cells = cards(list, items.len(), columns, wanted, &ui.scale);
    ui.card_around(&cells);
    for (cell, item) in cells.into_iter().zip(items) {
        if draw_item(ui, cell, item, locker, coins) {
            choice = Some(Choice::Shop(ShopChoice::Item(item)));
        }
    }
    if let Some(note) = &counter.note {
        let area = Rect::new(
            page.body.x,
            page.body.bottom() - note_h,
            page.body.w,
            note_h,
        );
        ui.centered(area, note, BODY_TEXT, INK);
    }
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// The shelves' tabs, the one `shown` marked; the shelf chosen.
fn draw_tabs(ui: &mut Ui, tabs: Rect, shown: Shelf) -> Option<Choice> {
    let mut choice = None;
    for (cell, shelf) in split_row(tabs, Shelf::ALL.len(), &ui.scale)
        .into_iter()
        .zip(Shelf::ALL)
    {
        let face = if shelf == shown {
            BUTTON_CHOSEN
        } else {
            BUTTON_QUIET
        };
        if ui.button_colored(cell, shelf.name(), face) {
            choice = Some(Choice::Shop(ShopChoice::Shelf(shelf)));
        }
    }
    choice
}

/// The height a shelf's rows want in a list `width` wide: a rifle's row holds its trade-off on
/// a line of its own under the name and button.
fn row_height(ui: &Ui, items: &[Item], width: f32) -> f32 {
    let line_w = width.min(ui.scale.px(MAX_CARD_WIDTH)) - ui.scale.px(GAP);
    let lines_h = items
        .iter()
        .filter_map(|item| item.line())
        .map(|line| ui.paragraph_height(line_w, line, SMALL_TEXT))
        .fold(0.0, f32::max);
    ui.scale.touch_px(BUTTON_HEIGHT) + lines_h
}

/// The fitting: where the rows leave room in `list` (they need `needed`), the skier in the
/// outfit worn, large enough to see the suit and the skis; what is left of the list for them.
fn draw_fitting(ui: &mut Ui, list: Rect, needed: f32, outfit: Outfit) -> Rect {
    let gap = ui.scale.px(GAP);
    let room = list.h - needed - gap;
    if room < ui.scale.px(FITTING_MIN) {
        return list;
    }
    let side = room.min(ui.scale.px(FITTING_MAX));
    let card_w = list.w.min(ui.scale.px(MAX_CARD_WIDTH));
    let card = Rect::new(list.center().x - card_w / 2.0, list.y, card_w, side);
    ui.card(card);
    let inset = gap / 2.0;
    let figure = Rect::new(card.x, card.y + inset, card.w, side - 2.0 * inset);
    draw_skier(figure, outfit);
    Rect::new(
        list.x,
        card.bottom() + gap,
        list.w,
        list.bottom() - card.bottom() - gap,
    )
}

/// One item's row: swatch or rifle line, name, and its button; whether the button was tapped.
fn draw_item(ui: &mut Ui, cell: Rect, item: Item, locker: &Locker, coins: u32) -> bool {
    // The trade-off wraps under the name at small text; the button keeps the touch minimum.
    let line_w = cell.w - ui.scale.px(GAP);
    let line_h = item
        .line()
        .map_or(0.0, |line| ui.paragraph_height(line_w, line, SMALL_TEXT))
        .min(cell.h - ui.scale.min_touch_px);
    if let Some(line) = item.line() {
        let below = Rect::new(
            cell.x + ui.scale.px(GAP),
            cell.bottom() - line_h - ui.scale.px(LINE_LIFT),
            line_w,
            line_h,
        );
        ui.paragraph(below, line, SMALL_TEXT, FAINT_INK);
    }
    let cell = Rect::new(cell.x, cell.y, cell.w, cell.h - line_h);
    let text_w = cell.w * TEXT_SHARE;
    let mut text = Rect::new(cell.x, cell.y, text_w, cell.h);
    // A suit or skis: the skier wearing it, to see before buying.
    if let Some(outfit) = worn(item, locker.outfit()) {
        let side = cell.h * SWATCH_SHARE;
        let inset = (cell.h - side) / 2.0;
        draw_skier(
            Rect::new(cell.x + inset, cell.y + inset, side, side),
            outfit,
        );
        text.x += side + 2.0 * inset;
        text.w -= side + 2.0 * inset;
    }
    ui.left(text, item.name(), BODY_TEXT, INK);
    let button = Rect::new(cell.x + text_w, cell.y, cell.w - text_w, cell.h);
    let (label, face) = if locker.in_use(item.shelf()) == item {
        (in_use_word(item).to_owned(), BUTTON_CHOSEN)
    } else if locker.owns(item) {
        ("Use".to_owned(), BUTTON_FACE)
    } else if coins >= item.price() {
        (format!("Buy · {}", item.price()), BUTTON_FACE)
    } else {
        (format!("{} coins", item.price()), BUTTON_SHORT)
    };
    ui.button_colored(button, &label, face)
}

/// What an item in use is called: a rifle is carried, suits and skis are worn.
fn in_use_word(item: Item) -> &'static str {
    match item {
        Item::Rifle(_) => "Carried",
        Item::Suit(_) | Item::Skis(_) => "Worn",
    }
}

/// What the skier would wear with `item` on, the rest as `now`; `None` for a rifle.
fn worn(item: Item, now: Outfit) -> Option<Outfit> {
    match item {
        Item::Rifle(_) => None,
        Item::Suit(suit) => Some(Outfit { suit, ..now }),
        Item::Skis(skis) => Some(Outfit { skis, ..now }),
    }
}

impl Flow {
    /// Act on the shop's choice: another shelf, or buy or use an item (saved at once).
    pub(super) fn shop(&mut self, choice: ShopChoice) {
        let ScreenState::Shop(counter) = &mut self.state else {
            return;
        };
        let item = match choice {
            ShopChoice::Shelf(shelf) => {
                counter.shelf = Some(shelf);
                counter.note = None;
                return;
            }
            ShopChoice::Item(item) => item,
        };
        let Some(store) = &mut self.store else {
            // No data directory: the purse and the locker live for this session only.
            let deal = if self.locker.owns(item) {
                self.locker
                    .equip(item)
                    .map(|()| Deal::Equipped)
                    .map_err(|_| BuyError::AlreadyOwned)
            } else {
                self.locker
                    .buy(item, &mut self.purse.coins)
                    .map(|()| Deal::Bought)
            };
            counter.note = Some(deal_note(item, deal));
            return;
        };
        match store.buy_or_equip(item) {
            Ok(shopped) => {
                // As on disk now: another game may have banked, spent or bought meanwhile.
                self.purse = shopped.purse;
                self.locker = shopped.locker;
                counter.note = Some(deal_note(item, shopped.deal));
                let told = told_to_player(&shopped.notices);
                self.tell_all(told);
            }
            Err(error) => {
                // Nothing was saved: nothing was bought or changed.
                counter.note = Some(format!("{}: not saved, try again", item.name()));
                self.tell_save_error(&error);
            }
        }
    }
}

/// The shop's word on a deal.
fn deal_note(item: Item, deal: Result<Deal, BuyError>) -> String {
    match deal {
        Ok(Deal::Bought) => format!("{} bought", item.name()),
        Ok(Deal::Equipped) => format!("{}: {}", item.name(), in_use_word(item).to_lowercase()),
        Err(why) => format!("{}: {why}", item.name()),
    }
}
