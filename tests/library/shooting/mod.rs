//! The shooting stages: aim, sway, rifles, rounds, the bot, and runs and replays with a range.

mod shooting_assist;
mod shooting_bot;
mod shooting_geometry;
mod shooting_replay;
mod shooting_rifles;
mod shooting_rounds;
mod shooting_run;
mod shooting_sway;
