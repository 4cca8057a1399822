//! What a shooting stage tells: its result for the run summary, each shot, and what happened
//! on one step.

use crate::shooting::reward::PENALTY_LOOP_M;
use glam::DVec2;

/// The stage's result, handed to the run summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StageOutcome {
    pub shots: u32,
    pub hits: u32,
    pub misses: u32,
    pub coins_earned: u32,
    pub coins_spent: u32,
    pub rounds_bought: u32,
    /// Targets left standing, each a penalty loop.
    pub penalty_targets: u32,
    /// Ticks spent on the range.
    pub ticks: u32,
    /// The sight's clicks when the stage ended (+ right).
    pub clicks: i32,
}

impl StageOutcome {
    /// Extra distance to ski after the range, metres.
    pub fn penalty_m(&self) -> f64 {
        f64::from(self.penalty_targets) * PENALTY_LOOP_M
    }
}

/// One fired shot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shot {
    /// Where the shot went, mrad from the range's centre (the sight, its clicks and the wind).
    pub point_mrad: DVec2,
    /// Where the sight was when it fired, mrad from the range's centre.
    pub sight_mrad: DVec2,
    /// The wind's drift on this shot, mrad (+ right).
    pub drift_mrad: f64,
    /// The target knocked down, if any.
    pub hit: Option<usize>,
    /// Coins the hit paid.
    pub coins: u32,
}

/// What happened in one step, for sounds and effects.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StageEvents {
    pub shot: Option<Shot>,
    pub round_bought: bool,
    /// A spare round went into the empty magazine.
    pub spare_loaded: bool,
    pub finished: bool,
    /// The range closes in this many whole seconds: told once a second in the last
    /// [`super::CLOSING_WARNING_S`].
    pub closing_in_s: Option<u32>,
    /// The range closed on this step ([`super::STAGE_MAT_LIMIT_S`]): the rounds not fired, counted
    /// as misses.
    pub range_closed: Option<u32>,
}
