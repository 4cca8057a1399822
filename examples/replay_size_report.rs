//! Replay sizes in formats 1 (one input entry per tick), 2 (equal actions on consecutive ticks
//! packed into one entry) and 3 (touch drags written compactly too: `src/replay/packing.rs`),
//! against the server's 256 KiB body limit, for the longest runs the rules allow:
//! - the longest run the human-model bot makes on a level, and its Endless run;
//! - an aimer who stands on every mat as long as the rules allow
//!   ([`latu::shooting::stage::STAGE_MAT_LIMIT_S`] a range; on Endless also
//!   [`latu::shooting::biathlon_range::ENDLESS_MATS_S`] a run), nudging the sight every tick:
//!   on held arrow keys (a sweep), by a thumb's touch drags (deltas up to the human-model bot's
//!   thumb pace, three times over, varying every tick) and by the widest drags a tick allows
//!   (up to [`MAX_AIM_UNITS_PER_TICK`] a side, every tick different). Each holds every range to
//!   its close, and again until [`SHOOT_S`] before it and then lets the human-model bot shoot
//!   (fewer penalty loops: more skiing). On the level with the most ranges, and on Endless for
//!   the longest run the rules allow ([`latu::replay::MAX_TICKS`], an hour, which the
//!   human-model bot lasts): [`latu::replay::worst`];
//! - a held-key aimer on level 1 for `AIM_S` seconds in all (the case: a level-1 run
//!   with 124 s of aiming on held keys was a 346 KB replay in format 1).
//!
//! `cargo run --release --no-default-features --example replay_size_report [AIM_S]` (default
//! 124 s of held-key aiming on level 1).

use latu::course::levels::{ENDLESS, LEVELS};
use latu::course::Course;
use latu::online::contract::MAX_BODY_BYTES;
use latu::replay::worst::{endless_choice, endless_held, played, Aim, Aimer, JITTER_MS, SHOOT_S};
use latu::replay::{verify_strictly, CourseChoice, Replay};
use latu::shooting::bot::HUMAN_AIM_STEP;
use latu::shooting::controls::MAX_AIM_UNITS_PER_TICK;
use latu::sim::{Bot, TICK_HZ};

/// Human-model runs per track.
const RUNS: u64 = 5;
/// How far past the human-model bot's thumb pace the thumb's deltas reach.
const THUMB_SPREAD: i32 = 3;

/// Bytes in formats 1, 2 and 3, input ticks, and whether the run reads back from format 3 and
/// re-plays strictly.
struct Sizes {
    bytes: [usize; 3],
    ticks: usize,
    verified: bool,
}

fn sizes(replay: &Replay) -> Sizes {
    let written = |format| {
        let mut copy = replay.clone();
        copy.format_version = format;
        copy.to_json()
    };
    let packed = replay.to_json();
    let read = Replay::from_bytes(packed.as_bytes()).expect("a written replay reads back");
    let verified = read == *replay && verify_strictly(&read, None).is_ok();
    Sizes {
        bytes: [written(1).len(), written(2).len(), packed.len()],
        ticks: replay.inputs.len(),
        verified,
    }
}

