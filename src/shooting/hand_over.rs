//! The hand-over between a run and its shooting stages: the run reports the skier's arrival,
//! steps the range with each tick's shooting actions while the skier stands there, and takes
//! the result back when the skier may leave. [`super::BiathlonRange`] is the real range; the
//! run's `UnshotRange` (`crate::sim`) passes every stage at once.

use super::range::TARGET_COUNT;
use super::rifle::Rifle;
use super::stage::{StageAction, StageEvents};
use super::view::StageView;
use crate::course::StageSpot;
use crate::seed::StateHasher;
use crate::tick::Tick;

/// What one stage ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StageResult {
    /// Rounds fired.
    pub shots: u32,
    /// Rounds that knocked no target down.
    pub misses: u32,
    /// Whether any shooting took place (false: the stage was passed without shooting).
    pub shot: bool,
    /// Coins paid for hits.
    pub coins_earned: u32,
    /// Coins paid for extra rounds.
    pub coins_spent: u32,
    /// Penalty loops to ski (one per target left standing).
    pub penalty_loops: u32,
    /// Which targets were knocked down, left to right (for drawing the boards afterwards).
    pub targets_down: [bool; TARGET_COUNT],
}

/// The skier reaching a stage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrival {
    /// Stage number, 0-based.
    pub index: usize,
    pub spot: StageSpot,
    pub tick: Tick,
    /// The run's coins (won in this run; a run never brings the banked purse).
    pub purse: u32,
    /// The course's speed on the way in, m/s (Endless ramps; a hit's slowdown not counted).
    pub speed: f64,
    /// The rifle the skier carries.
    pub rifle: Rifle,
    /// The skier took a second wind on the way in: the heart arrives calmer
    /// ([`crate::course::pickups::SECOND_WIND_SHARE_PERCENT`]).
    pub second_wind: bool,
}

/// One tick at the range: what happened, and the result once the skier may leave.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RangeTick {
    pub happened: StageEvents,
    pub result: Option<StageResult>,
}

/// A shooting stage as the run sees it: it takes over while the skier stands at the range.
pub trait ShootingRange: std::fmt::Debug {
    /// The skier arrives at a stage.
    fn arrive(&mut self, arrival: &Arrival);
    /// One tick at the range with that tick's shooting actions.
    fn step(&mut self, tick: Tick, actions: &[StageAction]) -> RangeTick;
    /// Hold the stage's aiming clock for the next tick (a lesson's card is up); a range that is
    /// not a lesson's ignores it.
    fn hold_aim_clock(&mut self) {}
    /// Feed the range's state into the run's state hash (replays check it).
    fn hash_into(&self, hasher: &mut StateHasher);
    /// What the player sees of the stage in progress (none for a range without shooting).
    fn view(&self) -> Option<StageView> {
        None
    }
}
