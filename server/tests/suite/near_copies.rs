//! Near-copies (the contract's rule, `latu::online::contract::Prints`): a downloaded ghost
//! re-recorded with one input a tick off is refused, ten times over, and so is the perfect
//! bot's run re-recorded the same way; other players' honest runs of the same course are
//! ranked. Each row prints with `--nocapture`.

use super::runs::{replay, Made};
use super::support::{cheat_answer as row, cheat_row, named_player, Databases, Server};
use latu::course::Course;
use latu::replay::{play_inputs_bringing, record_player, Replay, TickInput, MAX_TICKS};
use latu::sim::{Bot, Brought, Tick};

/// The cheats tried: the original's input `k` moved one tick later, for these many `k`.
const SHIFTS: usize = 10;
/// Honest runs of the same course by other players (the human-model bot, other seeds).
const HONEST: u64 = 6;

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
    let course = Course::level(1, 1, None).expect("level 1");
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
        level: 1,
        track: 1,
        number: 5100,
    });
    let sent = owner
        .submit(&mut conn, original.to_json().as_bytes())
        .await
        .expect("answered");
    assert_eq!(sent.status, 201, "{label}: {:?}", sent.error());

    let mut refused = 0;
    for copy in (0..original.inputs.len())
        .filter_map(|k| shifted(&original, k))
        .take(SHIFTS)
    {
        let response = copier.submit(&mut conn, &copy).await.expect("answered");
        row(
            label,
            "a ranked run re-recorded with one input a tick later",
            &response,
        );
        assert_eq!(response.status, 409, "{label}: {:?}", response.error());
        assert!(
            response
                .error()
                .is_some_and(|e| e.contains("re-recorded ghost")),
            "{label}: {:?}",
            response.error()
        );
        refused += 1;
    }
    assert_eq!(refused, SHIFTS, "{label}: every shift tried");

    let bot = {
        let course = Course::level(1, 1, None).expect("level 1");
        let choice = latu::replay::CourseChoice::of(&course);
        record_player(choice, course, MAX_TICKS, Bot::new(), Brought::default())
    };
    let bot_copy = shifted(&bot, 0).expect("the bot's first input can move");
    let response = copier.submit(&mut conn, &bot_copy).await.expect("answered");
    row(
        label,
        "the perfect bot's run re-recorded with its first input a tick later",
        &response,
    );
    assert_eq!(response.status, 409, "{label}: {:?}", response.error());
    assert!(response.error().is_some_and(|e| e.contains("perfect bot")));

    for n in 0..HONEST {
        let player = named_player(&mut conn, 5200 + n, &format!("Honest {n}")).await;
        let run = replay(Made::Level {
            level: 1,
            track: 1,
            number: 5200 + n,
        });
        let response = player
            .submit(&mut conn, run.to_json().as_bytes())
            .await
            .expect("answered");
        assert_eq!(
            response.status,
            201,
            "{label}: another player's honest run: {:?}",
            response.error()
        );
    }
    let board = conn
        .send("GET", "/v1/boards/level-1-track-1", &[], b"")
        .await
        .expect("answered")
        .json();
    assert_eq!(board["of"], 1 + HONEST, "{label}: {board}");
    cheat_row(
        label,
        &format!("{SHIFTS} one-tick shifts of a ranked run, from another player"),
        format!("{refused} of {SHIFTS} refused 409"),
        &format!("{HONEST} honest runs of the course by other players ranked 201"),
    );
}
