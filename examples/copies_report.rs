//! The near-copy rule (`latu::online::contract::Prints`) measured on real runs: what it
//! refuses, what it lets through, and what it costs on a board of many runs.
//!
//! - **Cheats:** a run re-recorded with one input moved a tick later (as `latu simulate --input
//!   FILE --out` would: the inputs played anew on the course), for ten different runs of the
//!   cheats' course and of every track; one run with its first skiing input moved 1 to 10
//!   ticks later; and, on every track, ten whole runs with every input moved 1, 2 and 3 ticks
//!   later (with the best score of those let through, as a share of its original's).
//! - **False positives:** every pair of the human-model bot's runs (distinct timing seeds) on
//!   each track, at the game's default scatter (60 ms) and a steady player's (30 ms), and each
//!   of them beside the perfect bot's run: refused, the chance a print pairs (within a tick, on
//!   the tick), and a bound on the chance of a false copy a pair where sampling cannot reach;
//!   and how many of those pairs online.md's rule, applied as written, would refuse.
//! - **Cost:** one run's prints compared with a board of `BOARD` runs' prints, beside the time
//!   to re-play it strictly (what a submission costs the server's worker anyway).
//!
//! `cargo run --release --example copies_report [RUNS_PER_LEVEL] [BOARD]` (defaults 30, 10 000).

// A report times what it measures; nothing it reads of the clock reaches a run.
#![allow(clippy::disallowed_methods)]

use latu::course::Course;
use latu::online::contract::{
    tolerance_words, Prints, EXACT_SHARE, MATCHED_SHARE, MIN_PRINTS, SHIFT_TOLERANCE,
    SHORT_MIN_PRINTS,
};
use latu::replay::{
    build_course, play_inputs_bringing, record_player_skied, verify_strictly_skied, CourseChoice,
    Replay, TickInput, MAX_TICKS,
};
use latu::sim::{Action, Bot, Brought, Tick};
use std::time::Instant;

/// The human-model bot's timing scatter, milliseconds (the CLI's default and the server
/// suite's: a good player's).
const JITTER_MS: u32 = 60;
const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;
const TRACKS: std::ops::RangeInclusive<u8> = 1..=3;
/// The course of the cheats and the cost: the shortest course of the table the long rule (25
/// prints or more) judges (rules 9: level 3 track 1, 25 prints; level 2 track 3's fork leaves
/// it 14).
const LEVEL: u8 = 3;
const TRACK: u8 = 1;
/// Runs re-recorded one tick off, per track.
const SHIFTED: usize = 10;
/// online.md's copy rule as written: inputs within 3 ticks…
const LITERAL_TICKS: u64 = 3;
/// …for at least 90 % of them.
const LITERAL_PERCENT: usize = 90;
/// The furthest a whole ghost is moved (online.md's "within 3 ticks").
const WHOLE_SHIFT_TICKS: u64 = 3;

fn main() {
    let mut args = std::env::args().skip(1);
    let runs_per_level: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let board: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    println!(
        "rule: both runs have at least {MIN_PRINTS} skiing inputs; at least {:.0} % of the \
         fewer's and half of the other's pair, same action, same stretch, within \
         {} (each stretch of one run first moved as a whole by at most {SHIFT_TOLERANCE} \
         ticks), and at least {:.0} % on the very same tick; a run with fewer \
         (at least {SHORT_MIN_PRINTS}): every print of the fewer's paired within the tolerance, \
         at least {:.0} % (all but one at most) on the very same tick",
        MATCHED_SHARE * 100.0,
        tolerance_words(),
        EXACT_SHARE * 100.0,
        EXACT_SHARE * 100.0
    );
    cheats();
    false_positives(runs_per_level);
    cost(board);
}

/// A run of the cheats' course by the human-model bot seeded `number`, with its prints.
fn human(number: u64) -> (Replay, Prints) {
    played(LEVEL, TRACK, Bot::human(number, JITTER_MS))
}

fn played(level: u8, track: u8, bot: Bot) -> (Replay, Prints) {
    let course = Course::level(level, track, None).expect("a level of the table");
    let choice = CourseChoice::of(&course);
    let (replay, stretches) =
        record_player_skied(choice, course, MAX_TICKS, bot, Brought::default());
    let prints = Prints::of(&replay.inputs, &stretches);
    (replay, prints)
}

/// `inputs` played anew on `original`'s course (`latu simulate --input FILE --out`), then
/// re-played strictly as the server does: the copy's prints.
fn rerecorded(original: &Replay, inputs: &[TickInput]) -> Prints {
    rerecorded_scoring(original, inputs).0
}

