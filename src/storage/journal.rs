//! An action's journal (`pending.json`): an action that changes more than one file writes them
//! all to it first (its commit point), puts each in place, then removes it. A journal found by
//! the next action or start is a game stopped half way, finished then.
//!
//! A journal never drops what it carries. A file it cannot put in place yet (a folder or FIFO
//! at its name, no permission, a full disk) waits in it, told once, and goes in place at a
//! later action or start once it can; the file is left as it is meanwhile. What an action
//! changes in a file that cannot be read waits as a change (coins for the purse, runs for the
//! results list), added to the file as it is once it can be read. Only a journal that cannot
//! itself be read (the game's own file: a folder or FIFO at its name) is set aside, bytes kept.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::file::{self, Document, Loaded, Repairs, Replace};
use super::missions::MISSIONS_FILE;
use super::notice::{Cause, Outcome, Problem, StorageError, StorageNotice, WriteStep};
use super::streak::{Streak, STREAK_FILE};
use super::{Purse, ReplayName, Results, Store, PENDING_FILE};
use crate::missions::MissionBook;
use crate::shop::Locker;

/// One action's new files, written whole before any of them is (the action's commit point) and
/// removed once all are in place; with what waits for a file that cannot be read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct PendingChange {
    pub(super) purse: Option<Purse>,
    pub(super) locker: Option<Locker>,
    pub(super) results: Option<Results>,
    /// A new replay: its name and its file's text.
    pub(super) replay: Option<(String, String)>,
    /// The daily streak, changed with the purse that pays its day.
    pub(super) streak: Option<Streak>,
    /// The missions, changed with the purse that pays them.
    pub(super) missions: Option<MissionBook>,
    /// Coins won (or spent) while the purse could not be read: added to the purse as it is
    /// once it can be.
    #[serde(skip_serializing_if = "is_zero")]
    pub(super) coins_waiting: i64,
    /// Runs finished while the results list could not be read: listed in it once it can be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) results_waiting: Option<Results>,
}

fn is_zero(coins: &i64) -> bool {
    *coins == 0
}

impl PendingChange {
    fn files(&self) -> usize {
        usize::from(self.purse.is_some() || self.coins_waiting != 0)
            + usize::from(self.locker.is_some())
            + usize::from(self.results.is_some() || self.results_waiting.is_some())
            + usize::from(self.replay.is_some())
            + usize::from(self.streak.is_some())
            + usize::from(self.missions.is_some())
    }

    /// Whether nothing is carried.
    pub(super) fn is_empty(&self) -> bool {
        self.files() == 0
    }

    /// Whether it carries changes to files that could not be read.
    fn has_changes(&self) -> bool {
        self.coins_waiting != 0 || self.results_waiting.is_some()
    }

    /// This journal with an action's `change` on top: the action's new files replace these
    /// (each was worked out from this journal's, or from the file), its coins for an unread
    /// purse are added to those waiting.
    fn with(&self, change: &PendingChange) -> PendingChange {
        PendingChange {
            purse: change.purse.or(self.purse),
            locker: change.locker.clone().or_else(|| self.locker.clone()),
            results: change.results.clone().or_else(|| self.results.clone()),
            replay: change.replay.clone().or_else(|| self.replay.clone()),
            streak: change.streak.clone().or_else(|| self.streak.clone()),
            missions: change.missions.clone().or_else(|| self.missions.clone()),
            coins_waiting: self.coins_waiting.saturating_add(change.coins_waiting),
            results_waiting: change
                .results_waiting
                .clone()
                .or_else(|| self.results_waiting.clone()),
        }
    }
}

impl Document for PendingChange {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        let parts = [
            self.purse.as_mut().map(|purse| purse.repair()),
            self.locker.as_mut().map(|locker| locker.repair()),
            self.results.as_mut().map(|results| results.repair()),
            self.streak.as_mut().map(|streak| streak.repair()),
            self.missions.as_mut().map(|missions| missions.repair()),
            self.results_waiting
                .as_mut()
                .map(|results| results.repair()),
        ];
        for part in parts.into_iter().flatten() {
            repairs.adjusted.extend(part.adjusted);
            repairs.dropped.extend(part.dropped);
        }
        repairs
    }
}

