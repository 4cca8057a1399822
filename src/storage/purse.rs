//! The player's purse: the coins left at the end of each finished run, kept between sessions
//! (`purse.json`, saved atomically, a damaged file kept aside like the others) and brought to
//! the next run, where rounds at the range are bought from it.

use super::file::{self, Document, Loaded, Repairs};
use super::notice::{Outcome, Problem, StorageNotice};
use super::{Store, PURSE_FILE};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

pub use crate::sim::run::MAX_PURSE;

/// The coins kept between runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Purse {
    pub coins: u32,
}

impl Purse {
    /// The purse with `change` coins added (negative: taken), never below empty nor above
    /// [`MAX_PURSE`].
    pub fn plus(self, change: i64) -> Self {
        let coins = i64::from(self.coins)
            .saturating_add(change)
            .clamp(0, i64::from(MAX_PURSE));
        Self {
            coins: u32::try_from(coins).expect("clamped to 0..=MAX_PURSE"),
        }
    }

    /// The purse as it is saved: at most [`MAX_PURSE`] (a fuller one is capped once, when
    /// saved, not at every start).
    pub fn capped(self) -> Self {
        Self {
            coins: self.coins.min(MAX_PURSE),
        }
    }
}

impl Document for Purse {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        if self.coins > MAX_PURSE {
            repairs.adjusted.push(format!(
                "coins {} is more than a purse holds; using {MAX_PURSE}",
                self.coins
            ));
            self.coins = MAX_PURSE;
        }
        repairs
    }
}

impl Store {
    /// The purse as it is on disk now, for a change of `change` coins, and the purse to save
    /// (`None`: nothing to save). Nothing is lost unsaid: something that is not a file at the
    /// purse's name (it holds no coins) is set aside so the coins can be banked; a purse that
    /// can be neither read nor set aside keeps the change out and says so, as does a purse too
    /// full to take it all.
    pub(super) fn purse_for_change(&mut self, change: i64) -> (Loaded<Purse>, Option<Purse>) {
        let path = self.dir.join(PURSE_FILE);
        let mut loaded: Loaded<Purse> = self.load_for_action(path.clone());
        if change == 0 {
            return (loaded, None);
        }
        let outcome = if self.held.contains(&path) {
            Some(Outcome::NotBanked { coins: change })
        } else {
            let wanted = i64::from(loaded.value.coins).saturating_add(change);
            (wanted > i64::from(MAX_PURSE)).then(|| Outcome::PurseFull {
                lost: wanted - i64::from(MAX_PURSE),
            })
        };
        if let Some(outcome) = outcome {
            loaded.notices.push(StorageNotice {
                file: path.clone(),
                problem: Problem::OutOfRange(format!("a change of {change} coins")),
                outcome,
            });
        }
        let banked = loaded.value.plus(change);
        let save = (banked != loaded.value && !self.held.contains(&path)).then_some(banked);
        (loaded, save)
    }
}

impl Store {
    /// Load a file an action changes. Something at its name that is not a regular file (a
    /// FIFO, a socket, a device, a folder: it holds no purse, locker or results) is set aside, bytes
    /// and contents untouched, so the action can save a new one instead of being refused.
    pub(super) fn load_for_action<T: Document>(&mut self, path: PathBuf) -> Loaded<T> {
        let loaded: Loaded<T> = self.load(path.clone());
        let special = !crate::files::keyed() && !path.is_file() && path.symlink_metadata().is_ok();
        if !(self.held.contains(&path) && special) {
            return loaded;
        }
        let Ok(kept) = file::keep_aside(&path) else {
            return loaded;
        };
        self.held.remove(&path);
        Loaded {
            value: T::default(),
            notices: vec![StorageNotice {
                file: path,
                problem: Problem::NotAFile,
                outcome: Outcome::KeptAsideUsingDefaults(kept),
            }],
        }
    }
}
