//! The fairness rules, checked: a course passes when a player who reacts in time can clear it
//! without a hit, from whichever lane they start each obstacle section in.
//!
//! The model (conservative, and the one the simulation's numbers in [`SkierParams`] make true):
//! - Obstacles whose extents along the track overlap form one **row**; a row holds one class.
//! - A **jump** (or **duck**) row is cleared by one jump (duck) that starts at least
//!   [`ACTION_MARGIN`] before the row and ends at least that far past it; the jump lasts
//!   `jump_length` metres (the duck `duck_length`), and the skier's lane does not change.
//! - A **dodge** row is cleared by being in a free lane, not changing lanes, from
//!   [`ACTION_MARGIN`] before the row to [`ACTION_MARGIN`] past it.
//! - Before each row the player needs the reaction distance after the end of the previous action,
//!   then one `lane_change_s` at speed per lane moved; lane changes and actions never overlap.
//! - Each obstacle section (start → first stage → … → finish) must be clearable from every lane,
//!   since the skier may leave a stage in any lane.
//! - The first [`WARM_UP_S`] seconds, [`STAGE_CLEAR_S`] seconds before a stage and its range's
//!   run-out after it (to [`STAGE_CLEAR_S`] past the exit gate, see [`range_run_out`]) hold no
//!   obstacle; no coin lies on an obstacle the player must avoid; rows are visible (in front of
//!   [`FOG_END`]) from before the player must start reacting to them.
//! - A moving obstacle (a snowmobile) stops in its lane, showing the answer, by the end of the
//!   action before its row (or the section's start), before the reaction counted for it — or
//!   with room before its row for a reaction, two lane changes and the smallest window.
//! - A route's fork (`routes`): room to choose a side before its mouth and to reach any lane
//!   after its end, nothing on the low trail, only jump and duck rows on the high one (each a
//!   row of the model: a jump or duck clears it in any lane).
//! - A ramp's clear stretch (from its wedge to a row's sight past its landing) holds no row,
//!   stage or finish: nothing is met in the air, no lane change in the air is needed.

mod boost;
mod error;
mod movers;
mod ramps;
mod routes;
mod schedule;
mod window;

pub(crate) use boost::boost_keeps_fair;
pub use error::FairnessError;
pub use schedule::{Move, SafeLineAction};

use super::layout::{range_run_out, STAGE_CLEAR_S, WARM_UP_S};
use super::model::{
    Coin, Course, Lane, Obstacle, ObstacleClass, SkierParams, ACTION_MARGIN,
    COIN_CLEAR_BEFORE_DODGE, DUCK_OBSTACLE_CLEARANCE, JUMP_OBSTACLE_HEIGHT, LANES, MAX_SKIER_SPEED,
};
use super::pickups::{boost_reach, PickupKind};
use schedule::{action_length, rows, schedule, Row};

/// Where the fog ends ahead of the skier by default, metres: nothing further away can be seen.
/// The streaming window's default view distance; a lower view-distance setting must stay above
/// [`visibility_needed`] at `MAX_SKIER_SPEED` (about 15 m).
pub const FOG_END: f64 = crate::course::DEFAULT_VIEW_DISTANCE;

/// A window this much under the smallest still passes, seconds: the rounding of action lengths
/// (a jump look whose own window equals the smallest must pass).
pub const WINDOW_TOLERANCE_S: f64 = 1e-9;

/// A coin closer than this to an obstacle (along the track or in height) counts as on it, metres.
pub const COIN_CLEARANCE: f64 = 0.5;

/// Check every fairness rule; the first broken one is returned.
pub fn validate(course: &Course) -> Result<(), FairnessError> {
    check_skier(&course.skier)?;
    check_sorted(course)?;
    for obstacle in &course.obstacles {
        check_obstacle(obstacle, routes::in_a_route(course, obstacle))?;
    }
    let rows = course_rows(course)?;
    for row in &rows {
        check_skier(&row.skier)?;
        check_way_through(row)?;
    }
    check_clear_zones(course, &rows)?;
    check_spacing(course, &rows)?;
    check_windows(course, &rows)?;
    movers::check_movers(course, &rows)?;
    ramps::check_ramps(course, &rows)?;
    routes::check_routes(course)?;
    check_coins(course)?;
    check_pickups(course)
}

/// The course's rows, each with the skier's parameters where it lies.
fn course_rows(course: &Course) -> Result<Vec<Row>, FairnessError> {
    rows(&course.obstacles, &|z| course.skier_at(z))
}

