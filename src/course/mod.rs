//! Courses: the level table and the pure layout (seed → obstacles, coins, shooting stages),
//! with the fairness rules that every layout must pass.

pub mod model;

pub use model::*;
