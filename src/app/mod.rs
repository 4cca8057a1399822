//! The macroquad edge (the `window` feature): the window, drawing, input, audio and screens.
//!
//! The only module that imports macroquad. Its rooms import downwards only: screens use run,
//! run uses render, and any of them may use ui and platform.

// The window only draws, plays and reads input: its floats never decide an outcome (the
// simulation runs in the core), so the platform's `sin`, `tan`, `exp`… and a `HashMap` of cached
// models are allowed here.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

pub mod error;
pub mod platform;
pub mod render;
pub mod run;
pub mod screens;
pub mod ui;

pub use error::AppError;
pub use screens::play;
