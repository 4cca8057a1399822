//! Near-copies: when a run's skiing is another run's, re-recorded with its inputs nudged.
//!
//! online.md ("Copies") asks for a run to be refused when another player's run on the same
//! board, accepted at any time before, has inputs within 3 ticks of its own for
//! at least 90 % of them. As written, that refuses honest players (`copies_report`'s "as
//! written" column, 4 950 pairs of distinct human-model runs a track): counting every input,
//! every pair but 3 of 148 500 (the range's aim, breath and fire inputs are most of a run's
//! inputs and land on the same ticks whatever the player); counting the skiing inputs only, up
//! to 13 % of pairs at 60 ms of scatter and 1–61 % at 30 ms. So the contract compares the
//! **skiing** only, stretch by stretch, and this is its definition:
//!
//! - A run's **prints** are its skiing inputs — lane changes (`left`, `right`), `jump` and
//!   `duck` — each as (action, stretch, tick within the stretch). A stretch is a run's skiing
//!   between the start or a range (with its penalty loop) and the next range or the finish
//!   ([`crate::replay::Stretch`], told by the server's own re-play), so the time spent shooting
//!   never shifts the skiing after it. Inputs off the course (at a range, on a penalty loop) are
//!   not prints.
//! - Two runs' prints **pair**, stretch by stretch, once the other run's stretch is moved as a
//!   whole by a **shift** of at most [`SHIFT_TOLERANCE`] (three, online.md's figure) ticks
//!   either way: a one-to-one pairing of inputs of the same action whose ticks are then at most
//!   [`TICK_TOLERANCE`] (one) apart (the most such pairs); they pair **exactly** in a second
//!   such pairing that allows no tick apart. Each stretch takes the shift that pairs the most
//!   exactly, so a ghost re-recorded with all its inputs a tick or three late pairs as if it were
//!   on time.
//! - A run **copies** another, when the one with fewer has at least [`MIN_PRINTS`] (25) prints
//!   (shorter runs: "Short runs" below), when the pairs are at least [`MATCHED_SHARE`] (95 %)
//!   of the prints of the run with fewer and at least half of the other's, and the exact pairs
//!   at least [`EXACT_SHARE`] (90 %) of the fewer's. Extra inputs added to a copy do not hide
//!   it (the shares are of the run with fewer), and a run pressing on every tick cannot make
//!   every later run its copy (half of its own must pair).
//!
//! Why these figures (`examples/copies_report.rs`; chosen on rules 8, re-measured on rules 9):
//! a steady player (the human-model bot at 30 ms of scatter) pairs 45–64 % of its prints with
//! another's within a tick, and 20–44 % on the same tick (its lane changes start on the perfect
//! moment whenever its error is early). With 10 prints (level 1 track 1) a pair of such runs
//! pairs every print about once in 100 (0.63^10; of its 435 pairs at least one did), so on a
//! board of 10 000 runs honest submissions would be refused. The count needed grows until the
//! chance, taken independently print by print, is below 1e-7 a pair on every judged track at
//! 30 and 60 ms: 25 prints, 90 % of them on the same tick (rules 9: at most 2.7e-10 a pair, on
//! level 3 track 1 at 30 ms). **Shorter skiing is judged by the short rule below:** under rules
//! 9 that is levels 1 and 2 (9–22 prints; level 2 track 3's fork leaves it 14). A ghost
//! re-recorded with one input a tick later, or with every input moved one to three ticks, is
//! refused on every course; a copy with more than a tenth of its inputs moved a tick each its
//! own way, or more than a twentieth moved further, is not: spread that way, it skis like a
//! steady player (`copies_report`: whole ghosts moved 1–3 ticks, 10 runs a track, are refused
//! 30 of 30 on 12 tracks; the rest, on level 4 track 3 and level 5 tracks 1 and 3, no longer
//! ski the course: moved, they run into obstacle after obstacle, 27–31 hits on level 5 track 1,
//! and score at most 20 % of their original).
//!
//! **Short runs** (fewer than [`MIN_PRINTS`] prints, at least [`SHORT_MIN_PRINTS`]: level 1,
//! level 2) copy another when **every** print of the run with fewer pairs within the
//! tolerance, at least [`EXACT_SHARE`] of them on the very same tick and at most a tenth, but
//! always one, a tick apart (with the same half of the other's paired), each stretch at its
//! shift: the headline cheat, a ghost with one input moved a tick and re-recorded, is refused on
//! every course. Honest runs measured (`cargo run --release --example copies_report -- 300 0`,
//! rules 9, 44 850 pairs of distinct human-model runs a track): at 60 ms of scatter 1 on level 1
//! track 1 (2e-5 a pair), none on level 1 tracks 2 and 3 or level 2; at 30 ms none on level 2,
//! 19, 2 and 15 on level 1 tracks 1, 2 and 3 (9–10 prints: up to 4.2e-4 a pair, the bot's lane
//! changes sit on the perfect tick whenever its error is early; without shifts 11, 0 and 11).
//! So on a board of `N` such runs an honest level-1 run is refused with a chance near `N` times
//! that; a person's timing, wider than the bot's and never clamped to the perfect tick, pairs
//! less. One seed's runs at nearby scatters (the CLI's `--human-bot` at 20 and 30, or 50 and
//! 60 ms) differ by a tick at one print and are copies.
//!
//! The server refuses a run (409) that copies any run another player had accepted on the board
//! (ranked, superseded or not better than its player's best) or the game's own perfect bot's
//! run of that course.

