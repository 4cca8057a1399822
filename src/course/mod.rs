//! Courses: the level table and the pure layout (seed → obstacles, coins, shooting stages),
//! with the fairness rules that every layout must pass.

pub mod fairness;
pub mod layout;
pub mod levels;
pub mod looks;
pub mod model;
mod patterns;
mod planner;
mod rng;

pub use layout::{CourseError, STAGE_CLEAR_S, WARM_UP_S};
pub use model::*;
