//! Coins for hits: each target's aiming timer runs from the previous hit (or the start of the
//! stage); the faster the hit, the more it pays, and every miss on the way loses part of it.

use super::TICKS_PER_SECOND;

/// Coins for an instant hit.
pub const REWARD_MAX: u32 = 20;

/// Coins a hit always pays, however slow.
pub const REWARD_MIN: u32 = 2;

/// Aiming ticks that cost one coin of the reward.
pub const TICKS_PER_COIN: u32 = TICKS_PER_SECOND / 2;

/// Share of the potential reward a miss keeps, percent.
pub const MISS_KEEP_PERCENT: u32 = 60;

/// Price of one extra round when the level table gives none, coins.
pub const DEFAULT_ROUND_PRICE: u32 = 10;

/// Penalty loop skied per target left standing, metres.
pub const PENALTY_LOOP_M: f64 = 150.0;

/// What a hit pays after `aim_ticks` of aiming and `misses` since the previous hit.
pub fn hit_reward(aim_ticks: u32, misses: u32) -> u32 {
    let by_time = REWARD_MAX
        .saturating_sub(aim_ticks / TICKS_PER_COIN)
        .max(REWARD_MIN);
    (0..misses)
        .fold(by_time, |coins, _| coins * MISS_KEEP_PERCENT / 100)
        .max(REWARD_MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quick_clean_hit_pays_the_most() {
        assert_eq!(hit_reward(0, 0), REWARD_MAX);
        assert_eq!(hit_reward(u32::MAX, 0), REWARD_MIN);
        assert_eq!(hit_reward(0, 1), REWARD_MAX * MISS_KEEP_PERCENT / 100);
    }
}
