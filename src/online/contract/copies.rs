//! Near-copies: when a run's skiing is another run's, re-recorded with its inputs nudged.
//!
//! online.md ("Copies") asks for a run to be refused when another player's run on the same
//! board, accepted at any time before, has inputs within 3 ticks of its own for
//! at least 90 % of them. Applied to every input as written, that refused 30 of 30 pairs of the
//! human-model bot's distinct runs: the range's aim, breath and fire inputs are most of a run's
//! inputs and land on the same ticks whatever the player. And a short course leaves honest
//! players little room: on level 1 (14 skiing inputs) 11 of 7 140 pairs of distinct
//! human-model runs had every input within 3 ticks of the other's. So the contract compares the
//! **skiing** only, within one tick, and this is its definition:
//!
//! - A run's **prints** are its skiing inputs — lane changes (`left`, `right`), `jump` and
//!   `duck` — each as (action, stretch, tick within the stretch). A stretch is a run's skiing
//!   between the start or a range (with its penalty loop) and the next range or the finish
//!   ([`crate::replay::Stretch`], told by the server's own re-play), so the time spent shooting
//!   never shifts the skiing after it. Inputs off the course (at a range, on a penalty loop) are
//!   not prints.
//! - Two runs' prints **match** in a one-to-one pairing of inputs of the same action in the
//!   same stretch whose ticks are at most [`TICK_TOLERANCE`] (one) apart (the most such pairs).
//! - A run **copies** another when both have at least [`MIN_PRINTS`] (ten) prints (a shorter
//!   skiing part says too little) and the pairs are at least [`MATCHED_SHARE`] (95 %) of the
//!   prints of the run with fewer and at least half of the other's. Extra inputs added to a
//!   copy do not hide it (the share is of the run with fewer), and a run pressing on every tick
//!   cannot make every later run its copy (half of its own must pair too).
//!
//! The server refuses a run (409) that copies any run another player had accepted on the board
//! (ranked, superseded or not better than its player's best) or the game's own perfect bot's
//! run of that course.

use crate::replay::{Stretch, TickInput};
use crate::sim::Action;

/// How many ticks apart two inputs may be and still pair. One: at three (online.md's figure),
/// 11 of 7 140 pairs of distinct human-model runs of level 1 track 1 (14 skiing inputs each)
/// paired every input; at one, none left fewer than 2 of 14 unpaired
/// (`examples/copies_report.rs`).
pub const TICK_TOLERANCE: u32 = 1;
/// The tolerance in words, for sentences: "1 tick", "3 ticks".
pub fn tolerance_words() -> String {
    let plural = if TICK_TOLERANCE == 1 { "" } else { "s" };
    format!("{TICK_TOLERANCE} tick{plural}")
}

/// The share of the prints of the run with fewer that, paired, make a copy: 95 %, so that a
/// short run (level 1: 11 to 14 skiing inputs) is a copy only when every input pairs. At 90 %
/// (one of 14 unpaired allowed), 3 of 200 000 comparisons of distinct human-model runs of
/// level 1 with a board of 10 000 were copies; none paired all 14.
const MATCHED_PERCENT: usize = 95;
/// The same, as a fraction (for the documentation and reports).
pub const MATCHED_SHARE: f64 = MATCHED_PERCENT as f64 / 100.0;
/// Fewest prints a run needs for the rule to judge it (a run with fewer skiing inputs is
/// compared by its exact inputs only).
pub const MIN_PRINTS: usize = 10;
/// Bits of a print's key that hold its action (the rest: its stretch).
const ACTION_BITS: u32 = 3;

/// A run's skiing inputs as the copy check compares them: (key, tick within its stretch), the
/// key being the stretch's index and the action; sorted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Prints {
    inputs: Vec<Print>,
}

/// One print: (key, tick within its stretch).
type Print = (u32, u32);

/// The code of a skiing action in a print's key (`None`: not a skiing action).
fn skiing_code(action: &Action) -> Option<u32> {
    match action {
        Action::Left => Some(1),
        Action::Right => Some(2),
        Action::Jump => Some(3),
        Action::Duck => Some(4),
        _ => None,
    }
}