/// Whether something other than a regular file is at `path` (a folder, a FIFO, a device; a
/// symlink to one): a save would replace it or fail, so it is left where it is.
fn in_the_way(path: &Path) -> bool {
    !crate::files::keyed() && path.metadata().is_ok_and(|meta| !meta.is_file())
}

impl Store {
    /// Put a stopped action's files in place, if its journal is there, and remove it; what
    /// cannot be put in place yet stays in it, waiting ([`Store::waiting`]). Called under the
    /// lock before every action. A journal that cannot itself be read is set aside (bytes
    /// kept) and the player told, so the action goes on; only one that cannot even be set
    /// aside (an unwritable folder) stops it.
    pub(super) fn finish_pending(&mut self) -> Result<Vec<StorageNotice>, StorageError> {
        let path = self.dir.join(PENDING_FILE);
        self.waiting = PendingChange::default();
        let loaded: Loaded<PendingChange> = self.load(path.clone());
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
        let (told, _) = self.settle(loaded.value, true);
        notices.extend(told);
        Ok(notices)
    }

    /// What waits in the journal, a notice per file: for the start of a game.
    pub(super) fn waiting_notices(&self) -> Vec<StorageNotice> {
        self.waiting_for(&self.waiting)
    }

    /// The files `change` touches that wait in the journal now, a notice each.
    fn waiting_for(&self, change: &PendingChange) -> Vec<StorageNotice> {
        self.parts(change)
            .into_iter()
            .filter(|path| self.parts(&self.waiting).contains(path))
            .map(|file| StorageNotice {
                file,
                problem: Problem::NotSaved {
                    cause: Cause::Unreadable,
                    detail: "it cannot be read or written now".to_owned(),
                },
                outcome: Outcome::Waiting,
            })
            .collect()
    }

    /// The files a journal puts in place (its replay aside: one is never waited for).
    fn parts(&self, pending: &PendingChange) -> Vec<PathBuf> {
        [
            (
                pending.purse.is_some() || pending.coins_waiting != 0,
                self.purse_path(),
            ),
            (
                pending.results.is_some() || pending.results_waiting.is_some(),
                self.results_path(),
            ),
            (pending.locker.is_some(), self.locker_path()),
            (pending.streak.is_some(), self.dir.join(STREAK_FILE)),
            (pending.missions.is_some(), self.dir.join(MISSIONS_FILE)),
        ]
        .into_iter()
        .filter_map(|(changed, path)| changed.then_some(path))
        .collect()
    }

    /// Whether `path` cannot be written over now: unusable when read this session, or
    /// something that is not a regular file at its name.
    pub(super) fn blocked(&self, path: &Path) -> bool {
        self.held.contains(path) || in_the_way(path)
    }

    /// Put an action's `change` in place, on top of what waits in the journal: through the
    /// journal when it changes more than one file, when something waits, or when a file cannot
    /// be written now (it then waits, said once per file). A replay that could not be saved
    /// is a notice (the rest is kept); a write that failed after the journal was written is
    /// [`StorageError::Unfinished`]: the next action or start finishes it.
    pub(super) fn commit(
        &mut self,
        change: &PendingChange,
    ) -> Result<Vec<StorageNotice>, StorageError> {
        let all = self.waiting.with(change);
        let journaled = all.files() > 1
            || all.has_changes()
            || !self.waiting.is_empty()
            || self.parts(&all).iter().any(|path| self.blocked(path));
        if journaled {
            self.save(&self.dir.join(PENDING_FILE), &all)?;
        }
        let (mut notices, error) = self.settle(all, journaled);
        match error {
            Some(error) if journaled => Err(StorageError::Unfinished {
                source: Box::new(error),
            }),
            Some(error) => Err(error),
            None => {
                notices.extend(self.waiting_for(change));
                Ok(notices)
            }
        }
    }

