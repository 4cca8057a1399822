//! The things the game keeps, one file each: settings, results, the purse, the locker,
//! missions, the daily streak, the player's key, and saved replays.

pub mod identity;
pub mod locker;
pub mod missions;
pub mod purse;
pub mod replay_names;
pub mod replays;
pub mod results;
pub mod settings;
pub mod streak;
