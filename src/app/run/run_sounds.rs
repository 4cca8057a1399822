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
    /// Shots and misses at the stage the skier is at (0 while skiing).
    shots: u32,
    misses: u32,
}

impl RunCues {
    /// The cues of `run` now.
    pub fn of(run: &Run) -> Self {
        let view = run.stage_view();
        Self {
            coins_collected: run.coins_collected(),
            hits: run.hits(),
            lane: run.lane(),
            state: run.state(),
            shots: view.map_or(0, |view| view.shots),
            misses: view.map_or(0, |view| view.misses),
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
        if now.shots > self.shots {
            effects.push(SoundEffect::Shot);
            effects.push(if now.misses > self.misses {
                SoundEffect::Miss
            } else {
                SoundEffect::TargetHit
            });
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
            shots: 0,
            misses: 0,
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

    #[test]
    fn every_shot_is_answered_by_a_hit_or_a_miss() {
        let at_range = cues(3, 0, 1, SkierState::AtStage);
        let hit = RunCues {
            shots: 1,
            ..at_range
        };
        assert_eq!(
            at_range.effects_to(hit),
            [SoundEffect::Shot, SoundEffect::TargetHit]
        );
        let miss = RunCues {
            shots: 2,
            misses: 1,
            ..at_range
        };
        assert_eq!(hit.effects_to(miss), [SoundEffect::Shot, SoundEffect::Miss]);
    }
}
