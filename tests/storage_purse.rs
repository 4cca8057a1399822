//! The purse lasts: coins saved after a run come back in the next session, a damaged purse file
//! is kept aside (the player told) and the game goes on with an empty purse, and a run that
//! brought a purse replays exactly — only with that purse.

mod storage_support;

use latu::course::Course;
use latu::replay::{build_course, verify, CourseChoice, Replay, ReplayRecorder, Verdict};
use latu::sim::{Bot, Run};
use latu::storage::{player_messages, Outcome, Purse, Store};
use std::fs;
use storage_support::scratch;

#[test]
fn the_purse_is_kept_between_sessions() {
    let dir = scratch("purse-kept");
    let store = Store::new(&dir);
    store.save_purse(&Purse { coins: 321 }).expect("saved");
    let mut later = Store::new(&dir);
    let loaded = later.load_purse();
    assert_eq!(loaded.value, Purse { coins: 321 });
    assert!(loaded.notices.is_empty());
    assert_eq!(
        Store::new(scratch("purse-none")).load_purse().value,
        Purse::default()
    );
}

#[test]
fn a_damaged_purse_is_kept_aside_and_the_player_told() {
    let dir = scratch("purse-damaged");
    fs::create_dir_all(&dir).expect("the folder");
    let path = dir.join("purse.json");
    fs::write(&path, b"{\"coins\": \"lots\"").expect("written");
    let mut store = Store::new(&dir);
    let loaded = store.load_purse();
    assert_eq!(loaded.value, Purse::default());
    assert_eq!(loaded.notices.len(), 1);
    assert!(matches!(
        loaded.notices[0].outcome,
        Outcome::KeptAsideUsingDefaults(_)
    ));
    assert!(
        dir.join("purse.json.corrupt-1").is_file(),
        "nothing is lost"
    );
    let told = player_messages(&loaded.notices).join(" ");
    assert!(told.contains("Your purse"), "{told}");
    // Too many coins for any purse: capped, and said.
    fs::write(&path, b"{\"coins\": 4000000000}").expect("written");
    let loaded = store.load_purse();
    assert_eq!(loaded.value.coins, latu::storage::purse::MAX_PURSE);
}

#[test]
fn a_run_that_brought_a_purse_replays_with_it_and_not_without() {
    let course = Course::level(2, 1, None).expect("a table level");
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course).with_purse(150);
    let mut bot = Bot::new();
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() {
        let actions = bot.actions(&run);
        recorder.step(&mut run, &actions);
    }
    let replay = recorder.replay(&run);
    assert_eq!(replay.purse, 150);
    let summary = replay.summary.clone().expect("a summary");
    assert!(
        summary.coins >= 150 || summary.shots > 10,
        "the purse is in the coins"
    );
    let path = scratch("purse-replay").join("run.json");
    fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    replay.save(&path).expect("saved");
    let loaded = Replay::load(&path).expect("loaded");
    let check = |replay: &Replay| {
        let course = build_course(choice).expect("the course");
        verify(replay, choice, course, &summary)
    };
    assert_eq!(check(&loaded), Verdict::Equal(summary.clone()));
    let without = Replay { purse: 0, ..loaded };
    assert!(matches!(check(&without), Verdict::Mismatch(_)));
}
