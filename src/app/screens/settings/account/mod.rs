//! Settings → Account: the player online. Their name on the world boards; the recovery code,
//! shown once when the name is registered ("Write this down") and never again; "Link another
//! device" (a one-time code and its minutes left); "I have a code" (another device's code or
//! the recovery code, typed or pasted: the phone's keyboard comes up); and "Delete my online
//! account" in two steps, saying what goes and that the device's own coins, results and
//! replays stay. Each page draws itself from [`AccountFacts`] and says what the player chose;
//! the flow makes the requests ([`crate::online::Client`]). [`report`]: the Report dialog over
//! a world run, the player's other request about the boards.

mod pages;
pub mod report;

use crate::app::screens::nav::Event;
use crate::app::screens::{Choice, NameEntry};
use crate::app::ui::layout::{BODY_TEXT, BUTTON_HEIGHT, CARD_PADDING, GAP, MAX_CARD_WIDTH};
use crate::app::ui::{Ui, BUTTON_QUIET, INK};
use macroquad::math::Rect;

/// Characters a typed code may have: a recovery code's twenty, its dashes and a few spaces.
pub const CODE_MAX_CHARS: usize = 32;
/// The screen's title.
const TITLE: &str = "Account";
/// A line's height in text heights.
const LINE_SPACING: f32 = 1.4;

/// Which page of the account shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AccountPage {
    /// The name, the recovery code (once), and the ways to the other pages.
    #[default]
    Main,
    /// "Link another device": the one-time code and its minutes left.
    Link,
    /// "I have a code": the field for another device's code or the recovery code.
    EnterCode,
    /// "Delete my online account": what goes, what stays, and the second step.
    Delete,
}

/// The account screen's own state: the page and the code being typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountScreen {
    pub page: AccountPage,
    pub code: NameEntry,
}

/// What the account screen shows of the player online.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountFacts<'a> {
    /// The leaderboard's address, when the game is online.
    pub server: Option<&'a str>,
    /// The name the world boards know the player by (empty: none yet).
    pub name: &'a str,
    /// The recovery code, while it has not been written down (shown once).
    pub recovery: Option<&'a str>,
    /// The link code and its whole minutes left.
    pub link: Option<(&'a str, u32)>,
    /// Whether an answer from the server is awaited.
    pub waiting: bool,
    /// The last answer's sentence (a refusal, or what was done).
    pub said: Option<&'a str>,
}

/// What the player asked on the account screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountChoice {
    /// A one-time code for another device.
    AskLinkCode,
    /// Join the player of the code typed.
    Join(String),
    /// The recovery code is written down: forget it.
    RecoveryWritten,
    /// Delete the player online (the second step).
    Delete,
    /// Report the world's run `run` to the server's operator, saying `why`.
    Report { run: String, why: String },
}

/// The account screen; what the player chose.
pub fn draw_account(
    ui: &mut Ui,
    screen: &mut AccountScreen,
    facts: &AccountFacts,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, TITLE, INK);
    let mut column = Column::new(page.body, ui);
    let choice = match (facts.server, screen.page) {
        (None, _) => {
            pages::draw_offline(ui, &mut column);
            None
        }
        (Some(_), AccountPage::Main) => pages::draw_main(ui, &mut column, screen, facts),
        (Some(_), AccountPage::Link) => pages::draw_link(ui, &mut column, facts),
        (Some(_), AccountPage::EnterCode) => pages::draw_enter_code(ui, &mut column, screen, facts),
        (Some(server), AccountPage::Delete) => {
            pages::draw_delete(ui, &mut column, screen, facts, server)
        }
    };
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        return match screen.page {
            AccountPage::Main => Some(Choice::Go(Event::Back)),
            _ => {
                screen.page = AccountPage::Main;
                None
            }
        };
    }
    choice
}

/// The page's body as one centred column, filled from the top.
pub(super) struct Column {
    x: f32,
    w: f32,
    y: f32,
    bottom: f32,
    gap: f32,
    button_h: f32,
    line_h: f32,
    pad: f32,
}

impl Column {
    fn new(body: Rect, ui: &Ui) -> Self {
        let pad = ui.scale.px(CARD_PADDING);
        let w = (body.w - 2.0 * pad).min(ui.scale.px(MAX_CARD_WIDTH));
        Self {
            x: body.center().x - w / 2.0,
            w,
            y: body.y + pad,
            bottom: body.bottom() - pad,
            gap: ui.scale.px(GAP),
            button_h: ui.scale.touch_px(BUTTON_HEIGHT),
            line_h: ui.scale.px(BODY_TEXT) * LINE_SPACING,
            pad,
        }
    }

    /// The next `h` pixels of the column.
    fn take(&mut self, h: f32) -> Rect {
        let rect = Rect::new(self.x, self.y, self.w, h);
        self.y += h + self.gap;
        rect
    }

    /// A button's row.
    fn button(&mut self) -> Rect {
        self.take(self.button_h)
    }

    /// A paragraph of `text` at `size`: drawn, its rect returned.
    fn paragraph(
        &mut self,
        ui: &Ui,
        text: &str,
        size: f32,
        color: macroquad::color::Color,
    ) -> Rect {
        let rect = self.room_for(ui, text, size);
        ui.paragraph(rect, text, size, color);
        rect
    }

    /// The room a paragraph of `text` at `size` takes, not drawn yet (a card goes under it
    /// first).
    fn room_for(&mut self, ui: &Ui, text: &str, size: f32) -> Rect {
        let h = ui.paragraph_height(self.w, text, size);
        self.take(h)
    }

    /// One line at body size.
    fn line(&mut self) -> Rect {
        self.take(self.line_h)
    }

    /// Space between groups: a card's padding both sides.
    fn space(&mut self) {
        self.y += 2.0 * self.pad;
    }

    /// Pixels left under the column.
    fn left(&self) -> f32 {
        self.bottom - self.y
    }
}
