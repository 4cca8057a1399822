//! The account screen's pages, each a column of words and buttons: the main page, the link
//! code, the field for a code, and the deletion's second step.

use super::{AccountChoice, AccountFacts, AccountPage, AccountScreen, Column};
use crate::app::screens::Choice;
use crate::app::ui::layout::{split_row, BODY_TEXT, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};

/// Layout units of a code shown to be copied.
const CODE_TEXT: f32 = 30.0;
/// What the recovery code is for, under it.
const WRITE_THIS_DOWN: &str = "Write this down. It is shown once and never again: it brings \
     your name back on a new device, or deletes it from the web.";
/// Where the recovery code went, once written down.
const RECOVERY_GONE: &str = "Recovery code: shown once, when your name was registered. The \
     game does not show it again.";
/// How the link code is used, under it.
const LINK_HOW: &str =
    "On the other device: Settings, Account, I have a code. It takes your name there at once.";
/// Said while an answer is awaited.
const ASKING: &str = "Asking the server\u{2026}";

/// What the account needs without a server.
const OFFLINE: &str = "The game is offline. Turn Online on in Settings to keep your name on \
     the world boards and on your other devices.";

/// Without a server: what the account needs, on a card (bare on the sky, a cloud ran through
/// its words).
pub(super) fn draw_offline(ui: &mut Ui, column: &mut Column) {
    let said = column.room_for(ui, OFFLINE, BODY_TEXT);
    ui.card_around(&[said]);
    ui.paragraph(said, OFFLINE, BODY_TEXT, INK);
}

/// The name, the recovery code once, and the ways to the other pages.
pub(super) fn draw_main(
    ui: &mut Ui,
    column: &mut Column,
    screen: &mut AccountScreen,
    facts: &AccountFacts,
) -> Option<Choice> {
    let named = !facts.name.is_empty();
    let name = if named {
        format!("Name: {}", facts.name)
    } else {
        "No online name yet".to_owned()
    };
    let row = column.line();
    ui.left(row, &name, BODY_TEXT, INK);
    let mut choice = None;
    match facts.recovery {
        Some(code) => {
            let heading = column.line();
            let shown = column.line();
            let said = column.room_for(ui, WRITE_THIS_DOWN, SMALL_TEXT);
            let button = column.button();
            ui.card_around(&[heading, shown, said, button]);
            ui.left(heading, "Your recovery code", BODY_TEXT, INK);
            ui.centered(shown, code, CODE_TEXT, INK);
            ui.paragraph(said, WRITE_THIS_DOWN, SMALL_TEXT, INK);
            if ui.button_colored(button, "I wrote it down", BUTTON_FACE) {
                choice = Some(Choice::Account(AccountChoice::RecoveryWritten));
            }
        }
        None if named => {
            column.paragraph(ui, RECOVERY_GONE, SMALL_TEXT, FAINT_INK);
        }
        None => {
            column.paragraph(
                ui,
                "Choose a name in Settings and finish a run: the world boards register it and \
                 give you a recovery code. Or join the name you have on another device:",
                SMALL_TEXT,
                FAINT_INK,
            );
        }
    }
    column.space();
    if named && ui.button_colored(column.button(), "Link another device", BUTTON_QUIET) {
        screen.page = AccountPage::Link;
        choice = Some(Choice::Account(AccountChoice::AskLinkCode));
    }
    if ui.button_colored(column.button(), "I have a code", BUTTON_QUIET) {
        screen.page = AccountPage::EnterCode;
        // Straight into typing: the phone's keyboard comes up.
        screen.code.editing = true;
        crate::app::platform::show_keyboard(true);
    }
    if named && ui.button_colored(column.button(), "Delete my online account", BUTTON_QUIET) {
        screen.page = AccountPage::Delete;
    }
    draw_said(ui, column, facts);
    choice
}

