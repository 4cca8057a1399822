//! Timing windows: how far off the perfect moment a player may act on each row and still clear
//! it and everything after it.
//!
//! The **act point** of a row in a lane is where the skier starts the jump or duck (jump and duck
//! rows) or where it is fully in the free lane (dodge rows). On the earliest fair schedule (every
//! earlier action at its earliest, the reaction distance after each, one `lane_change_s` per lane)
//! the earliest act point is `E`; the latest act point that still clears the row and leaves every
//! later row of the section clearable is `L` (a backward pass: a late jump lands late and eats the
//! next row's time). The row's window is `L − E` in seconds at the row's speed, in the easiest
//! lane — the "total float" of scheduling — and the least over the lanes the skier may start the
//! section in. It is measured with the validator's [`ACTION_MARGIN`], so it lies inside the
//! simulation's own window (which uses the skis' half length).

use super::schedule::{action_length, earliest_act_points, Row};
use crate::course::model::{Lane, ObstacleClass, SkierParams, ACTION_MARGIN, LANES};

const LANE_COUNT: usize = LANES as usize;

/// Per lane: an act point, or `None` where the row cannot be cleared in that lane.
type Points = [Option<f64>; LANE_COUNT];

/// The timing window of each row of one section, seconds, in order.
pub(super) fn section_windows(rows: &[Row], start: f64) -> Vec<f64> {
    let latest = latest_points(rows);
    let mut windows = vec![f64::INFINITY; rows.len()];
    for start_lane in Lane::ALL {
        let earliest = earliest_act_points(rows, start, start_lane);
        for (((window, e), l), row) in windows.iter_mut().zip(&earliest).zip(&latest).zip(rows) {
            let best = (0..LANE_COUNT)
                .filter_map(|lane| Some(l[lane]? - e[lane]?))
                .fold(0.0, f64::max);
            *window = window.min(best / row.skier.speed);
        }
    }
    windows
}

/// The point where the row's obstacles start to need an answer: act by then (the forward pass in
/// [`super::schedule`] holds rows to it as well).
fn deadline(row: &Row) -> f64 {
    row.z - ACTION_MARGIN
}

/// The earliest act point a jump or duck may have without landing on the row.
fn lower_bound(row: &Row, skier: &SkierParams) -> f64 {
    action_length(row.class, skier)
        .map_or(f64::NEG_INFINITY, |length| row.end + ACTION_MARGIN - length)
}

/// Where the skier may move again after acting at `point`.
fn end_of_act(row: &Row, point: f64, skier: &SkierParams) -> f64 {
    match action_length(row.class, skier) {
        Some(length) => point + length,
        None => row.end + ACTION_MARGIN,
    }
}

fn open(row: &Row, lane: Lane) -> bool {
    !(row.class == ObstacleClass::Dodge && row.blocked[usize::from(lane)])
}

/// Backward: the latest act point per row and lane that clears the row and still lets every later
/// row be cleared.
fn latest_points(rows: &[Row]) -> Vec<Points> {
    let mut points = vec![[None; LANE_COUNT]; rows.len()];
    // The next row's latest act points, and its parameters (they count for the run-up to it).
    let mut next: Option<(Points, SkierParams)> = None;
    for (row, here) in rows.iter().zip(points.iter_mut()).rev() {
        let skier = &row.skier;
        for lane in Lane::ALL.into_iter().filter(|&lane| open(row, lane)) {
            // The latest the skier may be free again in this lane.
            let free_by = match &next {
                None => f64::INFINITY,
                Some((next, next_skier)) => Lane::ALL
                    .into_iter()
                    .filter_map(|to| {
                        let latest = next[usize::from(to)]?;
                        let changes = f64::from(to.abs_diff(lane));
                        Some(
                            latest
                                - next_skier.reaction_distance()
                                - changes * next_skier.lane_change_length(),
                        )
                    })
                    .fold(f64::NEG_INFINITY, f64::max),
            };
            let point = match action_length(row.class, skier) {
                Some(length) => deadline(row).min(free_by - length),
                None if end_of_act(row, 0.0, skier) <= free_by => deadline(row),
                None => continue,
            };
            here[usize::from(lane)] = (point >= lower_bound(row, skier)).then_some(point);
        }
        next = Some((*here, row.skier));
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEED: f64 = 10.0;

    fn row(z: f64, end: f64, class: ObstacleClass, blocked: [bool; LANE_COUNT]) -> Row {
        Row {
            z,
            end,
            class,
            blocked,
            skier: SkierParams::for_speed(SPEED),
        }
    }

    #[test]
    fn a_lone_jump_has_its_airtime_less_the_obstacle_and_margins() {
        let skier = SkierParams::for_speed(SPEED);
        let rows = [row(100.0, 101.0, ObstacleClass::Jump, [true; LANE_COUNT])];
        let windows = section_windows(&rows, 0.0);
        let expected = (skier.jump_length - 1.0 - 2.0 * ACTION_MARGIN) / SPEED;
        assert!((windows[0] - expected).abs() < 1e-9, "{windows:?}");
    }

    #[test]
    fn a_dodge_right_after_a_jump_leaves_both_only_the_slack_between_them() {
        let skier = SkierParams::for_speed(SPEED);
        let jump = row(100.0, 100.5, ObstacleClass::Jump, [true; LANE_COUNT]);
        // The skier can be in the free lane before the jump; after it, it needs the reaction
        // distance and then 0.05 s of slack before the dodge's deadline.
        let earliest_end = jump.end + ACTION_MARGIN;
        let slack_s = 0.05;
        let z = earliest_end + skier.reaction_distance() + slack_s * SPEED + ACTION_MARGIN;
        let dodge = row(z, z + 0.5, ObstacleClass::Dodge, [true, true, false]);
        let windows = section_windows(&[jump, dodge], 0.0);
        // Jumping later than its earliest lands later and eats the same slack.
        for window in windows {
            assert!((window - slack_s).abs() < 1e-9, "{window}");
        }
    }

    #[test]
    fn widely_spaced_rows_have_wide_windows() {
        let rows = [
            row(100.0, 100.5, ObstacleClass::Dodge, [false, true, false]),
            row(200.0, 200.5, ObstacleClass::Dodge, [true, false, true]),
        ];
        let windows = section_windows(&rows, 0.0);
        assert!(windows.iter().all(|&w| w > 5.0), "{windows:?}");
    }
}