use crate::replay::{Stretch, TickInput};
use crate::sim::Action;

/// How many ticks apart two inputs may be and still pair. One: at three (online.md's figure),
/// on rules 5, 11 of 7 140 pairs of distinct human-model runs of level 1 track 1 (14 skiing
/// inputs each) paired every input (`examples/copies_report.rs`).
pub const TICK_TOLERANCE: u32 = 1;
/// How many ticks a copy's stretch may be moved as a whole and still pair: online.md's
/// "within 3 ticks", for a ghost re-recorded with all its inputs a little late (or early).
pub const SHIFT_TOLERANCE: u32 = 3;
/// The tolerance in words, for sentences: "1 tick", "3 ticks".
pub fn tolerance_words() -> String {
    let plural = if TICK_TOLERANCE == 1 { "" } else { "s" };
    format!("{TICK_TOLERANCE} tick{plural}")
}

/// The share of the prints of the run with fewer that, paired within the tolerance, make a
/// copy, percent.
const MATCHED_PERCENT: usize = 95;
/// The same, as a fraction (for the documentation and reports).
pub const MATCHED_SHARE: f64 = MATCHED_PERCENT as f64 / 100.0;
/// The share of the prints of the run with fewer that must pair on the very same tick, percent:
/// honest players pair within a tick far more often than on the tick (0.60 against 0.35 a
/// print on level 3 track 2 at 30 ms, rules 9), a ghost nudged at one input pairs every other
/// exactly.
const EXACT_PERCENT: usize = 90;
/// The same, as a fraction.
pub const EXACT_SHARE: f64 = EXACT_PERCENT as f64 / 100.0;

/// Pairs that make two runs copies: within [`TICK_TOLERANCE`], and on the same tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needed {
    /// Pairs within the tolerance.
    pub near: usize,
    /// Pairs on the very same tick.
    pub exact: usize,
}

/// Fewest prints a run needs for the rule to judge it with [`MATCHED_SHARE`] of them paired
/// within the tolerance: below 25, steady honest players' runs pair too often (see the module),
/// and the short runs' rule asks for every print paired.
pub const MIN_PRINTS: usize = 25;
/// Fewest prints a run needs for the short runs' rule to judge it (a run with fewer skiing
/// inputs is compared by its exact inputs only): with fewer, one moved print is too large a
/// share for [`EXACT_SHARE`] to mean anything (see the module).
pub const SHORT_MIN_PRINTS: usize = 8;
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
    /// First one pass over both that pairs as far apart as a shifted pair may be, then a pass
    /// over each stretch's prints a shift tried; each stops as soon as too many prints are left
    /// unpaired, so comparing unlike runs costs a fraction of their prints (about 1.3 times the
    /// rule without shifts, `copies_report`'s cost on a board of 10 000 runs).
    pub fn copies(&self, other: &Prints) -> bool {
        let Some(needed) = self.pairs_needed(other) else {
            return false;
        };
        let (fewer, more) = self.fewer_first(other);
        // Cheap first: prints paired at a shift are at most the shift and the tolerance apart.
        let widest = TICK_TOLERANCE + SHIFT_TOLERANCE;
        if unpaired(fewer, more, fewer.len() - needed.near, widest, 0).is_none() {
            return false;
        }
        let mut left = Unpaired {
            near: fewer.len() - needed.near,
            exact: fewer.len() - needed.exact,
        };
        for (fewer, more) in by_stretch(fewer, more) {
            let Some(used) = best_shift(fewer, more, left) else {
                return false;
            };
            left.near -= used.near;
            left.exact -= used.exact;
        }
        true
    }

    /// The pairs that make this run and `other` copies of one another (see the module);
    /// `None` when the rule does not judge them (too few prints, or more pairs needed than the
    /// fewer has).
    pub fn pairs_needed(&self, other: &Prints) -> Option<Needed> {
        let (fewer, more) = self.fewer_first(other);
        let n = fewer.len();
        let exact = (n * EXACT_PERCENT).div_ceil(100);
        let near = if n >= MIN_PRINTS {
            (n * MATCHED_PERCENT).div_ceil(100)
        } else if n >= SHORT_MIN_PRINTS {
            n
        } else {
            return None;
        };
        // A short run's copy may still move one print (the cheat moves one input a tick).
        let exact = if n < MIN_PRINTS {
            exact.min(n - 1)
        } else {
            exact
        };
        let near = near.max(more.len().div_ceil(2));
        (near <= n).then_some(Needed { near, exact })
    }

    /// How many of this run's and `other`'s prints pair within [`TICK_TOLERANCE`] (for
    /// reports: how near two runs are).
    pub fn pairs(&self, other: &Prints) -> usize {
        let (fewer, more) = self.fewer_first(other);
        fewer.len() - unpaired(fewer, more, usize::MAX, TICK_TOLERANCE, 0).unwrap_or(fewer.len())
    }

    /// How many of this run's and `other`'s prints pair on the very same tick (for reports).
    pub fn exact_pairs(&self, other: &Prints) -> usize {
        let (fewer, more) = self.fewer_first(other);
        fewer.len() - unpaired(fewer, more, usize::MAX, 0, 0).unwrap_or(fewer.len())
    }

    fn fewer_first<'a>(&'a self, other: &'a Prints) -> (&'a [Print], &'a [Print]) {
        if self.len() <= other.len() {
            (&self.inputs, &other.inputs)
        } else {
            (&other.inputs, &self.inputs)
        }
    }
}

