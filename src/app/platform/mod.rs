//! What the device does for the game.
//!
//! Audio playback, the app's lifecycle on a phone, Android's JNI calls, whether a desktop's
//! display opens, and the files `latu play` writes.

pub(crate) mod android;
pub mod audio;
pub(crate) mod display;
pub(crate) mod lifecycle;
pub(crate) mod output;
