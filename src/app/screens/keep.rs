//! What the flow keeps between sessions: a finished run's result and replay, the purse, the
//! settings, and the player's and developers' words about the files they live in.

use super::flow::Flow;
use crate::app::platform::android;
use crate::app::platform::audio::Volumes;
use crate::app::screens;
use crate::storage::{NewResult, Purse, Store};

impl Flow {
    /// List the finished run under the name typed (merged with what another game on this data
    /// directory saved meanwhile), save its replay if it made the list, and keep its coins.
    pub(super) fn save_result(&mut self) {
        let Some(run) = self.finished.take() else {
            return;
        };
        // The coins left at the end go into the purse (a daily run's too, listed or not).
        self.keep_purse(run.summary.coins);
        let name = crate::storage::settings::tidy_name(&self.name.text);
        if name != self.settings.player_name || run.ask_name {
            // The name was asked (the first result): it is the player's from now on.
            self.settings.player_name = name.clone();
            self.settings.name_chosen = true;
            self.save_settings();
        }
        let Some(new) = run.result(&name) else {
            return;
        };
        let replay_name = match &new {
            NewResult::Run(result) => screens::replay_name(screens::Listed::Run(result)),
            NewResult::Endless(result) => screens::replay_name(screens::Listed::Endless(result)),
            NewResult::Daily(result) => screens::replay_name(screens::Listed::Daily(result)),
        };
        let Some(store) = &mut self.store else {
            // No data directory: the list lives for this session only.
            let _ = match new {
                NewResult::Run(result) => self.results.add_run(result),
                NewResult::Endless(result) => self.results.add_endless(result),
                NewResult::Daily(result) => self.results.add_daily(result),
            };
            return;
        };
        // Merged with what another game on this data directory may have saved meanwhile.
        let merged = match store.add_result(new) {
            Ok(merged) => merged,
            Err(e) => {
                self.notices.push(e.to_string());
                return;
            }
        };
        self.results = merged.results;
        crate::app::platform::log::trace(&format!("result saved at place {:?}", merged.place));
        self.notices.extend(told_to_player(&merged.notices));
        let (Some(_), Some(replay_name)) = (merged.place, replay_name) else {
            return;
        };
        if !crate::files::is_file(&store.replay_path(&replay_name)) {
            if let Err(e) = store.save_replay(&replay_name, &run.replay) {
                self.notices.push(e.to_string());
            }
        }
    }

    /// The purse now holds `coins`; saved at once.
    fn keep_purse(&mut self, coins: u32) {
        self.purse = Purse { coins };
        if let Some(store) = &self.store {
            if let Err(e) = store.save_purse(&self.purse) {
                self.notices.push(e.to_string());
            }
        }
    }

    /// Apply the settings' volumes and save them.
    pub(super) fn save_settings(&mut self) {
        self.sounds.set_volumes(Volumes::of(&self.settings));
        if let Some(store) = &self.store {
            if let Err(e) = store.save_settings(&self.settings) {
                let message = e.to_string();
                if !self.notices.contains(&message) {
                    self.notices.push(message);
                }
            }
        }
    }
}

/// The game's files in this platform's data directory (Android: the app's own storage).
pub(super) fn open_store() -> Result<Store, crate::storage::DataDirError> {
    if let Some(dir) = crate::app::platform::page_data_dir() {
        return Ok(Store::new(dir));
    }
    Store::for_this_platform(
        android::files_dir(),
        Some(android::ANDROID_PACKAGE.to_owned()),
    )
}

/// The full detail of each notice, for developers, on stderr.
pub(super) fn report_to_developers(notices: &[crate::storage::StorageNotice]) {
    for notice in notices {
        crate::app::platform::log::tell_developers(&format!("latu: {notice}"));
    }
}

/// The player's messages about their files (one per file, in their words); the full detail of
/// each notice goes to stderr for developers.
pub(super) fn told_to_player(notices: &[crate::storage::StorageNotice]) -> Vec<String> {
    report_to_developers(notices);
    crate::storage::player_messages(notices)
}
