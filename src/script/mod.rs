//! Players' names in any script the game can draw: which face draws each character
//! ([`coverage`]), the sentence that refuses a name with a character none draws, and the order
//! and shapes the characters are drawn in ([`shaping`]: Arabic joined, right-to-left runs laid
//! out right to left). Headless: the app's font draws what this decides; a name received from
//! a server is checked the same way before it is shown.

pub mod coverage;
pub mod shaping;

pub use coverage::{face_of, first_undrawable, Face};
pub use shaping::visual_order;

/// Why `name` cannot be kept, in a player's words, if it holds a character no face of the game
/// draws (it would show as a blank or a box): `None` when every character can be drawn.
pub fn refusal(name: &str) -> Option<String> {
    let c = first_undrawable(name)?;
    let shown = if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("U+{:04X} ({c})", u32::from(c))
    };
    Some(format!(
        "The game cannot draw the character {shown} in a name yet; please use other characters."
    ))
}
