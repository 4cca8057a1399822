//! The sight on the target: how it sways, driven by the shooter's heart rate and breath.

pub mod breath;
pub mod heart;
pub mod sway;
