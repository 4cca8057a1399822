//! The shooting stage inside a run: the stage runs on the run's ticks from the run's action
//! stream, the summary's shots and misses are the stages' real totals, the penalty loop adds
//! its 150 m per standing target after the range, and replays cover the shooting.

use crate::sim_support;

use latu::course::{Coin, Course, ShootingPosition, StageSpot};
use latu::replay::{build_course, record_bot, verify, CourseChoice, Verdict, MAX_TICKS};
use latu::shooting::reward::PENALTY_LOOP_M;
use latu::shooting::StagePhase;
use latu::sim::{Action, Bot, Run, SkierState};
use sim_support::{bot_play, coin, course_with_stages, play};

const STAGE_Z: f64 = 30.0;

/// 100 m with one prone stage at 30 m and `coins` coins in the middle lane before it.
fn one_stage_course(coins: u32) -> Course {
    let stage = StageSpot {
        z: STAGE_Z,
        position: ShootingPosition::Prone,
    };
    let coins: Vec<Coin> = (0..coins)
        .map(|i| coin(5.0 + f64::from(i), 1, 0.0))
        .collect();
    Course {
        coins,
        ..course_with_stages(100.0, vec![], vec![stage])
    }
}

fn ski_to_the_stage(run: &mut Run) {
    while run.at_stage().is_none() {
        run.step(&[]);
    }
}

/// Aim far above the targets and fire until every round is spent.
fn miss_every_round(run: &mut Run) {
    run.step(&[Action::Aim { dx: 0, dy: 400 }]);
    while run.stage_view().expect("at the range").phase != StagePhase::OutOfRounds {
        run.step(&[Action::Fire]);
    }
}

#[test]
fn the_penalty_loop_is_skied_after_the_range_150_m_per_standing_target() {
    let mut run = Run::new(one_stage_course(0));
    ski_to_the_stage(&mut run);
    assert_eq!(run.state(), SkierState::AtStage);
    miss_every_round(&mut run);
    let view = run.stage_view().expect("at the range");
    assert_eq!((view.shots, view.misses, view.can_buy), (8, 8, false));
    assert_eq!(view.penalty_if_taken_m, 5.0 * PENALTY_LOOP_M);

    run.step(&[Action::TakePenalty]);
    assert_eq!(run.at_stage(), None);
    let (stage, result) = run.last_stage_result().expect("a stage was left");
    assert_eq!((stage, result.shots, result.penalty_loops), (0, 8, 5));
    assert_eq!(run.state(), SkierState::PenaltyLoop);
    assert_eq!(run.penalty_left_m(), 750.0);
    let mut loop_ticks = 0;
    while run.state() == SkierState::PenaltyLoop {
        // Skiing actions do nothing on the loop; the course position holds.
        run.step(&[Action::Left, Action::Jump]);
        assert_eq!(run.z(), STAGE_Z);
        loop_ticks += 1;
    }
    // 750 m at 10 m/s (166 666 µm a tick): 4500.02 ticks, so 4501.
    assert_eq!(loop_ticks, 4501);
    assert_eq!(run.penalty_skied_m(), 750.0);
    while !run.is_finished() {
        run.step(&[]);
    }
    let summary = run.summary();
    assert_eq!(
        (summary.shots, summary.misses, summary.penalty_m),
        (8, 8, 750.0)
    );
    assert_eq!(summary.distance, 100.0);
}

#[test]
fn coins_buy_a_round_and_the_purse_pays_for_it() {
    let mut run = Run::new(one_stage_course(12));
    ski_to_the_stage(&mut run);
    assert_eq!(run.coins(), 12);
    miss_every_round(&mut run);
    assert!(run.stage_view().expect("at the range").can_buy);
    run.step(&[Action::BuyRound]);
    let view = run.stage_view().expect("still at the range");
    assert_eq!((view.coins_spent, view.purse), (10, 2));
    assert_eq!(view.phase, StagePhase::Reloading);
    // The bought round fires like any other (still over the targets: a ninth miss).
    while run.stage_view().expect("at the range").phase != StagePhase::OutOfRounds {
        run.step(&[Action::Fire]);
    }
    run.step(&[Action::TakePenalty]);
    let summary_now = run.summary();
    assert_eq!((summary_now.shots, summary_now.misses), (9, 9));
    assert_eq!(run.coins(), 2, "12 collected, 10 spent");
    assert_eq!(run.penalty_left_m(), 750.0);
}

