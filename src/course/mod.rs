//! Courses: the level table and the pure layout (seed → obstacles, coins, shooting stages),
//! with the fairness rules that every layout must pass.
//!
//! - [`levels`]: five levels × three tracks (seed, length, stages, density, speed, sway, price of
//!   a round) and the Endless settings.
//! - [`Course::level`], [`Course::endless`], [`Course::extend_to`] ([`layout`]): the layout,
//!   a function of the level row (or Endless) and the seed only.
//! - [`fairness::validate`]: the rules checked, with an error naming the row and the reason.
//! - [`looks`]: the visual variants of each obstacle class with their depth and width.
//! - [`movers`]: the snowmobile that crosses the lanes and stops in one (moving obstacles).
//! - [`pickups`]: the power-ups on the track (wax boost, coin magnet, shield, second wind).
//! - [`ramps`]: the ramps that launch a long air with time for a trick.
//! - [`routes`]: forks where a high trail over a ridge (coins, and obstacles to jump or duck)
//!   runs beside a safe low trail, a divider between them.
//! - [`daily`]: the day's course, from the date alone.
//! - [`land`]: each level's hills and landmark, as the terrain builds them.
//! - [`scenery`], [`sky`]: each level's looks and its light and weather (Endless moves through
//!   them), drawn only.
//!
//! Obstacle classes: **jump** obstacles span all three lanes; **dodge** obstacles one or two;
//! **duck** obstacles (banner, branch, bar) span all three lanes, so a duck row has exactly one
//! answer, like a jump row, and sideways play comes from dodge rows.
//!
//! The skier's numbers ([`SkierParams`]: speed, lane change time, jump and duck lengths) and the
//! margins in [`model`] are the single truth shared by the layout, the validator and the
//! simulation.

pub mod daily;
pub mod fairness;
mod features;
pub mod land;
pub mod layout;
pub mod levels;
pub mod looks;
pub mod model;
mod patterns;
mod planner;
mod rng;
pub mod scenery;
pub mod sky;

pub use features::{movers, pickups, ramps, routes};
pub use land::LandmarkKind;
pub use layout::{CourseError, STAGE_CLEAR_S, WARM_UP_S};
pub use model::*;
pub use pickups::{Pickup, PickupKind};
pub use ramps::Ramp;
pub use routes::{Route, RouteKind};
