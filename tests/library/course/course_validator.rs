//! The fairness validator rejects each kind of unfair course, naming where and why, and accepts
//! a hand-made fair one (so the rejections are not vacuous).

use latu::course::fairness::{validate, FairnessError};
use latu::course::layout::{range_run_out, RANGE_EXIT_M};
use latu::course::{
    Coin, Course, CourseKind, Lane, Obstacle, ObstacleClass, ShootingPosition, SkierParams,
    StageSpot, COIN_CLEAR_BEFORE_DODGE, JUMP_APEX,
};

const SPEED: f64 = 10.0;
const LENGTH: f64 = 500.0;
const STAGE_Z: f64 = 250.0;

/// The lane numbered `number` as a course file would give it: read, so it may be off the track.
fn lane(number: u8) -> Lane {
    serde_json::from_str(&number.to_string()).expect("a lane is read as its number")
}

fn obstacle(z: f64, class: ObstacleClass, lanes: &[u8], depth: f64) -> Obstacle {
    Obstacle {
        z,
        class,
        lanes: lanes.iter().map(|&n| lane(n)).collect(),
        look: 0,
        depth,
        motion: None,
    }
}

fn dodge(z: f64, lanes: &[u8]) -> Obstacle {
    obstacle(z, ObstacleClass::Dodge, lanes, 0.5)
}

fn jump(z: f64) -> Obstacle {
    obstacle(z, ObstacleClass::Jump, &[0, 1, 2], 0.5)
}

fn duck(z: f64) -> Obstacle {
    obstacle(z, ObstacleClass::Duck, &[0, 1, 2], 0.5)
}

fn course(obstacles: Vec<Obstacle>, coins: Vec<Coin>) -> Course {
    Course {
        kind: CourseKind::Level { level: 1, track: 1 },
        seed: 0,
        length: Some(LENGTH),
        skier: SkierParams::for_speed(SPEED),
        obstacles,
        coins,
        stages: vec![StageSpot {
            z: STAGE_Z,
            position: ShootingPosition::Prone,
        }],
        pickups: Vec::new(),
        ramps: Vec::new(),
        routes: Vec::new(),
        laid_out: LENGTH,
    }
}

/// A hand-made course outside the level table: the rules without the level's smallest timing
/// window, to test the spacing rules to their limit.
fn hand_made(obstacles: Vec<Obstacle>) -> Course {
    Course {
        kind: CourseKind::Level { level: 0, track: 1 },
        ..course(obstacles, Vec::new())
    }
}

/// Level 1's smallest timing window, seconds.
const LEVEL_1_WINDOW_S: f64 = 0.25;

fn fair_obstacles() -> Vec<Obstacle> {
    vec![
        dodge(100.0, &[1]),
        jump(150.0),
        duck(200.0),
        dodge(340.0, &[0]),
        dodge(340.0, &[2]),
    ]
}

fn fair_coins() -> Vec<Coin> {
    vec![
        Coin {
            z: 100.0,
            lane: Lane::LEFT,
            y: 0.0,
        },
        // At the top of the jump's arc, over the jump obstacle.
        Coin {
            z: 150.2,
            lane: Lane::MIDDLE,
            y: JUMP_APEX,
        },
        Coin {
            z: 200.2,
            lane: Lane::MIDDLE,
            y: 0.0,
        },
        Coin {
            z: 340.2,
            lane: Lane::MIDDLE,
            y: 0.0,
        },
    ]
}

fn rejects(course: &Course) -> FairnessError {
    let error = validate(course).expect_err("an unfair course must be rejected");
    assert!(!error.to_string().is_empty());
    error
}

#[test]
fn a_hand_made_fair_course_passes() {
    assert_eq!(validate(&course(fair_obstacles(), fair_coins())), Ok(()));
}

#[test]
fn an_obstacle_in_the_warm_up_is_rejected() {
    let mut obstacles = fair_obstacles();
    obstacles.insert(0, dodge(SPEED * 2.9, &[0]));
    let error = rejects(&course(obstacles, Vec::new()));
    assert!(
        matches!(error, FairnessError::InWarmUp { z, .. } if z == 29.0),
        "{error}"
    );
}