impl Prints {
    /// The prints of a run's `inputs`, skied in `stretches` (from its re-play).
    pub fn of(inputs: &[TickInput], stretches: &[Stretch]) -> Self {
        let mut prints = Vec::new();
        let mut stretch = stretches.iter().enumerate().peekable();
        for input in inputs {
            while stretch.next_if(|(_, s)| s.end <= input.tick).is_some() {}
            let Some(&(index, on)) = stretch.peek() else {
                break;
            };
            if input.tick < on.start {
                continue;
            }
            let within = u32::try_from(input.tick - on.start).unwrap_or(u32::MAX);
            let index = u32::try_from(index).unwrap_or(u32::MAX >> ACTION_BITS);
            prints.extend(
                input
                    .actions
                    .iter()
                    .filter_map(skiing_code)
                    .map(|code| ((index << ACTION_BITS) | code, within)),
            );
        }
        prints.sort_unstable();
        Self { inputs: prints }
    }

    /// How many prints.
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
                Some((u32::from_str_radix(key, 16).ok()?, tick.parse().ok()?))
            })
            .collect::<Option<Vec<_>>>()?;
        inputs.sort_unstable();
        Some(Self { inputs })
    }

    /// Whether this run and `other` copy one another (the rule is symmetric; see the module).
    /// One pass over both; it stops as soon as too many prints are left unpaired, so comparing
    /// unlike runs costs a fraction of their prints.
    pub fn copies(&self, other: &Prints) -> bool {
        let (fewer, more) = self.fewer_first(other);
        // Pairs needed: 95 % of the fewer's (rounded up), and half of the other's.
        let needed = (fewer.len() * MATCHED_PERCENT)
            .div_ceil(100)
            .max(more.len().div_ceil(2));
        if fewer.len() < MIN_PRINTS || needed > fewer.len() {
            return false;
        }
        pair(fewer, more, fewer.len() - needed).is_some()
    }

    /// How many of this run's and `other`'s prints pair (for reports: how near two runs are).
    pub fn pairs(&self, other: &Prints) -> usize {
        let (fewer, more) = self.fewer_first(other);
        pair(fewer, more, usize::MAX).unwrap_or(0)
    }

    fn fewer_first<'a>(&'a self, other: &'a Prints) -> (&'a [Print], &'a [Print]) {
        if self.len() <= other.len() {
            (&self.inputs, &other.inputs)
        } else {
            (&other.inputs, &self.inputs)
        }
    }
}

