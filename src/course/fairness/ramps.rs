//! The ramps' rule: each ramp's clear stretch ([`clear_stretch`]) — from before its wedge to a
//! row's sight past the landing, at a boosted speed, with the smallest window — holds no
//! obstacle row, no shooting stage and not the finish, so nothing waits in the air and the
//! first row after the landing is met as any row is.

use super::schedule::Row;
use super::{check_order, FairnessError};
use crate::course::model::Course;
use crate::course::ramps::clear_stretch;

/// Check every ramp of `course` (whose rows are `rows`).
pub(super) fn check_ramps(course: &Course, rows: &[Row]) -> Result<(), FairnessError> {
    check_order("ramps", &mut course.ramps.iter().map(|r| r.z))?;
    for ramp in &course.ramps {
        let skier = course.skier_at(ramp.z);
        let min_window_s = course.min_window_s(ramp.z).unwrap_or(0.0);
        let (before, after) = clear_stretch(&skier, min_window_s);
        let (from, to) = (ramp.z - before, ramp.z + after);
        let row = rows
            .iter()
            .find(|r| r.z <= to && r.end >= from)
            .map(|r| r.z);
        let stage = course
            .stages
            .iter()
            .find(|s| s.z >= from && s.z <= to)
            .map(|s| s.z);
        let finish = course.length.filter(|&length| to > length);
        if let Some(blocker_z) = row.or(stage).or(finish) {
            return Err(FairnessError::RampNotClear {
                z: ramp.z,
                from,
                to,
                blocker_z,
            });
        }
    }
    Ok(())
}
