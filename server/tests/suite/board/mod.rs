//! The board as an honest client sees it: the HTTP contract of online.md, the ranks the store
//! keeps, the names it refuses, and a player's account (devices, recovery, deletion, reports).

pub mod accounts;
pub mod contract;
pub mod names;
pub mod ranks;
