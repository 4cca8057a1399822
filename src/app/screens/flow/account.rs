//! The flow of the player's account: the Account screen's requests made through the client,
//! and its answers kept (the identity saved as the keys change, the name taken everywhere at
//! once when this device joins a player, the recovery code kept until it is written down).

use super::state::ScreenState;
use super::Flow;
use crate::app::platform::clock::Moment;
use crate::app::screens::{AccountChoice, AccountFacts, AccountPage, Choice};
use crate::app::ui::Ui;
use crate::online::contract::LinkCode;
use crate::online::{Keys, OnlineEvent as Heard};

/// Seconds in a minute, for a link code's minutes left.
const MINUTE_S: f64 = 60.0;

/// What the Account screen shows of the requests made from it.
#[derive(Debug, Default)]
pub(super) struct AccountView {
    /// The last link code and when it came.
    link: Option<(LinkCode, Moment)>,
    /// An answer is awaited.
    waiting: bool,
    /// The last answer's sentence.
    said: Option<String>,
    /// The screen's words and places last traced.
    traced: String,
    /// The player was told, this session, that a recovery code waits on the Account screen.
    recovery_told: bool,
}

impl Flow {
    /// The Account screen, from the client's state.
    pub(super) fn draw_account_screen(&mut self, ui: &mut Ui) -> Option<Choice> {
        let ScreenState::Account(screen) = &mut self.state else {
            return None;
        };
        let facts = match &self.online {
            Some(online) => {
                let link = online.account.link.as_ref().map(|(code, came)| {
                    let left_s = f64::from(code.expires_in_s) - came.elapsed().as_secs_f64();
                    (
                        code.code.as_str(),
                        (left_s.max(0.0) / MINUTE_S).ceil() as u32,
                    )
                });
                AccountFacts {
                    server: Some(online.client.server()),
                    name: online.client.registered(),
                    recovery: Some(online.identity.recovery_unseen.as_str())
                        .filter(|code| !code.is_empty()),
                    link,
                    waiting: online.account.waiting,
                    said: online.account.said.as_deref(),
                }
            }
            None => AccountFacts::default(),
        };
        let choice = crate::app::screens::draw_account(ui, screen, &facts);
        self.trace_account_words();
        choice
    }

    /// The Account screen's words and where each is (its box's centre), traced when they
    /// change: a browser test taps them by name.
    fn trace_account_words(&mut self) {
        let Some(online) = &mut self.online else {
            return;
        };
        let texts = crate::app::ui::drawn::this_frame().texts;
        let placed: Vec<String> = texts
            .iter()
            .map(|text| {
                let [x0, y0, x1, y1] = text.at;
                format!(
                    "{}@{:.0},{:.0}",
                    text.text,
                    (x0 + x1) / 2.0,
                    (y0 + y1) / 2.0
                )
            })
            .collect();
        let line = format!("account words: {}", placed.join(" | "));
        if line != online.account.traced {
            crate::app::platform::log::trace(&line);
            online.account.traced = line;
        }
    }

    /// Do what the player asked on the Account screen.
    pub(in crate::app::screens) fn account_choice(&mut self, choice: AccountChoice) {
        let Some(online) = &mut self.online else {
            return;
        };
        online.account.said = None;
        match choice {
            AccountChoice::AskLinkCode => {
                online.account.link = None;
                online.account.waiting = true;
                online.client.ask_link_code();
            }
            AccountChoice::Join(typed) => {
                let keys = match crate::app::platform::net::fresh_secret() {
                    Ok(secret) => Keys::from_secret(secret),
                    Err(error) => {
                        online.account.said = Some(format!("No new key could be made: {error}."));
                        return;
                    }
                };
                match online.client.join(&typed, keys) {
                    Ok(()) => online.account.waiting = true,
                    Err(sentence) => online.account.said = Some(sentence),
                }
            }
            AccountChoice::RecoveryWritten => {
                online.identity.recovery_unseen.clear();
                self.keep_identity();
            }
            AccountChoice::Delete => {
                online.account.waiting = true;
                online.client.delete_player();
            }
            AccountChoice::Report { run, why } => online.client.report(&run, &why),
        }
    }

