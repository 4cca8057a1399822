//! The moving obstacle and the ramps: laid by the planner on every level and fair with them, a
//! snowmobile's crossing a pure function of the skier's distance that stops before the player
//! must react, a ramp's long air with tricks scored on landing and a late trick a fall; the
//! routes: a high trail behind a divider that refuses lane changes across it, taken by the
//! perfect bot, fair by the routes rule.

use crate::sim_support;

use latu::cli::simulate::{DEFAULT_JITTER_MS, HUMAN_BOT_SEED};
use latu::course::fairness::{self, FairnessError};
use latu::course::movers::{crossing_position, reaction_room, Crossing, SETTLE_S};
use latu::course::ramps::{flight_length, TRICK_COINS};
use latu::course::routes::choice_room;
use latu::course::{Course, CourseKind, ObstacleClass, Ramp, Route, RouteKind};
use latu::sim::skier::{Trick, Vertical};
use latu::sim::{Action, Run, RunEvent};
use sim_support::{course, lane, obstacle, play_on, PARAMS};

/// Every event of a run played to its end by `script`, with the run.
fn events_of(run: Run, mut script: impl FnMut(&Run) -> Vec<Action>) -> (Run, Vec<RunEvent>) {
    let mut events = Vec::new();
    let run = play_on(run, |run| {
        events.extend_from_slice(run.events());
        script(run)
    });
    (run, events)
}

fn with_ramp(mut course: Course, z: f64, number: u8) -> Course {
    course.ramps = vec![Ramp {
        z,
        lane: lane(number),
    }];
    course
}

#[test]
fn every_level_has_snowmobiles_and_ramps_somewhere_and_stays_fair() {
    let (mut movers, mut ramps) = (0, 0);
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a table row");
            fairness::validate(&course).expect("fair with its snowmobiles and ramps");
            movers += course
                .obstacles
                .iter()
                .filter(|o| o.motion.is_some())
                .count();
            ramps += course.ramps.len();
        }
    }
    assert!(
        movers >= 15 && ramps >= 15,
        "{movers} snowmobiles, {ramps} ramps"
    );
    let mut endless = Course::endless(11);
    endless.extend_to(6000.0);
    fairness::validate(&endless).expect("Endless is fair with them too");
    assert!(endless.obstacles.iter().any(|o| o.motion.is_some()) && !endless.ramps.is_empty());
}

#[test]
fn a_snowmobile_waits_beside_the_track_drives_across_and_stops_in_its_lane() {
    let mut mover = obstacle(100.0, ObstacleClass::Dodge, &[0], 1.0);
    let crossing = Crossing::new(false, &PARAMS);
    mover.motion = Some(crossing);
    let start = crossing.starts_at(&mover);
    let settle = crossing.settles_at(&mover);
    assert_eq!(crossing_position(&mover, start - 10.0), crossing.from);
    assert!(
        crossing.from > 2.0,
        "waits right of the track: {}",
        crossing.from
    );
    let midway = crossing_position(&mover, 0.5 * (start + settle));
    assert!(midway > 0.0 && midway < crossing.from, "{midway}");
    assert_eq!(crossing_position(&mover, settle), 0.0);
    assert_eq!(crossing_position(&mover, 99.0), 0.0);
    assert!((100.0 - settle - SETTLE_S * PARAMS.speed).abs() < 1e-9);
    assert!(crossing.settles_ahead >= reaction_room(&PARAMS, 0.25));
}

