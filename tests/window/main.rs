//! The tests that open the game's window (`latu play` under `xvfb-run`): one test crate, built
//! with the `window` feature.

#[path = "../common/mod.rs"]
mod common;
#[path = "../not_run/mod.rs"]
mod not_run;
// The window tests use the leaderboard without stopping it.
#[allow(dead_code)]
#[path = "../online/real_server.rs"]
mod real_server;

mod shown;
mod window_account;
mod window_approach;
mod window_faults;
mod window_layout;
mod window_online;
mod window_play;
mod window_report;
mod window_screens;
