//! Where the skier is drawn while it skis the penalty loop. The simulation holds the course
//! position during the loop (it is beside the track and costs only its time), so the drawing
//! chooses a place: a small oval on the track right behind the range (the run-up, which is free
//! of obstacles), skied [`LAPS_PER_LOOP`] times per 150 m loop. It starts and ends on the mat,
//! heading down the track, so the skier leaves the range and rejoins the track without a jump.

use crate::course::START_LANE;
use crate::shooting::reward::PENALTY_LOOP_M;
use crate::sim::{Run, SkierState};
use std::f64::consts::PI;

/// Laps of the drawn oval per penalty loop: a whole number, so each loop ends on the mat.
const LAPS_PER_LOOP: f64 = 4.0;
/// Radius of the oval's turns, metres: the oval is twice as wide, and stays on the track from
/// any lane (it swings towards the track's middle).
const TURN_RADIUS: f64 = 2.2;

/// The skier's place on the drawn penalty loop, relative to where the simulation holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopPlace {
    /// Sideways (world x) and along the track (world z), metres.
    pub offset_x: f64,
    pub offset_z: f64,
    /// Direction of travel, radians from +z, positive towards world +x.
    pub heading: f32,
}

impl LoopPlace {
    /// Where `run`'s skier is drawn on the penalty loop; `None` when it is not on one.
    pub fn of(run: &Run) -> Option<Self> {
        if run.state() != SkierState::PenaltyLoop {
            return None;
        }
        Some(Self::at(run.penalty_skied_m(), Self::side_of(run)))
    }

    /// The side of the mat (±1 along world x) `run`'s oval lies to: towards the track's
    /// middle (lanes above the start lane lie towards +x).
    pub fn side_of(run: &Run) -> f64 {
        if run.lane_position() > f64::from(START_LANE) {
            -1.0
        } else {
            1.0
        }
    }

    /// The skier's right across its way here, (world x, world z).
    pub fn right(&self) -> (f64, f64) {
        let heading = f64::from(self.heading);
        (heading.cos(), -heading.sin())
    }

    /// The place `skied` metres into the loops (they follow each other), the oval lying to
    /// `side` (±1 along world x) of the mat.
    pub fn at(skied: f64, side: f64) -> Self {
        let lap = PENALTY_LOOP_M / LAPS_PER_LOOP;
        let r = TURN_RADIUS;
        let straight = (lap - 2.0 * PI * r) / 2.0;
        let s = skied.rem_euclid(lap);
        let turn = PI * r;
        // (across, along): across towards `side`, along the track; and the direction of travel.
        let ((across, along), (d_across, d_along)) = if s < turn {
            // The front turn, over the top from the mat to the far side.
            let angle = PI - s / r;
            (
                (r + r * angle.cos(), r * angle.sin()),
                (angle.sin(), -angle.cos()),
            )
        } else if s < turn + straight {
            ((2.0 * r, -(s - turn)), (0.0, -1.0))
        } else if s < 2.0 * turn + straight {
            // The back turn, from the far side round to the mat's line.
            let angle = -(s - turn - straight) / r;
            (
                (r + r * angle.cos(), -straight + r * angle.sin()),
                (angle.sin(), -angle.cos()),
            )
        } else {
            ((0.0, -straight + (s - 2.0 * turn - straight)), (0.0, 1.0))
        };
        Self {
            offset_x: side * across,
            offset_z: along,
            heading: (side * d_across).atan2(d_along) as f32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_loop_starts_and_ends_on_the_mat_heading_down_the_track() {
        for skied in [0.0, PENALTY_LOOP_M, 3.0 * PENALTY_LOOP_M] {
            let place = LoopPlace::at(skied, 1.0);
            assert!(place.offset_x.abs() < 1e-9 && place.offset_z.abs() < 1e-9);
            assert!(place.heading.abs() < 1e-6);
        }
    }

    #[test]
    fn the_oval_is_skied_smoothly_behind_the_range_on_the_track() {
        let step = 0.05;
        let mut last = LoopPlace::at(0.0, -1.0);
        let mut farthest_back: f64 = 0.0;
        for k in 1..=(PENALTY_LOOP_M / step) as u32 {
            let place = LoopPlace::at(f64::from(k) * step, -1.0);
            let moved = (place.offset_x - last.offset_x).hypot(place.offset_z - last.offset_z);
            assert!(moved <= step + 1e-9, "a jump of {moved} m at {k}");
            let (dx, dz) = (
                f64::from(place.heading.sin()),
                f64::from(place.heading.cos()),
            );
            let along =
                (place.offset_x - last.offset_x) * dx + (place.offset_z - last.offset_z) * dz;
            assert!(along > 0.0, "heading backwards at {k}");
            assert!((-2.0 * TURN_RADIUS - 1e-9..=1e-9).contains(&place.offset_x));
            assert!(place.offset_z <= TURN_RADIUS + 1e-9);
            farthest_back = farthest_back.min(place.offset_z);
            last = place;
        }
        // Inside the obstacle-free run-up (two seconds at the slowest level's speed).
        assert!(
            farthest_back > -18.0 && farthest_back < -10.0,
            "{farthest_back}"
        );
    }
}
