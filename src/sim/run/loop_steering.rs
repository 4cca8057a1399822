//! The skier's steering on the penalty loop: left and right move it a step across the loop's
//! way, as a player expects its keys to do there. Told only: the loop's length is the rule's,
//! so steering changes no outcome and is not in the state hash.

use super::super::action::Action;
use super::super::units::{micros, Micros};

/// How far across its way one step of steering takes the skier, metres.
pub const STEER_M: f64 = 1.0;
/// Ticks one step of steering takes.
const STEER_TICKS: i64 = 12;

/// The skier's steering on the loop: the step steered to and where it is across its way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Steering {
    side: i64,
    offset: Micros,
}

impl Steering {
    /// Steer with a tick's `actions` and move one tick's way towards the step steered to (a
    /// step takes [`STEER_TICKS`], rounded up to whole micrometres so it ends on the step).
    pub(super) fn steer(&mut self, actions: &[Action]) {
        for action in actions {
            match action {
                Action::Left => self.side = (self.side - 1).max(-1),
                Action::Right => self.side = (self.side + 1).min(1),
                _ => {}
            }
        }
        let step = micros(STEER_M).get();
        let wanted = step * self.side;
        let per_tick = (step + STEER_TICKS - 1) / STEER_TICKS;
        let moved = (wanted - self.offset.get()).clamp(-per_tick, per_tick);
        self.offset += Micros::new(moved);
    }

    /// Where the skier is across its way, (+: its right).
    pub(super) fn offset(&self) -> Micros {
        self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_of_steering_takes_its_ticks_and_ends_on_the_step() {
        let mut steering = Steering::default();
        steering.steer(&[Action::Right, Action::Right]);
        for _ in 1..STEER_TICKS {
            assert!(steering.offset() < micros(STEER_M));
            steering.steer(&[]);
        }
        assert_eq!(
            steering.offset(),
            micros(STEER_M),
            "one step, however many presses"
        );
        steering.steer(&[Action::Left]);
        for _ in 0..2 * STEER_TICKS {
            steering.steer(&[Action::Left]);
        }
        assert_eq!(
            steering.offset(),
            -micros(STEER_M),
            "one step each side at most"
        );
    }
}
