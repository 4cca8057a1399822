//! Who skis and what they wear: the athlete ([`Athlete`]), a suit (with its hat) and skis,
//! chosen in the shop. Cosmetic only —
//! the simulation never sees it. Colours and prices in two tables.

pub use super::athlete::Athlete;

/// A suit. Its colours and price are in [`SUITS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Suit {
    #[default]
    RaceRed,
    PineGreen,
    NightBlue,
    SunriseOrange,
    Violet,
}

/// A pair of skis. Colours and price in [`SKIS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Skis {
    #[default]
    Blue,
    Red,
    Yellow,
    Black,
}

/// A suit's row: its name in the shop and in files, price, colours.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SuitSpec {
    pub suit: Suit,
    pub id: &'static str,
    pub name: &'static str,
    pub price: u32,
    pub body: [u8; 4],
    pub hat: [u8; 4],
}

/// A pair of skis' row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkisSpec {
    pub skis: Skis,
    pub id: &'static str,
    pub name: &'static str,
    pub price: u32,
    pub colour: [u8; 4],
}

/// Every suit, the free one first. None is white: the skier must stand out from the snow.
pub const SUITS: [SuitSpec; 5] = [
    SuitSpec {
        suit: Suit::RaceRed,
        id: "race-red",
        name: "Race red",
        price: 0,
        body: [214, 38, 44, 255],
        hat: [32, 84, 200, 255],
    },
    SuitSpec {
        suit: Suit::PineGreen,
        id: "pine-green",
        name: "Pine green",
        price: 80,
        body: [30, 120, 70, 255],
        hat: [240, 196, 40, 255],
    },
    SuitSpec {
        suit: Suit::NightBlue,
        id: "night-blue",
        name: "Night blue",
        price: 80,
        body: [30, 52, 128, 255],
        hat: [226, 60, 60, 255],
    },
    SuitSpec {
        suit: Suit::SunriseOrange,
        id: "sunrise-orange",
        name: "Sunrise orange",
        price: 120,
        body: [240, 128, 28, 255],
        hat: [40, 40, 64, 255],
    },
    SuitSpec {
        suit: Suit::Violet,
        id: "violet",
        name: "Violet",
        price: 120,
        body: [118, 58, 172, 255],
        hat: [250, 250, 250, 255],
    },
];

/// Every pair of skis, the free one first.
pub const SKIS: [SkisSpec; 4] = [
    SkisSpec {
        skis: Skis::Blue,
        id: "blue",
        name: "Blue skis",
        price: 0,
        colour: [28, 60, 170, 255],
    },
    SkisSpec {
        skis: Skis::Red,
        id: "red",
        name: "Red skis",
        price: 40,
        colour: [200, 30, 40, 255],
    },
    SkisSpec {
        skis: Skis::Yellow,
        id: "yellow",
        name: "Yellow skis",
        price: 40,
        colour: [250, 204, 36, 255],
    },
    SkisSpec {
        skis: Skis::Black,
        id: "black",
        name: "Black skis",
        price: 60,
        colour: [26, 26, 32, 255],
    },
];

impl Suit {
    /// Every suit, in the shop's order.
    pub fn all() -> impl Iterator<Item = Suit> {
        SUITS.iter().map(|spec| spec.suit)
    }

    /// This suit's row of [`SUITS`].
    pub fn spec(self) -> &'static SuitSpec {
        SUITS
            .iter()
            .find(|spec| spec.suit == self)
            .expect("every suit has a row in SUITS")
    }
}

impl Skis {
    /// Every pair, in the shop's order.
    pub fn all() -> impl Iterator<Item = Skis> {
        SKIS.iter().map(|spec| spec.skis)
    }

    /// This pair's row of [`SKIS`].
    pub fn spec(self) -> &'static SkisSpec {
        SKIS.iter()
            .find(|spec| spec.skis == self)
            .expect("every pair of skis has a row in SKIS")
    }
}

/// The athlete, suit and skis the skier is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outfit {
    pub athlete: Athlete,
    pub suit: Suit,
    pub skis: Skis,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_suit_and_skis_are_free_and_the_rest_cost_coins() {
        assert_eq!(Suit::default().spec().price, 0);
        assert_eq!(Skis::default().spec().price, 0);
        assert!(SUITS[1..].iter().all(|s| s.price > 0));
        assert!(SKIS[1..].iter().all(|s| s.price > 0));
    }

    #[test]
    fn no_suit_is_as_pale_as_snow() {
        for spec in &SUITS {
            let brightest = spec.body[..3].iter().copied().min().unwrap_or(0);
            assert!(brightest < 200, "{} is nearly white", spec.name);
        }
    }
}