#[test]
fn an_obstacle_in_a_stage_run_up_is_rejected() {
    let mut obstacles = vec![dodge(STAGE_Z - 1.9 * SPEED, &[0])];
    obstacles.sort_by(|a, b| a.z.total_cmp(&b.z));
    let error = rejects(&course(obstacles, Vec::new()));
    assert!(
        matches!(error, FairnessError::NearStage { stage_z, .. } if stage_z == STAGE_Z),
        "{error}"
    );
}

#[test]
fn no_obstacle_stands_in_the_ranges_run_out_under_or_just_past_its_exit_gate() {
    let run_out = range_run_out(SPEED);
    assert_eq!(run_out, RANGE_EXIT_M + 2.0 * SPEED);
    for z in [
        STAGE_Z + 1.9 * SPEED,
        STAGE_Z + RANGE_EXIT_M - 0.5,
        STAGE_Z + RANGE_EXIT_M + 1.9 * SPEED,
    ] {
        let error = rejects(&course(vec![dodge(z, &[0])], Vec::new()));
        assert!(
            matches!(error, FairnessError::InRangeRunOut { stage_z, .. } if stage_z == STAGE_Z),
            "{error}"
        );
    }
    let ok = course(vec![dodge(STAGE_Z + run_out + 0.1, &[0])], Vec::new());
    assert_eq!(validate(&ok), Ok(()));
}

#[test]
fn every_laid_out_range_run_out_is_clear_on_every_level_and_endless() {
    let mut courses: Vec<Course> = (1..=5)
        .flat_map(|level| (0..50).map(move |seed| Course::level(level, 1, Some(seed))))
        .map(|course| course.expect("a table level"))
        .collect();
    let mut endless = Course::endless(7);
    endless.extend_to(12_000.0);
    courses.push(endless);
    for course in &courses {
        for stage in &course.stages {
            let exit = stage.z + range_run_out(course.skier_at(stage.z).speed);
            let inside = course
                .obstacles
                .iter()
                .find(|o| o.z + o.depth > stage.z && o.z < exit);
            assert!(
                inside.is_none(),
                "{:?}: {inside:?} past the range at {}",
                course.kind,
                stage.z
            );
        }
    }
}

#[test]
fn an_obstacle_past_the_finish_is_rejected() {
    let mut obstacles = fair_obstacles();
    obstacles.push(dodge(LENGTH - 0.2, &[1]));
    let error = rejects(&course(obstacles, Vec::new()));
    assert!(matches!(error, FairnessError::PastFinish { .. }), "{error}");
}

#[test]
fn a_row_mixing_classes_is_rejected() {
    let obstacles = vec![jump(100.0), dodge(100.2, &[1])];
    let error = rejects(&course(obstacles, Vec::new()));
    assert!(matches!(error, FairnessError::MixedRow { .. }), "{error}");
}

#[test]
fn lanes_that_do_not_fit_the_class_are_rejected() {
    let cases = [
        obstacle(100.0, ObstacleClass::Dodge, &[0, 1, 2], 0.5),
        obstacle(100.0, ObstacleClass::Dodge, &[], 0.5),
        obstacle(100.0, ObstacleClass::Jump, &[0, 1], 0.5),
        obstacle(100.0, ObstacleClass::Duck, &[1], 0.5),
        obstacle(100.0, ObstacleClass::Dodge, &[3], 0.5),
        obstacle(100.0, ObstacleClass::Dodge, &[1, 0], 0.5),
    ];
    for case in cases {
        let error = rejects(&course(vec![case.clone()], Vec::new()));
        assert!(
            matches!(error, FairnessError::BadLanes { .. }),
            "{case:?}: {error}"
        );
    }
}

#[test]
fn a_dodge_row_blocking_every_lane_is_rejected() {
    let obstacles = vec![dodge(100.0, &[0, 1]), dodge(100.0, &[2])];
    let error = rejects(&course(obstacles, Vec::new()));
    assert_eq!(error, FairnessError::NoFreeLane { z: 100.0 });
}

