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
    /// A lesson's range (the tutorial's): the speed bonus waits while its cards teach.
    lesson: bool,
    /// The lesson holds the aiming clock on the next tick (its card is up).
    hold_next_tick: bool,
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
            lesson: false,
            hold_next_tick: false,
            stage: None,
        }
    }

    /// The same range as a lesson's (the tutorial's, whose cards come and go at the range): its
    /// aiming clock waits on each tick the lesson holds it ([`ShootingRange::hold_aim_clock`]),
    /// so reading a card never costs the speed bonus. The tutorial's run is never listed, sent
    /// or replayed.
    pub fn as_lesson(self) -> BiathlonRange {
        BiathlonRange {
            lesson: true,
            ..self
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

    fn hold_aim_clock(&mut self) {
        self.hold_next_tick = self.lesson;
    }

    fn step(&mut self, _tick: Tick, actions: &[StageAction]) -> RangeTick {
        let held = std::mem::take(&mut self.hold_next_tick);
        let Some(stage) = self.stage.as_mut() else {
            return RangeTick::default();
        };
        if held {
            stage.hold_aim_clock();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{ShootingPosition, StageSpot};
    use crate::shooting::reward::SPEED_BONUS_MAX;
    use crate::shooting::rifle::Rifle;
    use crate::shooting::TICKS_PER_SECOND;

    /// The first target's speed bonus after `seconds` at the range without a shot, the clock
    /// held on every tick when `held` (a lesson's card up all along).
    fn bonus_after(range: BiathlonRange, seconds: u32, held: bool) -> u32 {
        let mut range = range;
        range.arrive(&Arrival {
            index: 0,
            spot: StageSpot {
                z: 300.0,
                position: ShootingPosition::Prone,
            },
            tick: Tick::ZERO,
            purse: 0,
            speed: 10.0,
            rifle: Rifle::Training,
            second_wind: false,
        });
        for tick in 0..seconds * TICKS_PER_SECOND {
            if held {
                range.hold_aim_clock();
            }
            range.step(Tick::new(u64::from(tick)), &[]);
        }
        range
            .stage()
            .expect("at the stage")
            .aim_clock()
            .speed_bonus()
    }

    #[test]
    fn a_lessons_range_keeps_the_speed_bonus_whole_only_while_a_card_holds_it() {
        let course = Course::level(1, 1, None).expect("level 1");
        let plain = BiathlonRange::for_course(&course);
        assert_eq!(
            bonus_after(plain.clone(), 30, true),
            0,
            "a level's range drains, whatever asks it to hold"
        );
        let lesson = plain.as_lesson();
        assert_eq!(bonus_after(lesson.clone(), 30, true), SPEED_BONUS_MAX);
        assert_eq!(
            bonus_after(lesson, 30, false),
            0,
            "with no card up a lesson's bonus drains as a level's"
        );
    }
}