/// Prints of the fewer left unpaired, within the tolerance and on the very same tick (or, as
/// a budget, how many more may be).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Unpaired {
    near: usize,
    exact: usize,
}

/// The shifts a stretch is tried at, nearest first.
fn shifts() -> impl Iterator<Item = i64> {
    let most = i64::from(SHIFT_TOLERANCE);
    (0..=most).flat_map(|shift| [shift, -shift]).skip(1)
}

/// Each stretch's prints in `fewer` beside the same stretch's prints in `more` (both sorted by
/// key, whose high bits are the stretch).
fn by_stretch<'a>(
    fewer: &'a [Print],
    more: &'a [Print],
) -> impl Iterator<Item = (&'a [Print], &'a [Print])> {
    fewer
        .chunk_by(|a, b| a.0 >> ACTION_BITS == b.0 >> ACTION_BITS)
        .map(move |theirs| {
            let stretch = theirs[0].0 >> ACTION_BITS;
            let from = more.partition_point(|p| p.0 >> ACTION_BITS < stretch);
            let to = more.partition_point(|p| p.0 >> ACTION_BITS <= stretch);
            (theirs, &more[from..to])
        })
}

/// The shift of `more`'s stretch that leaves the fewest of `fewer`'s prints unpaired on the
/// same tick (then within the tolerance), within the budget `left`; `None` if none does.
fn best_shift(fewer: &[Print], more: &[Print], left: Unpaired) -> Option<Unpaired> {
    shifts()
        .filter_map(|shift| {
            let exact = unpaired(fewer, more, left.exact, 0, shift)?;
            let near = unpaired(fewer, more, left.near, TICK_TOLERANCE, shift)?;
            Some(Unpaired { near, exact })
        })
        .min_by_key(|used| (used.exact, used.near))
}

/// How many of `fewer`'s prints find no pair in `more` (both sorted by key, then tick) at most
/// `tolerance` ticks from their own once `more`'s are moved `shift` ticks, or `None` once more
/// than `allowed` are unpaired. Greedy earliest pairing within a key is a largest pairing for
/// points paired within a fixed distance.
fn unpaired(
    fewer: &[Print],
    more: &[Print],
    allowed: usize,
    tolerance: u32,
    shift: i64,
) -> Option<usize> {
    let tolerance = i64::from(tolerance);
    let moved = |j: usize| i64::from(more[j].1) + shift;
    let (mut j, mut unpaired) = (0, 0);
    for &(key, tick) in fewer {
        let tick = i64::from(tick);
        while j < more.len()
            && (more[j].0 < key || (more[j].0 == key && moved(j) + tolerance < tick))
        {
            j += 1;
        }
        if j < more.len() && more[j].0 == key && moved(j) <= tick + tolerance {
            j += 1;
        } else {
            unpaired += 1;
            if unpaired > allowed {
                return None;
            }
        }
    }
    Some(unpaired)
}

#[cfg(test)]
mod tests;
