//! The run's side of the hand-over to a shooting stage ([`crate::shooting::hand_over`]): run
//! actions read as the stage's and back, the stage's happenings as run events, and
//! [`UnshotRange`], which lets the skier pass every stage at once, records no shots, and says so
//! (`StageResult::shot` is false) — for tests about skiing only.

use super::action::Action;
use super::event::RunEvent;
use crate::seed::StateHasher;
pub use crate::shooting::hand_over::{Arrival, RangeTick, ShootingRange, StageResult};
use crate::shooting::{StageAction, StageEvents};
use crate::tick::Tick;

/// No shooting: every stage is passed on the first tick at the range with 0 shots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnshotRange;

impl ShootingRange for UnshotRange {
    fn arrive(&mut self, _arrival: &Arrival) {}

    fn step(&mut self, _tick: Tick, _actions: &[StageAction]) -> RangeTick {
        RangeTick {
            result: Some(StageResult::default()),
            ..RangeTick::default()
        }
    }

    fn hash_into(&self, _hasher: &mut StateHasher) {}
}

/// The stage's reading of a run action; skiing actions mean nothing at the range.
pub fn stage_action(action: Action) -> Option<StageAction> {
    match action {
        Action::Aim { dx, dy } => Some(StageAction::Aim { dx, dy }),
        Action::Drag { dx, dy } => Some(StageAction::Drag { dx, dy }),
        Action::Fire => Some(StageAction::Fire),
        Action::HoldBreath => Some(StageAction::HoldBreath(true)),
        Action::ReleaseBreath => Some(StageAction::HoldBreath(false)),
        Action::BuyRound => Some(StageAction::BuyRound),
        Action::TakePenalty => Some(StageAction::TakePenalty),
        Action::ClickLeft => Some(StageAction::Click { right: false }),
        Action::ClickRight => Some(StageAction::Click { right: true }),
        Action::Left
        | Action::Right
        | Action::Jump
        | Action::Duck
        | Action::SecondChance
        | Action::GiveUp => None,
    }
}

/// The run action for a stage action (the bot's presses, recorded like a player's).
pub fn run_action(action: StageAction) -> Action {
    match action {
        StageAction::Aim { dx, dy } => Action::Aim { dx, dy },
        StageAction::Drag { dx, dy } => Action::Drag { dx, dy },
        StageAction::Fire => Action::Fire,
        StageAction::HoldBreath(true) => Action::HoldBreath,
        StageAction::HoldBreath(false) => Action::ReleaseBreath,
        StageAction::BuyRound => Action::BuyRound,
        StageAction::TakePenalty => Action::TakePenalty,
        StageAction::Click { right: false } => Action::ClickLeft,
        StageAction::Click { right: true } => Action::ClickRight,
    }
}

/// A stage tick's happenings as run events, in the order they happened.
pub fn report(happened: StageEvents, events: &mut Vec<RunEvent>) {
    if happened.round_bought {
        events.push(RunEvent::RoundBought);
    }
    if let Some(shot) = happened.shot {
        events.push(RunEvent::ShotFired {
            point_mrad: shot.point_mrad,
            target: shot.hit,
            coins: shot.coins,
        });
        if let Some(target) = shot.hit {
            events.push(RunEvent::TargetDown { target });
        }
    }
    if happened.spare_loaded {
        events.push(RunEvent::SpareLoaded);
    }
    if let Some(seconds) = happened.closing_in_s {
        events.push(RunEvent::RangeClosing { seconds });
    }
    if let Some(unfired) = happened.range_closed {
        events.push(RunEvent::RangeClosed { unfired });
    }
}
