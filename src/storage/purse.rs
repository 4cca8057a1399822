//! The player's purse: the coins left at the end of each finished run, kept between sessions
//! (`purse.json`, saved atomically, a damaged file kept aside like the others) and brought to
//! the next run, where rounds at the range are bought from it.

use super::file::{Document, Repairs};
use serde::{Deserialize, Serialize};

/// The most a purse holds, coins (far beyond any run's; a larger saved number is damage).
pub const MAX_PURSE: u32 = 1_000_000;

/// The coins kept between runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Purse {
    pub coins: u32,
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
