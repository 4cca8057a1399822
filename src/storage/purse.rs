//! The player's purse: the coins left at the end of each finished run, kept between sessions
//! (`purse.json`, saved atomically, a damaged file kept aside like the others) and brought to
//! the next run, where rounds at the range are bought from it.

use super::file::{Document, Repairs};
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
