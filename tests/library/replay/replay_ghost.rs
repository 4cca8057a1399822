//! The ghost of a best run: re-simulated from its replay in lockstep with the player's run, tick
//! for tick the run its replay records, with split times at the stages and the finish.

use latu::course::Course;
use latu::replay::ghost::{gap_s, SPLIT_EVERY_M};
use latu::replay::{
    build_course, record_bot, record_player, CourseChoice, Ghost, GhostError, Replay, SplitTicks,
    MAX_TICKS,
};
use latu::shooting::Rifle;
use latu::sim::{Bot, Brought, Run, Tick};

fn level(level: u8, track: u8) -> (CourseChoice, Course) {
    let course = Course::level(level, track, None).expect("a table track");
    (CourseChoice::of(&course), course)
}

/// The run a replay records, stepped by its inputs alone (no ghost code involved).
fn replayed(replay: &Replay, choice: CourseChoice) -> Run {
    let course = build_course(choice).expect("the course exists");
    Run::new(course).bringing(replay.brought())
}

fn actions_at(replay: &Replay, tick: Tick) -> Vec<latu::sim::Action> {
    replay
        .inputs
        .iter()
        .find(|input| input.tick == tick)
        .map(|input| input.actions.clone())
        .unwrap_or_default()
}

#[test]
fn the_ghost_skis_its_replay_tick_for_tick() {
    let (choice, course) = level(2, 1);
    let brought = Brought {
        rifle: Rifle::HeavyBarrel,
    };
    let best = record_player(choice, course, MAX_TICKS, Bot::human(3, 60), brought);
    let mut ghost = Ghost::new(&best, choice).expect("a ghost of its own course");
    let mut run = replayed(&best, choice);
    let end = best.summary.as_ref().expect("a summary").ticks;
    for tick in (1..=end).map(Tick::new) {
        run.step(&actions_at(&best, Tick::new(tick.get() - 1)));
        ghost.step_to(tick, &mut |_, _| {});
        let ghost_run = ghost.run();
        assert_eq!(ghost_run.tick(), tick);
        assert_eq!(ghost_run.z(), run.z(), "z at tick {tick}");
        assert_eq!(
            ghost_run.lateral_x(2.5),
            run.lateral_x(2.5),
            "x at tick {tick}"
        );
        assert_eq!(
            ghost_run.state_hash(),
            run.state_hash(),
            "state at tick {tick}"
        );
    }
    assert!(ghost.is_over());
    assert_eq!(
        &ghost.run().summary(),
        best.summary.as_ref().expect("a summary")
    );
}

#[test]
fn the_ghosts_splits_are_its_stages_its_finish_and_every_500_m_known_from_the_start() {
    let (choice, course) = level(3, 2);
    let best = record_bot(choice, course.clone(), MAX_TICKS);
    let ghost = Ghost::new(&best, choice).expect("a ghost");
    let points = ghost.split_points().metres().to_vec();
    for stage in &course.stages {
        assert!(points.contains(&stage.z), "the stage at {}", stage.z);
    }
    assert!(points.contains(&SPLIT_EVERY_M) && points.contains(&(2.0 * SPLIT_EVERY_M)));
    assert!(
        points.windows(2).all(|pair| pair[0] < pair[1]),
        "{points:?}"
    );
    assert_eq!(points.last().copied(), course.length);
    assert_eq!(
        ghost.splits().passed(),
        points.len(),
        "all known before a tick is skied"
    );
    // The same ticks an independent run of the replay passes them on.
    let mut run = replayed(&best, choice);
    let mut seen = SplitTicks::new(ghost.split_points().clone());
    while !run.is_finished() {
        run.step(&actions_at(&best, run.tick()));
        seen.observe(&run);
    }
    for index in 0..points.len() {
        assert_eq!(
            seen.tick(index),
            ghost.splits().tick(index),
            "split {index}"
        );
    }
    // The finish split is the run's last tick.
    assert_eq!(
        ghost.splits().tick(points.len() - 1),
        Some(Tick::new(best.summary.as_ref().expect("a summary").ticks))
    );
}

#[test]
fn a_slower_run_is_never_ahead_of_its_ghost_and_behind_at_the_finish() {
    let (choice, course) = level(2, 1);
    let best = record_bot(choice, course.clone(), MAX_TICKS);
    let ghost = Ghost::new(&best, choice).expect("a ghost");
    // A human-model player with a wide timing scatter: it hits obstacles and is slower.
    let slow = record_player(
        choice,
        course,
        MAX_TICKS,
        Bot::human(11, 400),
        Brought::default(),
    );
    let mut run = replayed(&slow, choice);
    let mut splits = SplitTicks::new(ghost.split_points().clone());
    let mut gaps = Vec::new();
    while !run.is_finished() {
        run.step(&actions_at(&slow, run.tick()));
        if let Some(index) = splits.observe(&run) {
            let ghost_tick = ghost.splits().tick(index).expect("the ghost passed it");
            gaps.push(gap_s(run.tick(), ghost_tick));
        }
    }
    assert_eq!(gaps.len(), ghost.split_points().metres().len());
    // Never ahead; behind from its first counted hit (the first crash is a free stumble).
    assert!(gaps.iter().all(|&gap| gap >= 0.0), "{gaps:?}");
    assert!(gaps.last().is_some_and(|&gap| gap > 0.0), "{gaps:?}");
}

#[test]
fn a_ghost_is_refused_on_another_course_and_endless_splits_up_to_its_distance() {
    let (choice, course) = level(1, 1);
    let best = record_bot(choice, course, MAX_TICKS);
    let (other, _) = level(1, 2);
    assert_eq!(
        Ghost::new(&best, other).unwrap_err(),
        GhostError::OtherCourse
    );

    let endless = CourseChoice::Endless {
        seed: 5,
        distance: Some(3_500.0),
    };
    let run = record_bot(endless, Course::endless(5), MAX_TICKS);
    let played = CourseChoice::Endless {
        seed: 5,
        distance: None,
    };
    let ghost = Ghost::new(&run, played).expect("Endless of the same seed");
    let points = ghost.split_points().metres();
    assert_eq!(points.last().copied(), Some(7.0 * SPLIT_EVERY_M));
    assert!(points.contains(&(2.0 * SPLIT_EVERY_M)));
    assert_eq!(ghost.splits().passed(), points.len());
}