/// A hit-free line through a fair course for a skier that is in `lane` at `from` (metres along
/// the track, at a stage or before the first obstacle it must clear) and keeps its lane through
/// the stages: every lane change, jump and duck at the earliest point the fair schedule allows.
/// Covers what is laid out (extend an Endless course first). Fails as [`validate`] does.
pub fn safe_line(course: &Course, from: f64, lane: Lane) -> Result<Vec<Move>, FairnessError> {
    validate(course)?;
    let rows: Vec<Row> = course_rows(course)?
        .into_iter()
        .filter(|row| row.z >= from)
        .collect();
    let mut moves = Vec::new();
    let mut lane = lane;
    let mut first = 0;
    let mut section_start = from;
    let stage_zs = course.stages.iter().map(|s| s.z).filter(|&z| z > from);
    for boundary in stage_zs.chain([f64::INFINITY]) {
        let count = rows[first..].iter().take_while(|r| r.z < boundary).count();
        let section = &rows[first..first + count];
        let plan = schedule(section, section_start, lane)?;
        moves.extend(plan.moves(section));
        lane = plan.final_lane();
        first += count;
        section_start = boundary;
    }
    Ok(moves)
}

/// One row of obstacles (obstacles whose extents overlap) and its timing window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RowWindow {
    /// Near edge of the row's first obstacle, metres.
    pub z: f64,
    /// Far edge of its deepest obstacle, metres.
    pub end: f64,
    /// How far off the perfect moment the player may act and still clear it (see [`window`]),
    /// seconds.
    pub window_s: f64,
}

/// Every row of what is laid out with its timing window, in order. Fails as [`validate`] does on
/// rows it cannot group.
pub fn row_windows(course: &Course) -> Result<Vec<RowWindow>, FairnessError> {
    let rows = course_rows(course)?;
    let mut windows = Vec::with_capacity(rows.len());
    for (start, section) in sections(course, &rows) {
        let section_windows = window::section_windows(section, start);
        windows.extend(
            section
                .iter()
                .zip(section_windows)
                .map(|(row, window_s)| RowWindow {
                    z: row.z,
                    end: row.end,
                    window_s,
                }),
        );
    }
    Ok(windows)
}

/// The timing window of each obstacle's row, seconds, one per obstacle in the course's order.
pub fn obstacle_windows(course: &Course) -> Result<Vec<f64>, FairnessError> {
    let rows = row_windows(course)?;
    let mut row = 0;
    let mut windows = Vec::with_capacity(course.obstacles.len());
    for obstacle in &course.obstacles {
        while rows[row].end < obstacle.z {
            row += 1;
        }
        windows.push(rows[row].window_s);
    }
    Ok(windows)
}

/// The obstacle sections of a course: (where the section starts, its rows), split at the stages.
fn sections<'r>(course: &Course, rows: &'r [Row]) -> Vec<(f64, &'r [Row])> {
    let mut sections = Vec::with_capacity(course.stages.len() + 1);
    let mut start = 0.0;
    let mut first = 0;
    let stage_zs = course.stages.iter().map(|s| s.z);
    for boundary in stage_zs.chain([f64::INFINITY]) {
        let count = rows[first..].iter().take_while(|r| r.z < boundary).count();
        sections.push((start, &rows[first..first + count]));
        first += count;
        start = boundary;
    }
    sections
}

/// Distance ahead at which a row must be visible: the reaction time, then the reaction, two lane
/// changes and the margin of the longest answer (moving two lanes).
pub fn visibility_needed(skier: &SkierParams) -> f64 {
    2.0 * skier.reaction_distance()
        + f64::from(LANES - 1) * skier.lane_change_length()
        + ACTION_MARGIN
}

fn check_skier(skier: &SkierParams) -> Result<(), FairnessError> {
    if !(skier.speed > 0.0 && skier.speed <= MAX_SKIER_SPEED) {
        return Err(FairnessError::TooFast { speed: skier.speed });
    }
    let needed = visibility_needed(skier);
    if needed > FOG_END {
        return Err(FairnessError::NotVisible {
            needed,
            fog_end: FOG_END,
        });
    }
    Ok(())
}

fn check_sorted(course: &Course) -> Result<(), FairnessError> {
    check_order("obstacles", &mut course.obstacles.iter().map(|o| o.z))?;
    check_order("coins", &mut course.coins.iter().map(|c| c.z))?;
    check_order("stages", &mut course.stages.iter().map(|s| s.z))
}

/// `zs` ascend along the track (no NaN).
fn check_order(what: &'static str, zs: &mut dyn Iterator<Item = f64>) -> Result<(), FairnessError> {
    let mut last = f64::NEG_INFINITY;
    for z in zs {
        if z.is_nan() || z < last {
            return Err(FairnessError::Unsorted { what, z });
        }
        last = z;
    }
    Ok(())
}

