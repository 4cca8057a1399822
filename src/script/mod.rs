//! Players' names in any script the game can draw: which face draws each character
//! ([`coverage`]; the name rules built on it are the contract's,
//! `crate::online::contract::names`), and the order and shapes the characters are drawn in
//! ([`shaping`]: Arabic joined, right-to-left runs laid out right to left). Headless: the
//! app's font draws what this decides; a name received from a server is checked the same way
//! before it is shown.

pub mod coverage;
pub mod shaping;

pub use coverage::{face_of, Face};
pub use shaping::visual_order;
