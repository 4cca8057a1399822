//! The locker (`locker.json`, see [`crate::shop::Locker`]): saved atomically, a damaged file
//! kept aside like the others; items this build does not sell are dropped and the player told.
//! The shop's deals are made against the purse and locker as they are on disk, under the lock,
//! and a purchase saves both as one action.

use crate::shop::{BuyError, Item, Locker};
use crate::storage::file::{Document, Loaded, Repairs};
use crate::storage::journal::PendingChange;
use crate::storage::{Purse, StorageError, StorageNotice, Store};

impl Document for Locker {
    fn repair(&mut self) -> Repairs {
        let (dropped, adjusted) = self.tidy();
        Repairs { adjusted, dropped }
    }
}

/// What the shop did with an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deal {
    /// Paid for from the purse and put to use.
    Bought,
    /// Already the player's: put to use.
    Equipped,
}

/// The purse and locker after [`Store::buy_or_equip`] (as saved, or as on disk when the deal
/// was refused), with the deal or why it was refused.
#[derive(Debug, Clone, PartialEq)]
pub struct Shopped {
    pub purse: Purse,
    pub locker: Locker,
    pub deal: Result<Deal, BuyError>,
    pub notices: Vec<StorageNotice>,
}

impl Store {
    /// Put `item` to use, buying it first if the locker on disk does not hold it — with the
    /// purse as it is on disk now (another game may have banked or spent meanwhile). Under the
    /// lock; a purchase saves the locker and the purse as one action.
    pub fn buy_or_equip(&mut self, item: Item) -> Result<Shopped, StorageError> {
        let _lock = self.lock(&self.locker_path())?;
        let mut notices = self.finish_pending()?;
        let Loaded {
            value: purse,
            notices: purse_notices,
        } = self.purse_for_action();
        let locker = match self.waiting.locker.clone() {
            Some(locker) => Loaded {
                value: locker,
                notices: Vec::new(),
            },
            None => self.load(self.locker_path()),
        };
        notices.extend(purse_notices);
        notices.extend(locker.notices);
        let mut locker = locker.value;
        if self.waiting.locker.is_none() && self.blocked(&self.locker_path()) {
            // What is bought and in use cannot be known: nothing is bought or changed.
            return Err(StorageError::Held {
                file: self.locker_path(),
            });
        }
        // A purse that cannot be read buys nothing; what is owned can still be put to use
        // (the purse shown then holds the coins waiting for it).
        let shown = || Purse::default().plus(self.waiting.coins_waiting);
        let Some(mut purse) = purse.or_else(|| locker.owns(item).then(shown)) else {
            return Err(StorageError::Held {
                file: self.purse_path(),
            });
        };
        let deal = if locker.owns(item) {
            locker
                .equip(item)
                .map(|()| Deal::Equipped)
                .map_err(|_| BuyError::AlreadyOwned)
        } else {
            locker.buy(item, &mut purse.coins).map(|()| Deal::Bought)
        };
        let pending = match deal {
            Ok(Deal::Bought) => PendingChange {
                purse: Some(purse),
                locker: Some(locker.clone()),
                ..PendingChange::default()
            },
            Ok(Deal::Equipped) => PendingChange {
                locker: Some(locker.clone()),
                ..PendingChange::default()
            },
            Err(_) => PendingChange::default(),
        };
        notices.extend(self.commit(&pending)?);
        Ok(Shopped {
            purse,
            locker,
            deal,
            notices,
        })
    }
}
