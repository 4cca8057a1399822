//! The shop: rifles (their rules are the range's, [`crate::shooting::rifle`]), athletes to ski
//! as ([`athlete`]: a build, a head and colours of their own) and cosmetic suits and skis
//! ([`outfit`]), bought with the purse's coins and kept in a [`Locker`]
//! with what the skier carries and wears. Pure: the app shows the shelves, storage keeps the
//! locker.

pub mod athlete;
mod item;
mod locker;
pub mod outfit;

pub use item::{Item, Shelf};
pub use locker::{BuyError, Locker, NotOwned};
