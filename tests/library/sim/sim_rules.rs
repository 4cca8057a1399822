//! Every rule of the simulation, on hand-made courses (10 m/s: 166 666 µm per tick).

use crate::sim_support;

use latu::course::{ObstacleClass, ShootingPosition, StageSpot};
use latu::sim::run::{GRACE_TICKS, HIT_COIN_LOSS, RECOVERY_TICKS};
use latu::sim::{Action, Run, RunEvent, SkierState, Vertical};
use sim_support::{at_tick, at_z, coin, course, course_with_stages, obstacle, play, Script};

const ALL: &[u8] = &[0, 1, 2];

fn hits(class: ObstacleClass, lanes: &[u8], script: impl FnMut(&Run) -> Vec<Action>) -> u32 {
    play(
        course(100.0, vec![obstacle(50.0, class, lanes, 1.0)], vec![]),
        script,
    )
    .hits()
}

fn nothing(_: &Run) -> Vec<Action> {
    Vec::new()
}

#[test]
fn a_jump_clears_a_jump_obstacle_but_not_a_duck_one() {
    assert_eq!(hits(ObstacleClass::Jump, ALL, nothing), 1);
    assert_eq!(hits(ObstacleClass::Jump, ALL, at_z(47.5, Action::Jump)), 0);
    assert_eq!(hits(ObstacleClass::Duck, ALL, at_z(47.5, Action::Jump)), 1);
    // Landing in front of it is no help.
    assert_eq!(hits(ObstacleClass::Jump, ALL, at_z(40.0, Action::Jump)), 1);
}

#[test]
fn a_duck_clears_a_duck_obstacle_but_not_a_jump_one() {
    assert_eq!(hits(ObstacleClass::Duck, ALL, nothing), 1);
    assert_eq!(hits(ObstacleClass::Duck, ALL, at_z(47.5, Action::Duck)), 0);
    assert_eq!(hits(ObstacleClass::Jump, ALL, at_z(47.5, Action::Duck)), 1);
}

#[test]
fn a_dodge_obstacle_hits_only_in_its_lanes_and_cannot_be_jumped_or_ducked() {
    let middle = &[1];
    assert_eq!(hits(ObstacleClass::Dodge, middle, nothing), 1);
    assert_eq!(
        hits(ObstacleClass::Dodge, middle, at_z(40.0, Action::Left)),
        0
    );
    assert_eq!(
        hits(ObstacleClass::Dodge, middle, at_z(40.0, Action::Right)),
        0
    );
    assert_eq!(
        hits(ObstacleClass::Dodge, middle, at_z(47.5, Action::Jump)),
        1
    );
    assert_eq!(
        hits(ObstacleClass::Dodge, middle, at_z(47.5, Action::Duck)),
        1
    );
    let left_two = &[0, 1];
    assert_eq!(
        hits(ObstacleClass::Dodge, left_two, at_z(40.0, Action::Right)),
        0
    );
    assert_eq!(
        hits(ObstacleClass::Dodge, left_two, at_z(40.0, Action::Left)),
        1
    );
}

/// A thin dodge obstacle in the middle lane at z = 50. The sweep touches it on ticks 294..=305
/// (front `(T+1)·v + 0.9 > 50`, back `T·v − 0.9 < 50`). With a 10-tick lane change the skier is
/// in the lane it left on the first 7 ticks and in the lane it moves to from the 3rd tick on.
fn mid_change_hits(script: impl FnMut(&Run) -> Vec<Action>) -> u32 {
    play(
        course(
            100.0,
            vec![obstacle(50.0, ObstacleClass::Dodge, &[1], 0.0)],
            vec![],
        ),
        script,
    )
    .hits()
}

#[test]
fn leaving_a_lane_counts_as_in_it_for_three_quarters_of_the_change() {
    // In the middle lane on ticks s..=s+6: free when s + 6 < 294.
    assert_eq!(mid_change_hits(at_tick(287, Action::Left)), 0);
    assert_eq!(mid_change_hits(at_tick(288, Action::Left)), 1);
}

#[test]
fn entering_a_lane_counts_as_in_it_from_a_quarter_of_the_change() {
    // From the left lane, in the middle lane from tick s + 2: free when s + 2 > 305.
    let enter_at = |s: u64| {
        move |run: &Run| match run.tick().get() {
            0 => vec![Action::Left],
            t if t == s => vec![Action::Right],
            _ => Vec::new(),
        }
    };
    assert_eq!(mid_change_hits(enter_at(304)), 0);
    assert_eq!(mid_change_hits(enter_at(303)), 1);
}

