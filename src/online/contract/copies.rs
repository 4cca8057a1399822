//! Near-copies: when a run's skiing is another run's, re-recorded with its inputs nudged.
//!
//! online.md ("Copies") asks for a run to be refused when another player's run on the same
//! board, accepted at any time before, has inputs within 3 ticks of its own for
//! at least 90 % of them. Applied to every input as written, that refused 30 of 30 pairs of the
//! human-model bot's distinct runs: the range's aim, breath and fire inputs are most of a run's
//! inputs and land on the same ticks whatever the player. So the contract compares the
//! **skiing** only, and this is its definition:
//!
//! - A run's **prints** are its skiing inputs — lane changes (`left`, `right`), `jump` and
//!   `duck` — each as (action, stretch, tick within the stretch). A stretch is a run's skiing
//!   between the start or a range (with its penalty loop) and the next range or the finish
//!   ([`crate::replay::Stretch`], told by the server's own re-play), so the time spent shooting
//!   never shifts the skiing after it. Inputs off the course (at a range, on a penalty loop) are
//!   not prints.
//! - Two runs' prints **pair** in a one-to-one pairing of inputs of the same action in the
//!   same stretch whose ticks are at most [`TICK_TOLERANCE`] (one) apart (the most such pairs);
//!   they pair **exactly** in a second such pairing that allows no tick apart.
//! - A run **copies** another, when the one with fewer has at least [`MIN_PRINTS`] (25) prints
//!   (shorter runs: "Short runs" below), when the pairs are at least [`MATCHED_SHARE`] (95 %) of the prints of the run with fewer and at least half of
//!   the other's, and the exact pairs at least [`EXACT_SHARE`] (90 %) of the fewer's. Extra
//!   inputs added to a copy do not hide it (the shares are of the run with fewer), and a run
//!   pressing on every tick cannot make every later run its copy (half of its own must pair).
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
//! 9 that is levels 1 and 2 (9–22 prints; level 2 track 3's fork leaves it 14). The one-tick shift of a ghost (an input a
//! tick later, re-recorded) is refused on every course the rule judges (rules 9: levels 3–5,
//! 25–48 prints; level 3 track 1, the shortest, has exactly 25); a copy with more than
//! a tenth of its inputs moved a tick, or more than a twentieth moved further, is not.
//!
//! **Short runs** (fewer than [`MIN_PRINTS`] prints, at least [`SHORT_MIN_PRINTS`]: level 1,
//! level 2) copy another when **every**
//! print of the run with fewer pairs within the tolerance, at least [`EXACT_SHARE`] of them on
//! the very same tick and at most a tenth, but always one, a tick apart (with the same half of
//! the other's paired): the headline cheat, a ghost with one input moved a tick and
//! re-recorded, is refused on every course. Honest runs measured (`cargo run --example
//! copies_report -- 300 0`, rules 9, 44 850 pairs of distinct human-model runs a track): at
//! 60 ms of scatter none of them on level 1 or 2; at 30 ms none on level 1 track 2 and level
//! 2, 11 on level 1 tracks 1 and 3 (9–10 prints: 2.5e-4 a pair, the bot's lane changes sit on
//! the perfect tick whenever its error is early); over 829 level-1-track-1 runs at 60 ms
//! (the server suite's seeds) 7 of 344 035 pairs, 2e-5. So on a board of `N` such runs an
//! honest level-1 run is refused with a chance near `N` times that; a person's timing, wider
//! than the bot's and never clamped to the perfect tick, pairs less. One seed's runs at
//! nearby scatters (the CLI's `--human-bot` at 20 and 30, or 50 and 60 ms) differ by a tick at
//! one print and are copies.
//!
//! The server refuses a run (409) that copies any run another player had accepted on the board
//! (ranked, superseded or not better than its player's best) or the game's own perfect bot's
//! run of that course.

use crate::replay::{Stretch, TickInput};
use crate::sim::Action;

