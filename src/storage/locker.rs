//! The locker (`locker.json`, see [`crate::shop::Locker`]): saved atomically, a damaged file
//! kept aside like the others; items this build does not sell are dropped and the player told.
//! The shop's deals are made against the purse and locker as they are on disk, under the lock,
//! and a purchase saves both as one action.

use super::file::{Document, Loaded, Repairs};
use super::journal::Pending;
use super::{Purse, StorageError, StorageNotice, Store};
use crate::shop::{BuyError, Item, Locker};

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
        let Loaded::<Purse> {
            value: mut purse,
            notices: purse_notices,
        } = self.load_for_action(self.purse_path());
        let Loaded::<Locker> {
            value: mut locker,
            notices: locker_notices,
        } = self.load_for_action(self.locker_path());
        notices.extend(purse_notices);
        notices.extend(locker_notices);
        let deal = if locker.owns(item) {
            locker
                .equip(item)
                .map(|()| Deal::Equipped)
                .map_err(|_| BuyError::AlreadyOwned)
        } else {
            locker.buy(item, &mut purse.coins).map(|()| Deal::Bought)
        };
        let pending = match deal {
            Ok(Deal::Bought) => Pending {
                purse: Some(purse),
                locker: Some(locker.clone()),
                ..Pending::default()
            },
            Ok(Deal::Equipped) => Pending {
                locker: Some(locker.clone()),
                ..Pending::default()
            },
            Err(_) => Pending::default(),
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
