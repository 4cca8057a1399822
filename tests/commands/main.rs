//! The integration tests that run the `latu` binary headless (its subcommands, exit codes, files):
//! one test crate.

#[path = "../storage_support/mod.rs"]
mod storage_support;

mod course_cli;
mod headless_build;
mod online_key;
mod replay_cli;
mod replay_limits;
mod replay_strict;
mod storage_actions;
mod terrain_cli;
mod terrain_golden;
mod usage_cli;
