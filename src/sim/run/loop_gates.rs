//! The penalty loop's gates: pairs of flags along the loop, one every [`GATE_EVERY_M`] skied,
//! each to the left, in the middle or to the right of the skier's way. Left and right steer the
//! skier across its way (the only skiing actions the loop takes); passing a gate reports
//! [`RunEvent::GatePassed`], through it or beside it. Told only: the loop's length is the rule's,
//! so steering changes no outcome, and neither it nor the gates are in the state hash.
//!
//! [`RunEvent::GatePassed`]: crate::sim::RunEvent::GatePassed

use super::super::action::Action;
use super::super::units::{micros, Micros};
use crate::seed::unit_hash;

/// One gate every this many metres of the loop (counted over all of a run's loops).
pub const GATE_EVERY_M: f64 = 12.5;
/// How far across its way one step of steering takes the skier, metres.
pub const STEER_M: f64 = 1.0;
/// Ticks one step of steering takes.
const STEER_TICKS: i64 = 12;
/// The skier is through a gate within this of its middle, metres.
pub const GATE_HALF_WIDTH_M: f64 = 0.5;
/// Seeds the gates' sides apart from the other scatters.
const GATE_SALT: u64 = 0x6A7E_5EED;

/// The side of gate `index`: -1 (left), 0 or 1 (right), in steps of [`STEER_M`].
pub fn gate_side(index: u64) -> i64 {
    (unit_hash(index ^ GATE_SALT) * 3.0).floor() as i64 - 1
}

/// The index of the gate last reached after `skied` of the loops (0: none yet).
pub(super) fn gates_reached(skied: Micros) -> u64 {
    // Whole micrometres over a whole number of micrometres: a gate lies on an exact boundary.
    skied.div_euclid(micros(GATE_EVERY_M)).max(0) as u64
}

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

    /// Whether the skier, where it is across its way now, is through gate `index`.
    pub(super) fn through(&self, index: u64) -> bool {
        let centre = micros(STEER_M).get() * gate_side(index);
        (self.offset.get() - centre).abs() < micros(GATE_HALF_WIDTH_M).get()
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
    fn gates_lie_on_every_side() {
        let sides: Vec<i64> = (0..24).map(gate_side).collect();
        for side in [-1, 0, 1] {
            assert!(sides.contains(&side), "{side}");
        }
    }

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
        let right = (0..24).find(|&k| gate_side(k) == 1).expect("a right gate");
        let middle = (0..24).find(|&k| gate_side(k) == 0).expect("a middle gate");
        assert!(steering.through(right));
        assert!(!steering.through(middle));
    }
}
