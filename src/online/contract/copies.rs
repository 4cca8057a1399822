//! Near-copies (online.md, "Copies"): a run is refused when another player's run on the same
//! board, accepted at any time before, has inputs within [`TICK_TOLERANCE`] ticks of its own
//! for at least [`MATCHED_SHARE`] of its inputs, each input matched once, with the same actions.

use crate::replay::TickInput;
use crate::seed::fnv1a;

/// How many ticks apart two inputs may be and still match.
pub const TICK_TOLERANCE: u64 = 3;
/// The share of a run's inputs that, matched in another's, make it a copy: 90 %.
const MATCHED_PERCENT: u64 = 90;
/// The same, as a fraction (for the documentation and reports).
pub const MATCHED_SHARE: f64 = MATCHED_PERCENT as f64 / 100.0;

/// A run's inputs as the copy check compares them: (the actions' key, the tick), grouped by
/// key and ascending by tick within a key.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Prints {
    /// (key, tick), sorted.
    inputs: Vec<(u64, u64)>,
}

impl Prints {
    /// The prints of a replay's inputs.
    pub fn of(inputs: &[TickInput]) -> Self {
        let mut prints: Vec<(u64, u64)> = inputs
            .iter()
            .map(|input| {
                let actions = serde_json::to_vec(&input.actions).expect("actions are JSON");
                (fnv1a(&actions), input.tick.get())
            })
            .collect();
        prints.sort_unstable();
        Self { inputs: prints }
    }

    /// How many inputs.
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }

    /// As text, to store: `key:tick` pairs joined by `,` (hex key, decimal tick).
    pub fn to_text(&self) -> String {
        let pairs: Vec<String> = self
            .inputs
            .iter()
            .map(|(key, tick)| format!("{key:x}:{tick}"))
            .collect();
        pairs.join(",")
    }

    /// Read back what [`Prints::to_text`] wrote (`None` if it is not that).
    pub fn from_text(text: &str) -> Option<Self> {
        if text.is_empty() {
            return Some(Self::default());
        }
        let mut inputs = text
            .split(',')
            .map(|pair| {
                let (key, tick) = pair.split_once(':')?;
                Some((u64::from_str_radix(key, 16).ok()?, tick.parse().ok()?))
            })
            .collect::<Option<Vec<_>>>()?;
        inputs.sort_unstable();
        Some(Self { inputs })
    }

    /// Whether this run copies `other`: at least 90 % of this run's inputs each matched once
    /// by one of `other`'s with the same actions within [`TICK_TOLERANCE`] ticks. Stops as soon
    /// as too many are unmatched, so a run unlike `other` costs a fraction of its inputs.
    pub fn copies(&self, other: &Prints) -> bool {
        let n = self.inputs.len() as u64;
        if n == 0 {
            return other.inputs.is_empty();
        }
        // Most inputs that may go unmatched: n - ceil(0.9 n).
        let allowed = n - (n * MATCHED_PERCENT).div_ceil(100);
        if (other.inputs.len() as u64) < n - allowed {
            return false;
        }
        let (mine, theirs) = (&self.inputs, &other.inputs);
        let (mut i, mut j, mut unmatched) = (0, 0, 0_u64);
        // Both are sorted by (key, tick): one pass, greedy earliest match within a key (a
        // maximum matching for points matched within a fixed distance).
        while i < mine.len() {
            let (key, tick) = mine[i];
            while j < theirs.len()
                && (theirs[j].0 < key
                    || (theirs[j].0 == key && theirs[j].1 + TICK_TOLERANCE < tick))
            {
                j += 1;
            }
            if j < theirs.len() && theirs[j].0 == key && theirs[j].1 <= tick + TICK_TOLERANCE {
                j += 1;
            } else {
                unmatched += 1;
                if unmatched > allowed {
                    return false;
                }
            }
            i += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Action, Tick};

    fn run(inputs: &[(u64, Action)]) -> Prints {
        let inputs: Vec<TickInput> = inputs
            .iter()
            .map(|&(tick, action)| TickInput {
                tick: Tick::new(tick),
                actions: vec![action],
            })
            .collect();
        Prints::of(&inputs)
    }

    fn lanes(shift: &[i64]) -> Prints {
        let inputs: Vec<(u64, Action)> = (0..20_u64)
            .map(|i| {
                let at = (100 + i * 50) as i64 + shift.get(i as usize).copied().unwrap_or(0);
                let action = if i % 2 == 0 {
                    Action::Left
                } else {
                    Action::Right
                };
                (at as u64, action)
            })
            .collect();
        run(&inputs)
    }

    #[test]
    fn shifts_of_three_ticks_copy_and_of_four_do_not() {
        let original = lanes(&[]);
        assert!(
            lanes(&[1]).copies(&original),
            "the first input one tick later"
        );
        assert!(lanes(&[3; 20]).copies(&original));
        assert!(lanes(&[-3; 20]).copies(&original));
        assert!(!lanes(&[4; 20]).copies(&original));
        // Two of twenty moved far (10 %): still a copy; three (15 %): not.
        assert!(lanes(&[40, 40]).copies(&original));
        assert!(!lanes(&[40, 40, 40]).copies(&original));
    }

    #[test]
    fn the_same_actions_are_needed_and_each_input_matches_once() {
        let original = run(&[(100, Action::Left), (200, Action::Jump)]);
        assert!(!run(&[(100, Action::Right), (200, Action::Jump)]).copies(&original));
        let twice = run(&[(100, Action::Left), (101, Action::Left)]);
        assert!(!twice.copies(&run(&[(100, Action::Left)])));
    }

    #[test]
    fn prints_read_back_from_their_text() {
        let prints = lanes(&[2, 0, 5]);
        assert_eq!(Prints::from_text(&prints.to_text()), Some(prints));
        assert_eq!(Prints::from_text(""), Some(Prints::default()));
        assert_eq!(Prints::from_text("zz:1"), None);
    }
}