/// The one-time code for another device and its minutes left.
pub(super) fn draw_link(ui: &mut Ui, column: &mut Column, facts: &AccountFacts) -> Option<Choice> {
    let heading = column.line();
    match facts.link {
        Some((code, minutes)) if minutes > 0 => {
            let shown = column.line();
            let left = column.line();
            let how = column.room_for(ui, LINK_HOW, SMALL_TEXT);
            ui.card_around(&[heading, shown, left, how]);
            ui.left(heading, "Link another device", BODY_TEXT, INK);
            ui.centered(shown, code, CODE_TEXT, INK);
            let plural = if minutes == 1 { "" } else { "s" };
            ui.centered(
                left,
                &format!("Good for {minutes} more minute{plural}, once"),
                SMALL_TEXT,
                FAINT_INK,
            );
            ui.paragraph(how, LINK_HOW, SMALL_TEXT, INK);
        }
        Some(_) => {
            ui.left(heading, "Link another device", BODY_TEXT, INK);
            column.paragraph(ui, "That code has run out.", SMALL_TEXT, INK);
        }
        None => ui.left(heading, "Link another device", BODY_TEXT, INK),
    }
    let expired = facts.link.is_some_and(|(_, minutes)| minutes == 0);
    let mut choice = None;
    if !facts.waiting && (expired || facts.link.is_none()) {
        let button = column.button();
        if ui.button_colored(button, "New code", BUTTON_FACE) {
            choice = Some(Choice::Account(AccountChoice::AskLinkCode));
        }
    }
    draw_said(ui, column, facts);
    choice
}

/// The field for another device's code or the recovery code, with Paste and Join.
pub(super) fn draw_enter_code(
    ui: &mut Ui,
    column: &mut Column,
    screen: &mut AccountScreen,
    facts: &AccountFacts,
) -> Option<Choice> {
    column.paragraph(
        ui,
        "Type the code from your other device (Link another device), or your recovery code.",
        SMALL_TEXT,
        INK,
    );
    let field = column.button();
    screen.code.draw_field(ui, field);
    let buttons = split_row(column.button(), 2, &ui.scale);
    if ui.button_colored(buttons[0], "Paste", BUTTON_QUIET) {
        if let Some(pasted) = macroquad::miniquad::window::clipboard_get() {
            screen.code.text = pasted.trim().chars().take(super::CODE_MAX_CHARS).collect();
        }
    }
    let mut choice = None;
    let ready = !facts.waiting && !screen.code.text.trim().is_empty();
    let face = if ready { BUTTON_FACE } else { BUTTON_QUIET };
    if ui.button_colored(buttons[1], "Join", face) && ready {
        screen.code.editing = false;
        crate::app::platform::show_keyboard(false);
        choice = Some(Choice::Account(AccountChoice::Join(
            screen.code.text.clone(),
        )));
    }
    column.paragraph(
        ui,
        "This device then plays as that name. Runs waiting to be sent still go under the name \
         they were played by.",
        SMALL_TEXT,
        FAINT_INK,
    );
    draw_said(ui, column, facts);
    choice
}

/// The deletion's second step: what goes, what stays, and the two ways out.
pub(super) fn draw_delete(
    ui: &mut Ui,
    column: &mut Column,
    screen: &mut AccountScreen,
    facts: &AccountFacts,
    server: &str,
) -> Option<Choice> {
    let goes_text = format!(
        "The server deletes the name {}, its runs on the world boards with their replays, and \
         every device's link to it. The name is free again for anyone.",
        facts.name
    );
    let stays_text = "This device keeps its coins, results and replays. Without the game, the \
                      same is done at:";
    let heading = column.line();
    let goes = column.room_for(ui, &goes_text, SMALL_TEXT);
    let stays = column.room_for(ui, stays_text, SMALL_TEXT);
    let web = column.line();
    ui.card_around(&[heading, goes, stays, web]);
    ui.left(heading, "Delete your online account?", BODY_TEXT, INK);
    ui.paragraph(goes, &goes_text, SMALL_TEXT, INK);
    ui.paragraph(stays, stays_text, SMALL_TEXT, INK);
    ui.left(web, &format!("{server}/delete"), SMALL_TEXT, FAINT_INK);
    column.space();
    let mut choice = None;
    let buttons = split_row(column.button(), 2, &ui.scale);
    if ui.button_colored(buttons[0], "Keep it", BUTTON_QUIET) {
        screen.page = AccountPage::Main;
    }
    if !facts.waiting && ui.button_colored(buttons[1], "Delete", BUTTON_CHOSEN) {
        choice = Some(Choice::Account(AccountChoice::Delete));
    }
    draw_said(ui, column, facts);
    choice
}

/// The last answer's sentence, or that one is awaited, under the page's buttons where it fits.
fn draw_said(ui: &mut Ui, column: &mut Column, facts: &AccountFacts) {
    let said = match (facts.said, facts.waiting) {
        (_, true) => ASKING,
        (Some(said), false) => said,
        (None, false) => return,
    };
    if ui.paragraph_height(column.w, said, SMALL_TEXT) <= column.left() {
        column.paragraph(ui, said, SMALL_TEXT, INK);
    }
}
