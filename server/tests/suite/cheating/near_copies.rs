//! Near-copies (the contract's rule, `latu::online::contract::Prints`): a downloaded ghost
//! re-recorded with one input a tick off is refused, ten times over, and with every input
//! moved one, two or three ticks later (the contract's "within 3 ticks"); so is the perfect
//! bot's run re-recorded the same way; other players' honest runs of the same course are
//! ranked. On level 3 track 2, with well over the 25 skiing inputs the rule's long form judges,
//! and on level 1 track 1, whose 9 or 10 the short runs' form judges (every input paired, all
//! but one on the very same tick).
//! Each row prints with `--nocapture`.

use crate::runs::{perfect_bot_run, replay, Made};
use crate::support::{board, cheat_row, named_player, ranked, refused, Databases, Server};
use latu::online::contract::SHIFT_TOLERANCE;
use latu::replay::{play_inputs_bringing, Replay, TickInput, MAX_TICKS};
use latu::sim::{Brought, Tick};

/// The cheats tried: the original's input `k` moved one tick later, for these many `k`.
const SHIFTS: usize = 10;
/// Honest runs of the same course by other players (the human-model bot, other seeds).
const HONEST: u64 = 6;
/// A course of the table, and the first of the numbers (keys, bot seeds) its row uses.
#[derive(Clone, Copy)]
struct Row {
    level: u8,
    track: u8,
    numbers: u64,
}

/// `run`'s inputs with the `k`th moved one tick later, played anew on its course (`latu
/// simulate --input FILE --out copy.json`); `None` if the next input is on that tick.
fn shifted(run: &Replay, k: usize) -> Option<Vec<u8>> {
    let choice = run.course_choice().expect("a level run");
    let course = latu::replay::build_course(choice).expect("a level of the table");
    let mut inputs: Vec<TickInput> = run.inputs.clone();
    let later = Tick::new(inputs.get(k)?.tick.get() + 1);
    if inputs.get(k + 1).is_some_and(|next| next.tick <= later) {
        return None;
    }
    inputs[k].tick = later;
    let copy = play_inputs_bringing(choice, course, &inputs, MAX_TICKS, Brought::default());
    Some(copy.to_json().into_bytes())
}

/// `run`'s inputs, every one moved `ticks` later, played anew on its course: a whole ghost
/// re-recorded a little late.
fn moved_whole(run: &Replay, ticks: u64) -> Vec<u8> {
    let choice = run.course_choice().expect("a level run");
    let course = latu::replay::build_course(choice).expect("a level of the table");
    let inputs: Vec<TickInput> = run
        .inputs
        .iter()
        .map(|input| TickInput {
            tick: Tick::new(input.tick.get() + ticks),
            actions: input.actions.clone(),
        })
        .collect();
    let copy = play_inputs_bringing(choice, course, &inputs, MAX_TICKS, Brought::default());
    copy.to_json().into_bytes()
}

/// Level 3 track 2: long enough for the rule's long form.
pub async fn scenario(db: &dyn Databases) {
    let row = Row {
        level: 3,
        track: 2,
        numbers: 5100,
    };
    shifts_refused_honest_ranked(db, row).await;
}

/// Level 1 track 1: the short runs' form (the headline cheat, on the first course).
pub async fn short_course(db: &dyn Databases) {
    let row = Row {
        level: 1,
        track: 1,
        numbers: 5300,
    };
    shifts_refused_honest_ranked(db, row).await;
}

async fn shifts_refused_honest_ranked(db: &dyn Databases, row: Row) {
    let Row {
        level,
        track,
        numbers,
    } = row;
    let label = db.label();
    let server = Server::start(&db.fresh(&format!("near-copies-{level}-{track}")), &[]);
    let mut conn = server.connect().await;
    let owner = named_player(&mut conn, numbers, "Owner").await;
    let copier = named_player(&mut conn, numbers + 1, "Copier").await;
    let original = replay(Made::Level {
        level,
        track,
        number: numbers,
    });
    ranked(&mut conn, &owner, original.to_json().as_bytes(), label).await;

    let mut tried = 0;
    for copy in (0..original.inputs.len())
        .filter_map(|k| shifted(&original, k))
        .take(SHIFTS)
    {
        let what = (
            label,
            "a ranked run re-recorded with one input a tick later",
        );
        refused(&mut conn, &copier, &copy, what, (409, "re-recorded ghost")).await;
        tried += 1;
    }
    assert_eq!(tried, SHIFTS, "{label}: every shift tried");
    for ticks in 1..=u64::from(SHIFT_TOLERANCE) {
        let copy = moved_whole(&original, ticks);
        let what = (
            label,
            "a ranked run re-recorded with every input moved later",
        );
        refused(&mut conn, &copier, &copy, what, (409, "re-recorded ghost")).await;
    }

    let bot_copy =
        shifted(&perfect_bot_run(level, track), 0).expect("the bot's first input can move");
    let what = (
        label,
        "the perfect bot's run re-recorded with its first input a tick later",
    );
    refused(&mut conn, &copier, &bot_copy, what, (409, "perfect bot")).await;

    for n in 0..HONEST {
        let number = numbers + 100 + n;
        let player = named_player(&mut conn, number, &format!("Honest {n}")).await;
        let run = replay(Made::Level {
            level,
            track,
            number,
        });
        ranked(&mut conn, &player, run.to_json().as_bytes(), label).await;
    }
    let board = board(&mut conn, &format!("level-{level}-track-{track}")).await;
    assert_eq!(board["of"], 1 + HONEST, "{label}: {board}");
    cheat_row(
        label,
        &format!(
            "level {level} track {track}: {SHIFTS} one-tick shifts of a ranked run and the \
             whole run moved 1 to {SHIFT_TOLERANCE} ticks, from another player"
        ),
        format!("{tried} of {SHIFTS} and {SHIFT_TOLERANCE} of {SHIFT_TOLERANCE} refused 409"),
        &format!("{HONEST} honest runs of the course by other players ranked 201"),
    );
}