/// The same, with the copy's score.
fn rerecorded_scoring(original: &Replay, inputs: &[TickInput]) -> (Prints, u32) {
    let choice = original.course_choice().expect("a level run");
    let course = build_course(choice).expect("a level of the table");
    let copy = play_inputs_bringing(choice, course, inputs, MAX_TICKS, Brought::default());
    let (summary, stretches) =
        verify_strictly_skied(&copy, None).expect("a re-recorded run verifies");
    (Prints::of(&copy.inputs, &stretches), summary.score)
}

/// Whole ghosts moved 1 to [`WHOLE_SHIFT_TICKS`] ticks later and re-recorded: how many were
/// refused, of how many, and the best score (as a share of its original's) of those ranked.
#[derive(Default)]
struct WholeShifts {
    refused: usize,
    tried: usize,
    best_ranked_share: f64,
}

impl WholeShifts {
    fn of(replays: &[Replay], runs: &[Prints]) -> Self {
        let mut shifts = Self::default();
        for (replay, prints) in replays.iter().zip(runs).take(SHIFTED) {
            let score = replay.summary.as_ref().map_or(1, |s| s.score.max(1));
            for ticks in 1..=WHOLE_SHIFT_TICKS {
                let (copy, copy_score) =
                    rerecorded_scoring(replay, &all_moved(&replay.inputs, ticks));
                shifts.tried += 1;
                if copy.copies(prints) {
                    shifts.refused += 1;
                } else {
                    let share = f64::from(copy_score) / f64::from(score);
                    shifts.best_ranked_share = shifts.best_ranked_share.max(share);
                }
            }
        }
        shifts
    }
}

/// `inputs` with the one at `index` moved `ticks` later (kept before the next).
fn moved(inputs: &[TickInput], index: usize, ticks: u64) -> Vec<TickInput> {
    let mut inputs = inputs.to_vec();
    let limit = inputs
        .get(index + 1)
        .map_or(u64::MAX, |next| next.tick.get() - 1);
    inputs[index].tick = Tick::new((inputs[index].tick.get() + ticks).min(limit));
    inputs
}

/// `inputs` with every one moved `ticks` later: a whole ghost re-recorded a little late.
fn all_moved(inputs: &[TickInput], ticks: u64) -> Vec<TickInput> {
    inputs
        .iter()
        .map(|input| TickInput {
            tick: Tick::new(input.tick.get() + ticks),
            actions: input.actions.clone(),
        })
        .collect()
}

fn is_skiing(input: &TickInput) -> bool {
    input.actions.iter().any(|a| {
        matches!(
            a,
            Action::Left | Action::Right | Action::Jump | Action::Duck
        )
    })
}

fn cheats() {
    let mut refused = 0;
    for number in 1..=10 {
        let (original, prints) = human(number);
        let copy = rerecorded(&original, &moved(&original.inputs, 0, 1));
        refused += u32::from(copy.copies(&prints));
    }
    println!(
        "one-tick shift (first input one tick later, re-recorded), ten runs of level {LEVEL} \
         track {TRACK}: {refused} of 10 refused"
    );
    let (original, prints) = human(1);
    let first = original
        .inputs
        .iter()
        .position(is_skiing)
        .expect("a run steers");
    let shifts: Vec<String> = (1..=10)
        .map(|ticks| {
            let copy = rerecorded(&original, &moved(&original.inputs, first, ticks));
            format!(
                "+{ticks}: {}",
                if copy.copies(&prints) {
                    "refused"
                } else {
                    "ranked"
                }
            )
        })
        .collect();
    println!("first skiing input moved later: {}", shifts.join(", "));
}

/// How many of the fewer's prints are left unpaired (how far from a copy two runs are).
fn unpaired(a: &Prints, b: &Prints) -> usize {
    a.len().min(b.len()) - a.pairs(b)
}

/// What honest runs of one track look like beside one another and beside the perfect bot.
#[derive(Default)]
struct Nearness {
    /// Comparisons made and refused by the rule.
    compared: u32,
    refused: u32,
    /// Pairs found over prints that could pair (the fewer's): the chance one print pairs.
    paired: usize,
    pairable: usize,
    /// Pairs on the very same tick.
    exact: usize,
    /// Fewest prints left unpaired in any comparison.
    fewest: Option<usize>,
    /// The largest bound on a false copy (see [`false_copy_bound`]) over the comparisons.
    bound: f64,
}

