//! Latu: a 3D biathlon ski runner.
//!
//! Everything outside [`app`] is a pure, deterministic, headless core: generation, course
//! layout, simulation, shooting and replays never touch macroquad, the clock or a global RNG.
//! [`app`] is the macroquad edge that draws, reads input and plays sound.

pub mod app;
pub mod cli;
pub mod course;
pub mod gesture;
pub mod models;
pub mod platform;
pub mod replay;
pub mod shooting;
pub mod sim;
pub mod sound;
pub mod storage;
pub mod stream;
pub mod terrain;
