//! The rifles of the shop: one table of their rules and prices. Each trades one thing at the
//! range for another — sway, the spare-round reload, the bolt, how fast the heart settles — and
//! a replay records which one a run was shot with. They are side-grades, not upgrades (a ranked
//! score depends on nothing bought): the numbers are tuned so that each rifle's mean
//! human-model score is within ±1 % of the training rifle's on every level
//! (`cargo run --release --example rifle_report`, figures in the README's Shop part).

use super::TICKS_PER_SECOND;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A rifle the skier can carry. Its rules are in [`RIFLES`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rifle {
    /// Everyone's first rifle.
    #[default]
    Training,
    /// A heavier barrel: sways less; spares load slower.
    HeavyBarrel,
    /// A straight-pull bolt: quick bolt and spares; a light rifle that sways a little more.
    StraightPull,
    /// A stock fitted to the shooter: the heart settles faster; spares load slower.
    FittedStock,
    /// The match rifle: the finest sight, the least sway; heavy to hold, so the heart settles
    /// slower.
    Match,
}

/// What a rifle does at the range, and what it costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RifleSpec {
    pub rifle: Rifle,
    /// The name the shop shows.
    pub name: &'static str,
    /// Its trade-off in a line, for the shop.
    pub line: &'static str,
    /// Price in coins (the training rifle is free).
    pub price: u32,
    /// Multiplier on the sight's sway (1 = the training rifle's).
    pub sway: f64,
    /// Ticks to load one spare round by hand.
    pub reload_ticks: u32,
    /// Ticks to work the bolt after a shot.
    pub cycle_ticks: u32,
    /// Time constant of the heart settling on the range, seconds.
    pub settle_time_s: f64,
}

const HALF_SECOND: u32 = TICKS_PER_SECOND / 2;

/// The standard rifles' heart-settling time constant, seconds: brisk, as a phone game's range
/// should be (a stage on the mat in about 20 s), yet a wait still buys steadiness.
pub const SETTLE_S: f64 = 5.0;

/// Every rifle, cheapest first. The training rifle's row holds the range's standard rules.
pub const RIFLES: [RifleSpec; 5] = [
    RifleSpec {
        rifle: Rifle::Training,
        name: "Training rifle",
        line: "The standard: nothing gained, nothing lost",
        price: 0,
        sway: 1.0,
        reload_ticks: 3 * HALF_SECOND,
        cycle_ticks: HALF_SECOND,
        settle_time_s: SETTLE_S,
    },
    RifleSpec {
        rifle: Rifle::HeavyBarrel,
        name: "Heavy barrel",
        line: "Sways a tenth less; a spare takes 2.5 s to load",
        price: 150,
        sway: 0.9,
        reload_ticks: 5 * HALF_SECOND,
        cycle_ticks: HALF_SECOND,
        settle_time_s: SETTLE_S,
    },
    RifleSpec {
        rifle: Rifle::StraightPull,
        name: "Straight-pull",
        line: "Bolt in 0.2 s, spares in 0.75 s; sways 3 % more",
        price: 250,
        sway: 1.03,
        reload_ticks: HALF_SECOND * 3 / 2,
        cycle_ticks: TICKS_PER_SECOND / 5,
        settle_time_s: SETTLE_S,
    },
    RifleSpec {
        rifle: Rifle::FittedStock,
        name: "Fitted stock",
        line: "Settles a fifth faster; spares take 2.5 s",
        price: 350,
        sway: 1.0,
        reload_ticks: 5 * HALF_SECOND,
        cycle_ticks: HALF_SECOND,
        settle_time_s: SETTLE_S * 4.0 / 5.0,
    },
    RifleSpec {
        rifle: Rifle::Match,
        name: "Match rifle",
        line: "A fifth less sway; heavy: slower to settle",
        price: 600,
        sway: 0.8,
        reload_ticks: 3 * HALF_SECOND,
        cycle_ticks: HALF_SECOND,
        settle_time_s: SETTLE_S * 6.0 / 5.0,
    },
];

impl Rifle {
    /// Every rifle, in the shop's order.
    pub fn all() -> impl Iterator<Item = Rifle> {
        RIFLES.iter().map(|spec| spec.rifle)
    }

    /// This rifle's row of [`RIFLES`].
    pub fn spec(self) -> &'static RifleSpec {
        RIFLES
            .iter()
            .find(|spec| spec.rifle == self)
            .expect("every rifle has a row in RIFLES")
    }

    /// The name used on the command line and in files ("heavy-barrel").
    pub fn id(self) -> &'static str {
        match self {
            Rifle::Training => "training",
            Rifle::HeavyBarrel => "heavy-barrel",
            Rifle::StraightPull => "straight-pull",
            Rifle::FittedStock => "fitted-stock",
            Rifle::Match => "match",
        }
    }

    /// The rifle named `id`, if there is one.
    pub fn from_id(id: &str) -> Option<Rifle> {
        Rifle::all().find(|rifle| rifle.id() == id)
    }

    /// A small number for replay hashes (0 for the training rifle).
    pub fn code(self) -> i64 {
        Rifle::all()
            .position(|rifle| rifle == self)
            .map_or(-1, |index| index as i64)
    }
}

impl fmt::Display for Rifle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rifle_has_one_row_and_a_name_that_reads_back() {
        for rifle in Rifle::all() {
            assert_eq!(Rifle::from_id(rifle.id()), Some(rifle));
            assert_eq!(RIFLES.iter().filter(|s| s.rifle == rifle).count(), 1);
        }
        assert_eq!(Rifle::Training.code(), 0);
        assert_eq!(Rifle::from_id("blunderbuss"), None);
    }

    #[test]
    fn only_the_training_rifle_is_free_and_every_other_gives_something_up() {
        let standard = Rifle::Training.spec();
        assert_eq!(standard.price, 0);
        for spec in &RIFLES[1..] {
            assert!(spec.price > 0, "{} is free", spec.name);
            let gains = spec.sway < standard.sway
                || spec.reload_ticks < standard.reload_ticks
                || spec.settle_time_s < standard.settle_time_s;
            // A side-grade pays at the range, not only in the shop.
            let costs = spec.sway > standard.sway
                || spec.reload_ticks > standard.reload_ticks
                || spec.settle_time_s > standard.settle_time_s;
            assert!(gains && costs, "{} is no trade-off", spec.name);
        }
    }
}
