//! The hand-over to a shooting stage. [`crate::shooting::BiathlonRange`] implements
//! [`ShootingRange`] with the real stage (sway, targets, rounds); [`UnshotRange`] lets the skier
//! pass every stage at once, records no shots, and says so (`StageResult::shot` is false) — for
//! tests about skiing only.

use super::action::Action;
use super::event::RunEvent;
use super::hash::StateHasher;
use crate::course::StageSpot;
use crate::shooting::StageView;

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
    pub targets_down: [bool; crate::shooting::range::TARGET_COUNT],
}

/// The skier reaching a stage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrival {
    /// Stage number, 0-based.
    pub index: usize,
    pub spot: StageSpot,
    pub tick: u64,
    /// Coins in the purse.
    pub purse: u32,
    /// The course's speed on the way in, m/s (Endless ramps; a hit's slowdown not counted).
    pub speed: f64,
    /// The rifle the skier carries.
    pub rifle: crate::shooting::Rifle,
}

/// A shooting stage as the run sees it: it takes over while the skier stands at the range.
pub trait ShootingRange: std::fmt::Debug {
    /// The skier arrives at a stage.
    fn arrive(&mut self, arrival: &Arrival);
    /// One tick at the range with that tick's actions, reporting what happened to `events`;
    /// the result once the skier may leave.
    fn step(
        &mut self,
        tick: u64,
        actions: &[Action],
        events: &mut Vec<RunEvent>,
    ) -> Option<StageResult>;
    /// Feed the range's state into the run's state hash (replays check it).
    fn hash_into(&self, hasher: &mut StateHasher);
    /// What the player sees of the stage in progress (none for a range without shooting).
    fn view(&self) -> Option<StageView> {
        None
    }
}

/// No shooting: every stage is passed on the first tick at the range with 0 shots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnshotRange;

impl ShootingRange for UnshotRange {
    fn arrive(&mut self, _arrival: &Arrival) {}

    fn step(
        &mut self,
        _tick: u64,
        _actions: &[Action],
        _events: &mut Vec<RunEvent>,
    ) -> Option<StageResult> {
        Some(StageResult::default())
    }

    fn hash_into(&self, _hasher: &mut StateHasher) {}
}
