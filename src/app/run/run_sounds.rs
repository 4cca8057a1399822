//! Which sounds a tick calls for: what changed in the run between two looks at it.

use crate::sim::{Run, SkierState};
use crate::sound::SoundEffect;

/// What the sounds depend on, as of one tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunCues {
    coins_collected: u32,
    hits: u32,
    lane: u8,
    state: SkierState,
}

impl RunCues {
    /// The cues of `run` now.
    pub fn of(run: &Run) -> Self {
        Self {
            coins_collected: run.coins_collected(),
            hits: run.hits(),
            lane: run.lane(),
            state: run.state(),
        }
    }

    /// The effects to play for the change from `self` to `now`.
    pub fn effects_to(self, now: RunCues) -> Vec<SoundEffect> {
        let mut effects = Vec::new();
        if now.coins_collected > self.coins_collected {
            effects.push(SoundEffect::Coin);
        }
        if now.hits > self.hits {
            effects.push(SoundEffect::Hit);
        }
        if now.lane != self.lane {
            effects.push(SoundEffect::LaneChange);
        }
        if now.state != self.state {
            match now.state {
                SkierState::Jumping => effects.push(SoundEffect::Jump),
                SkierState::Ducking => effects.push(SoundEffect::Duck),
                SkierState::AtStage => effects.push(SoundEffect::StageJingle),
                SkierState::Finished => effects.push(SoundEffect::FinishJingle),
                SkierState::Skiing | SkierState::Stumbling | SkierState::PenaltyLoop => {}
            }
        }
        effects
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cues(coins: u32, hits: u32, lane: u8, state: SkierState) -> RunCues {
        RunCues {
            coins_collected: coins,
            hits,
            lane,
            state,
        }
    }

    #[test]
    fn each_change_has_its_sound() {
        let before = cues(3, 0, 1, SkierState::Skiing);
        assert!(before.effects_to(before).is_empty());
        assert_eq!(
            before.effects_to(cues(4, 0, 1, SkierState::Skiing)),
            [SoundEffect::Coin]
        );
        assert_eq!(
            before.effects_to(cues(3, 1, 1, SkierState::Stumbling)),
            [SoundEffect::Hit]
        );
        assert_eq!(
            before.effects_to(cues(3, 0, 0, SkierState::Jumping)),
            [SoundEffect::LaneChange, SoundEffect::Jump]
        );
        assert_eq!(
            before.effects_to(cues(3, 0, 1, SkierState::Finished)),
            [SoundEffect::FinishJingle]
        );
    }
}
