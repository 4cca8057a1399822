//! The simulation's clock: whole ticks at a fixed rate. Everything that decides an outcome counts
//! time in ticks, never in the platform's clock.

/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;
