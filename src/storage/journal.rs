//! An action's journal (`pending.json`): an action that changes more than one file writes them
//! all to it first (its commit point), puts each in place, then removes it. A journal found by
//! the next action or start is a game stopped half way, finished then. A journal that cannot
//! be finished never blocks later actions: it is set aside like a damaged file and the player
//! told; a replay that cannot be saved costs only the replay, never the coins or the listing.

use std::io;

use serde::{Deserialize, Serialize};

use super::file::{self, Document, Loaded, Repairs, Replace};
use super::missions::MISSIONS_FILE;
use super::notice::{Cause, Outcome, Problem, StorageError, StorageNotice, WriteStep};
use super::streak::{Streak, STREAK_FILE};
use super::{Purse, ReplayName, Results, Store, PENDING_FILE};
use crate::missions::MissionBook;
use crate::shop::Locker;

/// One action's new files, written whole before any of them is (the action's commit point) and
/// removed once all are in place.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct Pending {
    pub(super) purse: Option<Purse>,
    pub(super) locker: Option<Locker>,
    pub(super) results: Option<Results>,
    /// A new replay: its name and its file's text.
    pub(super) replay: Option<(String, String)>,
    /// The daily streak, changed with the purse that pays its day.
    pub(super) streak: Option<Streak>,
    /// The missions, changed with the purse that pays them.
    pub(super) missions: Option<MissionBook>,
}

impl Pending {
    fn files(&self) -> usize {
        usize::from(self.purse.is_some())
            + usize::from(self.locker.is_some())
            + usize::from(self.results.is_some())
            + usize::from(self.replay.is_some())
            + usize::from(self.streak.is_some())
            + usize::from(self.missions.is_some())
    }
}

impl Document for Pending {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        let parts = [
            self.purse.as_mut().map(|purse| purse.repair()),
            self.locker.as_mut().map(|locker| locker.repair()),
            self.results.as_mut().map(|results| results.repair()),
            self.streak.as_mut().map(|streak| streak.repair()),
            self.missions.as_mut().map(|missions| missions.repair()),
        ];
        for part in parts.into_iter().flatten() {
            repairs.adjusted.extend(part.adjusted);
            repairs.dropped.extend(part.dropped);
        }
        repairs
    }
}

impl Store {
    /// Put a stopped action's files in place, if its journal is there; then remove the journal.
    /// Called under the lock before every action. A journal that cannot be read, or whose files
    /// cannot be put in place, is set aside (bytes kept) and the player told, so the action
    /// goes on; only one that cannot even be set aside (an unwritable folder) stops it.
    pub(super) fn finish_pending(&mut self) -> Result<Vec<StorageNotice>, StorageError> {
        let path = self.dir.join(PENDING_FILE);
        let loaded: Loaded<Pending> = self.load(path.clone());
        let mut notices = loaded.notices.clone();
        if loaded.left_in_place() {
            // Unreadable (a FIFO, a device, a folder, no permission): its bytes stay whole.
            let kept =
                file::keep_aside(&path).map_err(|_| StorageError::Held { file: path.clone() })?;
            self.held.remove(&path);
            return Ok(vec![StorageNotice {
                file: path,
                problem: Problem::NotAFile,
                outcome: Outcome::KeptAsideUsingDefaults(kept),
            }]);
        }
        if !matches!(crate::files::exists(&path), Ok(true)) {
            return Ok(notices);
        }
        match self.apply(&loaded.value) {
            Ok(replay) => {
                notices.extend(replay);
                self.remove_journal()?;
            }
            Err(error) => {
                let Ok(kept) = file::keep_aside(&path) else {
                    return Err(error);
                };
                notices.push(StorageNotice {
                    file: path,
                    problem: Problem::NotSaved {
                        cause: error.cause(),
                        detail: error.to_string(),
                    },
                    outcome: Outcome::KeptAsideUsingDefaults(kept),
                });
            }
        }
        Ok(notices)
    }

