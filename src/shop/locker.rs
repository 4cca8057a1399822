//! The player's locker: what was bought, and what is carried and worn. Kept as ids so that a
//! file naming an item this build does not sell is read, not refused (see [`Locker::tidy`]).

use super::item::{Item, Shelf};
use super::outfit::Outfit;
use crate::shooting::Rifle;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the player owns and uses, saved as `locker.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Locker {
    /// Items bought, by [`Item::id`], in the order bought (the standard ones are not listed).
    bought: Vec<String>,
    /// The item in use on each shelf, by id (absent: the shelf's standard item).
    rifle: Option<String>,
    athlete: Option<String>,
    suit: Option<String>,
    skis: Option<String>,
}

/// Why an item cannot be bought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuyError {
    AlreadyOwned,
    /// The purse holds `have` coins; the item costs `price`.
    ShortOfCoins {
        price: u32,
        have: u32,
    },
}

impl fmt::Display for BuyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuyError::AlreadyOwned => f.write_str("already yours"),
            BuyError::ShortOfCoins { price, have } => {
                write!(f, "costs {price} coins; the purse holds {have}")
            }
        }
    }
}

/// An item not bought yet cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotOwned(pub Item);

impl Locker {
    /// Whether the player has `item` (the standard ones everyone has).
    pub fn owns(&self, item: Item) -> bool {
        item.price() == 0 || self.bought.contains(&item.id())
    }

    /// Buy `item` with the purse's `coins` and put it to use.
    pub fn buy(&mut self, item: Item, coins: &mut u32) -> Result<(), BuyError> {
        if self.owns(item) {
            return Err(BuyError::AlreadyOwned);
        }
        let price = item.price();
        if *coins < price {
            return Err(BuyError::ShortOfCoins {
                price,
                have: *coins,
            });
        }
        *coins -= price;
        self.bought.push(item.id());
        self.use_owned(item);
        Ok(())
    }

    /// Carry or wear `item` from now on.
    pub fn equip(&mut self, item: Item) -> Result<(), NotOwned> {
        if !self.owns(item) {
            return Err(NotOwned(item));
        }
        self.use_owned(item);
        Ok(())
    }

    /// The item in use on `shelf`.
    pub fn in_use(&self, shelf: Shelf) -> Item {
        self.slot(shelf)
            .as_deref()
            .and_then(Item::from_id)
            .filter(|item| item.shelf() == shelf && self.owns(*item))
            .unwrap_or_else(|| shelf.standard())
    }

    /// The rifle carried to the range.
    pub fn rifle(&self) -> Rifle {
        match self.in_use(Shelf::Rifles) {
            Item::Rifle(rifle) => rifle,
            _ => Rifle::default(),
        }
    }

    /// The athlete skiing, and the suit and skis worn.
    pub fn outfit(&self) -> Outfit {
        let mut outfit = Outfit::default();
        if let Item::Athlete(athlete) = self.in_use(Shelf::Skiers) {
            outfit.athlete = athlete;
        }
        if let Item::Suit(suit) = self.in_use(Shelf::Suits) {
            outfit.suit = suit;
        }
        if let Item::Skis(skis) = self.in_use(Shelf::Skis) {
            outfit.skis = skis;
        }
        outfit
    }

    /// Bring a loaded locker to what this build sells: ids it does not know are dropped
    /// (returned, for the player to be told), a bought item listed twice is listed once, and
    /// an item in use that is unknown, on the wrong shelf or not owned goes back to the
    /// standard one (returned as adjusted).
    pub fn tidy(&mut self) -> (Vec<String>, Vec<String>) {
        let mut dropped = Vec::new();
        let mut kept: Vec<String> = Vec::new();
        for id in std::mem::take(&mut self.bought) {
            match Item::from_id(&id) {
                None => dropped.push(format!("bought item {id:?} is not sold by this version")),
                Some(item) if item.price() == 0 || kept.contains(&id) => {}
                Some(_) => kept.push(id),
            }
        }
        self.bought = kept;
        let mut adjusted = Vec::new();
        for shelf in Shelf::ALL {
            let in_use = self.in_use(shelf);
            let slot = self.slot_mut(shelf);
            if slot.is_some() && slot.as_deref() != Some(in_use.id().as_str()) {
                adjusted.push(format!(
                    "{} in use {:?} is not one of yours; using the {}",
                    shelf.name().to_lowercase(),
                    slot.take().unwrap_or_default(),
                    in_use.name()
                ));
            }
        }
        (dropped, adjusted)
    }

    fn use_owned(&mut self, item: Item) {
        *self.slot_mut(item.shelf()) = Some(item.id());
    }

    fn slot(&self, shelf: Shelf) -> &Option<String> {
        match shelf {
            Shelf::Rifles => &self.rifle,
            Shelf::Skiers => &self.athlete,
            Shelf::Suits => &self.suit,
            Shelf::Skis => &self.skis,
        }
    }

    fn slot_mut(&mut self, shelf: Shelf) -> &mut Option<String> {
        match shelf {
            Shelf::Rifles => &mut self.rifle,
            Shelf::Skiers => &mut self.athlete,
            Shelf::Suits => &mut self.suit,
            Shelf::Skis => &mut self.skis,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shop::outfit::Suit;

    #[test]
    fn buying_spends_the_purse_and_puts_the_item_to_use() {
        let mut locker = Locker::default();
        let mut purse = 700;
        let rifle = Item::Rifle(Rifle::Match);
        assert_eq!(locker.rifle(), Rifle::Training);
        locker.buy(rifle, &mut purse).expect("affordable");
        assert_eq!(purse, 100);
        assert_eq!(locker.rifle(), Rifle::Match);
        assert_eq!(locker.buy(rifle, &mut purse), Err(BuyError::AlreadyOwned));
        let short = locker.buy(Item::Rifle(Rifle::FittedStock), &mut purse);
        assert_eq!(
            short,
            Err(BuyError::ShortOfCoins {
                price: 350,
                have: 100
            })
        );
        assert_eq!(purse, 100, "a refused purchase costs nothing");
        locker
            .equip(Item::Rifle(Rifle::Training))
            .expect("everyone has it");
        assert_eq!(locker.rifle(), Rifle::Training);
        assert_eq!(
            locker.equip(Item::Suit(Suit::Violet)),
            Err(NotOwned(Item::Suit(Suit::Violet)))
        );
    }

    #[test]
    fn a_locker_naming_unknown_or_unowned_things_is_tidied() {
        let mut locker: Locker = serde_json::from_str(
            r#"{"bought":["rifle/match","rifle/musket","rifle/match","suit/race-red"],
                "rifle":"rifle/match","suit":"suit/violet","skis":"suit/pine-green"}"#,
        )
        .expect("the shape reads");
        let (dropped, adjusted) = locker.tidy();
        assert_eq!(dropped.len(), 1, "{dropped:?}");
        assert!(dropped[0].contains("musket"));
        assert_eq!(adjusted.len(), 2, "{adjusted:?}");
        assert_eq!(locker.bought, vec!["rifle/match".to_string()]);
        assert_eq!(locker.rifle(), Rifle::Match);
        assert_eq!(locker.outfit(), Outfit::default());
        assert_eq!(
            locker.tidy(),
            (Vec::new(), Vec::new()),
            "tidy once is enough"
        );
    }
}
