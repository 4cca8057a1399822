//! What a player (or the bot) does in one tick.

use serde::{Deserialize, Serialize};

/// One input, already turned from a key or swipe into a game action. The skiing actions act
/// while skiing, the shooting actions at a shooting stage (see [`crate::shooting`]), the
/// second-chance answers while Endless offers one; each is ignored in the other places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Move one lane to the left.
    Left,
    /// Move one lane to the right.
    Right,
    /// Jump (a fixed length).
    Jump,
    /// Duck (a fixed length).
    Duck,
    /// Shooting: nudge the aim by (dx, dy) units of 0.01 mrad (+x right, +y up).
    Aim { dx: i32, dy: i32 },
    /// Shooting: pull the trigger.
    Fire,
    /// Shooting: start holding the breath.
    HoldBreath,
    /// Shooting: breathe again.
    ReleaseBreath,
    /// Shooting, out of rounds: buy one more round with coins.
    BuyRound,
    /// Shooting, out of rounds: leave the range for the penalty loop.
    TakePenalty,
    /// Endless, out of lives: buy the run's second chance with coins.
    SecondChance,
    /// Endless, out of lives: decline the second chance (the run ends at once).
    GiveUp,
    /// Shooting: turn the sight one click left (the shots go 0.1 mrad further left).
    ClickLeft,
    /// Shooting: turn the sight one click right.
    ClickRight,
    /// Shooting: a touch drag nudging the aim by (dx, dy) units of 0.01 mrad; aimed by touch,
    /// the range's aim assist applies (see [`crate::shooting::stage::TOUCH_FRICTION`]).
    Drag { dx: i32, dy: i32 },
}

impl Action {
    /// A small stable code, for the state hash (of a buffered skiing action; shooting actions
    /// are never buffered, their effect is in the range's own hash).
    pub fn code(self) -> u8 {
        match self {
            Action::Left => 1,
            Action::Right => 2,
            Action::Jump => 3,
            Action::Duck => 4,
            Action::Aim { .. } => 5,
            Action::Fire => 6,
            Action::HoldBreath => 7,
            Action::ReleaseBreath => 8,
            Action::BuyRound => 9,
            Action::TakePenalty => 10,
            Action::SecondChance => 11,
            Action::GiveUp => 12,
            Action::ClickLeft => 13,
            Action::ClickRight => 14,
            Action::Drag { .. } => 15,
        }
    }
}

/// A tick's actions as the run plays and records them: its touch drags (one a frame, so two or
/// more a tick on a screen faster than the simulation) summed into one, in the first one's
/// place; everything else as it came. So a tick holds at most one drag, and a replay's aim by
/// touch costs one drag a tick whatever the screen's rate.
pub fn one_drag_a_tick(actions: &[Action]) -> Vec<Action> {
    let mut played: Vec<Action> = Vec::with_capacity(actions.len());
    let mut first_drag = None;
    for &action in actions {
        match (action, first_drag) {
            (Action::Drag { dx, dy }, Some(at)) => {
                if let Some(Action::Drag { dx: x, dy: y }) = played.get_mut(at) {
                    *x = x.saturating_add(dx);
                    *y = y.saturating_add(dy);
                }
            }
            (Action::Drag { .. }, None) => {
                first_drag = Some(played.len());
                played.push(action);
            }
            _ => played.push(action),
        }
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticks_drags_play_as_one_in_the_first_ones_place() {
        let actions = [
            Action::Fire,
            Action::Drag { dx: 3, dy: -2 },
            Action::Aim { dx: 5, dy: 0 },
            Action::Drag { dx: 4, dy: 7 },
            Action::Drag {
                dx: i32::MAX,
                dy: 0,
            },
        ];
        assert_eq!(
            one_drag_a_tick(&actions),
            [
                Action::Fire,
                Action::Drag {
                    dx: i32::MAX,
                    dy: 5
                },
                Action::Aim { dx: 5, dy: 0 },
            ]
        );
        assert_eq!(one_drag_a_tick(&[Action::Left]), [Action::Left]);
    }
}
