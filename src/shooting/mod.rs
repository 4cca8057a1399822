//! The biathlon shooting stage: five targets at 50 m, a swaying sight driven by heart rate and
//! breath, rounds and reloads, coins for hits (a clean stage and a settled speed bonus besides), and
//! the penalty loop.
//!
//! Pure and deterministic: a [`ShootingStage`] is built from a [`StageSetup`] (seed, stage,
//! position, the level's sway factor, arrival heart rate, round price, the run's coins, rifle) and stepped once
//! per simulation tick with that tick's [`StageAction`]s; the same setup and actions give the
//! same stage, bit for bit, on every platform. [`ShootingBot`] plays it from the [`StageView`].
//! Inside a run, [`BiathlonRange`] is the simulation's `ShootingRange`: the stage runs on the
//! run's tick and reads its shooting actions from the run's recorded action stream.
//!
//! For the window: while `Run::at_stage()` is set, `Run::stage_view()` gives the [`StageView`]
//! (targets black/white, sight offset in mrad, heart rate, rounds and reload, aim timer and
//! potential reward, the run's coins, the penalty a give-up would cost, position) and input maps to the
//! shooting `sim::Action`s: a drag or the arrow keys to `Aim { dx, dy }` in 0.01 mrad (see
//! [`controls`] for the conversion from pixels and key presses), a tap,
//! click or Space to `Fire`, a hold button (press/release) to `HoldBreath`/`ReleaseBreath`, and,
//! when the phase is `OutOfRounds`, two buttons to `BuyRound` (if `can_buy`) or `TakePenalty`.
//! After the range, `Run::penalty_left_m()` counts down the penalty loop and
//! `Run::last_stage_result()` says how the stage ended.

pub mod biathlon_range;
pub mod bot;
pub mod controls;
pub mod hand_over;
pub mod range;
pub mod reward;
pub mod rifle;
pub mod rounds;
pub mod sight;
pub mod stage;
pub mod view;

pub use biathlon_range::BiathlonRange;
pub use bot::ShootingBot;
pub use range::TargetState;
pub use rifle::{Rifle, RifleSpec, RIFLES};
pub use sight::{breath, heart, sway, wind};
pub use stage::{
    ShootingStage, Shot, StageAction, StageEvents, StageOutcome, StagePhase, StageSetup,
};
pub use view::StageView;

/// Simulation ticks per second (the fixed tick the stage is stepped at).
pub const TICKS_PER_SECOND: u32 = crate::tick::TICK_HZ;
