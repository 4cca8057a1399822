//! The near-copy rule (`latu::online::contract::Prints`) measured on real runs: what it
//! refuses, what it lets through, and what it costs on a board of many runs.
//!
//! - **Cheats:** a run re-recorded with one input moved a tick later (as `latu simulate --input
//!   FILE --out` would: the inputs played anew on the course), for ten different runs; and one
//!   run with its first skiing input moved 1 to 10 ticks later.
//! - **False positives:** every pair of the human-model bot's runs (distinct timing seeds) on
//!   each track, and each of them beside the perfect bot's run.
//! - **Cost:** one run's prints compared with a board of `BOARD` runs' prints, beside the time
//!   to re-play it strictly (what a submission costs the server's worker anyway).
//!
//! `cargo run --release --example copies_report [RUNS_PER_LEVEL] [BOARD]` (defaults 30, 10 000).

// A report times what it measures; nothing it reads of the clock reaches a run.
#![allow(clippy::disallowed_methods)]

use latu::course::Course;
use latu::online::contract::{Prints, MATCHED_SHARE, MIN_PRINTS, TICK_TOLERANCE};
use latu::replay::{
    play_inputs_bringing, record_player_skied, verify_strictly_skied, CourseChoice, Replay,
    TickInput, MAX_TICKS,
};
use latu::sim::{Action, Bot, Brought, Tick};
use std::time::Instant;

/// The human-model bot's timing scatter, milliseconds (the CLI's default and the server
/// suite's: a good player's).
const JITTER_MS: u32 = 60;
const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;
const TRACKS: std::ops::RangeInclusive<u8> = 1..=3;
/// The course of the cheats and the cost.
const LEVEL: u8 = 1;
const TRACK: u8 = 1;

fn main() {
    let mut args = std::env::args().skip(1);
    let runs_per_level: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let board: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    println!(
        "rule: both runs have at least {MIN_PRINTS} skiing inputs; at least {:.0} % of the \
         fewer's and half of the other's pair, same action, same stretch, within \
         {TICK_TOLERANCE} ticks",
        MATCHED_SHARE * 100.0
    );
    cheats();
    false_positives(runs_per_level);
    cost(board);
}

/// A run of level `level` track 1 by the human-model bot seeded `number`, with its prints.
fn human(level: u8, number: u64) -> (Replay, Prints) {
    played(level, TRACK, Bot::human(number, JITTER_MS))
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
    let choice = original.course_choice().expect("a level run");
    let course = Course::level(LEVEL, TRACK, None).expect("a level of the table");
    let copy = play_inputs_bringing(choice, course, inputs, MAX_TICKS, Brought::default());
    let (_, stretches) = verify_strictly_skied(&copy, None).expect("a re-recorded run verifies");
    Prints::of(&copy.inputs, &stretches)
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
        let (original, prints) = human(LEVEL, number);
        let copy = rerecorded(&original, &moved(&original.inputs, 0, 1));
        refused += u32::from(copy.copies(&prints));
    }
    println!(
        "one-tick shift (first input one tick later, re-recorded), ten runs of level {LEVEL} \
         track {TRACK}: {refused} of 10 refused"
    );
    let (original, prints) = human(LEVEL, 1);
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

fn false_positives(runs_per_level: u64) {
    for level in LEVELS {
        for track in TRACKS {
            let runs: Vec<Prints> = (1..=runs_per_level)
                .map(|n| played(level, track, Bot::human(n, JITTER_MS)).1)
                .collect();
            let (_, bot) = played(level, track, Bot::new());
            let (mut pairs, mut refused, mut fewest) = (0, 0, usize::MAX);
            for (i, a) in runs.iter().enumerate() {
                for b in &runs[i + 1..] {
                    pairs += 1;
                    refused += u32::from(a.copies(b));
                    fewest = fewest.min(unpaired(a, b));
                }
            }
            let bot_refused = runs.iter().filter(|run| run.copies(&bot)).count();
            let bot_fewest = runs.iter().map(|run| unpaired(run, &bot)).min();
            println!(
                "level {level} track {track}: {} skiing inputs a run; {refused} of {pairs} \
                 pairs of human-model runs refused (fewest unpaired {fewest}); beside the \
                 perfect bot: {bot_refused} of {} refused (fewest unpaired {})",
                runs.first().map_or(0, Prints::len),
                runs.len(),
                bot_fewest.unwrap_or(0)
            );
        }
    }
}

fn cost(board: u64) {
    let made = Instant::now();
    let kept: Vec<Prints> = (1..=board).map(|n| human(LEVEL, 1_000 + n).1).collect();
    println!(
        "a board of {board} human-model runs of level {LEVEL} track {TRACK} made in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let submissions: Vec<Replay> = (1..=20).map(|n| human(LEVEL, n).0).collect();
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
