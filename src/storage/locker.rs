//! The locker (`locker.json`, see [`crate::shop::Locker`]): saved atomically, a damaged file
//! kept aside like the others; items this build does not sell are dropped and the player told.

use super::file::{Document, Repairs};
use crate::shop::Locker;

impl Document for Locker {
    fn repair(&mut self) -> Repairs {
        let (dropped, adjusted) = self.tidy();
        Repairs { adjusted, dropped }
    }
}
