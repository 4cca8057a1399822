//! The routes' rule: a fork is chosen, not stumbled into, and either trail is fair.
//!
//! - The high trail is a side lane; the divider runs a positive length.
//! - From [`choice_room`] before the mouth to [`choice_room`] past the divider's end nothing
//!   lies on the track but the high trail's own rows: one-lane jump or duck obstacles, still,
//!   in the high lane, starting at least [`choice_room`] past the mouth. So the row before the
//!   fork leaves room for a reaction, two lane changes and the smallest window (at a wax boost's
//!   speed) to pick a side; no lane change is ever needed inside; the low trail is empty; and
//!   the first row after the fork is reached from either side as from any lane.
//! - No ramp's wedge or flight, no stage and not the finish lie from the signpost to that room
//!   past the end; the signpost ([`SIGN_AHEAD`]) stands before the room the choice needs.

use super::{check_order, FairnessError};
use crate::course::model::{Course, Lane, Obstacle, ObstacleClass};
use crate::course::ramps::{flight_length, RAMP_LENGTH};
use crate::course::routes::{choice_room, Route, SIGN_AHEAD};

/// Whether `obstacle` is one of a route's high-trail rows: still, jump or duck, in the high lane
/// alone, starting the choice room past the mouth and ending that room before the divider's end.
pub(crate) fn on_high_trail(obstacle: &Obstacle, route: &Route, room: f64) -> bool {
    obstacle.class != ObstacleClass::Dodge
        && obstacle.motion.is_none()
        && obstacle.lanes == [route.lane]
        && obstacle.z >= route.z + room
        && obstacle.z + obstacle.depth <= route.end() - room
}

/// Whether `obstacle` is a high-trail row of one of `course`'s routes (the one place a jump or
/// duck obstacle may span less than the track).
pub(crate) fn in_a_route(course: &Course, obstacle: &Obstacle) -> bool {
    course.routes.iter().any(|route| {
        let room = route_room_at(course, route);
        on_high_trail(obstacle, route, room)
    })
}

fn route_room_at(course: &Course, route: &Route) -> f64 {
    let min_window_s = course.min_window_s(route.z).unwrap_or(0.0);
    choice_room(&course.skier_at(route.z), min_window_s)
}

/// Check every route of `course`.
pub(super) fn check_routes(course: &Course) -> Result<(), FairnessError> {
    check_order("routes", &mut course.routes.iter().map(|r| r.z))?;
    for pair in course.routes.windows(2) {
        if pair[1].z < pair[0].end() {
            return Err(FairnessError::BadRoute { z: pair[1].z });
        }
    }
    for route in &course.routes {
        let side = route.lane == Lane::LEFT || route.lane == Lane::RIGHT;
        if !(side && route.length > 0.0 && route.length.is_finite()) {
            return Err(FairnessError::BadRoute { z: route.z });
        }
        let room = route_room_at(course, route);
        if room > SIGN_AHEAD {
            return Err(FairnessError::RouteUnannounced {
                z: route.z,
                needed: room,
            });
        }
        let (from, to) = (route.z - room, route.end() + room);
        let obstacle = course
            .obstacles
            .iter()
            .filter(|o| o.z <= to && o.z + o.depth >= from)
            .find(|o| !on_high_trail(o, route, room))
            .map(|o| o.z);
        let flight = |z: f64| flight_length(&course.skier_at(z));
        let ramp = course
            .ramps
            .iter()
            .find(|r| r.z - RAMP_LENGTH <= to && r.z + flight(r.z) >= route.z - SIGN_AHEAD)
            .map(|r| r.z);
        let stage = course
            .stages
            .iter()
            .find(|s| s.z >= route.z - SIGN_AHEAD && s.z <= to)
            .map(|s| s.z);
        let finish = course.length.filter(|&length| to > length);
        if let Some(blocker_z) = obstacle.or(ramp).or(stage).or(finish) {
            return Err(FairnessError::RouteNotClear {
                z: route.z,
                from,
                to,
                blocker_z,
            });
        }
    }
    Ok(())
}
