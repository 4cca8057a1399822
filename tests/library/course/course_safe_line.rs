//! The safe line that fairness proves exists, replayed by an independent kinematic check: a skier
//! `±SKIER_HALF_LENGTH` long that follows the line's moves (lane changes occupying both lanes,
//! jumps and ducks lasting their published lengths) touches no obstacle it has not cleared.

use latu::course::fairness::{safe_line, Move, SafeLineAction};
use latu::course::levels::LEVELS;
use latu::course::{Course, Lane, ObstacleClass, SKIER_HALF_LENGTH, START_LANE};

/// Sampling step along the track for the collision check, metres.
const STEP: f64 = 0.01;
/// Rounding allowed where one action starts exactly as the previous one ends, metres.
const ROUNDING: f64 = 1e-9;

/// Where the skier is and what it does at a point, given the moves.
struct Motion {
    start_lane: Lane,
    /// (start, end, from, to) of each single-lane change.
    changes: Vec<(f64, f64, Lane, Lane)>,
    airborne: Vec<(f64, f64)>,
    ducked: Vec<(f64, f64)>,
}

impl Motion {
    fn new(course: &Course, moves: &[Move], start_lane: Lane) -> Result<Self, String> {
        let mut motion = Motion {
            start_lane,
            changes: Vec::new(),
            airborne: Vec::new(),
            ducked: Vec::new(),
        };
        let mut lane = start_lane;
        let mut busy_until = f64::NEG_INFINITY;
        for m in moves {
            // Endless ramps: each move at the skier's parameters where it starts.
            let skier = course.skier_at(m.z);
            if m.z < busy_until - ROUNDING {
                return Err(format!(
                    "{m:?} starts before the previous action ends at {busy_until}"
                ));
            }
            let end = match m.action {
                SafeLineAction::ChangeLane { to } => {
                    if to.abs_diff(lane) != 1 {
                        return Err(format!("{m:?} from lane {lane}"));
                    }
                    let end = m.z + skier.lane_change_length();
                    motion.changes.push((m.z, end, lane, to));
                    lane = to;
                    end
                }
                SafeLineAction::Jump => {
                    motion.airborne.push((m.z, m.z + skier.jump_length));
                    m.z + skier.jump_length
                }
                SafeLineAction::Duck => {
                    motion.ducked.push((m.z, m.z + skier.duck_length));
                    m.z + skier.duck_length
                }
            };
            busy_until = end;
        }
        Ok(motion)
    }

    /// Lanes the skier's body is in at `z`.
    fn lanes_at(&self, z: f64) -> Vec<Lane> {
        let mut lane = self.start_lane;
        for &(start, end, from, to) in &self.changes {
            if z < start {
                break;
            }
            if z < end {
                return vec![from, to];
            }
            lane = to;
        }
        vec![lane]
    }

    fn during(spans: &[(f64, f64)], z: f64) -> bool {
        spans.iter().any(|&(start, end)| z >= start && z <= end)
    }
}

/// The first obstacle the skier following `moves` from `start_lane` at z = 0 touches.
fn first_hit(course: &Course, moves: &[Move], start_lane: Lane) -> Result<(), String> {
    let motion = Motion::new(course, moves, start_lane)?;
    for obstacle in &course.obstacles {
        let from = obstacle.z - SKIER_HALF_LENGTH;
        let to = obstacle.z + obstacle.depth + SKIER_HALF_LENGTH;
        let samples = ((to - from) / STEP).ceil() as u32;
        for i in 0..=samples {
            let z = (from + f64::from(i) * STEP).min(to);
            let cleared = match obstacle.class {
                ObstacleClass::Jump => Motion::during(&motion.airborne, z),
                ObstacleClass::Duck => Motion::during(&motion.ducked, z),
                ObstacleClass::Dodge => false,
            };
            let touching = motion
                .lanes_at(z)
                .iter()
                .any(|l| obstacle.lanes.contains(l));
            if touching && !cleared {
                return Err(format!("skier at z = {z:.2} hits {obstacle:?}"));
            }
        }
    }
    Ok(())
}

/// The first lane change of `moves` that a route's divider refuses (one across it still under way
/// at the fork's mouth or later, before its end).
fn fenced_change(course: &Course, moves: &[Move], start_lane: Lane) -> Result<(), String> {
    let mut lane = start_lane;
    for m in moves {
        let SafeLineAction::ChangeLane { to } = m.action else {
            continue;
        };
        let end = m.z + course.skier_at(m.z).lane_change_length();
        let fenced =
            (course.routes.iter()).find(|r| r.crosses(lane, to) && m.z < r.end() && end > r.z);
        if let Some(route) = fenced {
            return Err(format!(
                "{m:?} from lane {lane} crosses the divider of {route:?}"
            ));
        }
        lane = to;
    }
    Ok(())
}

fn check(course: &Course, start_lane: Lane) {
    let moves = safe_line(course, 0.0, start_lane)
        .unwrap_or_else(|e| panic!("{:?} seed {}: {e}", course.kind, course.seed));
    assert!(!moves.is_empty());
    if let Err(e) = fenced_change(course, &moves, start_lane) {
        panic!("{:?} seed {}: {e}", course.kind, course.seed);
    }
    if let Err(e) = first_hit(course, &moves, start_lane) {
        panic!("{:?} seed {}: {e}", course.kind, course.seed);
    }
}

#[test]
fn the_safe_line_clears_every_obstacle_of_every_level() {
    for spec in &LEVELS {
        for seed in 0..40 {
            let course = Course::level(spec.level, 1, Some(seed)).expect("a table level");
            check(&course, START_LANE);
        }
        let course = Course::level(spec.level, 2, None).expect("a table level");
        for lane in Lane::ALL {
            check(&course, lane);
        }
    }
}

#[test]
fn the_safe_line_clears_endless() {
    for seed in 0..3 {
        let mut course = Course::endless(seed);
        course.extend_to(10_000.0);
        check(&course, START_LANE);
    }
}

#[test]
fn the_kinematic_check_sees_hits_when_moves_are_missing() {
    let course = Course::level(3, 1, None).expect("a table level");
    let moves = safe_line(&course, 0.0, START_LANE).expect("a fair course");
    let hits = |moves: &[Move]| first_hit(&course, moves, START_LANE).expect_err("a hit");
    assert!(hits(&[]).contains("hits"));
    for (dropped, class) in [
        (SafeLineAction::Jump, "Jump"),
        (SafeLineAction::Duck, "Duck"),
    ] {
        let fewer: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.action != dropped)
            .collect();
        let error = hits(&fewer);
        assert!(error.contains("hits") && error.contains(class), "{error}");
    }
    // Taking off one jump length late at the first jump lands on its obstacle.
    let first_jump = moves
        .iter()
        .position(|m| m.action == SafeLineAction::Jump)
        .expect("level 3 has jumps");
    let mut late = moves[..=first_jump].to_vec();
    late[first_jump].z += course.skier.jump_length;
    let error = hits(&late);
    assert!(error.contains("hits") && error.contains("Jump"), "{error}");
}

#[test]
fn the_divider_check_sees_a_lane_change_across_a_fork() {
    let course = Course::level(2, 1, None).expect("a table level");
    let route = course.routes.first().expect("level 2 track 1 has a fork");
    let inner = Lane::MIDDLE;
    let across = Move {
        z: route.z + 10.0,
        action: SafeLineAction::ChangeLane { to: route.lane },
    };
    assert!(fenced_change(&course, &[across], inner).is_err());
    let before = Move {
        z: route.z - 10.0,
        ..across
    };
    assert!(fenced_change(&course, &[before], inner).is_ok());
}