/// Check one obstacle's lanes and depth; `high_trail`: it is a route's high-trail row, which
/// spans the high lane alone.
fn check_obstacle(obstacle: &Obstacle, high_trail: bool) -> Result<(), FairnessError> {
    let lanes = &obstacle.lanes;
    let ascending = lanes.windows(2).all(|w| w[0] < w[1]);
    let on_track = lanes.iter().all(|&l| Lane::new(l.number()).is_some());
    let count = lanes.len();
    let fits_class = match obstacle.class {
        ObstacleClass::Jump | ObstacleClass::Duck => count == usize::from(LANES) || high_trail,
        ObstacleClass::Dodge => (1..usize::from(LANES)).contains(&count),
    };
    if !(ascending && on_track && fits_class) {
        return Err(FairnessError::BadLanes {
            z: obstacle.z,
            class: obstacle.class,
            lanes: lanes.clone(),
        });
    }
    if !(obstacle.depth > 0.0 && obstacle.depth.is_finite()) {
        return Err(FairnessError::BadDepth {
            z: obstacle.z,
            depth: obstacle.depth,
        });
    }
    Ok(())
}

fn check_way_through(row: &Row) -> Result<(), FairnessError> {
    match action_length(row.class, &row.skier) {
        None if row.blocked.iter().all(|&b| b) => Err(FairnessError::NoFreeLane { z: row.z }),
        Some(length) if row.end - row.z + 2.0 * ACTION_MARGIN > length => {
            Err(FairnessError::TooDeep {
                z: row.z,
                class: row.class,
                depth: row.end - row.z,
                action_length: length,
            })
        }
        _ => Ok(()),
    }
}

fn check_clear_zones(course: &Course, rows: &[Row]) -> Result<(), FairnessError> {
    let warm_up = WARM_UP_S * course.skier.speed;
    for row in rows {
        let clearance = STAGE_CLEAR_S * row.skier.speed;
        let run_out = range_run_out(row.skier.speed);
        if row.z < warm_up {
            return Err(FairnessError::InWarmUp { z: row.z, warm_up });
        }
        if let Some(stage) = course
            .stages
            .iter()
            .find(|s| row.end > s.z - clearance && row.z < s.z)
        {
            return Err(FairnessError::NearStage {
                z: row.z,
                stage_z: stage.z,
                clearance,
            });
        }
        if let Some(stage) = course
            .stages
            .iter()
            .find(|s| row.end > s.z && row.z < s.z + run_out)
        {
            return Err(FairnessError::InRangeRunOut {
                z: row.z,
                stage_z: stage.z,
                run_out,
            });
        }
        if let Some(length) = course.length.filter(|&length| row.end > length) {
            return Err(FairnessError::PastFinish { z: row.z, length });
        }
    }
    Ok(())
}

/// Run the schedule through every section, from every start lane.
fn check_spacing(course: &Course, rows: &[Row]) -> Result<(), FairnessError> {
    for (start, section) in sections(course, rows) {
        for start_lane in Lane::ALL {
            schedule(section, start, start_lane)?;
        }
    }
    Ok(())
}

/// Every row leaves at least the course's smallest timing window there (none is asked of a
/// hand-made course outside the level table).
fn check_windows(course: &Course, rows: &[Row]) -> Result<(), FairnessError> {
    for (start, section) in sections(course, rows) {
        for (row, window_s) in section.iter().zip(window::section_windows(section, start)) {
            let Some(min_s) = course.min_window_s(row.z) else {
                continue;
            };
            if window_s < min_s - WINDOW_TOLERANCE_S {
                return Err(FairnessError::TightWindow {
                    z: row.z,
                    window_s,
                    min_s,
                });
            }
        }
    }
    Ok(())
}

/// No coin on a dodge obstacle's lanes (nor within [`COIN_CLEAR_BEFORE_DODGE`] in front of
/// it there), below the top of a jump obstacle or up in a duck one.
/// Whether `obstacle` forbids `coin`: a coin in a dodge obstacle's lane on it or just in front of
/// it (it lures the player in), on the ground at a jump obstacle, or up in a duck obstacle.
pub(crate) fn blocks_coin(obstacle: &Obstacle, coin: &Coin) -> bool {
    let before = match obstacle.class {
        ObstacleClass::Dodge => COIN_CLEAR_BEFORE_DODGE,
        ObstacleClass::Jump | ObstacleClass::Duck => COIN_CLEARANCE,
    };
    let along =
        coin.z >= obstacle.z - before && coin.z <= obstacle.z + obstacle.depth + COIN_CLEARANCE;
    along
        && obstacle.lanes.contains(&coin.lane)
        && match obstacle.class {
            ObstacleClass::Dodge => true,
            ObstacleClass::Jump => coin.y < JUMP_OBSTACLE_HEIGHT + COIN_CLEARANCE,
            ObstacleClass::Duck => coin.y > DUCK_OBSTACLE_CLEARANCE - COIN_CLEARANCE,
        }
}

