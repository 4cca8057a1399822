//! Obstacle patterns: short sequences of rows, each with the lane the planned safe line takes.
//! A pattern only says what blocks the track; the planner decides where along it each row goes.

use super::model::{Lane, LANES};
use super::rng::{chance, pick};
use rand::Rng;
use rand_pcg::Pcg32;

/// One row as a pattern asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowSpec {
    /// A jump obstacle across the track.
    Jump,
    /// A duck obstacle across the track.
    Duck,
    /// Dodge obstacles on the `blocked` lanes; the safe line goes through `target` (not blocked).
    Dodge {
        blocked: [bool; LANES as usize],
        target: Lane,
    },
}

/// The patterns the layout draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// One lane blocked.
    Rock,
    /// Two lanes blocked, one free.
    Gate,
    /// Two or three gates whose free lane keeps moving.
    Slalom,
    /// One jump row.
    Hurdle,
    /// One duck row.
    Banner,
    /// A gate, then a jump.
    GateJump,
    /// A jump, then a duck.
    JumpDuck,
    /// A rock, then a duck.
    RockDuck,
}

/// The single-row patterns with their relative weights.
const SINGLES: [(Pattern, u32); 4] = [
    (Pattern::Rock, 5),
    (Pattern::Gate, 4),
    (Pattern::Hurdle, 3),
    (Pattern::Banner, 3),
];

/// The combinations (two rows or more) with their relative weights.
const COMBOS: [(Pattern, u32); 4] = [
    (Pattern::Slalom, 3),
    (Pattern::GateJump, 2),
    (Pattern::JumpDuck, 2),
    (Pattern::RockDuck, 2),
];

/// Fewest and most rows of a slalom.
const SLALOM_ROWS: (u8, u8) = (2, 3);

impl Pattern {
    /// Draw a combination with chance `combo_percent`, else a single row; by weight within each.
    pub(crate) fn draw(rng: &mut Pcg32, combo_percent: u32) -> Self {
        let weighted = if chance(rng, combo_percent) {
            &COMBOS
        } else {
            &SINGLES
        };
        let total: u32 = weighted.iter().map(|(_, w)| w).sum();
        let mut drawn = rng.gen_range(0..total);
        for &(pattern, weight) in weighted {
            if drawn < weight {
                return pattern;
            }
            drawn -= weight;
        }
        unreachable!("a pick below the total weight falls in one of the weights")
    }

    /// The rows of this pattern for a safe line that enters it in `lane` (`None`: any lane);
    /// `gentle`: a gate's free lane is next to the line's.
    pub(crate) fn rows(self, lane: Option<Lane>, gentle: bool, rng: &mut Pcg32) -> Vec<RowSpec> {
        let mut rows = Vec::new();
        let mut lane = lane;
        let mut push = |row: RowSpec, lane: &mut Option<Lane>| {
            if let RowSpec::Dodge { target, .. } = row {
                *lane = Some(target);
            }
            rows.push(row);
        };
        match self {
            Pattern::Rock => push(rock(lane, rng), &mut lane),
            Pattern::Gate => push(gate(lane, gentle, rng), &mut lane),
            Pattern::Slalom => {
                for _ in 0..rng.gen_range(SLALOM_ROWS.0..=SLALOM_ROWS.1) {
                    let row = gate(lane, gentle, rng);
                    push(row, &mut lane);
                }
            }
            Pattern::Hurdle => push(RowSpec::Jump, &mut lane),
            Pattern::Banner => push(RowSpec::Duck, &mut lane),
            Pattern::GateJump => {
                push(gate(lane, gentle, rng), &mut lane);
                push(RowSpec::Jump, &mut lane);
            }
            Pattern::JumpDuck => {
                push(RowSpec::Jump, &mut lane);
                push(RowSpec::Duck, &mut lane);
            }
            Pattern::RockDuck => {
                push(rock(lane, rng), &mut lane);
                push(RowSpec::Duck, &mut lane);
            }
        }
        rows
    }
}

fn random_lane(rng: &mut Pcg32) -> Lane {
    pick(rng, &Lane::ALL)
}

/// One lane blocked; half the time it is the line's own lane, forcing a move to a neighbour.
fn rock(lane: Option<Lane>, rng: &mut Pcg32) -> RowSpec {
    let block = match lane {
        Some(own) if rng.gen_range(0..2u8) == 0 => own,
        _ => random_lane(rng),
    };
    let target = match lane {
        Some(own) if own != block => own,
        _ => {
            let free: Vec<Lane> = Lane::ALL.into_iter().filter(|&l| l != block).collect();
            let near = match lane {
                // From the line's own lane the nearest free lanes are its neighbours.
                Some(own) => free
                    .iter()
                    .copied()
                    .filter(|&l| l.abs_diff(own) == 1)
                    .collect(),
                None => free,
            };
            pick(rng, &near)
        }
    };
    let mut blocked = [false; LANES as usize];
    blocked[usize::from(block)] = true;
    RowSpec::Dodge { blocked, target }
}

/// Two lanes blocked; the free lane is never the line's own lane, so the line must move (one
/// lane only when `gentle`).
fn gate(lane: Option<Lane>, gentle: bool, rng: &mut Pcg32) -> RowSpec {
    let reachable = |l: Lane| match lane {
        Some(own) if gentle => own.abs_diff(l) == 1,
        Some(own) => own != l,
        None => true,
    };
    let choices: Vec<Lane> = Lane::ALL.into_iter().filter(|&l| reachable(l)).collect();
    let target = pick(rng, &choices);
    let mut blocked = [true; LANES as usize];
    blocked[usize::from(target)] = false;
    RowSpec::Dodge { blocked, target }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::rng::{stream, Purpose};

    #[test]
    fn dodge_targets_are_free_and_gates_force_a_move() {
        let mut rng = stream(1, Purpose::LevelSection, 0);
        for _ in 0..2000 {
            let lane = Some(random_lane(&mut rng));
            let pattern = Pattern::draw(&mut rng, 50);
            let gentle = pattern == Pattern::Gate && chance(&mut rng, 50);
            let mut current = lane;
            for row in pattern.rows(lane, gentle, &mut rng) {
                if let RowSpec::Dodge { blocked, target } = row {
                    assert!(
                        !blocked[usize::from(target)],
                        "{pattern:?} targets a blocked lane"
                    );
                    assert!(blocked.iter().any(|&b| b), "{pattern:?} blocks nothing");
                    if blocked.iter().filter(|&&b| b).count() == 2 {
                        assert_ne!(Some(target), current, "{pattern:?} gate keeps the lane");
                        if gentle {
                            let moved = current.map(|c| c.abs_diff(target));
                            assert_eq!(moved, Some(1), "a gentle gate crosses two lanes");
                        }
                    }
                    current = Some(target);
                }
            }
        }
    }
}
