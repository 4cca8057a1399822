//! The run reports what happened, in order, as events: scenarios on hand-made courses (10 m/s,
//! a 10-tick lane change, a 33-tick jump).

use crate::sim_support;

use latu::course::{Lane, ObstacleClass, ShootingPosition, StageSpot, SKIER_HALF_LENGTH};
use latu::shooting::StagePhase;
use latu::sim::run::GRACE_TICKS;
use latu::sim::{Action, Run, RunEvent};
use sim_support::{at_z, coin, course, course_with_stages, obstacle};

/// Every event of a run played to its end, with the tick after which it happened.
fn events_of(mut run: Run, mut script: impl FnMut(&Run) -> Vec<Action>) -> Vec<(u64, RunEvent)> {
    let mut seen = Vec::new();
    while !run.is_finished() {
        let actions = script(&run);
        run.step(&actions);
        seen.extend(run.events().iter().map(|event| (run.tick().get(), *event)));
        assert!(run.tick().get() < 100_000, "the run never finished");
    }
    seen
}

fn nothing(_: &Run) -> Vec<Action> {
    Vec::new()
}

fn hit_ticks(events: &[(u64, RunEvent)]) -> Vec<u64> {
    events
        .iter()
        .filter(|(_, event)| matches!(event, RunEvent::ObstacleHit { .. }))
        .map(|(tick, _)| *tick)
        .collect()
}

#[test]
fn a_rock_in_the_skiers_lane_hits_once_and_not_again_within_the_grace() {
    // Two rocks 1 m apart in the start lane: the second lies inside the first's grace.
    let rocks = vec![
        obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0),
        obstacle(52.0, ObstacleClass::Dodge, &[1], 1.0),
    ];
    let events = events_of(
        Run::unshot(course(100.0, rocks, vec![])).stumble_spent(),
        nothing,
    );
    let hits = hit_ticks(&events);
    assert_eq!(hits.len(), 1, "{events:?}");
    // The first tick whose sweep reaches the rock: the skier's front passes 50 m.
    let per_tick = 10.0 / 60.0;
    let first_touch = ((50.0 - SKIER_HALF_LENGTH) / per_tick).ceil() as u64;
    assert_eq!(hits[0], first_touch);
    assert!(matches!(
        events.iter().find(|(tick, _)| *tick == hits[0]),
        Some((
            _,
            RunEvent::ObstacleHit {
                obstacle: 0,
                class: ObstacleClass::Dodge,
                coins_lost: 0
            }
        ))
    ));
    assert!(!events.iter().any(|(tick, event)| {
        matches!(event, RunEvent::ObstacleHit { .. })
            && *tick <= hits[0] + u64::from(GRACE_TICKS)
            && *tick > hits[0]
    }));
    let steady = events
        .iter()
        .find(|(_, event)| *event == RunEvent::Steady)
        .map(|(tick, _)| *tick);
    assert_eq!(
        steady,
        Some(hits[0] + u64::from(GRACE_TICKS) - 1),
        "the grace ends"
    );
    assert_eq!(events.last().map(|(_, e)| *e), Some(RunEvent::Finished));
}

#[test]
fn a_jump_over_a_hurdle_reports_jump_clear_and_landing_in_that_order() {
    let hurdle = vec![obstacle(50.0, ObstacleClass::Jump, &[0, 1, 2], 1.0)];
    let events = events_of(
        Run::unshot(course(100.0, hurdle, vec![])).stumble_spent(),
        at_z(47.5, Action::Jump),
    );
    let kinds: Vec<RunEvent> = events.iter().map(|(_, event)| *event).collect();
    assert_eq!(
        kinds,
        [
            RunEvent::Jump,
            RunEvent::ObstacleCleared {
                obstacle: 0,
                class: ObstacleClass::Jump
            },
            RunEvent::Landing,
            RunEvent::DistanceMark { metres: 100 },
            RunEvent::Finished
        ]
    );
}

