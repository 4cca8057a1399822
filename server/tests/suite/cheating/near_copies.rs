//! Near-copies (the contract's rule, `latu::online::contract::Prints`): a downloaded ghost
//! re-recorded with one input a tick off is refused, ten times over, and so is the perfect
//! bot's run re-recorded the same way; other players' honest runs of the same course are
//! ranked. The course is level 3 track 2, with well over the 25 skiing inputs the rule needs to
//! judge a run (level 1's 11 to 16 cannot tell a copy from honest play, and since rules 9 level 2
//! track 3's fork leaves it 14).
//! Each row prints with `--nocapture`.

use crate::runs::{perfect_bot_run, replay, Made};
use crate::support::{board, cheat_row, named_player, ranked, refused, Databases, Server};
use latu::course::Course;
use latu::replay::{play_inputs_bringing, Replay, TickInput, MAX_TICKS};
use latu::sim::{Brought, Tick};

/// The cheats tried: the original's input `k` moved one tick later, for these many `k`.
const SHIFTS: usize = 10;
/// Honest runs of the same course by other players (the human-model bot, other seeds).
const HONEST: u64 = 6;
/// The course: long enough for the rule to judge.
const LEVEL: u8 = 3;
const TRACK: u8 = 2;

/// `run`'s inputs with the `k`th moved one tick later, played anew on its course (`latu
/// simulate --input FILE --out copy.json`); `None` if the next input is on that tick.
fn shifted(run: &Replay, k: usize) -> Option<Vec<u8>> {
    let mut inputs: Vec<TickInput> = run.inputs.clone();
    let later = Tick::new(inputs.get(k)?.tick.get() + 1);
    if inputs.get(k + 1).is_some_and(|next| next.tick <= later) {
        return None;
    }
    inputs[k].tick = later;
    let choice = run.course_choice().expect("a level run");
    let course = Course::level(LEVEL, TRACK, None).expect("a level of the table");
    let copy = play_inputs_bringing(choice, course, &inputs, MAX_TICKS, Brought::default());
    Some(copy.to_json().into_bytes())
}

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("near-copies"), &[]);
    let mut conn = server.connect().await;
    let owner = named_player(&mut conn, 5100, "Owner").await;
    let copier = named_player(&mut conn, 5101, "Copier").await;
    let original = replay(Made::Level {
        level: LEVEL,
        track: TRACK,
        number: 5100,
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

    let bot_copy =
        shifted(&perfect_bot_run(LEVEL, TRACK), 0).expect("the bot's first input can move");
    let what = (
        label,
        "the perfect bot's run re-recorded with its first input a tick later",
    );
    refused(&mut conn, &copier, &bot_copy, what, (409, "perfect bot")).await;

    for n in 0..HONEST {
        let player = named_player(&mut conn, 5200 + n, &format!("Honest {n}")).await;
        let run = replay(Made::Level {
            level: LEVEL,
            track: TRACK,
            number: 5200 + n,
        });
        ranked(&mut conn, &player, run.to_json().as_bytes(), label).await;
    }
    let board = board(&mut conn, &format!("level-{LEVEL}-track-{TRACK}")).await;
    assert_eq!(board["of"], 1 + HONEST, "{label}: {board}");
    cheat_row(
        label,
        &format!("{SHIFTS} one-tick shifts of a ranked run, from another player"),
        format!("{tried} of {SHIFTS} refused 409"),
        &format!("{HONEST} honest runs of the course by other players ranked 201"),
    );
}
