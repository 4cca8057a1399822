//! The simulation: rules, score, lives, pickups, events, determinism, variety and the bots.

mod sim_bot;
mod sim_bot_levels;
mod sim_determinism;
mod sim_events;
mod sim_human_bot;
mod sim_lives;
mod sim_pickups;
mod sim_rules;
mod sim_score;
mod sim_variety;