/// The skier's vertical motion after `ticks` steps with a jump on tick 10 and another on `again`.
fn vertical_after(again: u64, ticks: u64) -> Vertical {
    let mut run = Run::new(course(100.0, vec![], vec![]));
    for tick in 0..ticks {
        let actions = if tick == 10 || tick == again {
            vec![Action::Jump]
        } else {
            Vec::new()
        };
        run.step(&actions);
    }
    run.skier().vertical()
}

#[test]
fn a_press_while_busy_waits_in_the_buffer_for_about_120_ms() {
    // The first jump lasts 33 ticks (10..=42); the channel is free on tick 43.
    assert_eq!(vertical_after(36, 44), Vertical::Jumping { elapsed: 1 });
    assert_eq!(vertical_after(35, 44), Vertical::Ground);
    // A lane change is another channel: it starts at once in the air.
    let mut run = Run::new(course(100.0, vec![], vec![]));
    run.step(&[Action::Jump]);
    run.step(&[Action::Left]);
    assert!(run.lateral_x(2.5) < 0.0);
    assert_eq!(run.state(), SkierState::Jumping);
}

#[test]
fn a_hit_slows_the_skier_costs_coins_and_it_recovers() {
    let coins = (0..10)
        .map(|i| coin(10.0 + f64::from(i) * 2.0, 1, 0.5))
        .collect();
    let dodge = obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0);
    let mut run = Run::new(course(200.0, vec![dodge], coins)).stumble_spent();
    while run.hits() == 0 {
        assert_eq!(run.speed(), 9.99996);
        run.step(&[]);
    }
    assert_eq!(run.coins_collected(), 10);
    assert_eq!(run.coins(), 10 - HIT_COIN_LOSS);
    assert_eq!(run.state(), SkierState::Stumbling);
    assert!(run.speed() < 5.1);
    let mut speeds = Vec::new();
    for _ in 0..RECOVERY_TICKS {
        speeds.push(run.speed());
        run.step(&[]);
    }
    assert!(
        speeds.windows(2).all(|w| w[0] <= w[1]),
        "recovery is steady"
    );
    assert!(speeds[90] > 6.0 && speeds[90] < 9.0);
    assert_eq!(run.speed(), 9.99996);
    assert_eq!(run.state(), SkierState::Skiing);
}

#[test]
fn the_first_crash_is_forgiven_as_a_stumble_and_the_second_counts() {
    let coins = (0..10)
        .map(|i| coin(10.0 + f64::from(i) * 2.0, 1, 0.5))
        .collect();
    // Two rocks in the start lane, the second well past the first one's grace.
    let rocks = vec![
        obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0),
        obstacle(80.0, ObstacleClass::Dodge, &[1], 1.0),
    ];
    let mut run = Run::new(course(200.0, rocks, coins));
    let mut stumbled = Vec::new();
    while run.stumbles() == 0 {
        run.step(&[]);
        stumbled.extend_from_slice(run.events());
    }
    assert!(stumbled.contains(&RunEvent::Stumbled {
        obstacle: 0,
        class: ObstacleClass::Dodge
    }));
    assert!(!stumbled.iter().any(|event| matches!(
        event,
        RunEvent::ObstacleHit { .. } | RunEvent::LifeLost { .. }
    )));
    // Forgiven: no hit, no coin lost, no slowdown; the grace keeps the rock from hitting again.
    assert_eq!((run.hits(), run.coins(), run.coins_lost()), (0, 10, 0));
    assert_eq!(run.speed(), 9.99996);
    assert_eq!(run.state(), SkierState::Stumbling);
    for _ in 0..GRACE_TICKS {
        run.step(&[]);
    }
    assert_eq!((run.hits(), run.stumbles()), (0, 1));
    while run.hits() == 0 {
        run.step(&[]);
    }
    assert_eq!(
        (run.coins(), run.coins_lost()),
        (10 - HIT_COIN_LOSS, HIT_COIN_LOSS)
    );
    assert!(run.speed() < 5.1);
}