fn check_coins(course: &Course) -> Result<(), FairnessError> {
    let deepest = course.obstacles.iter().map(|o| o.depth).fold(0.0, f64::max);
    let ahead = COIN_CLEARANCE.max(COIN_CLEAR_BEFORE_DODGE);
    for coin in &course.coins {
        let near_from = course
            .obstacles
            .partition_point(|o| o.z < coin.z - COIN_CLEARANCE - deepest);
        let near = course.obstacles[near_from..]
            .iter()
            .take_while(|o| o.z <= coin.z + ahead);
        for obstacle in near {
            if blocks_coin(obstacle, coin) {
                return Err(FairnessError::CoinOnObstacle {
                    coin_z: coin.z,
                    lane: coin.lane,
                    y: coin.y,
                    obstacle_z: obstacle.z,
                    class: obstacle.class,
                });
            }
        }
    }
    Ok(())
}

/// Power-ups lie in order, none on an obstacle (as a ground coin may not), wax boosts one reach
/// apart at least, and every row a boost reaches stays fair at the boosted speed.
fn check_pickups(course: &Course) -> Result<(), FairnessError> {
    let zs = &mut course.pickups.iter().map(|p| p.z);
    check_order("pickups", zs)?;
    for pickup in &course.pickups {
        let coin = Coin {
            z: pickup.z,
            lane: pickup.lane,
            y: 0.0,
        };
        if let Some(obstacle) = course.obstacles.iter().find(|o| blocks_coin(o, &coin)) {
            return Err(FairnessError::PickupOnObstacle {
                z: pickup.z,
                lane: pickup.lane,
                obstacle_z: obstacle.z,
            });
        }
    }
    let boosts = course.pickups.iter().filter(|p| p.kind == PickupKind::Wax);
    let mut previous: Option<f64> = None;
    for wax in boosts {
        let reach = boost_reach(&course.skier_at(wax.z));
        if let Some(previous_z) = previous.filter(|&z| wax.z - z < reach) {
            return Err(FairnessError::BoostsOverlap {
                z: wax.z,
                previous_z,
                reach,
            });
        }
        previous = Some(wax.z);
        check_boost(course, wax.z).map_err(|cause| FairnessError::UnderBoost {
            wax_z: wax.z,
            cause: Box::new(cause),
        })?;
    }
    Ok(())
}

/// The rules a boost could break, with the rows it reaches skied at the boosted speed.
fn check_boost(course: &Course, wax_z: f64) -> Result<(), FairnessError> {
    let rows = boost::boosted_rows(&course.obstacles, &|z| course.skier_at(z), wax_z)?;
    for row in &rows {
        check_skier(&row.skier)?;
        check_way_through(row)?;
    }
    check_spacing(course, &rows)?;
    check_windows(course, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dodge(z: f64, lanes: &[Lane], depth: f64) -> Obstacle {
        Obstacle {
            z,
            class: ObstacleClass::Dodge,
            lanes: lanes.to_vec(),
            look: 0,
            depth,
            motion: None,
        }
    }

    #[test]
    fn overlapping_obstacles_form_one_row_and_touching_ones_too() {
        let obstacles = [
            dodge(10.0, &[Lane::LEFT], 1.0),
            dodge(10.5, &[Lane::MIDDLE], 1.0),
            dodge(11.5, &[Lane::RIGHT], 0.5),
            dodge(12.1, &[Lane::LEFT], 0.5),
        ];
        let rows =
            rows(&obstacles, &|_| SkierParams::for_speed(MAX_SKIER_SPEED)).expect("one class");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].blocked, [true, true, true]);
        assert_eq!((rows[0].z, rows[0].end), (10.0, 12.0));
        assert_eq!(rows[1].blocked, [true, false, false]);
    }

    #[test]
    fn the_visibility_needed_at_top_speed_is_far_inside_the_fog() {
        let skier = SkierParams::for_speed(MAX_SKIER_SPEED);
        let needed = visibility_needed(&skier);
        assert!(needed > skier.reaction_distance());
        assert!(needed < FOG_END / 10.0, "{needed}");
    }
}
