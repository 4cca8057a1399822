//! Missions, three at a time (as in Subway Surfers): goals counted from the run's events, each
//! paying coins when completed and replaced by the next; every three completed raise a lasting
//! coin multiplier (bounded). Pure and headless: the events come from [`crate::sim::Run`], the
//! book is kept by [`crate::storage`] with the purse, and only `app` draws them.
//!
//! - [`table`]: the mission table (one table, data), graded in sets of three.
//! - [`RunTally`]: one run's counts, from its events only (never in the run's hash).
//! - [`MissionBook`]: the missions held, their progress, and what a run's tally does to them.
//! - [`MissionWatch`]: the run's missions as it goes, saying when one completes.
//! - [`replay_events`]: a recorded run played again for its events.

pub mod book;
pub mod replayed;
pub mod table;
pub mod tally;
pub mod watch;

pub use book::{BookChange, Completed, MissionBook, Slot, MAX_SETS, SET_SIZE, SLOTS};
pub use replayed::replay_events;
pub use table::{Goal, Mission, TABLE};
pub use tally::RunTally;
pub use watch::MissionWatch;