/// How many ticks apart two inputs may be and still pair. One: at three (online.md's figure),
/// on rules 5, 11 of 7 140 pairs of distinct human-model runs of level 1 track 1 (14 skiing inputs each)
/// paired every input (`examples/copies_report.rs`).
pub const TICK_TOLERANCE: u32 = 1;
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
/// print on level 3 track 2 at 30 ms, rules 9), a ghost nudged at one input pairs every other exactly.
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
    /// One pass over both; it stops as soon as too many prints are left unpaired, so comparing
    /// unlike runs costs a fraction of their prints.
    pub fn copies(&self, other: &Prints) -> bool {
        let Some(needed) = self.pairs_needed(other) else {
            return false;
        };
        let (fewer, more) = self.fewer_first(other);
        pair(fewer, more, fewer.len() - needed.near, TICK_TOLERANCE).is_some()
            && pair(fewer, more, fewer.len() - needed.exact, 0).is_some()
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
        pair(fewer, more, usize::MAX, TICK_TOLERANCE).unwrap_or(0)
    }

    /// How many of this run's and `other`'s prints pair on the very same tick (for reports).
    pub fn exact_pairs(&self, other: &Prints) -> usize {
        let (fewer, more) = self.fewer_first(other);
        pair(fewer, more, usize::MAX, 0).unwrap_or(0)
    }

    fn fewer_first<'a>(&'a self, other: &'a Prints) -> (&'a [Print], &'a [Print]) {
        if self.len() <= other.len() {
            (&self.inputs, &other.inputs)
        } else {
            (&other.inputs, &self.inputs)
        }
    }
}