fn main() {
    let aim_s: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(124);
    let (replay, what) = longest_human_run();
    report(
        &format!("the human-model bot's longest run ({what})"),
        &replay,
    );
    let mut human = Bot::human(1, JITTER_MS);
    let replay = played(
        endless_choice(),
        Course::endless(ENDLESS.seed),
        &mut |run| human.actions(run),
    );
    report(
        &format!("the human-model bot's Endless run{}", about(&replay)),
        &replay,
    );
    let stages = level(1, 1).stages.len() as u64;
    let hold = aim_s * u64::from(TICK_HZ) / stages;
    let mut keys = Aimer::new(Bot::human(1, JITTER_MS), Aim::Keys, hold);
    let replay = played(CourseChoice::of(&level(1, 1)), level(1, 1), &mut |run| {
        keys.actions(run)
    });
    report(
        &format!("level 1 track 1, {aim_s} s of held-key aiming over {stages} ranges"),
        &replay,
    );
    let (most_level, most_track) = LEVELS
        .iter()
        .flat_map(|spec| (1..=3).map(move |track| (spec.level, track)))
        .max_by_key(|&(l, t)| level(l, t).stages.len())
        .expect("the table has levels");
    let thumb = THUMB_SPREAD * HUMAN_AIM_STEP;
    let widest = i32::try_from(MAX_AIM_UNITS_PER_TICK).expect("a tick's aim fits an i32");
    let aims = [
        (Aim::Keys, "held keys".to_string()),
        (Aim::Drags(thumb), format!("a thumb's drags up to {thumb}")),
        (
            Aim::Drags(widest),
            format!("the widest drags, up to {widest}"),
        ),
    ];
    for (aim, who) in aims {
        for (shoot_s, how) in [(0.0, "to its close"), (SHOOT_S, "to its last 15 s")] {
            let course = level(most_level, most_track);
            let stages = course.stages.len();
            let mut aimer =
                Aimer::new(Bot::human(1, JITTER_MS), aim, u64::MAX).shooting_last(shoot_s);
            let replay = played(CourseChoice::of(&course), course, &mut |run| {
                aimer.actions(run)
            });
            report(
                &format!(
                    "level {most_level} track {most_track} ({stages} ranges), every range held \
                     {how} on {who}"
                ),
                &replay,
            );
            let replay = endless_held(aim, shoot_s);
            report(
                &format!("Endless, every range held {how} on {who}{}", about(&replay)),
                &replay,
            );
        }
    }
}

fn level(level: u8, track: u8) -> Course {
    Course::level(level, track, None).expect("a level of the table")
}

/// An Endless run's distance, mats' time and inputs a minute, in brackets.
fn about(replay: &Replay) -> String {
    let Some(summary) = replay.summary.as_ref() else {
        return String::new();
    };
    format!(
        " ({:.1} km, {:.0} s on the mats, {:.0} inputs a minute)",
        summary.distance / 1000.0,
        summary.mat_s,
        replay.inputs.len() as f64 * 60.0 / summary.time_s.max(1.0)
    )
}

/// The longest level run the human-model bot makes, and which it is.
fn longest_human_run() -> (Replay, String) {
    let mut longest: Option<(Replay, String)> = None;
    for spec in &LEVELS {
        for track in 1..=3 {
            for n in 1..=RUNS {
                let mut bot = Bot::human(n, JITTER_MS);
                let course = level(spec.level, track);
                let replay = played(CourseChoice::of(&course), course, &mut |run| {
                    bot.actions(run)
                });
                let ticks = |r: &Replay| r.summary.as_ref().map_or(0, |s| s.ticks);
                if longest
                    .as_ref()
                    .is_none_or(|(l, _)| ticks(l) < ticks(&replay))
                {
                    let what = format!("level {} track {track} bot {n}", spec.level);
                    longest = Some((replay, what));
                }
            }
        }
    }
    longest.expect("runs were made")
}

fn report(what: &str, replay: &Replay) {
    let Sizes {
        bytes: [one, two, three],
        ticks,
        verified,
    } = sizes(replay);
    let seconds = replay.summary.as_ref().map_or(0.0, |s| s.time_s);
    println!(
        "{what}: {seconds:.0} s, {ticks} input ticks; format 1 {one} bytes ({}), format 2 {two} \
         bytes ({}), format 3 {three} bytes ({}); read back and re-played strictly: {verified}",
        fits(one),
        fits(two),
        fits(three)
    );
}

fn fits(bytes: usize) -> &'static str {
    if bytes <= MAX_BODY_BYTES {
        "fits 256 KiB"
    } else {
        "over 256 KiB"
    }
}
