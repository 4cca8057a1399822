//! What a phone build needs that can be worked out without a phone, tested headless.
//!
//! - [`density`]: the UI's scale from the screen's size and density, and the smallest touch
//!   target in pixels (48 dp), so the same layout reads and taps the same on every phone.
//! - [`icon`]: the launcher icon, drawn procedurally at every Android density and written as
//!   PNGs into `android/res` (`cargo run --example icons`).
//! - [`layout_check`]: whether a drawn screen reads: text size, texts over each other.

pub mod density;
pub mod icon;
pub mod layout_check;