    /// Put an action's files in place: those of more than one file through the journal. A
    /// replay that could not be saved is a notice (the rest is kept); a failure after the
    /// journal was written is [`StorageError::Unfinished`]: the next action finishes it.
    pub(super) fn commit(&self, pending: &Pending) -> Result<Vec<StorageNotice>, StorageError> {
        // A journal that could never be put in place would only be set aside next time.
        let held = [
            (pending.results.is_some(), self.results_path()),
            (pending.locker.is_some(), self.locker_path()),
            (pending.purse.is_some(), self.purse_path()),
            (pending.streak.is_some(), self.dir.join(STREAK_FILE)),
            (pending.missions.is_some(), self.dir.join(MISSIONS_FILE)),
        ];
        if let Some((_, file)) = held
            .into_iter()
            .find(|(changed, file)| *changed && self.held.contains(file))
        {
            return Err(StorageError::Held { file });
        }
        let journaled = pending.files() > 1;
        if journaled {
            self.save(&self.dir.join(PENDING_FILE), pending)?;
        }
        let notices = self.apply(pending).map_err(|error| match journaled {
            true => StorageError::Unfinished {
                source: Box::new(error),
            },
            false => error,
        })?;
        if journaled {
            self.remove_journal()?;
        }
        Ok(notices)
    }

    /// Write each of the journal's files (again, if a stopped game wrote some: each write is
    /// the same file whole, and a replay already in place is left as it is). Each file is tried
    /// even if one before it failed, so as much as can be is kept; the first failure is
    /// returned. The replay is the least of them: one that cannot be saved is a notice.
    fn apply(&self, pending: &Pending) -> Result<Vec<StorageNotice>, StorageError> {
        let mut notices = Vec::new();
        if let Some((name, text)) = &pending.replay {
            notices.extend(self.put_replay(name, text));
        }
        let saves = [
            pending
                .results
                .as_ref()
                .map(|results| self.save(&self.results_path(), results)),
            pending
                .locker
                .as_ref()
                .map(|locker| self.save(&self.locker_path(), locker)),
            pending
                .streak
                .as_ref()
                .map(|streak| self.save(&self.dir.join(STREAK_FILE), streak)),
            pending
                .missions
                .as_ref()
                .map(|missions| self.save(&self.dir.join(MISSIONS_FILE), missions)),
            pending
                .purse
                .map(|purse| self.save(&self.purse_path(), &purse.capped())),
        ];
        match saves.into_iter().flatten().find_map(Result::err) {
            Some(error) => Err(error),
            None => Ok(notices),
        }
    }

    /// Save a journal's replay if no replay has its name; what went wrong, as notices.
    fn put_replay(&self, name: &str, text: &str) -> Vec<StorageNotice> {
        let mut notices: Vec<StorageNotice> = self.replays.make_room().into_iter().collect();
        let not_saved = |file, cause, detail| StorageNotice {
            file,
            problem: Problem::NotSaved { cause, detail },
            outcome: Outcome::ReplayNotSaved,
        };
        let name = match ReplayName::new(name) {
            Ok(name) => name,
            Err(error) => {
                let file = self
                    .replays
                    .folder()
                    .join(super::player_notice::quoted(name));
                notices.push(not_saved(file, Cause::BadName, error.to_string()));
                return notices;
            }
        };
        let path = self.replays.path(&name);
        match file::write_atomic(&path, text.as_bytes(), Replace::No) {
            Err(StorageError::Exists { .. }) | Ok(()) => {}
            Err(error) => notices.push(not_saved(path, error.cause(), error.to_string())),
        }
        notices
    }

    pub(super) fn remove_journal(&self) -> Result<(), StorageError> {
        let path = self.dir.join(PENDING_FILE);
        match crate::files::remove(&path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(StorageError::Write {
                file: path,
                step: WriteStep::Rename,
                source: error,
            }),
            _ => Ok(()),
        }
    }
}
