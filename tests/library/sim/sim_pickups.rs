//! Power-ups: laid by the planner on the safe line and fair with them (a wax boost's rows keep
//! their windows at the boosted speed), taken in their lane, each doing what it says and
//! ending as told, reported as events and counted in the summary.

use crate::sim_support;

use latu::course::fairness::{self, FairnessError};
use latu::course::pickups::{boost_reach, MAGNET_S, WAX_S};
use latu::course::{Course, ObstacleClass, Pickup, PickupKind, ShootingPosition, StageSpot};
use latu::sim::run::HIT_COIN_LOSS;
use latu::sim::{Action, Run, RunEvent};
use sim_support::{at_z, coin, course, course_with_stages, lane, obstacle, play, play_on};
use std::collections::BTreeSet;

fn with_pickups(mut course: Course, pickups: &[(f64, u8, PickupKind)]) -> Course {
    course.pickups = pickups
        .iter()
        .map(|&(z, number, kind)| Pickup {
            z,
            lane: lane(number),
            kind,
        })
        .collect();
    course
}

/// Every event of a run played to its end by `script`, with the run.
fn events_of(run: Run, mut script: impl FnMut(&Run) -> Vec<Action>) -> (Run, Vec<RunEvent>) {
    let mut events = Vec::new();
    let run = play_on(run, |run| {
        events.extend_from_slice(run.events());
        script(run)
    });
    (run, events)
}

#[test]
fn every_level_lays_power_ups_of_every_kind_on_its_coin_lines_and_stays_fair() {
    let mut kinds = BTreeSet::new();
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a table row");
            let length = course.length.expect("a level has a length");
            // About one every ten seconds of skiing, and never none.
            assert!(course.pickups.len() >= 3, "level {level} track {track}");
            assert!(course.pickups.len() as f64 <= length / course.skier.speed / 5.0);
            fairness::validate(&course).expect("fair with its power-ups");
            kinds.extend(course.pickups.iter().map(|p| p.kind));
        }
    }
    assert_eq!(kinds.len(), PickupKind::ALL.len(), "{kinds:?}");
}

#[test]
fn a_wax_boost_is_refused_before_rows_it_would_make_too_tight() {
    // Two dodge rows one lane change apart: their windows (0.28 s) hold level 1's 0.25 s at
    // 10 m/s, but not at the boost's 12 m/s.
    let rows = vec![
        obstacle(60.0, ObstacleClass::Dodge, &[0, 1], 1.0),
        obstacle(70.0, ObstacleClass::Dodge, &[0, 2], 1.0),
    ];
    let plain = course(200.0, rows, Vec::new());
    let windows = fairness::row_windows(&plain).expect("rows of one class");
    let boosted = with_pickups(plain.clone(), &[(40.0, 1, PickupKind::Wax)]);
    match fairness::validate(&boosted) {
        Err(FairnessError::UnderBoost { wax_z, .. }) => assert_eq!(wax_z, 40.0),
        other => panic!("{other:?} (windows without the boost: {windows:?})"),
    }
    // The same boost after the rows, or a magnet before them, is fair.
    fairness::validate(&with_pickups(plain.clone(), &[(80.0, 1, PickupKind::Wax)]))
        .expect("nothing to reach after the rows");
    fairness::validate(&with_pickups(plain, &[(40.0, 1, PickupKind::Magnet)]))
        .expect("a magnet speeds nothing up");
}

#[test]
fn power_ups_on_obstacles_or_boosts_within_one_reach_are_refused() {
    let dodge = vec![obstacle(60.0, ObstacleClass::Dodge, &[0], 1.0)];
    let lured = with_pickups(
        course(200.0, dodge, vec![]),
        &[(55.0, 0, PickupKind::Shield)],
    );
    assert!(matches!(
        fairness::validate(&lured),
        Err(FairnessError::PickupOnObstacle { .. })
    ));
    let reach = boost_reach(&sim_support::PARAMS);
    let twice = with_pickups(
        course(400.0, vec![], vec![]),
        &[
            (40.0, 1, PickupKind::Wax),
            (40.0 + reach / 2.0, 1, PickupKind::Wax),
        ],
    );
    assert!(matches!(
        fairness::validate(&twice),
        Err(FairnessError::BoostsOverlap { .. })
    ));
}