#[test]
fn an_idle_player_stays_at_the_range() {
    let mut run = Run::new(one_stage_course(0));
    ski_to_the_stage(&mut run);
    for _ in 0..3_000 {
        run.step(&[Action::Right]);
    }
    assert_eq!(run.state(), SkierState::AtStage);
    assert!(run.stage_view().expect("at the range").heart_bpm < 100.0);
}

#[test]
fn the_bot_shoots_every_stage_and_the_summary_counts_it() {
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a level row");
            let stages = course.stages.len() as u32;
            let summary = bot_play(Run::new(course)).summary();
            let name = format!("level {level} track {track}: {summary:?}");
            assert_eq!(summary.stages_unshot, 0, "{name}");
            assert!(summary.shots >= 5 * stages, "{name}");
            // Every target is either hit or skied off as a penalty loop.
            let loops = (summary.penalty_m / PENALTY_LOOP_M) as u32;
            assert_eq!(summary.shots - summary.misses + loops, 5 * stages, "{name}");
            // Under a third missed: level 5's gusts cost the bot a quarter now and then.
            assert!(summary.misses * 3 < summary.shots, "{name}");
        }
    }
}

#[test]
fn replays_cover_the_shooting() {
    let course = Course::level(5, 1, None).expect("level 5");
    let choice = CourseChoice::of(&course);
    let replay = record_bot(choice, course, MAX_TICKS);
    let pressed = |wanted: fn(&Action) -> bool| {
        replay
            .inputs
            .iter()
            .flat_map(|input| &input.actions)
            .filter(|a| wanted(a))
            .count()
    };
    let summary = replay.summary.clone().expect("a summary");
    assert_eq!(pressed(|a| *a == Action::Fire), summary.shots as usize);
    assert!(pressed(|a| matches!(a, Action::Aim { .. })) > 0);
    assert!(pressed(|a| *a == Action::HoldBreath) > 0);
    let rebuilt = || build_course(choice).expect("the course");
    assert_eq!(
        verify(&replay, choice, rebuilt(), &summary),
        Verdict::Equal(summary.clone())
    );

    // One aim nudge the other way: the run departs from its record.
    let mut nudged = replay.clone();
    let input = nudged
        .inputs
        .iter_mut()
        .find(|input| {
            input
                .actions
                .iter()
                .any(|a| matches!(a, Action::Aim { .. }))
        })
        .expect("an aim input");
    for action in &mut input.actions {
        if let Action::Aim { dx, dy } = action {
            *action = Action::Aim { dx: -*dx, dy: *dy };
        }
    }
    assert!(matches!(
        verify(&nudged, choice, rebuilt(), &summary),
        Verdict::Mismatch(_)
    ));
}

#[test]
fn shooting_actions_read_plainly_in_a_replay_file() {
    let actions = [
        Action::Aim { dx: 3, dy: -2 },
        Action::Fire,
        Action::HoldBreath,
        Action::ReleaseBreath,
        Action::BuyRound,
        Action::TakePenalty,
    ];
    let json = serde_json::to_string(&actions).expect("actions encode");
    assert_eq!(
        json,
        r#"[{"aim":{"dx":3,"dy":-2}},"fire","hold_breath","release_breath","buy_round","take_penalty"]"#
    );
    let back: Vec<Action> = serde_json::from_str(&json).expect("actions decode");
    assert_eq!(back, actions);
}

#[test]
fn the_bot_skis_on_safely_after_a_penalty_loop() {
    use latu::course::ObstacleClass;
    use sim_support::obstacle;
    let mut course = one_stage_course(0);
    course.obstacles = vec![
        obstacle(37.0, ObstacleClass::Dodge, &[1], 1.0),
        obstacle(70.0, ObstacleClass::Dodge, &[0, 1], 1.0),
    ];
    let mut bot = Bot::new();
    let mut fired = false;
    let run = play(course, |run| {
        // The bot watches every tick; at the range a script misses everything instead.
        let actions = bot.actions(run);
        match run.stage_view() {
            Some(view) if view.phase == StagePhase::OutOfRounds => vec![Action::TakePenalty],
            Some(_) if !fired => {
                fired = true;
                vec![Action::Aim { dx: 0, dy: 400 }]
            }
            Some(_) => vec![Action::Fire],
            None => actions,
        }
    });
    let summary = run.summary();
    assert_eq!((summary.penalty_m, summary.hits), (750.0, 0), "{summary:?}");
}
