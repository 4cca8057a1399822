//! The run on screen.
//!
//! The session (streaming, loading, drawing), the simulation on fixed ticks, the player's
//! input, the HUD, the sight at a range, the best run's ghost, run sounds, telling moments and
//! frame stats.

pub(crate) mod clock;
pub(crate) mod feel;
pub(crate) mod ghost;
pub(crate) mod hud;
pub(crate) mod input;
pub(crate) mod loading;
pub(crate) mod mission_moment;
pub(crate) mod moments;
pub(crate) mod range;
mod screen_point;
pub(crate) mod session;
pub(crate) mod ski_run;
pub(crate) mod stats;
pub(crate) mod streaming;
pub(crate) mod tutorial;