#[test]
fn a_duck_under_a_banner_reports_duck_clear_and_standing_up() {
    let banner = vec![obstacle(50.0, ObstacleClass::Duck, &[0, 1, 2], 1.0)];
    let events = events_of(
        Run::unshot(course(100.0, banner, vec![])),
        at_z(47.5, Action::Duck),
    );
    let kinds: Vec<RunEvent> = events.iter().map(|(_, event)| *event).collect();
    assert_eq!(kinds[0], RunEvent::Duck);
    assert!(kinds.contains(&RunEvent::ObstacleCleared {
        obstacle: 0,
        class: ObstacleClass::Duck
    }));
    assert!(kinds.contains(&RunEvent::StoodUp));
}

#[test]
fn a_late_dodge_is_a_near_miss_and_an_early_one_is_not() {
    let rock = || vec![obstacle(50.0, ObstacleClass::Dodge, &[1], 1.0)];
    let near = |start_z: f64| {
        events_of(
            Run::unshot(course(100.0, rock(), vec![])),
            at_z(start_z, Action::Left),
        )
        .iter()
        .any(|(_, event)| *event == RunEvent::NearMiss { obstacle: 0 })
    };
    // A lane change takes 10 ticks (1.67 m); the skier leaves its lane 8 ticks in. Started
    // 8 ticks before its sweep reaches the rock, it passes it on the change's last ticks, less
    // than a lane away; started 20 m before, it is long in the next lane.
    let per_tick = 10.0 / 60.0;
    let reach = 50.0 - SKIER_HALF_LENGTH;
    assert!(near(reach - 9.0 * per_tick));
    assert!(!near(30.0));
    assert!(
        !near(reach - 6.0 * per_tick),
        "still in the rock's lane: a hit"
    );
}

#[test]
fn a_hit_is_never_also_a_clear_or_a_near_miss() {
    let hurdle = vec![obstacle(50.0, ObstacleClass::Jump, &[0, 1, 2], 1.0)];
    // Landing before the hurdle: hit.
    let events = events_of(
        Run::unshot(course(100.0, hurdle, vec![])).stumble_spent(),
        at_z(40.0, Action::Jump),
    );
    assert_eq!(hit_ticks(&events).len(), 1);
    assert!(!events.iter().any(|(_, event)| matches!(
        event,
        RunEvent::ObstacleCleared { .. } | RunEvent::NearMiss { .. }
    )));
}

#[test]
fn coins_in_a_row_count_up_and_a_coin_missed_in_the_skiers_lane_starts_again() {
    // The skier runs on in the middle lane: the coin at 24 m is out of its reach (too high); the
    // row of three at 28 m has lines in the other lanes, which were not its to take.
    let out_of_reach = 5.0;
    let coins = vec![
        coin(20.0, 1, 0.5),
        coin(22.0, 1, 0.5),
        coin(24.0, 1, out_of_reach),
        coin(26.0, 1, 0.5),
        coin(28.0, 0, 0.0),
        coin(28.0, 1, 0.0),
        coin(28.0, 2, 0.0),
        coin(30.0, 1, 0.5),
    ];
    let events = events_of(Run::unshot(course(50.0, vec![], coins)), nothing);
    let streaks: Vec<(usize, u32)> = events
        .iter()
        .filter_map(|(_, event)| match event {
            RunEvent::CoinTaken { coin, streak, .. } => Some((*coin, *streak)),
            _ => None,
        })
        .collect();
    assert_eq!(streaks, [(0, 1), (1, 2), (3, 1), (5, 2), (7, 3)]);
}

#[test]
fn a_lane_change_reports_where_from_and_to() {
    let events = events_of(
        Run::unshot(course(30.0, vec![], vec![])),
        at_z(10.0, Action::Right),
    );
    assert_eq!(
        events[0].1,
        RunEvent::LaneChange {
            from: Lane::MIDDLE,
            to: Lane::RIGHT
        }
    );
}

