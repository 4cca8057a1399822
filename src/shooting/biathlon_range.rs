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

/// The seconds an Endless run may stand on its mats in all: then every range closes on
/// arrival. Six minutes: six ranges held to [`super::stage::STAGE_MAT_LIMIT_S`], or 27 at the
/// human-model bot's 13 s (about 45 km, three quarters of an hour); it bounds an hour's Endless
/// replay under a server's 256 KiB (`crate::replay::worst`).
pub const ENDLESS_MATS_S: u32 = 360;

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
    /// Ticks the run's mats have left in all (Endless's [`ENDLESS_MATS_S`]; none on a level).
    mats_left_ticks: Option<u32>,
    stage: Option<ShootingStage>,
}

impl BiathlonRange {
    /// The range for `course`: sway factor and round price from its level row (Endless: the
    /// Endless settings); the heart rate on arrival comes from the skiing speed on the way in.
    pub fn for_course(course: &Course) -> BiathlonRange {
        let mats_left_ticks = (course.kind == CourseKind::Endless)
            .then_some(ENDLESS_MATS_S * super::TICKS_PER_SECOND);
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
            mats_left_ticks,
            stage: None,
        }
    }

    /// The same range as a lesson's (the tutorial's, whose cards come and go at the range): its
    /// aiming clock waits on each tick the lesson holds it ([`ShootingRange::hold_aim_clock`]),
    /// so reading a card never costs the speed bonus, and it never closes
    /// ([`super::stage::STAGE_MAT_LIMIT_S`]). The tutorial's run is never listed, sent or
    /// replayed.
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
        let mut stage = ShootingStage::new(StageSetup {
            seed: self.seed,
            stage_index: u32::try_from(arrival.index).unwrap_or(u32::MAX),
            position: arrival.spot.position,
            sway_factor: self.sway_factor,
            arrival_bpm: arrival_bpm_after(arrival),
            round_price: self.round_price,
            purse: arrival.purse,
            rifle: arrival.rifle,
            wind_mps: self.wind_mps,
        });
        if let Some(left) = self.mats_left_ticks {
            stage.close_within(left);
        }
        if self.lesson {
            stage.keep_open();
        }
        self.stage = Some(stage);
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
        if let Some(left) = self.mats_left_ticks.as_mut() {
            *left = left.saturating_sub(1);
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
        if let Some(left) = self.mats_left_ticks {
            hasher.add(i64::from(left));
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
    use crate::shooting::rounds::{MAGAZINE_ROUNDS, SPARE_ROUNDS};
    use crate::shooting::stage::{CLOSING_WARNING_S, STAGE_MAT_LIMIT_S};
    use crate::shooting::TICKS_PER_SECOND;

    /// `range` with the skier arrived at a prone stage.
    fn arrived(mut range: BiathlonRange) -> BiathlonRange {
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
        range
    }

    /// The first target's speed bonus after `seconds` at the range without a shot, the clock
    /// held on every tick when `held` (a lesson's card up all along).
    fn bonus_after(range: BiathlonRange, seconds: u32, held: bool) -> u32 {
        let mut range = arrived(range);
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

    /// Stand at the range firing once on arrival and then nothing for `seconds`: the ticks
    /// stepped, the countdown told and the result, if the stage ended.
    fn stand(range: BiathlonRange, seconds: u32) -> (u32, Vec<u32>, Option<StageResult>) {
        let mut range = arrived(range);
        let mut countdown = Vec::new();
        for tick in 0..seconds * TICKS_PER_SECOND {
            let fire: &[StageAction] = if tick == 0 { &[StageAction::Fire] } else { &[] };
            let at_range = range.step(Tick::new(u64::from(tick)), fire);
            countdown.extend(at_range.happened.closing_in_s);
            if let Some(result) = at_range.result {
                assert_eq!(
                    at_range.happened.range_closed,
                    Some(result.shots - 1),
                    "the close names the unfired rounds"
                );
                return (tick + 1, countdown, Some(result));
            }
        }
        (seconds * TICKS_PER_SECOND, countdown, None)
    }

    #[test]
    fn the_range_closes_after_the_mats_limit_counting_every_unfired_round_a_miss() {
        let course = Course::level(1, 1, None).expect("level 1");
        let (ticks, countdown, result) =
            stand(BiathlonRange::for_course(&course), STAGE_MAT_LIMIT_S + 5);
        assert_eq!(ticks, STAGE_MAT_LIMIT_S * TICKS_PER_SECOND);
        assert_eq!(countdown, (1..=CLOSING_WARNING_S).rev().collect::<Vec<_>>());
        let result = result.expect("the range closed");
        let rounds = u32::from(MAGAZINE_ROUNDS + SPARE_ROUNDS);
        let hit = u32::from(result.targets_down.iter().any(|&down| down));
        assert_eq!(
            result.shots, rounds,
            "the shot fired and every round not fired"
        );
        assert_eq!(result.misses, rounds - hit);
        assert_eq!(result.penalty_loops, 5 - hit, "each standing target a loop");
    }

    #[test]
    fn a_lessons_range_stays_open() {
        let course = Course::level(1, 1, None).expect("level 1");
        let lesson = BiathlonRange::for_course(&course).as_lesson();
        let (_, countdown, result) = stand(lesson, 2 * STAGE_MAT_LIMIT_S);
        assert_eq!((countdown, result), (Vec::new(), None));
    }
}
