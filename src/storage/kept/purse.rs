//! The player's purse: the coins left at the end of each finished run, kept between sessions
//! (`purse.json`, saved atomically, a damaged file kept aside like the others) and brought to
//! the next run, where rounds at the range are bought from it.

use crate::storage::file::{Document, Loaded, Repairs};
use crate::storage::journal::PendingChange;
use crate::storage::notice::{Outcome, Problem, StorageNotice};
use crate::storage::{Store, PURSE_FILE};
use serde::{Deserialize, Serialize};

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
    /// The purse an action starts from: as the journal holds it, else as it is on disk now;
    /// `None` when it cannot be read (coins then wait in the journal), with anything the
    /// player should be told about the file.
    pub(in crate::storage) fn purse_for_action(&mut self) -> Loaded<Option<Purse>> {
        if self.waiting.coins_waiting != 0 {
            return Loaded {
                value: None,
                notices: Vec::new(),
            };
        }
        if let Some(purse) = self.waiting.purse {
            return Loaded {
                value: Some(purse),
                notices: Vec::new(),
            };
        }
        let path = self.dir.join(PURSE_FILE);
        let loaded: Loaded<Purse> = self.load(path.clone());
        Loaded {
            value: (!self.blocked(&path)).then_some(loaded.value),
            notices: loaded.notices,
        }
    }

    /// The purse after a change of `change` coins, with anything the player should be told,
    /// and the journal's part that makes it: the new purse, or — when the purse cannot be
    /// read — the coins, waiting to be added to it once it can be (the purse shown then holds
    /// the coins waiting). A purse too full to take it all says so.
    pub(in crate::storage) fn purse_for_change(
        &mut self,
        change: i64,
    ) -> (Loaded<Purse>, PendingChange) {
        let path = self.dir.join(PURSE_FILE);
        let Loaded {
            value: base,
            mut notices,
        } = self.purse_for_action();
        let Some(base) = base else {
            let waiting = self.waiting.coins_waiting.saturating_add(change);
            let shown = Loaded {
                value: Purse::default().plus(waiting),
                notices,
            };
            let pending = PendingChange {
                coins_waiting: change,
                ..PendingChange::default()
            };
            return (shown, pending);
        };
        let wanted = i64::from(base.coins).saturating_add(change);
        if wanted > i64::from(MAX_PURSE) && change > 0 {
            notices.push(StorageNotice {
                file: path,
                problem: Problem::OutOfRange(format!("a change of {change} coins")),
                outcome: Outcome::PurseFull {
                    lost: wanted - i64::from(MAX_PURSE),
                },
            });
        }
        let banked = base.plus(change);
        let pending = PendingChange {
            purse: (banked != base).then_some(banked),
            ..PendingChange::default()
        };
        (
            Loaded {
                value: banked,
                notices,
            },
            pending,
        )
    }
}