    /// Put `pending` in place as far as can be now; what cannot waits in the journal (when
    /// `journaled`: it is on disk), and [`Store::waiting`] says what the journal holds after.
    /// Changes whose file can be read now become its new value first, written to the journal
    /// before any file, so a stop after any write never adds them twice. Each file is tried
    /// even if one before it failed; the first failure is returned with the notices.
    fn settle(
        &mut self,
        mut pending: PendingChange,
        journaled: bool,
    ) -> (Vec<StorageNotice>, Option<StorageError>) {
        let journal = self.dir.join(PENDING_FILE);
        let mut notices = Vec::new();
        self.waiting = if journaled {
            pending.clone()
        } else {
            PendingChange::default()
        };
        if journaled && pending.has_changes() {
            notices.extend(self.resolve(&mut pending));
            if pending != self.waiting {
                if let Err(error) = self.save(&journal, &pending) {
                    return (notices, Some(error));
                }
                self.waiting = pending.clone();
            }
        }
        let (told, left, error) = self.apply(&pending);
        notices.extend(told);
        if !journaled {
            return (notices, error);
        }
        let written = if left.is_empty() {
            self.remove_journal()
        } else if left == pending {
            Ok(())
        } else {
            self.save(&journal, &left)
        };
        match written {
            Ok(()) => self.waiting = left,
            Err(write) => return (notices, error.or(Some(write))),
        }
        (notices, error)
    }

    /// Turn the changes waiting for files that can be read now into those files' new values.
    fn resolve(&mut self, pending: &mut PendingChange) -> Vec<StorageNotice> {
        let mut notices = Vec::new();
        if pending.coins_waiting != 0 {
            let path = self.purse_path();
            let base = match pending.purse {
                Some(purse) => Some(purse),
                None => {
                    let loaded: Loaded<Purse> = self.load(path.clone());
                    notices.extend(loaded.notices);
                    (!self.blocked(&path)).then_some(loaded.value)
                }
            };
            if let Some(base) = base {
                pending.purse = Some(base.plus(pending.coins_waiting));
                pending.coins_waiting = 0;
            }
        }
        if let Some(waiting) = pending.results_waiting.clone() {
            let path = self.results_path();
            let base = match pending.results.clone() {
                Some(results) => Some(results),
                None => {
                    let loaded: Loaded<Results> = self.load(path.clone());
                    notices.extend(loaded.notices);
                    (!self.blocked(&path)).then_some(loaded.value)
                }
            };
            if let Some(mut base) = base {
                // A run that waited and can no longer be listed (its checks changed) is
                // dropped from the list, not from the purse: its coins were counted apart.
                let _ = base.absorb(&waiting);
                pending.results = Some(base);
                pending.results_waiting = None;
            }
        }
        notices
    }

    /// Write each of the journal's files that can be written now (again, if a stopped game
    /// wrote some: each write is the same file whole, and a replay already in place is left
    /// as it is). Returns the notices, what is left (waiting) and the first failure. The
    /// replay is the least of them: one that cannot be saved is a notice, never left.
    fn apply(
        &self,
        pending: &PendingChange,
    ) -> (Vec<StorageNotice>, PendingChange, Option<StorageError>) {
        let mut notices = Vec::new();
        if let Some((name, text)) = &pending.replay {
            notices.extend(self.put_replay(name, text));
        }
        let mut left = PendingChange {
            replay: None,
            ..pending.clone()
        };
        let mut first_error = None;
        let mut put = |path: PathBuf, save: &dyn Fn(&Path) -> Result<(), StorageError>| {
            if self.blocked(&path) {
                return false;
            }
            match save(&path) {
                Ok(()) => true,
                Err(error) => {
                    first_error.get_or_insert(error);
                    false
                }
            }
        };
        if let Some(results) = &pending.results {
            if put(self.results_path(), &|path| self.save(path, results)) {
                left.results = None;
            }
        }
        if let Some(locker) = &pending.locker {
            if put(self.locker_path(), &|path| self.save(path, locker)) {
                left.locker = None;
            }
        }
        if let Some(streak) = &pending.streak {
            if put(self.dir.join(STREAK_FILE), &|path| self.save(path, streak)) {
                left.streak = None;
            }
        }
        if let Some(missions) = &pending.missions {
            if put(self.dir.join(MISSIONS_FILE), &|path| {
                self.save(path, missions)
            }) {
                left.missions = None;
            }
        }
        if let Some(purse) = pending.purse {
            if put(self.purse_path(), &|path| self.save(path, &purse.capped())) {
                left.purse = None;
            }
        }
        (notices, left, first_error)
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
                let file = self.replays.folder().join(super::quoted(name));
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
