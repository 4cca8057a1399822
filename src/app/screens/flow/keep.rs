//! What the flow keeps between sessions: a finished run's result and replay, the purse, the
//! settings, and the player's and developers' words about the files they live in.

use super::state::{ResultsScreen, ScreenState};
use super::Flow;
use crate::app::platform::android;
use crate::app::platform::audio::Volumes;
use crate::storage::{KeptRun, Merged, NewResult, Store};

impl Flow {
    /// List the finished run under the name typed and bank its coins, against what another
    /// game on this data directory saved meanwhile, as one action; its replay is saved if it
    /// made the list.
    pub(super) fn save_result(&mut self, results: &ResultsScreen) {
        let run = &results.finished;
        let name = crate::storage::settings::tidy_name(&results.name.text);
        if name != self.settings.player_name || run.ask_name {
            // The name was asked (the first result): it is the player's from now on.
            self.settings.player_name = name.clone();
            self.settings.name_chosen = true;
            self.save_settings();
        }
        // The coins the run won go into the purse (a daily run's too, listed or not); a run
        // brings none, so it can lose none of the purse's.
        let coins_change = i64::from(run.summary.coins);
        let result = run.result(&name);
        let replay_name = result.as_ref().and_then(|new| match new {
            NewResult::Run(result) => {
                crate::storage::replay_name(crate::storage::Listed::Run(result))
            }
            NewResult::Endless(result) => {
                crate::storage::replay_name(crate::storage::Listed::Endless(result))
            }
            NewResult::Daily(result) => {
                crate::storage::replay_name(crate::storage::Listed::Daily(result))
            }
        });
        let kept = KeptRun {
            coins_change,
            result,
            replay: replay_name.map(|name| (name, run.replay.clone())),
            missions: results.missions.as_ref().map(|(_, tally)| tally.clone()),
        };
        match &mut self.store {
            Some(store) => match store.keep_run(kept) {
                Ok(merged) => self.take_result_kept(merged),
                Err(error) => self.tell_save_error(&error),
            },
            None => self.keep_for_this_session(kept),
        }
    }

    /// Without a data directory: the purse, the list and the missions live for this session
    /// only.
    fn keep_for_this_session(&mut self, run: KeptRun) {
        let change = run.missions.map(|tally| self.missions.after(&tally));
        let paid = change.as_ref().map_or(0, |change| change.coins());
        if let Some(change) = change {
            self.missions = change.book;
        }
        self.purse = self.purse.plus(run.coins_change + i64::from(paid));
        let _ = match run.result {
            Some(NewResult::Run(result)) => self.results.add_run(result),
            Some(NewResult::Endless(result)) => self.results.add_endless(result),
            Some(NewResult::Daily(result)) => self.results.add_daily(result),
            None => Ok(None),
        };
    }

    /// The files as a kept result left them: the list, the purse, the missions, and what to
    /// tell the player and the developers.
    fn take_result_kept(&mut self, merged: Merged) {
        crate::app::platform::log::trace(&format!("result saved at place {:?}", merged.place));
        self.results = merged.results;
        self.take_purse_and_missions(merged.purse, merged.missions, &merged.notices);
        if let Some(reason) = merged.not_listed {
            crate::app::platform::log::tell_developers(&format!(
                "latu: the run cannot be listed: {reason}"
            ));
        }
    }

    /// The purse and missions a kept run left, and what the player is told about the files.
    fn take_purse_and_missions(
        &mut self,
        purse: crate::storage::Purse,
        missions: Option<crate::missions::BookChange>,
        notices: &[crate::storage::StorageNotice],
    ) {
        self.purse = purse;
        if let Some(change) = missions {
            self.missions = change.book;
        }
        let told = told_to_player(notices);
        self.tell_all(told);
    }

    /// Keep what a run left without its results (Quit, Restart) did towards the missions, and
    /// pay those it completed (its own coins stay out, as a run quit keeps none).
    pub(super) fn keep_missions_of(&mut self, left: &super::state::RunScreen) {
        let Some(tally) = left
            .session
            .missions()
            .map(|watch| watch.tally().clone().quit())
        else {
            return;
        };
        let Some(store) = &mut self.store else {
            let change = self.missions.after(&tally);
            self.purse = self.purse.plus(i64::from(change.rewards));
            self.missions = change.book;
            return;
        };
        let kept = store.keep_run(KeptRun {
            coins_change: 0,
            result: None,
            replay: None,
            missions: Some(tally),
        });
        match kept {
            Ok(merged) => {
                self.take_purse_and_missions(merged.purse, merged.missions, &merged.notices)
            }
            Err(error) => self.tell_save_error(&error),
        }
    }

