//! The sight on the target: how it sways, driven by the shooter's heart rate and breath, and the
//! wind that drifts the shot.

pub mod breath;
pub mod heart;
pub mod sway;
pub mod wind;