#[test]
fn a_stage_reports_arrival_each_shot_and_the_penalty_loops() {
    let stages = vec![StageSpot {
        z: 20.0,
        position: ShootingPosition::Prone,
    }];
    // Fire blindly as fast as the rifle allows: some shots miss, targets left standing cost
    // penalty loops.
    let events = events_of(
        Run::new(course_with_stages(60.0, vec![], stages)),
        |run: &Run| match run.stage_view() {
            Some(view) if view.phase == StagePhase::OutOfRounds => vec![Action::TakePenalty],
            Some(_) => vec![Action::Fire],
            None => vec![],
        },
    );
    let kinds: Vec<RunEvent> = events.iter().map(|(_, event)| *event).collect();
    assert!(matches!(
        kinds[0],
        RunEvent::StageReached {
            stage: 0,
            position: ShootingPosition::Prone
        }
    ));
    let shots = kinds
        .iter()
        .filter(|e| matches!(e, RunEvent::ShotFired { .. }))
        .count();
    let downs = kinds
        .iter()
        .filter(|e| matches!(e, RunEvent::TargetDown { .. }))
        .count();
    let left = kinds.iter().find_map(|e| match e {
        RunEvent::StageLeft { result } => Some(*result),
        _ => None,
    });
    let result = left.expect("the skier leaves the range");
    assert_eq!(shots as u32, result.shots);
    assert_eq!(downs as u32, result.shots - result.misses);
    if result.penalty_loops > 0 {
        let started = kinds.iter().position(|e| {
            *e == RunEvent::PenaltyLoopStarted {
                loops: result.penalty_loops,
            }
        });
        let finished = kinds
            .iter()
            .position(|e| *e == RunEvent::PenaltyLoopFinished);
        assert!(started.is_some() && started < finished);
    }
    assert_eq!(kinds.last(), Some(&RunEvent::Finished));
}

#[test]
fn events_leave_the_replay_hash_alone() {
    // Two runs of one course, one read for its events every tick: the same state hash.
    let make = || {
        Run::unshot(course(
            100.0,
            vec![obstacle(50.0, ObstacleClass::Jump, &[1], 1.0)],
            vec![],
        ))
    };
    let (mut read, mut unread) = (make(), make());
    let mut seen = 0;
    while !read.is_finished() {
        read.step(&[]);
        unread.step(&[]);
        seen += read.events().len();
    }
    assert!(seen > 0);
    assert_eq!(read.state_hash(), unread.state_hash());
}

/// A run that misses every shot at one stage and skis its penalty loops, steering with
/// `steer` on the loop; its events and the final state hash.
fn penalty_run(mut steer: impl FnMut(&Run) -> Vec<Action>) -> (Vec<RunEvent>, u64, f64) {
    let stages = vec![StageSpot {
        z: 20.0,
        position: ShootingPosition::Prone,
    }];
    let mut run = Run::new(course_with_stages(60.0, vec![], stages));
    let mut seen = Vec::new();
    while !run.is_finished() {
        let actions = match run.stage_view() {
            Some(view) if view.phase == StagePhase::OutOfRounds => vec![Action::TakePenalty],
            // Aim ever higher over the targets: every round misses.
            Some(_) => vec![Action::Aim { dx: 0, dy: 250 }, Action::Fire],
            None => steer(&run),
        };
        run.step(&actions);
        seen.extend_from_slice(run.events());
        assert!(run.tick().get() < 100_000, "the run never finished");
    }
    (seen, run.state_hash(), run.summary().penalty_m)
}

#[test]
fn steering_on_the_penalty_loop_moves_the_skier_across_and_changes_no_outcome() {
    let mut widest_m: f64 = 0.0;
    let (events, hash, penalty_m) = penalty_run(|run| {
        if run.state() != latu::sim::SkierState::PenaltyLoop {
            return Vec::new();
        }
        widest_m = widest_m.max(run.loop_offset_m().abs());
        // Weave: a step to one side, then the other, every second.
        match run.tick().get() % 120 {
            0 => vec![Action::Left],
            60 => vec![Action::Right, Action::Right],
            _ => Vec::new(),
        }
    });
    let (straight_events, straight_hash, straight_m) = penalty_run(|_| Vec::new());
    assert!(penalty_m > 0.0, "the stage left targets standing");
    assert!(
        widest_m > 0.5,
        "the skier moved across the loop's way: {widest_m} m"
    );
    assert_eq!(
        events, straight_events,
        "steering is told nothing and tells nothing"
    );
    assert_eq!((hash, penalty_m), (straight_hash, straight_m));
}