#[test]
fn a_jump_or_duck_row_deeper_than_the_action_clears_is_rejected() {
    let skier = SkierParams::for_speed(SPEED);
    // The action must cover the depth plus a margin on each side: 2 m of margins in all.
    let too_deep = skier.jump_length - 1.9;
    let error = rejects(&course(
        vec![obstacle(100.0, ObstacleClass::Jump, &[0, 1, 2], too_deep)],
        Vec::new(),
    ));
    assert!(
        matches!(
            error,
            FairnessError::TooDeep {
                class: ObstacleClass::Jump,
                ..
            }
        ),
        "{error}"
    );
    let error = rejects(&course(
        vec![obstacle(
            100.0,
            ObstacleClass::Duck,
            &[0, 1, 2],
            skier.duck_length - 1.9,
        )],
        Vec::new(),
    ));
    assert!(
        matches!(
            error,
            FairnessError::TooDeep {
                class: ObstacleClass::Duck,
                ..
            }
        ),
        "{error}"
    );
    let ok = obstacle(
        100.0,
        ObstacleClass::Jump,
        &[0, 1, 2],
        skier.jump_length - 2.1,
    );
    assert_eq!(validate(&hand_made(vec![ok])), Ok(()));
}

/// Two dodge rows forcing a move across two lanes: lane 2 free, then lane 0 free. The second
/// must leave the first row's end + margin, the reaction and two lane changes, then its margin.
fn two_lane_switch(second_z: f64) -> Course {
    let obstacles = vec![dodge(100.0, &[0, 1]), dodge(second_z, &[1, 2])];
    hand_made(obstacles)
}

#[test]
fn rows_closer_than_reaction_plus_lane_changes_are_rejected_to_the_centimetre() {
    let skier = SkierParams::for_speed(SPEED);
    // First row ends at 100.5; the skier is past it (margin) at 101.5.
    let minimum = 101.5 + skier.reaction_distance() + 2.0 * skier.lane_change_length() + 1.0;
    assert_eq!(validate(&two_lane_switch(minimum + 0.01)), Ok(()));
    let error = rejects(&two_lane_switch(minimum - 0.01));
    match error {
        FairnessError::TooClose {
            z,
            previous_z,
            short_by,
            ..
        } => {
            assert_eq!(z, minimum - 0.01);
            assert_eq!(previous_z, Some(100.0));
            assert!((short_by - 0.01).abs() < 1e-6, "short by {short_by}");
        }
        other => panic!("expected TooClose, got {other}"),
    }
}

#[test]
fn a_jump_right_after_a_duck_without_room_is_rejected() {
    let skier = SkierParams::for_speed(SPEED);
    // The duck (depth 0.5) ends at the earliest at its far edge + margin.
    let duck_end = 100.5 + 1.0;
    // A jump row clears only if the jump starts after the reaction and 1 m before the row.
    let minimum = duck_end + skier.reaction_distance() + 1.0;
    let ok = hand_made(vec![duck(100.0), jump(minimum + 0.01)]);
    assert_eq!(validate(&ok), Ok(()));
    let close = hand_made(vec![duck(100.0), jump(minimum - 0.01)]);
    let error = rejects(&close);
    assert!(matches!(error, FairnessError::TooClose { .. }), "{error}");
}

#[test]
fn a_row_leaving_too_tight_a_timing_window_is_rejected_naming_it() {
    let skier = SkierParams::for_speed(SPEED);
    let minimum = 101.5 + skier.reaction_distance() + 2.0 * skier.lane_change_length() + 1.0;
    // Reachable, but with 0.05 s to spare: level 1 asks for 0.25 s.
    let tight_z = minimum + 0.05 * SPEED;
    let obstacles = vec![dodge(100.0, &[0, 1]), dodge(tight_z, &[1, 2])];
    let error = rejects(&course(obstacles.clone(), Vec::new()));
    match error {
        FairnessError::TightWindow { z, window_s, min_s } => {
            assert_eq!(z, tight_z);
            assert!((window_s - 0.05).abs() < 1e-6, "{window_s}");
            assert_eq!(min_s, LEVEL_1_WINDOW_S);
            assert!(error.to_string().contains("0.050 s"), "{error}");
        }
        other => panic!("expected TightWindow, got {other}"),
    }
    // The hand-made course asks no window; level 1 with the window's worth of room passes.
    assert_eq!(validate(&hand_made(obstacles)), Ok(()));
    let roomy_z = minimum + (LEVEL_1_WINDOW_S + 0.001) * SPEED;
    let roomy = vec![dodge(100.0, &[0, 1]), dodge(roomy_z, &[1, 2])];
    assert_eq!(validate(&course(roomy, Vec::new())), Ok(()));
}