#[test]
fn a_snowmobile_that_stops_after_the_player_must_react_is_refused() {
    // A dodge row at 60 m (its action ends at 62 m), then a snowmobile: 10 m on, stopping
    // 13 m before itself, it stops before the previous action ends; 30 m on, after it, but with
    // room to react and cross two lanes.
    let rows = |gap: f64, settles_ahead: f64| {
        let mut mover = obstacle(61.0 + gap, ObstacleClass::Dodge, &[1], 1.0);
        mover.motion = Some(Crossing {
            from: -1.6,
            starts_ahead: 2.0 * settles_ahead,
            settles_ahead,
        });
        vec![obstacle(60.0, ObstacleClass::Dodge, &[0], 1.0), mover]
    };
    let game = Crossing::new(true, &PARAMS).settles_ahead;
    fairness::validate(&course(300.0, rows(10.0, game), Vec::new()))
        .expect("stops before the previous action ends");
    fairness::validate(&course(300.0, rows(30.0, game), Vec::new()))
        .expect("stops late, with room to react and cross two lanes");
    // Stopping 5 m before itself, 30 m on: after 62 m, where the player must react to it, and
    // too near to react and cross from there.
    match fairness::validate(&course(300.0, rows(30.0, 5.0), Vec::new())) {
        Err(FairnessError::MoverSettlesLate {
            settles_at,
            known_by,
            ..
        }) => {
            assert!(settles_at > known_by, "{settles_at} {known_by}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_snowmobile_sets_off_once_and_is_dodged_like_a_still_obstacle() {
    let mut mover = obstacle(80.0, ObstacleClass::Dodge, &[1], 1.0);
    mover.motion = Some(Crossing::new(true, &PARAMS));
    let plain = course(150.0, vec![mover.clone()], Vec::new());
    let (run, events) = events_of(Run::new(plain.clone()).stumble_spent(), |_| Vec::new());
    let set_off = events
        .iter()
        .filter(|e| matches!(e, RunEvent::MoverSetOff { obstacle: 0 }))
        .count();
    assert_eq!(set_off, 1);
    assert_eq!(
        run.hits(),
        1,
        "it stopped in the middle lane, where the skier stayed"
    );
    let (run, _) = events_of(Run::new(plain).stumble_spent(), |run| {
        if run.tick().get() == 30 {
            vec![Action::Left]
        } else {
            Vec::new()
        }
    });
    assert_eq!(run.hits(), 0);
}

#[test]
fn a_ramp_too_near_a_row_is_refused() {
    let row = vec![obstacle(80.0, ObstacleClass::Jump, &[0, 1, 2], 1.0)];
    let near = with_ramp(course(300.0, row.clone(), Vec::new()), 70.0, 1);
    assert!(matches!(
        fairness::validate(&near),
        Err(FairnessError::RampNotClear { .. })
    ));
    let far = with_ramp(course(300.0, row, Vec::new()), 150.0, 1);
    fairness::validate(&far).expect("a ramp well past the row");
}

/// A run over a ramp at 50 m in the middle lane pressing `press` `after` ticks into the flight.
fn flight_with(press: Option<(Action, u64)>) -> (Run, Vec<RunEvent>) {
    let ramped = with_ramp(course(200.0, Vec::new(), Vec::new()), 50.0, 1);
    let mut launched_at = None;
    events_of(Run::new(ramped), move |run| {
        if run.events().contains(&RunEvent::Launched { ramp: 0 }) {
            launched_at = Some(run.tick().get());
        }
        match (press, launched_at) {
            (Some((action, after)), Some(tick)) if run.tick().get() == tick + after => {
                vec![action]
            }
            _ => Vec::new(),
        }
    })
}

#[test]
fn skiing_over_a_ramp_flies_far_higher_and_longer_than_a_jump() {
    let ramped = with_ramp(course(200.0, Vec::new(), Vec::new()), 50.0, 1);
    let mut run = Run::new(ramped);
    let (mut top, mut airborne_from, mut landed_at) = (0.0f64, None, None);
    while !run.is_finished() {
        run.step(&[]);
        if matches!(run.skier().vertical(), Vertical::Flying { .. }) {
            top = top.max(run.height_above_track());
            airborne_from.get_or_insert(run.z());
        } else if airborne_from.is_some() && landed_at.is_none() {
            landed_at = Some(run.z());
        }
    }
    let (from, to) = (airborne_from.expect("took off"), landed_at.expect("landed"));
    assert!((from - 50.0).abs() < 0.5, "{from}");
    assert!(
        (to - from - flight_length(&PARAMS)).abs() < 0.5,
        "{from} {to}"
    );
    assert!(top > 2.5, "{top}");
    // A skier in another lane rides past it.
    let beside = with_ramp(course(200.0, Vec::new(), Vec::new()), 50.0, 0);
    let (_, events) = events_of(Run::new(beside), |_| Vec::new());
    assert!(!events
        .iter()
        .any(|e| matches!(e, RunEvent::Launched { .. })));
}

#[test]
fn a_trick_finished_in_the_air_pays_on_landing() {
    let (plain, _) = flight_with(None);
    let (run, events) = flight_with(Some((Action::Jump, 3)));
    let trick: Vec<&RunEvent> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                RunEvent::TrickStarted { .. }
                    | RunEvent::TrickLanded { .. }
                    | RunEvent::TrickFailed
            )
        })
        .collect();
    assert_eq!(
        trick,
        [
            &RunEvent::TrickStarted {
                trick: Trick::Spread
            },
            &RunEvent::TrickLanded {
                tricks: 1,
                coins: TRICK_COINS
            }
        ]
    );
    assert_eq!(run.coins(), plain.coins() + TRICK_COINS);
    assert_eq!((run.tricks(), run.summary().tricks), (1, 1));
    assert_eq!(run.hits(), 0);
}