impl Nearness {
    fn add(&mut self, a: &Prints, b: &Prints) {
        self.compared += 1;
        self.refused += u32::from(a.copies(b));
        self.paired += a.pairs(b);
        self.exact += a.exact_pairs(b);
        self.pairable += a.len().min(b.len());
        self.fewest = Some(
            self.fewest
                .map_or(unpaired(a, b), |f| f.min(unpaired(a, b))),
        );
    }

    /// The chance that one print pairs within the tolerance, and on the same tick, measured.
    fn rates(&self) -> (f64, f64) {
        let pairable = self.pairable.max(1) as f64;
        (self.paired as f64 / pairable, self.exact as f64 / pairable)
    }

    /// Fills `bound` from the measured rate, for every comparison of `runs` with `others`.
    fn bound_over(&mut self, runs: &[Prints], others: &[&Prints]) {
        let rates = self.rates();
        for a in runs {
            for b in others {
                self.bound = self.bound.max(false_copy_bound(a, b, rates));
            }
        }
    }
}

/// An upper bound on the chance that two honest runs with these print counts are a copy, if
/// each print pairs independently with the measured mean chances `rates` (within the
/// tolerance, on the same tick): the rule needs `k` of the fewer's `n` prints paired, and the
/// chance of at least `k` successes of independent trials whose chances average `p` is at most
/// C(n, k) · p^k (Maclaurin's inequality on the elementary symmetric sums). The rule needs both
/// kinds of pairs, so the smaller bound holds. Zero where the rule does not judge.
fn false_copy_bound(a: &Prints, b: &Prints, (near, exact): (f64, f64)) -> f64 {
    let Some(needed) = a.pairs_needed(b) else {
        return 0.0;
    };
    let n = a.len().min(b.len());
    at_least(n, needed.near, near).min(at_least(n, needed.exact, exact))
}

/// C(n, k) · p^k: at least `k` of `n` independent trials whose chances average `p`, at most.
fn at_least(n: usize, k: usize, p: f64) -> f64 {
    let choose: f64 = (0..n - k)
        .map(|i| (n - i) as f64 / (i + 1) as f64)
        .product();
    choose * p.powi(i32::try_from(k).unwrap_or(i32::MAX))
}

/// The human-model bot's timing scatters measured: the default (a good player's) and a tight
/// one (a very steady player's).
const JITTERS_MS: [u32; 2] = [JITTER_MS, 30];

fn false_positives(runs_per_level: u64) {
    for jitter in JITTERS_MS {
        println!(
            "human-model runs at {jitter} ms: per track, prints a run (fewest-most); between \
             the {runs_per_level} runs: refused/pairs, chance a print pairs (on the same tick), fewest unpaired, \
             bound on a false copy a pair; the same beside the perfect bot"
        );
        for level in LEVELS {
            for track in TRACKS {
                false_positives_of(level, track, jitter, runs_per_level);
            }
        }
    }
}

fn false_positives_of(level: u8, track: u8, jitter: u32, runs_per_level: u64) {
    let (replays, runs): (Vec<Replay>, Vec<Prints>) = (1..=runs_per_level)
        .map(|n| played(level, track, Bot::human(n, jitter)))
        .unzip();
    // The first skiing input of a run moved a tick later and re-recorded: refused?
    let caught = replays
        .iter()
        .zip(&runs)
        .take(SHIFTED)
        .filter(|(replay, prints)| {
            let first = replay.inputs.iter().position(is_skiing).unwrap_or(0);
            rerecorded(replay, &moved(&replay.inputs, first, 1)).copies(prints)
        })
        .count();
    let whole = WholeShifts::of(&replays, &runs);
    let (_, bot) = played(level, track, Bot::new());
    let (mut honest, mut botlike) = (Nearness::default(), Nearness::default());
    for (i, a) in runs.iter().enumerate() {
        for b in &runs[i + 1..] {
            honest.add(a, b);
        }
        botlike.add(a, &bot);
    }
    let literal = Literal::over(&replays);
    let everyone: Vec<&Prints> = runs.iter().collect();
    honest.bound_over(&runs, &everyone);
    botlike.bound_over(&runs, &[&bot]);
    let lengths = runs.iter().map(Prints::len);
    let shown = |n: &Nearness| {
        format!(
            "{}/{} refused, {:.2} ({:.2} same tick), fewest unpaired {}, bound {:.1e}",
            n.refused,
            n.compared,
            n.rates().0,
            n.rates().1,
            n.fewest.unwrap_or(0),
            n.bound
        )
    };
    println!(
        "  L{level}T{track} {jitter} ms: {}-{} prints; {}; beside the bot: {}; one-tick \
         shifts refused {caught}/{}; online.md's rule as written: every input {}/{}, skiing \
         inputs {}/{}; whole shifts (1-{WHOLE_SHIFT_TICKS} ticks) refused {}/{} (the best \
         ranked scored {:.0} % of its original)",
        lengths.clone().min().unwrap_or(0),
        lengths.max().unwrap_or(0),
        shown(&honest),
        shown(&botlike),
        SHIFTED.min(replays.len()),
        literal.every_input,
        literal.compared,
        literal.skiing,
        literal.compared,
        whole.refused,
        whole.tried,
        whole.best_ranked_share * 100.0
    );
}

