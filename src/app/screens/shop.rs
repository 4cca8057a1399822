//! The shop: four shelves (rifles, skiers, suits, skis) of the [`crate::shop`] catalogue, the purse at
//! the top, a row per item with what it does and one button — buy it, use it, or that it is in
//! use. Buying spends the purse; purse and locker are saved at once.

use super::flow::state::ScreenState;
use super::flow::told_to_player;
use super::flow::Flow;
use super::nav::Event;
use super::Choice;
use crate::app::ui::figure::draw_skier;
use crate::app::ui::layout::{
    cards, columns_for, split_row, BODY_TEXT, BUTTON_HEIGHT, CARD_PADDING, GAP, MAX_CARD_WIDTH,
    SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK, ROW_STRIPE};
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
/// The skier as an athlete or wearing a suit or skis, as a share of the row's height.
const SWATCH_SHARE: f32 = 0.9;
/// The fitting on the skiers', suits' and skis' shelves: the athlete in the outfit worn, or
/// with the item being tried on, large, above the rows where they leave room (layout units: shown from this
/// tall, at most that tall).
const FITTING_MIN: f32 = 120.0;
const FITTING_MAX: f32 = 260.0;
/// The note under the list (what a purchase did), in body-text lines.
const NOTE_LINES: f32 = 1.6;
/// The shelf tabs are at most this many footer buttons wide, and between a ninth and a fifth
/// of the page's body tall (never below the touch minimum).
const TABS_PER_FOOTER: f32 = 2.0;
const TAB_SHARE_MAX: f32 = 9.0;
const TAB_SHARE_MIN: f32 = 5.0;
/// The fitting's caption: one line of small text, with room around it.
const CAPTION_LINES: f32 = 1.6;
/// The fitting's caption while nothing is tried on.
const TRY_ON_HINT: &str = "Tap an item to try it on";
/// An item the purse cannot pay for: its button greyed.
const BUTTON_SHORT: Color = Color::new(0.52, 0.56, 0.62, 1.0);

/// What the player chose in the shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShopChoice {
    /// Show another shelf.
    Shelf(Shelf),
    /// Buy this item (if not owned) or put it to use.
    Item(Item),
    /// Try this athlete, suit or pair of skis on in the fitting (tapped on its row, not its button).
    TryOn(Item),
}

/// The shop's own state: the shelf shown, the item tried on in the fitting and the last
/// purchase's word.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShopCounter {
    pub shelf: Option<Shelf>,
    pub trying: Option<Item>,
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
    draw_heading(ui, page.title, coins);
    let layout = ShopLayout::of(ui, page.body, page.footer);
    let shown = counter.shelf();
    let mut choice = draw_tabs(ui, layout.tabs, shown);
    choice = draw_shelf(ui, layout.list, shown, counter, (locker, coins)).or(choice);
    if let Some(note) = &counter.note {
        ui.centered(layout.note, note, BODY_TEXT, INK);
    }
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// "Shop" centred in the `title` row, kept clear of the purse on its right (and as far from
/// the left).
fn draw_heading(ui: &mut Ui, title: Rect, coins: u32) {
    let beside = ui.purse_width(coins) + ui.scale.px(GAP);
    let heading = Rect::new(title.x + beside, title.y, title.w - 2.0 * beside, title.h);
    ui.title(heading, "Shop", INK);
    let purse_top = title.center().y - ui.scale.min_touch_px / 2.0;
    ui.purse(title.right(), purse_top, coins);
}

/// Where the shop's parts go in its body: the shelves' tabs, the list, the note at the bottom.
struct ShopLayout {
    tabs: Rect,
    list: Rect,
    note: Rect,
}