#[test]
fn a_jump_that_lands_late_into_a_duck_shares_one_tight_window() {
    let skier = SkierParams::for_speed(SPEED);
    // A lone jump over 0.5 m leaves its airtime less 2.5 m; right behind it a duck whose
    // reaction leaves no slack: a late jump would land in it, so the jump's window is gone too.
    let jump_end = 100.5 + 1.0;
    let duck_z = jump_end + skier.reaction_distance() + 1.0 + 0.001;
    let error = rejects(&course(vec![jump(100.0), duck(duck_z)], Vec::new()));
    assert!(
        matches!(error, FairnessError::TightWindow { z, .. } if z == 100.0),
        "{error}"
    );
}

#[test]
fn coins_on_obstacles_the_player_must_avoid_are_rejected() {
    let on = [
        // On a dodge obstacle's lane.
        Coin {
            z: 100.2,
            lane: Lane::MIDDLE,
            y: 0.0,
        },
        // On the ground at a jump obstacle.
        Coin {
            z: 150.2,
            lane: Lane::RIGHT,
            y: 0.0,
        },
        // Up in a duck obstacle.
        Coin {
            z: 200.2,
            lane: Lane::LEFT,
            y: 1.2,
        },
    ];
    for coin in on {
        let error = rejects(&course(fair_obstacles(), vec![coin]));
        assert!(
            matches!(error, FairnessError::CoinOnObstacle { .. }),
            "{coin:?}: {error}"
        );
    }
}

#[test]
fn a_coin_never_lures_into_a_dodge_obstacle_from_just_in_front_of_it() {
    // The dodge obstacle at z 100 blocks lane 1.
    let lure = Coin {
        z: 100.0 - 0.5 * COIN_CLEAR_BEFORE_DODGE,
        lane: Lane::MIDDLE,
        y: 0.0,
    };
    let error = rejects(&course(fair_obstacles(), vec![lure]));
    assert!(
        matches!(error, FairnessError::CoinOnObstacle { .. }),
        "{error}"
    );
    let further = Coin {
        z: 100.0 - COIN_CLEAR_BEFORE_DODGE - 1.0,
        ..lure
    };
    let beside = Coin {
        lane: Lane::LEFT,
        ..lure
    };
    for fine in [further, beside] {
        validate(&course(fair_obstacles(), vec![fine]))
            .unwrap_or_else(|e| panic!("{fine:?} leads round the obstacle: {e}"));
    }
}

#[test]
fn rows_must_be_visible_before_the_fog_end() {
    let mut slow_changes = course(fair_obstacles(), Vec::new());
    slow_changes.skier.lane_change_s = 20.0;
    let error = rejects(&slow_changes);
    assert!(matches!(error, FairnessError::NotVisible { .. }), "{error}");
}

#[test]
fn a_skier_above_the_maximum_speed_is_rejected() {
    let mut fast = course(fair_obstacles(), Vec::new());
    fast.skier = SkierParams::for_speed(20.0);
    let error = rejects(&fast);
    assert!(matches!(error, FairnessError::TooFast { .. }), "{error}");
}

#[test]
fn unsorted_obstacles_are_rejected() {
    let mut obstacles = fair_obstacles();
    obstacles.swap(0, 1);
    let error = rejects(&course(obstacles, Vec::new()));
    assert!(
        matches!(
            error,
            FairnessError::Unsorted {
                what: "obstacles",
                ..
            }
        ),
        "{error}"
    );
}