/// The pairs between `fewer` and `more` (both sorted by key, then tick) at most `tolerance`
/// ticks apart, or `None` once more than `allowed` of `fewer` are unpaired. Greedy earliest
/// pairing within a key is a largest pairing for points paired within a fixed distance.
fn pair(fewer: &[Print], more: &[Print], allowed: usize, tolerance: u32) -> Option<usize> {
    let (mut j, mut unpaired) = (0, 0);
    for &(key, tick) in fewer {
        while j < more.len()
            && (more[j].0 < key || (more[j].0 == key && more[j].1.saturating_add(tolerance) < tick))
        {
            j += 1;
        }
        if j < more.len() && more[j].0 == key && more[j].1 <= tick.saturating_add(tolerance) {
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
    fn a_few_inputs_a_tick_off_copy_and_more_or_further_do_not() {
        let original = prints(&[]);
        assert!(
            prints(&[1]).copies(&original),
            "the first input a tick later"
        );
        assert!(prints(&[-1, 0, 1]).copies(&original), "3 of 30 a tick off");
        assert!(!prints(&[1, 1, 1, 1]).copies(&original), "4 of 30");
        assert!(
            !prints(&[1; 30]).copies(&original),
            "every input a tick off"
        );
        // One of thirty moved far (under 5 %): still a copy; two: not.
        assert!(prints(&[40]).copies(&original));
        assert!(!prints(&[40, 40]).copies(&original));
        assert!(!prints(&[2, 2]).copies(&original));
    }

    /// A run of `level` track `track` by the human-model bot (the CLI's seed for the course,
    /// `jitter_ms`), or by the perfect bot; with the stretches of its re-play.
    fn played(level: u8, track: u8, jitter_ms: Option<u32>) -> (Vec<TickInput>, Prints) {
        use crate::course::Course;
        use crate::replay::{record_player_skied, CourseChoice, MAX_TICKS};
        use crate::sim::{Bot, Brought};
        let course = Course::level(level, track, None).expect("a level of the table");
        let bot = match jitter_ms {
            Some(jitter) => Bot::human(course.seed ^ crate::cli::simulate::HUMAN_BOT_SEED, jitter),
            None => Bot::new(),
        };
        let choice = CourseChoice::of(&course);
        let (replay, stretches) =
            record_player_skied(choice, course, MAX_TICKS, bot, Brought::default());
        let prints = Prints::of(&replay.inputs, &stretches);
        (replay.inputs, prints)
    }

    /// A run of `level` track `track` by the human-model bot seeded `seed` at `jitter_ms`.
    fn played_by(level: u8, track: u8, seed: u64, jitter_ms: u32) -> (Vec<TickInput>, Prints) {
        use crate::course::Course;
        use crate::replay::{record_player_skied, CourseChoice, MAX_TICKS};
        use crate::sim::{Bot, Brought};
        let course = Course::level(level, track, None).expect("a level of the table");
        let choice = CourseChoice::of(&course);
        let bot = Bot::human(seed, jitter_ms);
        let (replay, stretches) =
            record_player_skied(choice, course, MAX_TICKS, bot, Brought::default());
        let prints = Prints::of(&replay.inputs, &stretches);
        (replay.inputs, prints)
    }

    /// `inputs` with the first skiing input moved a tick later, played anew on level `level`
    /// track `track` and re-played strictly, as `latu simulate --input` and the server do.
    fn ghost_one_tick_off(level: u8, track: u8, inputs: &[TickInput]) -> Prints {
        use crate::course::Course;
        use crate::replay::{play_inputs_bringing, verify_strictly_skied, CourseChoice, MAX_TICKS};
        let first = inputs
            .iter()
            .position(|input| input.actions.iter().any(|a| skiing_code(a).is_some()))
            .expect("a run steers");
        let mut nudged = inputs.to_vec();
        nudged[first].tick = Tick::new(nudged[first].tick.get() + 1);
        assert!(nudged
            .get(first + 1)
            .is_none_or(|next| next.tick > nudged[first].tick));
        let course = Course::level(level, track, None).expect("a level of the table");
        let choice = CourseChoice::of(&course);
        let copy = play_inputs_bringing(choice, course, &nudged, MAX_TICKS, Default::default());
        let (_, stretches) = verify_strictly_skied(&copy, None).expect("the copy verifies");
        Prints::of(&copy.inputs, &stretches)
    }

    #[test]
    fn a_short_courses_ghost_one_tick_off_is_a_copy() {
        for seed in 1..=10 {
            let (inputs, original) = played_by(1, 1, seed, 60);
            assert!(
                (SHORT_MIN_PRINTS..MIN_PRINTS).contains(&original.len()),
                "{} prints",
                original.len()
            );
            let copy = ghost_one_tick_off(1, 1, &inputs);
            assert_eq!(
                copy.exact_pairs(&original),
                original.len() - 1,
                "seed {seed}"
            );
            assert!(copy.copies(&original), "seed {seed}");
        }
    }

    #[test]
    fn a_short_courses_honest_runs_are_not_copies() {
        // Distinct players at the game's default scatter: none of these 435 pairs (2e-5 a pair
        // measured over 829 runs at 60 ms, see the module).
        let runs: Vec<Prints> = (1..=30).map(|seed| played_by(1, 1, seed, 60).1).collect();
        for (i, a) in runs.iter().enumerate() {
            for (j, b) in runs.iter().enumerate().skip(i + 1) {
                assert!(!a.copies(b), "seeds {} and {}", i + 1, j + 1);
            }
        }
        // `latu simulate --level 1 --track 1 --human-bot --jitter-ms J`: the CLI's one seed at
        // window_online's two players' scatters, and a 10 ms run beside the perfect bot's.
        let (_, at_40) = played(1, 1, Some(40));
        let (_, at_60) = played(1, 1, Some(60));
        assert!(!at_40.copies(&at_60));
        let (_, at_10) = played(1, 1, Some(10));
        let (_, perfect) = played(1, 1, None);
        assert!(!at_10.copies(&perfect));
    }

    #[test]
    fn a_long_courses_ghost_one_tick_off_is_a_copy() {
        // A course long enough to judge at a 60 ms scatter (rules 9's layouts).
        const LONG: (u8, u8) = (3, 2);
        let (inputs, original) = played(LONG.0, LONG.1, Some(60));
        assert!(original.len() >= MIN_PRINTS, "{} prints", original.len());
        assert!(ghost_one_tick_off(LONG.0, LONG.1, &inputs).copies(&original));
        // And another player's honest run of the course is not.
        let (_, other) = played(LONG.0, LONG.1, Some(30));
        assert!(!other.copies(&original));
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
        let short: Vec<TickInput> = skiing(&[])[..SHORT_MIN_PRINTS - 1].to_vec();
        let short = Prints::of(&short, &whole());
        // Even the same prints: the server's digest of the inputs refuses an exact copy.
        assert!(!short.copies(&short.clone()));
    }

    #[test]
    fn a_short_run_copies_only_with_every_print_paired_and_one_in_ten_a_tick_off() {
        let short = |shift: &[i64]| {
            let run: Vec<TickInput> = skiing(shift)[..MIN_PRINTS - 1].to_vec();
            Prints::of(&run, &whole())
        };
        let original = short(&[]);
        assert!(short(&[]).copies(&original), "the same prints");
        assert!(short(&[1]).copies(&original), "the first a tick later");
        assert!(
            short(&[0, -1, 0, 1]).copies(&original),
            "2 of 24 a tick off"
        );
        assert!(!short(&[1, 1, 1]).copies(&original), "3 of 24");
        assert!(!short(&[2]).copies(&original), "one moved two ticks");
        assert!(!short(&[40]).copies(&original), "one moved far");
        let fewest = |shift: &[i64]| {
            let run: Vec<TickInput> = skiing(shift)[..SHORT_MIN_PRINTS].to_vec();
            Prints::of(&run, &whole())
        };
        assert!(
            fewest(&[1]).copies(&fewest(&[])),
            "one of 8: always one may move"
        );
        assert!(!fewest(&[1, 1]).copies(&fewest(&[])));
    }

    #[test]
    fn prints_read_back_from_their_text() {
        let prints = prints(&[2, 0, 5]);
        assert_eq!(Prints::from_text(&prints.to_text()), Some(prints));
        assert_eq!(Prints::from_text(""), Some(Prints::default()));
        assert_eq!(Prints::from_text("zz:1"), None);
    }
}
