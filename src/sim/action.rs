//! What a player (or the bot) does in one tick.

use serde::{Deserialize, Serialize};

/// One input, already turned from a key or swipe into a game action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Move one lane to the left.
    Left,
    /// Move one lane to the right.
    Right,
    /// Jump (a fixed length).
    Jump,
    /// Duck (a fixed length).
    Duck,
}

impl Action {
    /// A small stable code, for the state hash.
    pub fn code(self) -> u8 {
        match self {
            Action::Left => 1,
            Action::Right => 2,
            Action::Jump => 3,
            Action::Duck => 4,
        }
    }
}
