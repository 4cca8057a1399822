//! Player names: the contract's rules, written once in the core and shared with the game
//! (`latu::online::contract::names`: the characters the game draws, look-alikes folded).

pub use latu::online::contract::names::{check, folded};
