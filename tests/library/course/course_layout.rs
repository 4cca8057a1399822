//! The layout's rules, measured directly on the laid-out courses (independently of the fairness
//! validator): determinism, warm-up and stage gaps, stage order, the level table's progression,
//! looks, coin trails and Endless extension.

use latu::course::levels::{self, ENDLESS, LEVELS, TRACKS};
use latu::course::looks;
use latu::course::ramps::flight_length;
use latu::course::routes::choice_room;
use latu::course::{
    Coin, Course, CourseError, CourseKind, ObstacleClass, ShootingPosition, STAGE_CLEAR_S,
    WARM_UP_S,
};

/// Seeds per level for the rules checked on many courses.
const SEEDS: u64 = 200;
/// Endless distance checked, metres.
const ENDLESS_CHECK: f64 = 20_000.0;

fn level_courses() -> impl Iterator<Item = Course> {
    LEVELS.iter().flat_map(|spec| {
        (0..SEEDS).map(|seed| Course::level(spec.level, 1, Some(seed)).expect("a table level"))
    })
}

fn endless(seed: u64, to: f64) -> Course {
    let mut course = Course::endless(seed);
    course.extend_to(to);
    course
}

#[test]
fn the_same_level_row_always_lays_out_the_same_course() {
    for spec in &LEVELS {
        for track in 1..=TRACKS {
            let a = Course::level(spec.level, track, None).expect("a table track");
            let b = Course::level(spec.level, track, None).expect("a table track");
            assert_eq!(a, b);
            assert_eq!(Some(a.seed), spec.seed(track));
        }
        let one = Course::level(spec.level, 1, None).expect("track 1");
        let two = Course::level(spec.level, 2, None).expect("track 2");
        assert_ne!(
            one.obstacles, two.obstacles,
            "level {} tracks 1 and 2",
            spec.level
        );
        let reseeded = Course::level(spec.level, 1, Some(42)).expect("track 1");
        assert_eq!(reseeded.seed, 42);
        assert_ne!(one.obstacles, reseeded.obstacles);
    }
}

#[test]
fn unknown_levels_and_tracks_are_typed_errors() {
    assert_eq!(Course::level(0, 1, None), Err(CourseError::UnknownLevel(0)));
    assert_eq!(Course::level(6, 1, None), Err(CourseError::UnknownLevel(6)));
    for track in [0, 4] {
        assert_eq!(
            Course::level(2, track, None),
            Err(CourseError::UnknownTrack { level: 2, track })
        );
    }
}

#[test]
fn endless_is_the_same_however_it_is_extended() {
    const TO: f64 = 5000.0;
    let whole = endless(9, TO);
    let mut stepwise = Course::endless(9);
    let mut z = 0.0;
    while z < TO {
        z = (z + 37.0).min(TO);
        stepwise.extend_to(z);
    }
    stepwise.extend_to(100.0);
    // Compared without printing: a mismatch would dump thousands of items.
    assert!(
        whole == stepwise,
        "stepwise extension differs from one extension"
    );
    assert!(
        whole.obstacles != endless(10, TO).obstacles,
        "seeds 9 and 10 agree"
    );
    assert_eq!(whole.kind, CourseKind::Endless);
    assert_eq!(whole.length, None);
}

#[test]
fn extend_to_leaves_a_level_alone() {
    let level = Course::level(3, 2, None).expect("a table track");
    let mut extended = level.clone();
    extended.extend_to(1.0e6);
    assert_eq!(level, extended);
}

/// The obstacle-free rules, measured on one course.
fn assert_clear_zones(course: &Course) {
    let warm_up = WARM_UP_S * course.skier.speed;
    let clear = STAGE_CLEAR_S * course.skier.speed;
    let first = course.obstacles.first().expect("a course with obstacles");
    assert!(
        first.z >= warm_up,
        "{:?}: first obstacle at {}",
        course.kind,
        first.z
    );
    for o in &course.obstacles {
        for s in &course.stages {
            let gap = if o.z > s.z {
                o.z - s.z
            } else {
                s.z - (o.z + o.depth)
            };
            assert!(
                gap >= clear,
                "{:?}: obstacle at {} near stage {}",
                course.kind,
                o.z,
                s.z
            );
        }
        if let Some(length) = course.length {
            assert!(o.z + o.depth <= length);
        }
    }
}

#[test]
fn warm_up_and_stage_run_ups_are_obstacle_free() {
    level_courses().for_each(|course| assert_clear_zones(&course));
    assert_clear_zones(&endless(3, ENDLESS_CHECK));
}

fn assert_stage_order(course: &Course) {
    let positions: Vec<ShootingPosition> = course.stages.iter().map(|s| s.position).collect();
    for (i, position) in positions.iter().enumerate() {
        let expected = if i % 2 == 0 {
            ShootingPosition::Prone
        } else {
            ShootingPosition::Standing
        };
        assert_eq!(*position, expected, "{:?}: stage {i}", course.kind);
    }
    assert!(course.stages.windows(2).all(|w| w[0].z < w[1].z));
}

#[test]
fn stages_go_prone_first_then_alternate() {
    for spec in &LEVELS {
        let course = Course::level(spec.level, 1, None).expect("a table track");
        assert_eq!(course.stages.len(), usize::from(spec.stages));
        assert_stage_order(&course);
        let length = course.length.expect("a level has a finish");
        assert!(course.stages.iter().all(|s| s.z > 0.0 && s.z < length));
    }
    let course = endless(1, ENDLESS_CHECK);
    let expected = (ENDLESS_CHECK / ENDLESS.stage_interval) as usize;
    assert_eq!(course.stages.len(), expected);
    assert_stage_order(&course);
    for (k, stage) in course.stages.iter().enumerate() {
        assert_eq!(stage.z, (k + 1) as f64 * ENDLESS.stage_interval);
    }
}

