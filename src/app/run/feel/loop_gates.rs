//! The penalty loop's gates: pairs of flags along the drawn oval, one every [`GATE_EVERY_M`],
//! each to the left, in the middle or to the right of the skier's way; left and right steer
//! the skier across its way to ski through them. Drawn only: the simulation ignores skiing
//! actions on the loop and its length is the rule's, so this reads the recorded actions a
//! replay already holds (a watched replay steers the same) and no outcome changes.

use crate::seed::unit_hash;
use crate::sim::{Action, Run, SkierState};

/// One gate every this many metres of the loop.
pub const GATE_EVERY_M: f64 = 12.5;
/// How far across its way one step of steering takes the skier, metres, and how many ticks
/// the move takes.
pub const STEER_M: f64 = 1.0;
const STEER_TICKS: f64 = 12.0;
/// The skier is through a gate within this of its middle, metres.
pub const GATE_HALF_WIDTH: f64 = 0.5;
/// Seeds the gates' sides apart from the other scatters.
const GATE_SALT: u64 = 0x6A7E_5EED;

/// The side of gate `index`: -1 (left), 0 or 1 (right), in steps of [`STEER_M`].
pub fn gate_side(index: u64) -> f64 {
    (unit_hash(index ^ GATE_SALT) * 3.0).floor() - 1.0
}

/// The skier's steering on the loop and the gates it has skied through.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LoopGates {
    /// The step steered to, -1, 0 or 1, and where the skier is across its way, metres.
    side: f64,
    offset: f64,
    /// The loop skied at the last tick, metres.
    skied: f64,
    through: u32,
    passed: u32,
}

impl LoopGates {
    /// After a tick with `actions`: steer, and whether a gate was just passed (and if so,
    /// whether through it).
    pub fn step(&mut self, run: &Run, actions: &[Action]) -> Option<bool> {
        if run.state() != SkierState::PenaltyLoop {
            *self = Self {
                skied: run.penalty_skied_m(),
                through: self.through,
                passed: self.passed,
                ..Self::default()
            };
            return None;
        }
        for action in actions {
            match action {
                Action::Left => self.side = (self.side - 1.0).max(-1.0),
                Action::Right => self.side = (self.side + 1.0).min(1.0),
                _ => {}
            }
        }
        let wanted = self.side * STEER_M;
        let step = STEER_M / STEER_TICKS;
        self.offset += (wanted - self.offset).clamp(-step, step);
        let now = run.penalty_skied_m();
        let before = (self.skied / GATE_EVERY_M).floor();
        self.skied = now;
        let gate = (now / GATE_EVERY_M).floor();
        (gate > before).then(|| {
            let through = (self.offset - gate_side(gate as u64) * STEER_M).abs() < GATE_HALF_WIDTH;
            self.passed += 1;
            self.through += u32::from(through);
            through
        })
    }

    /// Where the skier is across its way, metres (+: its right).
    pub fn offset(&self) -> f64 {
        self.offset
    }

    /// The next gate's index (gates lie at whole multiples of [`GATE_EVERY_M`] skied).
    pub fn next_gate(&self) -> u64 {
        (self.skied / GATE_EVERY_M).floor() as u64 + 1
    }

    /// Gates skied through, of those passed, this run.
    pub fn tally(&self) -> (u32, u32) {
        (self.through, self.passed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;

    #[test]
    fn gates_lie_on_every_side_and_none_are_passed_off_the_loop() {
        let sides: Vec<f64> = (0..24).map(gate_side).collect();
        for side in [-1.0, 0.0, 1.0] {
            assert!(sides.contains(&side), "{side}");
        }
        let mut gates = LoopGates::default();
        let mut run = Run::unshot(Course::level(1, 1, None).expect("level 1"));
        for _ in 0..120 {
            run.step(&[Action::Right]);
            assert_eq!(gates.step(&run, &[Action::Right]), None);
        }
        assert_eq!(gates.offset(), 0.0);
        assert_eq!(gates.tally(), (0, 0));
    }
}
