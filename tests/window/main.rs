//! The tests that open the game's window (`latu play` under `xvfb-run`): one test crate, built
//! with the `window` feature.

#[path = "../common/mod.rs"]
mod common;

mod shown;
mod window_approach;
mod window_faults;
mod window_layout;
mod window_play;
mod window_screens;