impl ShopLayout {
    fn of(ui: &Ui, body: Rect, footer: Rect) -> ShopLayout {
        let gap = ui.scale.px(GAP);
        // The tabs as tall as a list row, as wide as two footer buttons on a wide screen.
        let row_h = ui
            .scale
            .min_touch_px
            .max(body.h / TAB_SHARE_MAX)
            .min(body.h / TAB_SHARE_MIN);
        let tabs_w = body.w.min(footer.w * TABS_PER_FOOTER);
        let tabs = Rect::new(body.center().x - tabs_w / 2.0, body.y, tabs_w, row_h);
        let note_h = ui.scale.px(BODY_TEXT) * NOTE_LINES;
        let list = Rect::new(
            body.x,
            tabs.bottom() + gap,
            body.w,
            body.h - row_h - 2.0 * gap - note_h,
        );
        let note = Rect::new(body.x, body.bottom() - note_h, body.w, note_h);
        ShopLayout { tabs, list, note }
    }
}

/// The shelf `shown` in `list`: its items' cards (the one tried marked) and, for the looks,
/// the skier wearing what is tried above them; the item tapped.
fn draw_shelf(
    ui: &mut Ui,
    list: Rect,
    shown: Shelf,
    counter: &ShopCounter,
    (locker, coins): (&Locker, u32),
) -> Option<Choice> {
    let gap = ui.scale.px(GAP);
    let items = shown.items();
    let columns = columns_for(list, items.len(), &ui.scale);
    let wanted = row_height(ui, &items, list.w);
    let list = match shown {
        Shelf::Rifles => list,
        Shelf::Skiers | Shelf::Suits | Shelf::Skis => {
            let rows = items.len().div_ceil(columns.max(1)) as f32;
            let needed = rows * wanted + (rows - 1.0) * gap;
            draw_fitting(ui, list, needed, fitting_for(counter.trying, locker))
        }
    };
    let cells = cards(list, items.len(), columns, wanted, &ui.scale);
    ui.card_around(&cells);
    let mut choice = None;
    for (cell, item) in cells.into_iter().zip(items) {
        if counter.trying == Some(item) {
            ui.strip(cell, ROW_STRIPE);
        }
        if let Some(tapped) = draw_item(ui, cell, item, locker, coins) {
            choice = Some(Choice::Shop(tapped));
        }
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

/// What the fitting shows: its caption and the outfit (the one worn, or with the item tried
/// on).
struct Fitting {
    caption: String,
    outfit: Outfit,
}

/// The fitting with `trying` on, if it is an athlete, suit or skis not already chosen; else the
/// outfit worn.
fn fitting_for(trying: Option<Item>, locker: &Locker) -> Fitting {
    let now = locker.outfit();
    let tried = trying
        .filter(|item| locker.in_use(item.shelf()) != *item)
        .and_then(|item| worn(item, now).map(|outfit| (item, outfit)));
    match tried {
        Some((item, outfit)) => Fitting {
            caption: format!("Trying on: {}", item.name()),
            outfit,
        },
        None => Fitting {
            caption: TRY_ON_HINT.to_owned(),
            outfit: now,
        },
    }
}

/// The fitting: where the rows leave room in `list` (they need `needed`), the skier in the
/// fitting's outfit under its caption, large enough to see the suit and the skis; what is left
/// of the list for the rows.
fn draw_fitting(ui: &mut Ui, list: Rect, needed: f32, fitting: Fitting) -> Rect {
    let gap = ui.scale.px(GAP);
    // The rows' card reaches its padding above the rows: the gap is left past it, or the two
    // cards touch and read as one.
    let apart = gap + ui.scale.px(CARD_PADDING);
    let room = list.h - needed - apart;
    if room < ui.scale.px(FITTING_MIN) {
        return list;
    }
    let side = room.min(ui.scale.px(FITTING_MAX));
    let card_w = list.w.min(ui.scale.px(MAX_CARD_WIDTH));
    let card = Rect::new(list.center().x - card_w / 2.0, list.y, card_w, side);
    ui.card(card);
    let inset = gap / 2.0;
    let caption_h = ui.scale.px(SMALL_TEXT) * CAPTION_LINES;
    let caption = Rect::new(card.x + gap, card.y + inset, card.w - 2.0 * gap, caption_h);
    ui.centered(caption, &fitting.caption, SMALL_TEXT, FAINT_INK);
    let figure = Rect::new(
        card.x,
        caption.bottom(),
        card.w,
        side - caption_h - 2.0 * inset,
    );
    draw_skier(figure, fitting.outfit);
    Rect::new(
        list.x,
        card.bottom() + apart,
        list.w,
        list.bottom() - card.bottom() - apart,
    )
}

/// One item's row: swatch or rifle line, name, and its button; what a tap on it chose (the
/// button buys or puts to use; the rest of a suit's or skis' row tries it on).
fn draw_item(
    ui: &mut Ui,
    cell: Rect,
    item: Item,
    locker: &Locker,
    coins: u32,
) -> Option<ShopChoice> {
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
    // An athlete, suit or skis: the skier as or wearing it, to see before buying.
    let fitted = worn(item, locker.outfit());
    if let Some(outfit) = fitted {
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
    if ui.button_colored(button, &label, face) {
        return Some(ShopChoice::Item(item));
    }
    let row = Rect::new(cell.x, cell.y, text_w, cell.h);
    let tried = fitted.is_some() && ui.taps_in(row);
    tried.then_some(ShopChoice::TryOn(item))
}

/// What an item in use is called: a rifle is carried, an athlete skis, suits and skis are worn.
fn in_use_word(item: Item) -> &'static str {
    match item {
        Item::Rifle(_) => "Carried",
        Item::Athlete(_) => "Skiing",
        Item::Suit(_) | Item::Skis(_) => "Worn",
    }
}

/// The item still tried on in the fitting once `dealt` is bought or put on: none if it was
/// on the same shelf (the fitting then shows what is worn), else the one tried on.
fn still_trying(trying: Option<Item>, dealt: Item) -> Option<Item> {
    trying.filter(|item| item.shelf() != dealt.shelf())
}

/// What the skier would wear with `item` on, the rest as `now`; `None` for a rifle.
fn worn(item: Item, now: Outfit) -> Option<Outfit> {
    match item {
        Item::Rifle(_) => None,
        Item::Athlete(athlete) => Some(Outfit { athlete, ..now }),
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
                counter.trying = None;
                counter.note = None;
                return;
            }
            ShopChoice::TryOn(item) => {
                counter.trying = Some(item);
                return;
            }
            ShopChoice::Item(item) => {
                // A suit bought or put on ends the trying on: the fitting shows what is worn.
                counter.trying = still_trying(counter.trying, item);
                item
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buying_or_wearing_another_suit_ends_trying_one_on() {
        let suits: Vec<Item> = Item::all()
            .filter(|item| matches!(item, Item::Suit(_)))
            .collect();
        let rifle = Item::all()
            .find(|item| matches!(item, Item::Rifle(_)))
            .expect("a rifle");
        let (tried, bought) = (suits[0], suits[1]);
        assert_eq!(still_trying(Some(tried), bought), None);
        assert_eq!(still_trying(Some(tried), rifle), Some(tried));
        assert_eq!(still_trying(None, bought), None);
    }

    /// A suit not worn is fitted with the rest of the outfit as worn, and named; the suit worn,
    /// a rifle or nothing show the outfit as worn.
    #[test]
    fn the_fitting_shows_the_item_tried_on() {
        let locker = Locker::default();
        let now = locker.outfit();
        let other = Item::all()
            .find(|item| matches!(item, Item::Suit(_)) && locker.in_use(Shelf::Suits) != *item)
            .expect("the catalogue has a second suit");
        let fitting = fitting_for(Some(other), &locker);
        assert_eq!(fitting.outfit, worn(other, now).expect("a suit is worn"));
        assert_ne!(fitting.outfit, now);
        assert_eq!(fitting.caption, format!("Trying on: {}", other.name()));
        let in_use = locker.in_use(Shelf::Suits);
        let rifle = locker.in_use(Shelf::Rifles);
        for trying in [None, Some(in_use), Some(rifle)] {
            let fitting = fitting_for(trying, &locker);
            assert_eq!(
                (fitting.outfit, fitting.caption.as_str()),
                (now, TRY_ON_HINT)
            );
        }
    }
}