/// online.md's copy rule as written: a run copies another when at least
/// [`LITERAL_PERCENT`] % of its inputs each pair, once, with an input of the other with the
/// same actions at most [`LITERAL_TICKS`] ticks away. Honest pairs it refuses, counting every
/// input or the skiing inputs only.
#[derive(Default)]
struct Literal {
    compared: usize,
    every_input: usize,
    skiing: usize,
}

impl Literal {
    fn over(replays: &[Replay]) -> Self {
        let mut literal = Self::default();
        for (i, a) in replays.iter().enumerate() {
            for b in &replays[i + 1..] {
                literal.compared += 1;
                let refused = |skiing| literal_copy(a, b, skiing) || literal_copy(b, a, skiing);
                literal.every_input += usize::from(refused(false));
                literal.skiing += usize::from(refused(true));
            }
        }
        literal
    }
}

/// Whether `a` copies `b` by online.md's words (`skiing_only`: its skiing inputs only).
fn literal_copy(a: &Replay, b: &Replay, skiing_only: bool) -> bool {
    let keyed = |replay: &Replay| {
        let mut keyed: Vec<(String, u64)> = replay
            .inputs
            .iter()
            .filter(|input| !skiing_only || is_skiing(input))
            .map(|input| (format!("{:?}", input.actions), input.tick.get()))
            .collect();
        keyed.sort();
        keyed
    };
    let (ours, theirs) = (keyed(a), keyed(b));
    let (mut j, mut paired) = (0, 0);
    for (key, tick) in &ours {
        while j < theirs.len()
            && (theirs[j].0 < *key || (theirs[j].0 == *key && theirs[j].1 + LITERAL_TICKS < *tick))
        {
            j += 1;
        }
        if j < theirs.len() && theirs[j].0 == *key && theirs[j].1 <= tick + LITERAL_TICKS {
            j += 1;
            paired += 1;
        }
    }
    !ours.is_empty() && paired * 100 >= ours.len() * LITERAL_PERCENT
}

fn cost(board: u64) {
    let made = Instant::now();
    let kept: Vec<Prints> = (1..=board).map(|n| human(1_000 + n).1).collect();
    println!(
        "a board of {board} human-model runs of level {LEVEL} track {TRACK} made in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let submissions: Vec<Replay> = (1..=20).map(|n| human(n).0).collect();
    let (mut check_s, mut replay_s, mut refused) = (0.0, 0.0, 0);
    // How near each submission comes to the board: its fewest unpaired prints against any run.
    let mut nearest = Vec::new();
    for replay in &submissions {
        let start = Instant::now();
        let (_, stretches) = verify_strictly_skied(replay, None).expect("a real run verifies");
        let prints = Prints::of(&replay.inputs, &stretches);
        replay_s += start.elapsed().as_secs_f64();
        let start = Instant::now();
        refused += kept.iter().filter(|theirs| prints.copies(theirs)).count();
        check_s += start.elapsed().as_secs_f64();
        nearest.push(kept.iter().map(|theirs| unpaired(&prints, theirs)).min());
    }
    let nearest: Vec<String> = nearest
        .iter()
        .map(|n| n.map_or("-".to_owned(), |n| n.to_string()))
        .collect();
    println!(
        "each submission's fewest unpaired skiing inputs against the {board}: {}",
        nearest.join(" ")
    );
    let n = submissions.len() as f64;
    println!(
        "near-copy check against {board} kept runs: {:.2} ms a submission (its strict re-play: \
         {:.2} ms; the check is {:.0} % of it); {refused} copies found among {} comparisons",
        check_s / n * 1e3,
        replay_s / n * 1e3,
        check_s / replay_s * 100.0,
        board * submissions.len() as u64
    );
}
