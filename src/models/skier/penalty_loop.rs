//! Where the skier is drawn while it skis the penalty loop. The simulation holds the course
//! position during the loop (it is beside the track and costs only its time), so the drawing
//! places it on the loop's own field beside the range ([`crate::terrain::loop_field`]): from
//! the mat an S-bend out to the oval's near straight, the 150 m oval once per loop, and an
//! S-bend back to the mat, heading down the track, so the skier leaves the range and rejoins
//! the track without a jump. The drawn way is a few metres longer than the loops (the
//! S-bends less the bit of the straight between them); the skier is drawn along it in step.

use crate::shooting::reward::PENALTY_LOOP_M;
use crate::sim::{Run, SkierState};
use crate::terrain::loop_field::{BACK_Z, FRONT_Z, NEAR_X, SIDE, STRAIGHT_M, TURN_RADIUS};
use crate::terrain::TerrainConfig;
use std::f64::consts::PI;

/// Radius of the S-bends' arcs between the mat and the oval, metres.
const BEND_RADIUS: f64 = 10.0;
/// The oval's length.
const OVAL_M: f64 = PENALTY_LOOP_M;

/// The skier's place on the drawn penalty loop, relative to where the simulation holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopPlace {
    /// Sideways (world x) and along the track (world z), metres.
    pub offset_x: f64,
    pub offset_z: f64,
    /// Direction of travel, radians from +z, positive towards world +x.
    pub heading: f32,
}

/// A point of the drawn way: out from the track (towards [`SIDE`]) and along it from the mats,
/// and the direction of travel (out, along), a unit vector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WayPoint {
    pub out: f64,
    pub along: f64,
    pub direction: (f64, f64),
}

impl WayPoint {
    /// World x of this point.
    pub fn x(&self) -> f64 {
        SIDE * self.out
    }
}

impl LoopPlace {
    /// Where `run`'s skier is drawn on the penalty loop; `None` when it is not on one.
    pub fn of(run: &Run) -> Option<Self> {
        if run.state() != SkierState::PenaltyLoop {
            return None;
        }
        let loops = run
            .last_stage_result()
            .map_or(1, |(_, result)| result.penalty_loops.max(1));
        let total = f64::from(loops) * PENALTY_LOOP_M;
        let skied = (total - run.penalty_left_m()).clamp(0.0, total);
        let lane_x = run.lateral_x(TerrainConfig::default().lane_width);
        Some(Self::at(skied, loops, lane_x))
    }

    /// The place `skied` metres into `loops` loops, left from and back to a mat at `lane_x`.
    pub fn at(skied: f64, loops: u32, lane_x: f64) -> Self {
        let way = LoopWay::from_lane(lane_x);
        let point = way.point(
            skied * way.length(loops) / (f64::from(loops) * OVAL_M),
            loops,
        );
        Self {
            offset_x: point.x() - lane_x,
            offset_z: point.along,
            heading: (SIDE * point.direction.0).atan2(point.direction.1) as f32,
        }
    }

    /// The skier's right across its way here, (world x, world z).
    pub fn right(&self) -> (f64, f64) {
        let heading = f64::from(self.heading);
        (heading.cos(), -heading.sin())
    }
}

/// The way skied from a mat round the loops and back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopWay {
    /// The mat, out from the track's centre line towards [`SIDE`].
    from: f64,
    /// Each arc of an S-bend turns this far, radians.
    turn: f64,
}

impl LoopWay {
    /// The way from (and back to) a mat at `lane_x`.
    pub fn from_lane(lane_x: f64) -> Self {
        let from = SIDE * lane_x;
        let across = NEAR_X - from;
        Self {
            from,
            turn: (1.0 - across / (2.0 * BEND_RADIUS)).clamp(-1.0, 1.0).acos(),
        }
    }

    /// One S-bend's length, metres.
    pub fn bend_m(&self) -> f64 {
        2.0 * BEND_RADIUS * self.turn
    }

    /// How far along the track one S-bend reaches, metres.
    fn bend_reach(&self) -> f64 {
        2.0 * BEND_RADIUS * self.turn.sin()
    }

    /// The whole way for `loops` loops, metres.
    pub fn length(&self, loops: u32) -> f64 {
        2.0 * self.bend_m() + f64::from(loops) * OVAL_M - 2.0 * self.bend_reach()
    }

    /// The point `s` metres along the way for `loops` loops (clamped to it).
    pub fn point(&self, s: f64, loops: u32) -> WayPoint {
        let s = s.clamp(0.0, self.length(loops));
        let bend = self.bend_m();
        let on_oval = self.length(loops) - 2.0 * bend;
        if s < bend {
            self.bend_out(s)
        } else if s < bend + on_oval {
            // The bend out joins the near straight `reach` past the mats.
            let joined = self.bend_reach() - BACK_Z;
            oval((joined + s - bend).rem_euclid(OVAL_M))
        } else {
            // The bend back: the bend out's mirror image, ending on the mat.
            let mirrored = self.bend_out(s - bend - on_oval);
            WayPoint {
                out: self.from + NEAR_X - mirrored.out,
                along: mirrored.along - self.bend_reach(),
                direction: (-mirrored.direction.0, mirrored.direction.1),
            }
        }
    }

