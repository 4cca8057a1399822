//! The shooting stage inside a run: [`BiathlonRange`] is the run's [`ShootingRange`]. It builds
//! a [`ShootingStage`] from the course's level row when the skier arrives, steps it with the
//! shooting actions of the run's recorded action stream, and reports the result (shots, misses,
//! coins, penalty loops) when the stage is finished.

use super::hand_over::{Arrival, RangeTick, ShootingRange, StageResult};
use super::heart::{arrival_bpm, SETTLED_BPM};
use super::range::TargetState;
use super::stage::{ShootingStage, StageAction, StageSetup};
use super::view::StageView;
use crate::course::levels::{self, ENDLESS, LEVELS};
use crate::course::{Course, CourseKind};
use crate::seed::StateHasher;
use crate::tick::Tick;

/// The range of one run: the level's sway, wind and round price, the stage in progress.
#[derive(Debug, Clone)]
pub struct BiathlonRange {
    seed: u64,
    sway_factor: f64,
    wind_mps: f64,
    round_price: u32,
    stage: Option<ShootingStage>,
}

impl BiathlonRange {
    /// The range for `course`: sway factor and round price from its level row (Endless: the
    /// Endless settings); the heart rate on arrival comes from the skiing speed on the way in.
    pub fn for_course(course: &Course) -> BiathlonRange {
        let (sway_factor, wind_mps, round_price) = match course.kind {
            CourseKind::Level { level, .. } => {
                // A hand-made course may name a level outside the table: the easiest row.
                let spec = levels::level(level).unwrap_or(&LEVELS[0]);
                (spec.sway, spec.wind, spec.round_price)
            }
            CourseKind::Endless => (ENDLESS.sway, ENDLESS.wind, ENDLESS.round_price),
        };
        BiathlonRange {
            seed: course.seed,
            sway_factor,
            wind_mps,
            round_price,
            stage: None,
        }
    }

    /// The stage in progress, if the skier is at one.
    pub fn stage(&self) -> Option<&ShootingStage> {
        self.stage.as_ref()
    }
}

/// The heart rate the skier arrives with: from the speed on the way in, a second wind taking a
/// share of its excess over the resting rate off.
fn arrival_bpm_after(arrival: &Arrival) -> f64 {
    let bpm = arrival_bpm(arrival.speed);
    if !arrival.second_wind {
        return bpm;
    }
    let share = f64::from(crate::course::pickups::SECOND_WIND_SHARE_PERCENT) / 100.0;
    bpm - (bpm - SETTLED_BPM) * share
}

impl ShootingRange for BiathlonRange {
    fn arrive(&mut self, arrival: &Arrival) {
        self.stage = Some(ShootingStage::new(StageSetup {
            seed: self.seed,
            stage_index: u32::try_from(arrival.index).unwrap_or(u32::MAX),
            position: arrival.spot.position,
            sway_factor: self.sway_factor,
            arrival_bpm: arrival_bpm_after(arrival),
            round_price: self.round_price,
            purse: arrival.purse,
            rifle: arrival.rifle,
            wind_mps: self.wind_mps,
        }));
    }

    fn step(&mut self, _tick: Tick, actions: &[StageAction]) -> RangeTick {
        let Some(stage) = self.stage.as_mut() else {
            return RangeTick::default();
        };
        let happened = stage.step(actions);
        let Some(outcome) = stage.outcome() else {
            return RangeTick {
                happened,
                result: None,
            };
        };
        let targets_down = stage.targets().map(|t| t == TargetState::Hit);
        self.stage = None;
        let result = Some(StageResult {
            shots: outcome.shots,
            misses: outcome.misses,
            shot: true,
            coins_earned: outcome.coins_earned,
            coins_spent: outcome.coins_spent,
            penalty_loops: outcome.penalty_targets,
            targets_down,
        });
        RangeTick { happened, result }
    }

    fn hash_into(&self, hasher: &mut StateHasher) {
        match &self.stage {
            Some(stage) => hasher.add_u64(stage.state_hash()),
            None => hasher.add(-1),
        }
    }

    fn view(&self) -> Option<StageView> {
        self.stage.as_ref().map(ShootingStage::view)
    }
}