    /// Back on an account page other than the main one leads there, and over the Report
    /// dialog closes it; whether it did.
    pub(super) fn account_page_back(&mut self) -> bool {
        match &mut self.state {
            ScreenState::Account(screen) if screen.page != AccountPage::Main => {
                screen.page = AccountPage::Main;
                true
            }
            ScreenState::Boards(page) if page.report.is_some() => {
                page.report = None;
                true
            }
            _ => false,
        }
    }

    /// The client's news of the account.
    pub(super) fn account_heard(&mut self, heard: Heard) {
        let Some(online) = &mut self.online else {
            return;
        };
        let answered = !matches!(heard, Heard::KeysChanged | Heard::RecoveryCode(_));
        if answered {
            online.account.waiting = false;
        }
        match heard {
            Heard::RecoveryCode(code) => {
                online.identity.recovery_unseen = code;
                self.tell_recovery_on_a_menu();
            }
            Heard::LinkCode(code) => {
                crate::app::platform::log::trace(&format!("account link code {}", code.code));
                online.account.link = Some((code, Moment::now()));
            }
            Heard::Joined(name) => {
                crate::app::platform::log::trace(&format!("joined as {name}"));
                online.account.said = Some(format!("This device now plays as {name}."));
                self.settings.player_name = name;
                self.settings.name_chosen = true;
                self.save_settings();
                self.open_account_main();
            }
            Heard::Deleted(id) => {
                crate::app::platform::log::trace(&format!("deleted player {id}"));
                online.account.said = Some(
                    "Your online account is deleted. This device keeps its coins, results and \
                     replays."
                        .to_owned(),
                );
                online.identity.recovery_unseen.clear();
                online.pages.clear();
                // Not registered again by itself: a name is chosen anew to go online again.
                self.settings.name_chosen = false;
                self.save_settings();
                self.open_account_main();
            }
            Heard::Reported(run) => {
                crate::app::platform::log::trace(&format!("reported run {run}"));
                self.tell_all([
                    "Thank you: the run was reported to the server's operator.".to_owned()
                ]);
            }
            Heard::AccountRefused(sentence) => {
                crate::app::platform::log::trace(&format!("account refused: {sentence}"));
                if self.state.screen() == crate::app::screens::nav::Screen::Account {
                    online.account.said = Some(sentence);
                } else {
                    self.tell_all([sentence]);
                }
            }
            _ => {}
        }
        self.keep_identity();
    }

    fn open_account_main(&mut self) {
        if let ScreenState::Account(screen) = &mut self.state {
            screen.page = AccountPage::Main;
            screen.code = Default::default();
        }
    }

    /// Keep the client's keys and player, and the recovery code not yet seen, in
    /// `identity.json`; the boards' "(you)" follows the player's id.
    pub(super) fn keep_identity(&mut self) {
        let Some(online) = &mut self.online else {
            return;
        };
        online.client.keep_in(&mut online.identity);
        let id = online.client.player_id();
        online.public = if id.is_empty() {
            online.client.keys().public_hex()
        } else {
            id
        };
        if let Some(store) = &self.store {
            if let Err(error) = store.save_identity(&online.identity) {
                crate::app::platform::log::tell_developers(&format!("latu: {error}"));
                self.tell_save_error(&error);
            }
        }
    }
}

impl Flow {
    /// Tell, once a session, that a registered name's recovery code waits on the Account screen
    /// — on a menu only: the name is registered from the results, and a note over them would
    /// hide the run's figures and its world place.
    pub(super) fn tell_recovery_on_a_menu(&mut self) {
        use crate::app::screens::nav::Screen;
        let on_a_menu = matches!(self.state.screen(), Screen::Title | Screen::Levels);
        let Some(online) = &mut self.online else {
            return;
        };
        if on_a_menu && !online.account.recovery_told && !online.identity.recovery_unseen.is_empty()
        {
            online.account.recovery_told = true;
            self.tell_all([RECOVERY_READY.to_owned()]);
        }
    }
}

/// Told once a session a new name's recovery code is unseen (on the title or the levels).
const RECOVERY_READY: &str =
    "Your name is registered. Write down your recovery code: Settings, Account.";
