//! What the shop sells, on four shelves.

use super::athlete::Athlete;
use super::outfit::{Skis, Suit};
use crate::shooting::Rifle;

/// A shelf of the shop: one item of each is carried or worn at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shelf {
    Rifles,
    Skiers,
    Suits,
    Skis,
}

impl Shelf {
    /// Every shelf, in the shop's order.
    pub const ALL: [Shelf; 4] = [Shelf::Rifles, Shelf::Skiers, Shelf::Suits, Shelf::Skis];

    /// The shelf's name in the shop.
    pub fn name(self) -> &'static str {
        match self {
            Shelf::Rifles => "Rifles",
            Shelf::Skiers => "Skiers",
            Shelf::Suits => "Suits",
            Shelf::Skis => "Skis",
        }
    }

    /// The items on this shelf, the standard (free) one first.
    pub fn items(self) -> Vec<Item> {
        match self {
            Shelf::Rifles => Rifle::all().map(Item::Rifle).collect(),
            Shelf::Skiers => Athlete::all().map(Item::Athlete).collect(),
            Shelf::Suits => Suit::all().map(Item::Suit).collect(),
            Shelf::Skis => Skis::all().map(Item::Skis).collect(),
        }
    }

    /// The item everyone has: the first on the shelf.
    pub fn standard(self) -> Item {
        match self {
            Shelf::Rifles => Item::Rifle(Rifle::default()),
            Shelf::Skiers => Item::Athlete(Athlete::default()),
            Shelf::Suits => Item::Suit(Suit::default()),
            Shelf::Skis => Item::Skis(Skis::default()),
        }
    }
}

/// One thing the shop sells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    Rifle(Rifle),
    Athlete(Athlete),
    Suit(Suit),
    Skis(Skis),
}

impl Item {
    /// Every item, shelf by shelf.
    pub fn all() -> impl Iterator<Item = Item> {
        Shelf::ALL.into_iter().flat_map(Shelf::items)
    }

    /// The shelf it stands on.
    pub fn shelf(self) -> Shelf {
        match self {
            Item::Rifle(_) => Shelf::Rifles,
            Item::Athlete(_) => Shelf::Skiers,
            Item::Suit(_) => Shelf::Suits,
            Item::Skis(_) => Shelf::Skis,
        }
    }

    /// Price in coins (0: everyone's from the start).
    pub fn price(self) -> u32 {
        match self {
            Item::Rifle(rifle) => rifle.spec().price,
            Item::Athlete(athlete) => athlete.spec().price,
            Item::Suit(suit) => suit.spec().price,
            Item::Skis(skis) => skis.spec().price,
        }
    }

    /// The name the shop shows.
    pub fn name(self) -> &'static str {
        match self {
            Item::Rifle(rifle) => rifle.spec().name,
            Item::Athlete(athlete) => athlete.spec().name,
            Item::Suit(suit) => suit.spec().name,
            Item::Skis(skis) => skis.spec().name,
        }
    }

    /// What it does, in a line (a rifle's trade-off, who an athlete is; suits and skis only
    /// look different).
    pub fn line(self) -> Option<&'static str> {
        match self {
            Item::Rifle(rifle) => Some(rifle.spec().line),
            Item::Athlete(athlete) => Some(athlete.spec().line),
            Item::Suit(_) | Item::Skis(_) => None,
        }
    }

    /// Its name in files: shelf and item, "rifle/match".
    pub fn id(self) -> String {
        let (shelf, item) = match self {
            Item::Rifle(rifle) => ("rifle", rifle.id()),
            Item::Athlete(athlete) => ("athlete", athlete.spec().id),
            Item::Suit(suit) => ("suit", suit.spec().id),
            Item::Skis(skis) => ("skis", skis.spec().id),
        };
        format!("{shelf}/{item}")
    }

    /// The item an [`Item::id`] names.
    pub fn from_id(id: &str) -> Option<Item> {
        Item::all().find(|item| item.id() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_has_a_unique_id_that_reads_back() {
        let items: Vec<Item> = Item::all().collect();
        for item in &items {
            assert_eq!(Item::from_id(&item.id()), Some(*item));
        }
        let mut ids: Vec<String> = items.iter().map(|i| i.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), items.len());
        assert_eq!(Item::from_id("rifle/musket"), None);
    }

    #[test]
    fn each_shelf_starts_with_its_free_standard_item() {
        for shelf in Shelf::ALL {
            assert_eq!(shelf.items()[0], shelf.standard());
            assert_eq!(shelf.standard().price(), 0);
            assert!(shelf.items().iter().all(|item| item.shelf() == shelf));
        }
    }
}