#[test]
fn the_runs_coins_never_go_below_zero() {
    let coins = (0..3).map(|i| coin(10.0 + f64::from(i), 1, 0.5)).collect();
    let dodge = obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0);
    let run = play(course(100.0, vec![dodge], coins), nothing);
    assert_eq!((run.hits(), run.coins(), run.coins_lost()), (1, 0, 3));
}

#[test]
fn grace_after_a_hit_and_one_obstacle_never_hits_twice() {
    let two_at = |gap: f64| {
        vec![
            obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0),
            obstacle(51.0 + gap, ObstacleClass::Dodge, &[1], 1.0),
        ]
    };
    assert_eq!(play(course(150.0, two_at(1.0), vec![]), nothing).hits(), 1);
    // Beyond the grace period (60 ticks at no more than 10 m/s) the next one hits.
    assert!(f64::from(GRACE_TICKS) / 60.0 * 10.0 < 20.0);
    assert_eq!(play(course(150.0, two_at(20.0), vec![]), nothing).hits(), 2);
    // A long obstacle outlasts the grace period but hits once.
    let long = vec![obstacle(50.0, ObstacleClass::Dodge, &[1], 30.0)];
    assert_eq!(play(course(150.0, long, vec![]), nothing).hits(), 1);
}

#[test]
fn coins_are_taken_in_their_lane_within_reach() {
    let taken =
        |coins, script: Script| play(course(100.0, vec![], coins), script).coins_collected();
    assert_eq!(taken(vec![coin(50.0, 1, 0.5)], Box::new(nothing)), 1);
    assert_eq!(taken(vec![coin(50.0, 0, 0.5)], Box::new(nothing)), 0);
    assert_eq!(
        taken(vec![coin(50.0, 0, 0.5)], Box::new(at_z(40.0, Action::Left))),
        1
    );
    // High in the air: only at the top of a jump.
    assert_eq!(taken(vec![coin(50.0, 1, 2.5)], Box::new(nothing)), 0);
    assert_eq!(
        taken(vec![coin(50.0, 1, 2.5)], Box::new(at_z(47.5, Action::Jump))),
        1
    );
    // Head height: a ducked skier passes below it.
    assert_eq!(taken(vec![coin(50.0, 1, 1.5)], Box::new(nothing)), 1);
    assert_eq!(
        taken(vec![coin(50.0, 1, 1.5)], Box::new(at_z(47.5, Action::Duck))),
        0
    );
    // A coin counts once, a line of coins counts each.
    let line = (0..20).map(|i| coin(20.0 + f64::from(i), 1, 0.5)).collect();
    assert_eq!(taken(line, Box::new(nothing)), 20);
}

#[test]
fn the_run_finishes_at_the_course_length_and_stops() {
    let mut run = play(course(100.0, vec![], vec![]), nothing);
    // 100 m at 166 666 µm per tick: the 601st tick crosses the line.
    let summary = run.summary();
    assert_eq!(
        (summary.ticks, summary.distance, summary.finished),
        (601, 100.0, true)
    );
    assert_eq!(run.state(), SkierState::Finished);
    let hash = run.state_hash();
    run.step(&[Action::Jump]);
    assert_eq!(run.state_hash(), hash);
    assert_eq!(run.summary(), summary);
}

#[test]
fn a_stage_stops_the_skier_and_is_passed_unshot_without_fake_results() {
    let stage = StageSpot {
        z: 30.0,
        position: ShootingPosition::Prone,
    };
    let mut run = Run::unshot(course_with_stages(100.0, vec![], vec![stage]));
    while run.at_stage().is_none() {
        run.step(&[Action::Left]);
    }
    assert_eq!((run.z(), run.state()), (30.0, SkierState::AtStage));
    // Running actions complete on arrival.
    assert_eq!((run.lateral_x(2.5), run.lane_position()), (-2.5, 0.0));
    let arrived = run.tick();
    run.step(&[Action::Right]);
    assert_eq!(run.at_stage(), None);
    assert_eq!(run.z(), 30.0);
    assert_eq!(run.tick(), arrived + 1);
    while !run.is_finished() {
        run.step(&[]);
    }
    let summary = run.summary();
    assert_eq!(
        (summary.shots, summary.misses, summary.stages_unshot),
        (0, 0, 1)
    );
    // 181 ticks to the stage (the last one cut short), one at the range, 421 for the last 70 m.
    assert_eq!(summary.ticks, 603);
}