#[test]
fn a_trick_still_under_way_at_the_landing_is_a_fall_that_slows_but_costs_nothing() {
    let (plain, _) = flight_with(None);
    let (run, events) = flight_with(Some((Action::Duck, 80)));
    assert!(events.contains(&RunEvent::TrickStarted { trick: Trick::Tuck }));
    assert!(events.contains(&RunEvent::TrickFailed));
    assert!(!events
        .iter()
        .any(|e| matches!(e, RunEvent::TrickLanded { .. })));
    assert_eq!(
        (run.falls(), run.hits(), run.coins()),
        (1, 0, plain.coins())
    );
    assert!(run.time_s() > plain.time_s(), "the fall slowed the skier");
}

fn with_route(mut course: Course, z: f64, number: u8) -> Course {
    course.routes = vec![Route {
        z,
        length: 100.0,
        kind: RouteKind::Ridge,
        lane: lane(number),
    }];
    course
}

#[test]
fn every_level_has_routes_somewhere_and_the_perfect_bot_takes_each_high_trail_clean() {
    let mut routes = 0;
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a table row");
            fairness::validate(&course).expect("fair with its routes");
            let count = course.routes.len();
            assert!(count >= 1, "level {level} track {track} has no fork");
            routes += count;
            let (run, events) = events_of(Run::new(course), {
                let mut bot = latu::sim::Bot::new();
                move |run| bot.actions(run)
            });
            assert_eq!(run.hits(), 0, "level {level} track {track}");
            let high: Vec<bool> = events
                .iter()
                .filter_map(|e| match e {
                    RunEvent::RouteTaken { high, .. } => Some(*high),
                    _ => None,
                })
                .collect();
            assert_eq!(high, vec![true; count], "level {level} track {track}");
        }
    }
    assert!(routes >= 15, "{routes} routes over the fifteen tracks");
    for seed in [11, 12, 13] {
        let mut endless = Course::endless(seed);
        endless.extend_to(6000.0);
        fairness::validate(&endless).expect("Endless is fair with its forks");
        assert!(
            endless.routes.len() >= 2,
            "seed {seed}: {:?}",
            endless.routes
        );
    }
}

#[test]
fn every_level_track_gets_a_fork_whatever_its_seed() {
    for level in 1..=5 {
        for seed in 0..20 {
            let course = Course::level(level, 1, Some(seed)).expect("a table row");
            fairness::validate(&course).expect("fair with its routes");
            assert!(!course.routes.is_empty(), "level {level} seed {seed}");
        }
    }
}

#[test]
fn the_human_model_bot_meets_endless_forks_clean_over_a_long_run() {
    const DISTANCE: f64 = 8000.0;
    let (mut routes, mut taken) = (0, 0);
    for seed in [11, 12] {
        let course = Course::endless(seed);
        let mut bot = latu::sim::Bot::human(seed ^ HUMAN_BOT_SEED, DEFAULT_JITTER_MS);
        let mut run = Run::new(course);
        let mut events = Vec::new();
        while run.z() < DISTANCE && !run.is_finished() {
            let actions = bot.actions(&run);
            run.step(&actions);
            events.extend_from_slice(run.events());
        }
        assert_eq!(run.hits(), 0, "seed {seed}: {} m", run.z());
        assert!(run.z() >= DISTANCE, "seed {seed}: ended at {} m", run.z());
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, RunEvent::LaneRefused { .. })),
            "seed {seed}: the bot steered into a divider"
        );
        routes += run
            .course()
            .routes
            .iter()
            .filter(|r| r.z < DISTANCE)
            .count();
        taken += events
            .iter()
            .filter(|e| matches!(e, RunEvent::RouteTaken { .. }))
            .count();
    }
    assert!(routes >= 4, "{routes} Endless forks met");
    assert_eq!(taken, routes, "every fork's mouth was passed and reported");
}