#[test]
fn wax_skis_faster_for_its_time_then_the_pace_comes_back() {
    let run = Run::new(with_pickups(
        course(300.0, vec![], vec![]),
        &[(20.0, 1, PickupKind::Wax)],
    ));
    let (run, events) = events_of(run, |_| Vec::new());
    let taken = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                RunEvent::PickupTaken {
                    kind: PickupKind::Wax,
                    ..
                }
            )
        })
        .count();
    let ended = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                RunEvent::PowerUpEnded {
                    kind: PickupKind::Wax
                }
            )
        })
        .count();
    assert_eq!((taken, ended), (1, 1));
    // 300 m at 10 m/s is 30 s; four seconds at 12 m/s cover 8 m more: 0.8 s saved.
    let saved = 30.0 - run.time_s();
    assert!((saved - WAX_S * 0.2).abs() < 0.05, "{saved}");
    let summary = run.summary();
    assert_eq!(summary.pickups, 1);
    assert_eq!(summary.obstacle_time_lost_s, 0.0, "a boost is no slowdown");
}

#[test]
fn a_hit_scrapes_the_wax_off() {
    let hurdle = vec![obstacle(40.0, ObstacleClass::Jump, &[0, 1, 2], 1.0)];
    let run = Run::new(with_pickups(
        course(100.0, hurdle, vec![]),
        &[(20.0, 1, PickupKind::Wax)],
    ))
    .stumble_spent();
    let (run, events) = events_of(run, |_| Vec::new());
    let hit = events
        .iter()
        .position(|e| matches!(e, RunEvent::ObstacleHit { .. }))
        .expect("the hurdle hits");
    assert_eq!(
        events[hit + 1..].first(),
        Some(&RunEvent::PowerUpEnded {
            kind: PickupKind::Wax
        })
    );
    assert_eq!(run.hits(), 1);
}

#[test]
fn the_shield_forgives_one_crash_and_the_next_one_counts() {
    let rows = vec![
        obstacle(40.0, ObstacleClass::Dodge, &[1], 1.0),
        obstacle(80.0, ObstacleClass::Dodge, &[1], 1.0),
    ];
    let coins = (0..10).map(|k| coin(5.0 + f64::from(k), 1, 0.0)).collect();
    let shielded = with_pickups(course(120.0, rows, coins), &[(30.0, 1, PickupKind::Shield)]);
    let (run, events) = events_of(Run::new(shielded).stumble_spent(), |_| Vec::new());
    assert!(events
        .iter()
        .any(|e| matches!(e, RunEvent::Shielded { .. })));
    assert_eq!(run.hits(), 1, "the second dodge block counts");
    assert_eq!(run.coins(), 10 - HIT_COIN_LOSS);
}

#[test]
fn the_magnet_takes_coins_in_every_lane_and_at_every_height_while_it_lasts() {
    let far_coins: Vec<_> = (0..8)
        .flat_map(|k| {
            let z = 30.0 + 4.0 * f64::from(k);
            [coin(z, 0, 0.0), coin(z, 2, 2.6)]
        })
        .collect();
    let late = coin(30.0 + 10.0 * (MAGNET_S + 1.0), 0, 0.0);
    let mut coins = far_coins.clone();
    coins.push(late);
    let magnet = with_pickups(
        course(200.0, vec![], coins),
        &[(20.0, 1, PickupKind::Magnet)],
    );
    let run = play(magnet, |_| Vec::new());
    assert_eq!(run.coins_collected() as usize, far_coins.len());
}

#[test]
fn second_wind_brings_a_calmer_heart_to_the_next_range_only() {
    let stages = vec![
        StageSpot {
            z: 100.0,
            position: ShootingPosition::Prone,
        },
        StageSpot {
            z: 300.0,
            position: ShootingPosition::Standing,
        },
    ];
    let arrival_bpm = |pickups: &[(f64, u8, PickupKind)]| {
        let course = with_pickups(course_with_stages(400.0, vec![], stages.clone()), pickups);
        let mut run = Run::new(course);
        let mut bpms = Vec::new();
        while bpms.len() < 2 && !run.is_finished() {
            let arrived = run
                .events()
                .iter()
                .any(|e| matches!(e, RunEvent::StageReached { .. }));
            if let (true, Some(view)) = (arrived, run.stage_view()) {
                bpms.push(view.heart_bpm);
            }
            // Fire everything away at once to get on to the next range.
            run.step(&[Action::Fire, Action::TakePenalty]);
        }
        bpms
    };
    let plain = arrival_bpm(&[]);
    let settled = arrival_bpm(&[(50.0, 1, PickupKind::Breath)]);
    assert_eq!(plain.len(), 2);
    assert!(settled[0] < plain[0] - 20.0, "{settled:?} vs {plain:?}");
    assert_eq!(settled[1], plain[1], "spent on the first range");
}

#[test]
fn a_power_up_in_another_lane_is_passed_by_and_stays_there() {
    let course = with_pickups(
        course(100.0, vec![], vec![]),
        &[(30.0, 0, PickupKind::Shield)],
    );
    let run = play(course, at_z(200.0, Action::Left));
    assert_eq!(run.summary().pickups, 0);
    assert!(!run.pickup_taken(0));
}