#[test]
fn harder_levels_have_more_stages_more_length_more_speed_and_more_obstacles() {
    for pair in LEVELS.windows(2) {
        let (easier, harder) = (&pair[0], &pair[1]);
        assert!(harder.stages > easier.stages);
        assert!(harder.length > easier.length);
        assert!(harder.speed > easier.speed);
        assert!(harder.shape.rows_per_100m > easier.shape.rows_per_100m);
        assert!(harder.sway > easier.sway);
        assert!(harder.round_price > easier.round_price);
    }
    // Measured: obstacle rows per kilometre rise with the level.
    let rows_per_km = |level: u8| {
        let spec = levels::level(level).expect("a table level");
        let rows: f64 = (0..SEEDS)
            .map(|seed| {
                let course = Course::level(level, 1, Some(seed)).expect("a table level");
                // A route's stretch is a set piece with its own pace: left out.
                let room = choice_room(&course.skier, spec.shape.min_window_s);
                let in_route =
                    |z: f64| (course.routes.iter()).any(|r| z >= r.z - room && z < r.end() + room);
                let mut zs: Vec<f64> = (course.obstacles.iter())
                    .map(|o| o.z)
                    .filter(|&z| !in_route(z))
                    .collect();
                zs.dedup();
                let route_m: f64 = (course.routes.iter()).map(|r| r.length + 2.0 * room).sum();
                zs.len() as f64 * 1000.0 / (spec.length - route_m)
            })
            .sum();
        rows / SEEDS as f64
    };
    let measured: Vec<f64> = (1..=5).map(rows_per_km).collect();
    assert!(measured.windows(2).all(|w| w[0] < w[1]), "{measured:?}");
}

#[test]
fn obstacles_fit_their_looks_and_every_look_appears() {
    let mut seen: Vec<(ObstacleClass, u8)> = Vec::new();
    for course in level_courses().take(50) {
        for o in &course.obstacles {
            let look = looks::look(o.class, o.look).expect("a look of the class");
            assert_eq!(o.depth, look.depth);
            // A route's high-trail row spans its lane alone.
            let high_trail =
                (course.routes.iter()).any(|r| o.lanes == [r.lane] && o.z >= r.z && o.z < r.end());
            let lanes = if high_trail { 1 } else { look.lanes };
            assert_eq!(o.lanes.len(), usize::from(lanes));
            if !seen.contains(&(o.class, o.look)) {
                seen.push((o.class, o.look));
            }
        }
    }
    for class in [
        ObstacleClass::Jump,
        ObstacleClass::Dodge,
        ObstacleClass::Duck,
    ] {
        for look in 0..looks::looks(class).len() as u8 {
            assert!(
                seen.contains(&(class, look)),
                "{class:?} look {look} never laid"
            );
        }
    }
}

#[test]
fn coin_trails_and_rows_of_three_can_be_followed_and_arc_over_jumps() {
    let mut arcs = 0;
    let mut rows_of_three = 0;
    for course in level_courses().chain([endless(5, ENDLESS_CHECK)]) {
        let change = course.skier.lane_change_length();
        // Coins abreast (a row of three) form one group. From any coin of a group the skier can
        // go on to a coin of the next, and every coin of the next can be reached from one.
        // A power-up takes the place of a ground coin of its line: it counts as one here.
        let mut line = course.coins.clone();
        line.extend(course.pickups.iter().map(|p| Coin {
            z: p.z,
            lane: p.lane,
            y: 0.0,
        }));
        line.sort_by(|a, b| a.z.total_cmp(&b.z).then(a.lane.cmp(&b.lane)));
        let groups: Vec<&[Coin]> = line.chunk_by(|a, b| a.z == b.z).collect();
        rows_of_three += groups.iter().filter(|group| group.len() == 3).count();
        let reaches = |a: &Coin, b: &Coin| f64::from(a.lane.abs_diff(b.lane)) * change <= b.z - a.z;
        for pair in groups.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            for a in from {
                assert!(
                    to.iter().any(|b| reaches(a, b)),
                    "{:?}: after {a:?}",
                    course.kind
                );
            }
            for b in to {
                assert!(
                    from.iter().any(|a| reaches(a, b)),
                    "{:?}: to {b:?}",
                    course.kind
                );
            }
        }
        for coin in course.coins.iter().filter(|c| c.y > 0.0) {
            arcs += 1;
            let over_jump = course.obstacles.iter().any(|o| {
                o.class == ObstacleClass::Jump && (coin.z - o.z).abs() < course.skier.jump_length
            });
            // Or along a ramp's flight, in its lane.
            let along_flight = course.ramps.iter().any(|r| {
                let flight = flight_length(&course.skier_at(r.z));
                r.lane == coin.lane && coin.z > r.z && coin.z < r.z + flight
            });
            assert!(
                over_jump || along_flight,
                "{:?}: coin {coin:?} in the air away from jumps and ramps",
                course.kind
            );
        }
    }
    assert!(arcs > 0, "no coin arcs over any jump");
    assert!(rows_of_three > 0, "no row of three to choose from");
}

#[test]
fn a_course_knows_its_sway_and_round_price() {
    for spec in &LEVELS {
        let course = Course::level(spec.level, 1, None).expect("a table level");
        assert_eq!(course.sway(), Some(spec.sway));
        assert_eq!(course.round_price(), Some(spec.round_price));
    }
    let endless = Course::endless(1);
    assert_eq!(endless.sway(), Some(ENDLESS.sway));
    assert_eq!(endless.round_price(), Some(ENDLESS.round_price));
}
