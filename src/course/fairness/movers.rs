//! The moving obstacles' rule: a snowmobile is a one-lane dodge obstacle once stopped, and it
//! stops — its lane known — no later than where the action before its row ends (or the
//! section starts), so the reaction and lane changes the schedule counts start from a known
//! answer, or with [`reaction_room`] to spare before its row (from the stop, a reaction, two
//! lane changes and the smallest window fit, even boosted); and it stops before the skier can
//! touch it.

use super::schedule::Row;
use super::{sections, FairnessError};
use crate::course::model::{Course, ObstacleClass, ACTION_MARGIN, SKIER_HALF_LENGTH};
use crate::course::movers::reaction_room;

/// Check every moving obstacle of `course` (whose rows are `rows`).
pub(super) fn check_movers(course: &Course, rows: &[Row]) -> Result<(), FairnessError> {
    for (start, section) in sections(course, rows) {
        let mut known_by = start;
        for row in section {
            let movers = course
                .obstacles
                .iter()
                .filter(|o| o.motion.is_some() && o.z >= row.z && o.z <= row.end);
            for obstacle in movers {
                let Some(crossing) = obstacle.motion else {
                    continue;
                };
                let one_lane = obstacle.class == ObstacleClass::Dodge && obstacle.lanes.len() == 1;
                let stops_in_time = crossing.settles_ahead.is_finite()
                    && crossing.settles_ahead > SKIER_HALF_LENGTH + ACTION_MARGIN
                    && crossing.starts_ahead >= crossing.settles_ahead;
                if !(one_lane && stops_in_time) {
                    return Err(FairnessError::BadMover { z: obstacle.z });
                }
                let settles_at = crossing.settles_at(obstacle);
                let min_window_s = course.min_window_s(obstacle.z).unwrap_or(0.0);
                let room = reaction_room(&course.skier_at(obstacle.z), min_window_s);
                if settles_at > known_by && crossing.settles_ahead < room {
                    return Err(FairnessError::MoverSettlesLate {
                        z: obstacle.z,
                        settles_at,
                        known_by,
                    });
                }
            }
            known_by = row.end + ACTION_MARGIN;
        }
    }
    Ok(())
}
