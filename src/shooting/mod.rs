//! The biathlon shooting stage: five targets at 50 m, a swaying sight driven by heart rate and
//! breath, rounds and reloads, coins for quick hits, and the penalty loop.
//!
//! Pure and deterministic: a [`ShootingStage`] is built from a [`StageSetup`] (seed, stage,
//! position, the level's sway factor, arrival heart rate, round price, purse) and stepped once
//! per simulation tick with that tick's [`StageAction`]s; the same setup and actions give the
//! same stage, bit for bit, on every platform. [`ShootingBot`] plays it from the [`StageView`].
//! Inside a run, [`BiathlonRange`] is the simulation's `ShootingRange`: the stage runs on the
//! run's tick and reads its shooting actions from the run's recorded action stream.

pub mod biathlon_range;
pub mod bot;
pub mod breath;
pub mod heart;
pub mod range;
pub mod reward;
pub mod rounds;
pub mod stage;
pub mod sway;
pub mod trig;
pub mod view;

pub use biathlon_range::BiathlonRange;
pub use bot::ShootingBot;
pub use range::TargetState;
pub use stage::{
    ShootingStage, Shot, StageAction, StageEvents, StageOutcome, StagePhase, StageSetup,
};
pub use view::StageView;

/// Simulation ticks per second (the fixed tick the stage is stepped at).
pub const TICKS_PER_SECOND: u32 = crate::sim::TICK_HZ;