    /// Bank the results showing, once, before a run starts from them (Retry, Next level): the
    /// coins of the run just finished are in the purse before the next one begins.
    pub(super) fn bank_results_showing(&mut self) {
        let ScreenState::Results(results) = &self.state else {
            return;
        };
        if results.banked {
            return;
        }
        let left = std::mem::replace(&mut self.state, ScreenState::Title);
        if let ScreenState::Results(mut results) = left {
            self.save_result(&results);
            results.banked = true;
            self.state = ScreenState::Results(results);
        }
    }

    /// Tell the player a save failed, once, in their words; the full detail goes to stderr.
    pub(in crate::app::screens) fn tell_save_error(
        &mut self,
        error: &crate::storage::StorageError,
    ) {
        crate::app::platform::log::tell_developers(&format!("latu: {error}"));
        self.tell_all([crate::storage::save_error_message(error)]);
    }

    /// Add messages for the player, each once: one already showing is not shown twice.
    pub(in crate::app::screens) fn tell_all(&mut self, messages: impl IntoIterator<Item = String>) {
        for message in messages {
            if !self.notices.contains(&message) {
                crate::app::platform::log::trace(&format!("notice: {message}"));
                self.notices.push(message);
            }
        }
    }

    /// Apply the settings' volumes and save them.
    pub(in crate::app::screens) fn save_settings(&mut self) {
        self.sounds.set_volumes(Volumes::of(&self.settings));
        let saved = self
            .store
            .as_ref()
            .map(|store| store.save_settings(&self.settings));
        if let Some(Err(error)) = saved {
            self.tell_save_error(&error);
        }
    }
}

/// What the game keeps between sessions, as loaded when it starts.
#[derive(Default)]
pub(super) struct Kept {
    pub settings: crate::storage::Settings,
    pub results: crate::storage::Results,
    pub purse: crate::storage::Purse,
    pub locker: crate::shop::Locker,
    pub streak: crate::storage::Streak,
    pub missions: crate::missions::MissionBook,
}

impl Kept {
    /// Everything `store` keeps, an action a stopped game left half done finished first; what
    /// the player should hear about the files goes into `notices`, one message a file.
    pub(super) fn load(store: &mut Store, notices: &mut Vec<String>) -> Kept {
        let streak = store.load_streak();
        notices.extend(told_to_player(&streak.notices));
        let interrupted = store.finish_interrupted().unwrap_or_else(|error| {
            crate::app::platform::log::tell_developers(&format!("latu: {error}"));
            Vec::new()
        });
        let settings = store.load_settings();
        let results = store.load_results();
        let purse = store.load_purse();
        let locker = store.load_locker();
        // One message a file: what waits for it is said with what was found in it.
        let told: Vec<_> = interrupted
            .iter()
            .chain(&settings.notices)
            .chain(&results.notices)
            .chain(&purse.notices)
            .chain(&locker.notices)
            .cloned()
            .collect();
        notices.extend(told_to_player(&told));
        let missions = store.load_missions();
        notices.extend(told_to_player(&missions.notices));
        Kept {
            settings: settings.value,
            results: results.value,
            purse: purse.value,
            locker: locker.value,
            streak: streak.value,
            missions: missions.value,
        }
    }
}

/// The game's files in this platform's data directory (Android: the app's own storage).
pub(in crate::app::screens) fn open_store() -> Result<Store, crate::storage::DataDirError> {
    if let Some(dir) = crate::app::platform::page_data_dir() {
        return Ok(Store::new(dir));
    }
    Store::for_this_platform(
        android::files_dir(),
        Some(android::ANDROID_PACKAGE.to_owned()),
    )
}

/// The full detail of each notice, for developers, on stderr.
pub(in crate::app::screens) fn report_to_developers(notices: &[crate::storage::StorageNotice]) {
    for notice in notices {
        crate::app::platform::log::tell_developers(&format!("latu: {notice}"));
    }
}

/// The player's messages about their files (one per file, in their words); the full detail of
/// each notice goes to stderr for developers.
pub(in crate::app::screens) fn told_to_player(
    notices: &[crate::storage::StorageNotice],
) -> Vec<String> {
    report_to_developers(notices);
    crate::storage::player_messages(notices)
}
