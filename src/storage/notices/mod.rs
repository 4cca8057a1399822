//! What storage tells: notices and errors naming the file and the problem (for developers),
//! and the player's messages made from them, one per file in their words.

pub mod notice;
pub mod player_notice;
