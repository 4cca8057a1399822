//! The result of a run, as `latu simulate` and `latu replay` print it.

use super::score::Medal;
use crate::shooting::Rifle;
use serde::{Deserialize, Serialize};

/// The run's summary. The field names are the command-line contract
/// (`shared/design/architecture.md`); `stages_unshot` is added so that a run whose stages were
/// passed without shooting says so instead of looking clean, and `penalty_m` so that the
/// penalty loops skied show; `score` and `medal` are the contract's, the two times say where
/// time went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Level 1–5, `null` for Endless.
    pub level: Option<u8>,
    /// Track 1–3, `null` for Endless.
    pub track: Option<u8>,
    pub seed: u64,
    /// Simulated ticks.
    pub ticks: u64,
    /// `ticks` in seconds.
    pub time_s: f64,
    /// Metres skied along the course (the penalty loops are in `penalty_m`).
    pub distance: f64,
    /// The run's coins at the end (collected and won at the range, minus lost to hits and
    /// spent on extra rounds; a run brings none).
    pub coins: u32,
    /// Obstacles hit.
    pub hits: u32,
    /// Rounds fired at shooting stages.
    pub shots: u32,
    /// Rounds fired at shooting stages that knocked no target down.
    pub misses: u32,
    /// Penalty loops skied, metres (150 m per target left standing; not in `distance`).
    #[serde(default)]
    pub penalty_m: f64,
    /// Whether the finish (or Endless's set distance) was reached.
    pub finished: bool,
    /// Stages passed without shooting.
    pub stages_unshot: u32,
    /// The run's score (see [`super::score`]).
    #[serde(default)]
    pub score: u32,
    /// The medal the score earns on this course.
    #[serde(default)]
    pub medal: Medal,
    /// Time lost to the slowdowns after obstacle hits, seconds.
    #[serde(default)]
    pub obstacle_time_lost_s: f64,
    /// Time spent on penalty loops, seconds.
    #[serde(default)]
    pub penalty_time_s: f64,
    /// The rifle shot with (absent: the training rifle).
    #[serde(default, skip_serializing_if = "is_training")]
    pub rifle: Rifle,
    /// Power-ups taken.
    #[serde(default)]
    pub pickups: u32,
    /// Tricks landed in ramps' air (each paid its coins, in `coins`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tricks: u32,
    /// Seconds on the shooting mats, all stages.
    #[serde(default)]
    pub mat_s: f64,
    /// Endless: how the run ended (absent on a level, and for a run stopped before its end).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_by: Option<EndedBy>,
    /// Endless: lives left at the end (absent on a level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lives_left: Option<u8>,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndedBy {
    /// Endless's last life went.
    Lives,
    /// Endless reached its set length.
    Length,
    /// A level's finish line.
    Finish,
}

impl Summary {
    /// The coins the run itself won: all of its coins at the end (a run brings none from the
    /// banked purse; what it spent on rounds or lost to hits is already out).
    pub fn coins_won(&self) -> u32 {
        self.coins
    }
}

/// Whether the rifle is the training rifle (left out, so files without it keep their bytes).
pub(crate) fn is_training(rifle: &Rifle) -> bool {
    *rifle == Rifle::Training
}

/// Whether a count is zero (left out, so files without it keep their bytes).
pub(crate) fn is_zero(count: &u32) -> bool {
    *count == 0
}
