//! The screens and the flow between them.
//!
//! `latu play` and its frame loops, the title, level select, pause, results, results list,
//! settings, the shop and `--show`. Each screen draws itself with [`crate::app::ui`] and says what the
//! player chose; [`nav`] decides where that leads.

pub(crate) mod boards;
mod flow;
mod frame_loop;
mod guide;
mod levels;
pub mod nav;
mod pause;
mod play;
mod results;
mod results_list;
mod settings;
pub(crate) mod shop;
pub(crate) mod show;
mod title;

pub use play::play;

pub use guide::draw_guide;
pub use levels::{draw_levels, draw_notices};
pub use pause::{draw_leaving, draw_pause, pause_button, pause_button_rect, skip_button_rect};
pub use results::{draw_results, shown_metres, FinishedRun};
pub use results_list::{draw_results_list, load_for_watching, ListPage};
pub use settings::account::{
    draw_account, AccountChoice, AccountFacts, AccountPage, AccountScreen, CODE_MAX_CHARS,
};
pub use settings::{draw_settings, SettingsPage};
pub use shop::{draw_shop, ShopCounter};
pub use title::{draw_title, TitleFacts};

use crate::app::ui::Ui;
use crate::online::contract::names;
use crate::storage::ReplayName;
use macroquad::math::Rect;
use nav::Event;

/// What the player chose on a screen this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Plain navigation (open a screen, back, resume, quit).
    Go(Event),
    /// Race a level's track.
    Race { level: u8, track: u8 },
    /// Ski today's daily course.
    Daily,
    /// Ski the Endless course.
    Endless,
    /// The guided run that teaches the game.
    Tutorial,
    /// Watch a saved replay.
    Watch(ReplayName),
    /// A setting changed: save the settings.
    SettingsChanged,
    /// In the shop: another shelf, or an item bought or put to use.
    Shop(shop::ShopChoice),
    /// On the Boards screen: another board to ask for.
    WorldBoard,
    /// A ranked run of the world to watch, or to race as a ghost.
    WorldRun { run: String, race: bool },
    /// On the Account screen: a request about the player online.
    Account(AccountChoice),
}

impl Choice {
    /// Whether this choice starts a run (the results showing are banked before it: their coins
    /// are in the purse before a Retry begins).
    pub fn starts_a_run(&self) -> bool {
        matches!(
            self,
            Self::Race { .. } | Self::Daily | Self::Endless | Self::Tutorial | Self::Watch(_)
        )
    }
}

/// The name being typed (results screen, settings): keys on a desktop, the phone's own
/// keyboard on touch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameEntry {
    /// The name so far.
    pub text: String,
    /// Whether typing goes into it now.
    pub editing: bool,
}

impl NameEntry {
    /// Apply one typed character: backspace deletes, a control character is ignored, nothing
    /// goes beyond `max_chars`. A character a name cannot hold (the contract's one set: what
    /// the game draws and the server accepts) is refused: the sentence that says so is
    /// returned, for the player.
    pub fn type_char(&mut self, typed: char, max_chars: usize) -> Option<String> {
        match typed {
            BACKSPACE => {
                self.text.pop();
            }
            c if c.is_control() => {}
            c if !names::is_name_char(c) => return names::char_refusal(c),
            c if self.text.chars().count() < max_chars => self.text.push(c),
            _ => {}
        }
        None
    }

    /// Draw the name in `field` (with a cursor while typing); a tap on it starts typing and
    /// opens the phone's keyboard.
    pub fn draw_field(&mut self, ui: &mut Ui, field: Rect) {
        let shown = if self.editing {
            format!("{}_", self.text)
        } else {
            self.text.clone()
        };
        ui.field(field, &shown);
        if ui.taps_in(field) {
            self.editing = true;
            crate::app::platform::show_keyboard(true);
        }
    }
}

/// The character a backspace key types.
pub const BACKSPACE: char = '\u{8}';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_a_name_keeps_it_short_and_printable() {
        let mut entry = NameEntry::default();
        for c in "Anna\u{1}Lisa".chars() {
            entry.type_char(c, 6);
        }
        assert_eq!(entry.text, "AnnaLi");
        entry.type_char(BACKSPACE, 6);
        assert_eq!(entry.text, "AnnaL");
    }

    #[test]
    fn a_character_the_game_cannot_draw_is_refused_with_a_sentence() {
        let mut entry = NameEntry::default();
        // Korean is drawn; an emoji (a skier) is refused, never kept to be drawn as a box.
        assert_eq!(entry.type_char('\u{AE40}', 16), None);
        let refused = entry.type_char('\u{1F3BF}', 16).expect("refused");
        assert_eq!(entry.text, "\u{AE40}");
        assert!(refused.contains("U+1F3BF"), "{refused}");
        assert!(refused.ends_with('.'), "{refused}");
    }
}
