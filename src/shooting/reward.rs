//! Coins at the range, a rule that never punishes care: every hit pays [`HIT_PAY`], a stage shot
//! clean (five hits, no miss) pays [`CLEAN_STAGE_BONUS`] with its last hit, and a hit earns a
//! small speed bonus on top. The bonus is whole for a fair settling time on each target's aiming
//! timer ([`SETTLE_FIRST_TICKS`] for the first, while the heart calms after the skiing;
//! [`SETTLE_NEXT_TICKS`] for the others, timed from the previous hit) and only then drains, a
//! coin every [`DRAIN_TICKS_PER_COIN`]. A miss forfeits the bonus of the target being aimed at
//! (part of what the hit would have paid); the hit itself still pays in full.

use super::TICKS_PER_SECOND;

/// Coins every hit pays, however long the aim took.
pub const HIT_PAY: u32 = 10;

/// The most a hit's speed bonus pays, coins.
pub const SPEED_BONUS_MAX: u32 = 5;

/// Coins the last hit of a stage shot without a miss pays besides its own.
pub const CLEAN_STAGE_BONUS: u32 = 25;

/// Aiming ticks the first target's bonus stays whole: the heart settles from the skiing (one
/// settling time constant of the standard rifles, [`super::rifle::SETTLE_S`]).
pub const SETTLE_FIRST_TICKS: u32 = super::rifle::SETTLE_S as u32 * TICKS_PER_SECOND;

/// Aiming ticks each later target's bonus stays whole, from the previous hit (bolt, a move to
/// the next target, a breath).
pub const SETTLE_NEXT_TICKS: u32 = 3 * TICKS_PER_SECOND;

/// Ticks after the arrival at a range while its card is up and the skier takes position (the
/// window raises the sight after them): the aiming timer, and so the speed bonus, waits for
/// them.
pub const ARRIVAL_TICKS: u32 = 6 * TICKS_PER_SECOND / 5;

/// Aiming ticks past the settling time that cost one coin of the bonus.
pub const DRAIN_TICKS_PER_COIN: u32 = TICKS_PER_SECOND;

/// Price of one extra round when the level table gives none, coins.
pub const DEFAULT_ROUND_PRICE: u32 = 10;

/// Penalty loop skied per target left standing, metres.
pub const PENALTY_LOOP_M: f64 = 150.0;

/// Where a target's aiming timer is, for the reward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AimClock {
    /// Ticks since the previous hit (or the arrival, for the first target).
    pub aim_ticks: u32,
    /// Whether no target is down yet (the first settling time applies).
    pub first_target: bool,
    /// Misses since the previous hit (or the arrival).
    pub misses_since_hit: u32,
}

impl AimClock {
    /// Ticks this target's bonus stays whole.
    pub fn settle_ticks(&self) -> u32 {
        if self.first_target {
            SETTLE_FIRST_TICKS
        } else {
            SETTLE_NEXT_TICKS
        }
    }

    /// The speed bonus a hit would earn now, coins: whole while settling, then draining to 0;
    /// nothing after a miss on this target.
    pub fn speed_bonus(&self) -> u32 {
        if self.misses_since_hit > 0 {
            return 0;
        }
        let late = self.aim_ticks.saturating_sub(self.settle_ticks());
        // Rounded up: the first tick past the settling time already costs a coin.
        SPEED_BONUS_MAX.saturating_sub(late.div_ceil(DRAIN_TICKS_PER_COIN))
    }

    /// What a hit pays now (its own pay and the bonus; the clean stage's bonus apart).
    pub fn hit_reward(&self) -> u32 {
        HIT_PAY + self.speed_bonus()
    }

    /// Seconds left before the bonus starts draining (0 once it drains).
    pub fn settle_left_s(&self) -> f64 {
        f64::from(self.settle_ticks().saturating_sub(self.aim_ticks)) / f64::from(TICKS_PER_SECOND)
    }
}

/// The clean stage's bonus for a hit that leaves `standing` targets after `misses` misses on
/// the stage.
pub fn clean_bonus(standing: u32, misses: u32) -> u32 {
    if standing == 0 && misses == 0 {
        CLEAN_STAGE_BONUS
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(aim_ticks: u32, first_target: bool, misses_since_hit: u32) -> AimClock {
        AimClock {
            aim_ticks,
            first_target,
            misses_since_hit,
        }
    }

    #[test]
    fn care_costs_nothing_until_the_settling_time_is_over() {
        for ticks in [0, 60, SETTLE_FIRST_TICKS] {
            assert_eq!(
                clock(ticks, true, 0).hit_reward(),
                HIT_PAY + SPEED_BONUS_MAX
            );
        }
        assert_eq!(
            clock(SETTLE_NEXT_TICKS, false, 0).speed_bonus(),
            SPEED_BONUS_MAX
        );
        assert_eq!(
            clock(SETTLE_NEXT_TICKS + 1, false, 0).speed_bonus(),
            SPEED_BONUS_MAX - 1
        );
        assert_eq!(clock(u32::MAX, false, 0).hit_reward(), HIT_PAY);
    }

    #[test]
    fn a_miss_forfeits_the_bonus_never_the_hit_and_only_a_clean_stage_pays_extra() {
        assert_eq!(clock(0, true, 1).hit_reward(), HIT_PAY);
        assert_eq!(clean_bonus(0, 0), CLEAN_STAGE_BONUS);
        assert_eq!(clean_bonus(0, 1), 0);
        assert_eq!(clean_bonus(1, 0), 0);
    }
}