    /// The bend from the mat out to the near straight, `s` metres along it.
    fn bend_out(&self, s: f64) -> WayPoint {
        let r = BEND_RADIUS;
        let half = r * self.turn;
        if s < half {
            let angle = s / r;
            WayPoint {
                out: self.from + r * (1.0 - angle.cos()),
                along: r * angle.sin(),
                direction: (angle.sin(), angle.cos()),
            }
        } else {
            let angle = self.turn - (s - half) / r;
            WayPoint {
                out: NEAR_X - r * (1.0 - angle.cos()),
                along: self.bend_reach() - r * angle.sin(),
                direction: (angle.sin(), angle.cos()),
            }
        }
    }
}

/// The point `s` metres round the oval from the start of its near straight (heading down the
/// track), `s` in `0..OVAL_M`.
pub fn oval(s: f64) -> WayPoint {
    let (r, straight) = (TURN_RADIUS, STRAIGHT_M);
    let turn = PI * r;
    if s < straight {
        WayPoint {
            out: NEAR_X,
            along: BACK_Z + s,
            direction: (0.0, 1.0),
        }
    } else if s < straight + turn {
        let angle = (s - straight) / r;
        WayPoint {
            out: NEAR_X + r - r * angle.cos(),
            along: FRONT_Z + r * angle.sin(),
            direction: (angle.sin(), angle.cos()),
        }
    } else if s < 2.0 * straight + turn {
        WayPoint {
            out: NEAR_X + 2.0 * r,
            along: FRONT_Z - (s - straight - turn),
            direction: (0.0, -1.0),
        }
    } else {
        let angle = (s - 2.0 * straight - turn) / r;
        WayPoint {
            out: NEAR_X + r + r * angle.cos(),
            along: BACK_Z - r * angle.sin(),
            direction: (-angle.sin(), -angle.cos()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::loop_field::CLEARING;

    const LANES: [f64; 3] = [-2.5, 0.0, 2.5];

    #[test]
    fn each_loop_starts_and_ends_on_the_mat_heading_down_the_track() {
        for lane_x in LANES {
            for loops in [1, 3] {
                for skied in [0.0, f64::from(loops) * PENALTY_LOOP_M] {
                    let place = LoopPlace::at(skied, loops, lane_x);
                    assert!(place.offset_x.abs() < 1e-9 && place.offset_z.abs() < 1e-9);
                    assert!(place.heading.abs() < 1e-6, "{place:?}");
                }
            }
        }
    }

    #[test]
    fn the_way_is_skied_smoothly_round_the_oval_on_its_field() {
        let step = 0.05;
        for lane_x in LANES {
            let loops = 2;
            let way = LoopWay::from_lane(lane_x);
            let length = way.length(loops);
            // The S-bends add a little to the loops, never a lap.
            assert!(length > 300.0 && length < 320.0, "{length}");
            let mut last = way.point(0.0, loops);
            let mut far_out: f64 = 0.0;
            for k in 1..=(length / step) as u32 {
                let point = way.point(f64::from(k) * step, loops);
                let moved = (point.out - last.out).hypot(point.along - last.along);
                assert!(moved <= step + 1e-9, "a jump of {moved} m at {k}");
                let along = (point.out - last.out) * point.direction.0
                    + (point.along - last.along) * point.direction.1;
                assert!(along > 0.0, "heading backwards at {k}");
                // On the field, clear of the trees.
                assert!((CLEARING.x.0..CLEARING.x.1).contains(&point.out.max(0.0)));
                assert!((CLEARING.z.0..CLEARING.z.1).contains(&point.along));
                far_out = far_out.max(point.out);
                last = point;
            }
            assert!(
                (far_out - NEAR_X - 2.0 * TURN_RADIUS).abs() < 0.01,
                "{far_out}"
            );
        }
    }

    #[test]
    fn the_oval_itself_is_the_rules_150_m() {
        let step = 0.01;
        let mut length = 0.0;
        let mut last = oval(0.0);
        for k in 1..(OVAL_M / step) as u32 {
            let point = oval(f64::from(k) * step);
            length += (point.out - last.out).hypot(point.along - last.along);
            last = point;
        }
        let closing = oval(0.0);
        length += (closing.out - last.out).hypot(closing.along - last.along);
        assert!((length - PENALTY_LOOP_M).abs() < 0.01, "{length}");
    }
}