/// The pairs between `fewer` and `more` (both sorted by key, then tick), or `None` once more
/// than `allowed` of `fewer` are unpaired. Greedy earliest pairing within a key is a largest
/// pairing for points paired within a fixed distance.
fn pair(fewer: &[Print], more: &[Print], allowed: usize) -> Option<usize> {
    let (mut j, mut unpaired) = (0, 0);
    for &(key, tick) in fewer {
        while j < more.len()
            && (more[j].0 < key
                || (more[j].0 == key && more[j].1.saturating_add(TICK_TOLERANCE) < tick))
        {
            j += 1;
        }
        if j < more.len() && more[j].0 == key && more[j].1 <= tick.saturating_add(TICK_TOLERANCE) {
            j += 1;
        } else {
            unpaired += 1;
            if unpaired > allowed {
                return None;
            }
        }
    }
    Some(fewer.len() - unpaired)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Tick;

    /// One stretch over the whole run.
    fn whole() -> Vec<Stretch> {
        vec![Stretch {
            start: Tick::new(0),
            end: Tick::new(100_000),
        }]
    }

    fn inputs(pressed: &[(u64, Action)]) -> Vec<TickInput> {
        pressed
            .iter()
            .map(|&(tick, action)| TickInput {
                tick: Tick::new(tick),
                actions: vec![action],
            })
            .collect()
    }

    /// Thirty lane changes and jumps 50 ticks apart, the `i`th moved by `shift[i]` ticks.
    fn skiing(shift: &[i64]) -> Vec<TickInput> {
        let pressed: Vec<(u64, Action)> = (0..30_u64)
            .map(|i| {
                let at = (100 + i * 50) as i64 + shift.get(i as usize).copied().unwrap_or(0);
                let action = [Action::Left, Action::Right, Action::Jump][i as usize % 3];
                (at as u64, action)
            })
            .collect();
        inputs(&pressed)
    }

    fn prints(shift: &[i64]) -> Prints {
        Prints::of(&skiing(shift), &whole())
    }

    #[test]
    fn shifts_of_one_tick_copy_and_of_two_do_not() {
        let original = prints(&[]);
        assert!(
            prints(&[1]).copies(&original),
            "the first input a tick later"
        );
        assert!(prints(&[1; 30]).copies(&original));
        assert!(prints(&[-1; 30]).copies(&original));
        assert!(!prints(&[2; 30]).copies(&original));
        // One of thirty moved far (under 5 %): still a copy; two: not.
        assert!(prints(&[40]).copies(&original));
        assert!(!prints(&[40, 40]).copies(&original));
    }

    #[test]
    fn the_same_actions_are_needed_and_each_input_pairs_once() {
        let original = prints(&[]);
        let mut swapped = skiing(&[]);
        for input in &mut swapped[..4] {
            input.actions = vec![Action::Duck];
        }
        assert!(!Prints::of(&swapped, &whole()).copies(&original));
        let doubled: Vec<TickInput> = skiing(&[])
            .into_iter()
            .flat_map(|input| {
                let again = TickInput {
                    tick: Tick::new(input.tick.get() + 1),
                    actions: input.actions.clone(),
                };
                [input, again]
            })
            .collect();
        // Every original input has its pair in the doubled run, which pairs half of its own.
        assert!(Prints::of(&doubled, &whole()).copies(&original));
        let mut tripled: Vec<TickInput> =
            doubled.iter().cloned().chain(skiing(&[20; 30])).collect();
        tripled.sort_by_key(|input| input.tick);
        assert!(!Prints::of(&tripled, &whole()).copies(&original));
    }

    #[test]
    fn range_inputs_are_not_prints_and_ticks_count_within_their_stretch() {
        let mut run = skiing(&[]);
        run.push(TickInput {
            tick: Tick::new(2_000),
            actions: vec![Action::Fire, Action::Aim { dx: 1, dy: 0 }],
        });
        assert_eq!(Prints::of(&run, &whole()).len(), 30);
        // The second stretch's inputs counted from its start: a run that shot 100 ticks longer
        // between the two stretches skis the same.
        let split = |gap: u64| {
            let stretches = [
                Stretch {
                    start: Tick::new(0),
                    end: Tick::new(900),
                },
                Stretch {
                    start: Tick::new(1_000 + gap),
                    end: Tick::new(100_000),
                },
            ];
            let moved: Vec<TickInput> = skiing(&[])
                .into_iter()
                .map(|mut input| {
                    if input.tick.get() > 900 {
                        input.tick = Tick::new(input.tick.get() + 100 + gap);
                    }
                    input
                })
                .collect();
            Prints::of(&moved, &stretches)
        };
        assert_eq!(split(0), split(100));
        assert!(!split(0).copies(&prints(&[])), "stretches count apart");
    }

    #[test]
    fn runs_with_too_few_skiing_inputs_are_not_judged() {
        let short: Vec<TickInput> = skiing(&[])[..MIN_PRINTS - 1].to_vec();
        let short = Prints::of(&short, &whole());
        assert!(!short.copies(&short.clone()));
    }

    #[test]
    fn prints_read_back_from_their_text() {
        let prints = prints(&[2, 0, 5]);
        assert_eq!(Prints::from_text(&prints.to_text()), Some(prints));
        assert_eq!(Prints::from_text(""), Some(Prints::default()));
        assert_eq!(Prints::from_text("zz:1"), None);
    }
}