#[test]
fn a_divider_refuses_a_lane_change_across_it_inside_the_fork_and_tells_which_trail() {
    let course = with_route(course(300.0, Vec::new(), Vec::new()), 100.0, 2);
    // From the middle lane, Right at 150 m (inside) is refused; Left is the low trail's own.
    let mut pressed = 0;
    let (run, events) = events_of(Run::new(course), move |run| {
        let z = run.z();
        if pressed == 0 && z >= 150.0 {
            pressed = 1;
            vec![Action::Right]
        } else if pressed == 1 && z >= 160.0 {
            pressed = 2;
            vec![Action::Left]
        } else if pressed == 2 && z >= 210.0 {
            pressed = 3;
            vec![Action::Right]
        } else {
            Vec::new()
        }
    });
    assert!(events.contains(&RunEvent::RouteTaken {
        route: 0,
        kind: RouteKind::Ridge,
        high: false,
    }));
    let refused: Vec<&RunEvent> = events
        .iter()
        .filter(|e| matches!(e, RunEvent::LaneRefused { .. }))
        .collect();
    assert_eq!(refused, vec![&RunEvent::LaneRefused { lane: lane(1) }]);
    let changes: Vec<&RunEvent> = events
        .iter()
        .filter(|e| matches!(e, RunEvent::LaneChange { .. }))
        .collect();
    // The low trail's own change, then, past the divider's end, a free one.
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert_eq!(run.skier().target_lane(), lane(1));
}

#[test]
fn a_route_must_keep_its_low_trail_empty_and_its_mouth_clear() {
    let skier = PARAMS;
    let room = choice_room(&skier, 0.0);
    let high_jump = obstacle(150.0, ObstacleClass::Jump, &[2], 0.5);
    // A level missing from the table asks for no smallest window (the hand-made skier's jump
    // is short).
    let course = |length, obstacles, coins| Course {
        kind: CourseKind::Level { level: 9, track: 1 },
        ..course(length, obstacles, coins)
    };
    let fair = with_route(course(400.0, vec![high_jump.clone()], Vec::new()), 100.0, 2);
    fairness::validate(&fair).expect("a high-trail jump row in its own lane is fair");
    // Outside a route a one-lane jump obstacle is malformed.
    let bare = course(400.0, vec![high_jump.clone()], Vec::new());
    assert!(matches!(
        fairness::validate(&bare),
        Err(FairnessError::BadLanes { .. })
    ));
    // A dodge obstacle on the low trail, or a row just before the mouth, breaks the rule.
    for blocker in [
        obstacle(160.0, ObstacleClass::Dodge, &[0], 1.0),
        obstacle(100.0 - room / 2.0, ObstacleClass::Dodge, &[0], 1.0),
    ] {
        let obstacles = vec![high_jump.clone(), blocker];
        let mut obstacles = obstacles;
        obstacles.sort_by(|a, b| a.z.total_cmp(&b.z));
        let unfair = with_route(course(400.0, obstacles, Vec::new()), 100.0, 2);
        assert!(
            matches!(
                fairness::validate(&unfair),
                Err(FairnessError::RouteNotClear { .. })
            ),
            "{:?}",
            fairness::validate(&unfair)
        );
    }
}

#[test]
fn the_human_model_bot_passes_every_fork_clean_and_never_pushes_against_a_divider() {
    let (mut high, mut low) = (0, 0);
    for level in 1..=5 {
        for track in 1..=3 {
            let course = Course::level(level, track, None).expect("a table row");
            let count = course.routes.len();
            // As `latu simulate --human-bot` plays.
            let seed = course.seed ^ HUMAN_BOT_SEED;
            let mut bot = latu::sim::Bot::human(seed, DEFAULT_JITTER_MS);
            let (run, events) = events_of(Run::new(course), move |run| bot.actions(run));
            assert_eq!(run.hits(), 0, "level {level} track {track}");
            assert!(
                !events
                    .iter()
                    .any(|e| matches!(e, RunEvent::LaneRefused { .. })),
                "level {level} track {track}: the bot steered into a divider"
            );
            let taken: Vec<bool> = events
                .iter()
                .filter_map(|e| match e {
                    RunEvent::RouteTaken { high, .. } => Some(*high),
                    _ => None,
                })
                .collect();
            assert_eq!(taken.len(), count, "level {level} track {track}");
            high += taken.iter().filter(|&&h| h).count();
            low += taken.iter().filter(|&&h| !h).count();
        }
    }
    println!("the human-model bot took {high} high trails and {low} low ones");
}
