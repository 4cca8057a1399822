//! Fairness under a wax boost: the rows a boost reaches, skied at the boosted speed (longer
//! reaction and lane-change distances, shorter times between rows), must still be cleared from
//! every lane and leave their timing windows. The planner asks before it lays a boost; the
//! validator checks every boost laid.

use super::schedule::{rows, schedule, Row};
use super::window::section_windows;
use super::{FairnessError, WINDOW_TOLERANCE_S};
use crate::course::model::{Lane, Obstacle, SkierParams};
use crate::course::pickups::{boost_reach, boosted};

/// The rows of `obstacles` with the skier boosted on those the wax boost taken at `wax_z`
/// reaches.
pub(super) fn boosted_rows(
    obstacles: &[Obstacle],
    skier_at: &dyn Fn(f64) -> SkierParams,
    wax_z: f64,
) -> Result<Vec<Row>, FairnessError> {
    let reach_end = wax_z + boost_reach(&skier_at(wax_z));
    rows(obstacles, &|z| {
        let skier = skier_at(z);
        if (wax_z..=reach_end).contains(&z) {
            boosted(&skier)
        } else {
            skier
        }
    })
}

/// Whether one obstacle section (its rows start after `start`) stays fair under a wax boost
/// taken at `wax_z`: a skier at `skier`'s pace reaches every row from every lane and each row
/// leaves at least `min_window_s`.
pub(crate) fn boost_keeps_fair(
    obstacles: &[Obstacle],
    skier: SkierParams,
    start: f64,
    wax_z: f64,
    min_window_s: f64,
) -> bool {
    let Ok(rows) = boosted_rows(obstacles, &|_| skier, wax_z) else {
        return false;
    };
    section_fair(&rows, start, min_window_s)
}

/// Whether `rows` (one section from `start`) can be cleared from every lane, each row leaving
/// `min_window_s`.
fn section_fair(rows: &[Row], start: f64, min_window_s: f64) -> bool {
    let reachable = Lane::ALL
        .into_iter()
        .all(|lane| schedule(rows, start, lane).is_ok());
    reachable
        && section_windows(rows, start)
            .into_iter()
            .all(|window_s| window_s >= min_window_s - WINDOW_TOLERANCE_S)
}
