//! Latu: a 3D biathlon ski runner.
//!
//! The core is pure, deterministic and headless: generation, course layout, simulation,
//! shooting and replays never touch macroquad, the clock or a global RNG. The edge around it
//! draws, plays sound and reads input; only [`app`] (the `window` feature) imports macroquad.

// The core:
// Plain mesh data (positions, normals, colours, indices) and the flat-shaded pieces building it.
pub mod mesh;
// Seeded noise field, chunk geometry (hills, track, mirror), trees and houses.
pub mod terrain;
// Which chunks exist around the skier, built on worker threads.
pub mod stream;
// Level table, course layout, fairness rules and validator.
pub mod course;
// Fixed 60 Hz ticks: skier, lanes, jump/duck, collisions, coins, penalties, bot.
pub mod sim;
// The biathlon stage: range, sway, heart rate, breath, rounds, rewards, bot.
pub mod shooting;
// Inputs by tick, save/load, verify; the ghost of a best run.
pub mod replay;
// The shop's rifles, suits and skis, bought with the purse; the locker of what is owned.
pub mod shop;
// Missions, three at a time: counted from the run's events, paying coins, raising a multiplier.
pub mod missions;
// Touch and mouse swipes and taps, recognised during the drag.
pub mod gesture;
// Settings, results and replays on disk; the data directory per platform.
pub mod storage;
// Players' names in any script: which face draws each character, Arabic joined, right to left.
pub mod script;
// Whole files read and written safely: regular files only, capped, atomic unique writes.
pub mod files;
// Portable sine and cosine, the same bits on every platform.
pub mod trig;
// The simulation's tick rate.
pub mod tick;
// Seeding and hashing: SplitMix64, a unit scatter, the stable state hash.
pub mod seed;
// The world boards, offline first: the player's key, the send queue, the leaderboard's client.
pub mod online;
// The headless subcommands and the command line's errors.
pub mod cli;

// The edge, what only draws, plays or shows:
// Low-poly skier, obstacles, coins, gates and ranges as plain mesh data.
pub mod models;
// Synthesis of the game's sounds.
pub mod sound;
// What a phone needs that can be worked out headless: UI density, the launcher icon.
pub mod phone;
// The window: rendering, the run on screen, screens, UI, platform glue (macroquad).
#[cfg(feature = "window")]
pub mod app;
