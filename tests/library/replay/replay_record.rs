//! Recording a run as the app does (stopped at any tick, Endless without an end) and
//! verifying it.

use latu::course::Course;
use latu::replay::{build_course, verify, CourseChoice, Replay, ReplayRecorder, Verdict};
use latu::sim::{Action, Bot, Run, Tick};

/// Play `course` with the bot for `ticks` ticks, recording, and return the replay.
fn record(course: Course, ticks: u64) -> Replay {
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course);
    let mut bot = Bot::new();
    let mut recorder = ReplayRecorder::new(choice);
    for _ in 0..ticks {
        let actions = bot.actions(&run);
        recorder.step(&mut run, &actions);
    }
    recorder.replay(&run)
}

fn verdict(replay: &Replay) -> Verdict {
    let choice = replay.course_choice().expect("a recorded course");
    let course = build_course(choice).expect("the course exists");
    let recorded = replay.summary.clone().expect("a recorded summary");
    verify(replay, choice, course, &recorded)
}

#[test]
fn a_run_stopped_midway_replays_to_the_same_tick() {
    let replay = record(Course::level(3, 2, None).unwrap(), 5_000);
    let summary = replay.summary.clone().unwrap();
    assert_eq!((summary.ticks, summary.finished), (5_000, false));
    assert_eq!(verdict(&replay), Verdict::Equal(summary));
}

#[test]
fn an_endless_run_without_a_set_end_replays_to_its_last_tick() {
    let replay = record(Course::endless(11), 30_000);
    assert!(replay.endless && replay.endless_distance.is_none());
    let summary = replay.summary.clone().unwrap();
    assert!(
        summary.distance > 4_000.0 && !summary.finished,
        "{summary:?}"
    );
    assert_eq!(verdict(&replay), Verdict::Equal(summary));
}

#[test]
fn a_saved_replay_loads_back_equal() {
    let replay = record(Course::level(1, 3, None).unwrap(), 3_000);
    let path = std::env::temp_dir().join(format!("latu-replay-record-{}.json", std::process::id()));
    replay.save(&path).unwrap();
    assert_eq!(Replay::load(&path).unwrap(), replay);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_extra_input_is_caught() {
    let mut replay = record(Course::level(2, 3, None).unwrap(), 4_000);
    let first = replay.inputs[0].tick;
    // A stray press the other way just before the bot's first lane change: the skier ends up a
    // lane or two away from the recorded one.
    let stray = if replay.inputs[0].actions.contains(&Action::Left) {
        Action::Right
    } else {
        Action::Left
    };
    replay.inputs.insert(
        0,
        latu::replay::TickInput {
            tick: Tick::new(first.get() - 1),
            actions: vec![stray, stray],
        },
    );
    match verdict(&replay) {
        Verdict::Mismatch(m) => assert!(
            m.tick >= first && m.tick <= first + latu::replay::HASH_EVERY,
            "caught by the next checkpoint: {m:?}"
        ),
        Verdict::Equal(_) => panic!("an extra input went unnoticed"),
    }
}
