//! Why a course is unfair: each broken rule with where it breaks.

use crate::course::model::{Lane, ObstacleClass, ACTION_MARGIN, MAX_SKIER_SPEED};
use crate::course::routes::SIGN_AHEAD;
use std::fmt;

/// Why a course is unfair, and where.
#[derive(Debug, Clone, PartialEq)]
pub enum FairnessError {
    /// The skier is faster than the streaming and fog are sized for.
    TooFast { speed: f64 },
    /// The player could not see a row early enough to react before the fog end.
    NotVisible { needed: f64, fog_end: f64 },
    /// Obstacles, coins or stages are out of order along the track.
    Unsorted { what: &'static str, z: f64 },
    /// An obstacle's lanes do not fit its class (jump and duck span all lanes, dodge one or two).
    BadLanes {
        z: f64,
        class: ObstacleClass,
        lanes: Vec<Lane>,
    },
    /// An obstacle with no extent, or a negative one.
    BadDepth { z: f64, depth: f64 },
    /// Overlapping obstacles of different classes: no single action clears them.
    MixedRow { z: f64, classes: [ObstacleClass; 2] },
    /// A dodge row blocks every lane.
    NoFreeLane { z: f64 },
    /// A jump or duck row deeper than the action clears with its margins.
    TooDeep {
        z: f64,
        class: ObstacleClass,
        depth: f64,
        action_length: f64,
    },
    /// An obstacle inside the warm-up.
    InWarmUp { z: f64, warm_up: f64 },
    /// An obstacle too close before a shooting stage.
    NearStage {
        z: f64,
        stage_z: f64,
        clearance: f64,
    },
    /// An obstacle in a range's run-out: between the stage and [`range_run_out`] past it, under
    /// or just beyond the exit gate.
    ///
    /// [`range_run_out`]: crate::course::layout::range_run_out
    InRangeRunOut { z: f64, stage_z: f64, run_out: f64 },
    /// An obstacle past the finish.
    PastFinish { z: f64, length: f64 },
    /// The row at `z` cannot be reached in time after the row at `previous_z` (or the section's
    /// start) for a skier who started the section in `start_lane`: it is `short_by` metres short.
    TooClose {
        z: f64,
        previous_z: Option<f64>,
        start_lane: Lane,
        short_by: f64,
    },
    /// The row at `z` leaves a timing window of `window_s` seconds, under the `min_s` its level
    /// (or Endless stretch) asks for.
    TightWindow { z: f64, window_s: f64, min_s: f64 },
    /// A coin lies on an obstacle the player must avoid.
    CoinOnObstacle {
        coin_z: f64,
        lane: Lane,
        y: f64,
        obstacle_z: f64,
        class: ObstacleClass,
    },
    /// A power-up lies on an obstacle the player must avoid (or just in front of a dodge one).
    PickupOnObstacle { z: f64, lane: Lane, obstacle_z: f64 },
    /// Two wax boosts lie closer than one boost's reach: taking both would speed up rows that
    /// were checked for one.
    BoostsOverlap { z: f64, previous_z: f64, reach: f64 },
    /// A moving obstacle that is not a one-lane dodge obstacle, or does not stop in its lane
    /// before the skier reaches it.
    BadMover { z: f64 },
    /// The moving obstacle at `z` stops (shows its lane) when the skier is at `settles_at`,
    /// after `known_by`, where the player must start reacting to its row, and too near its row
    /// to react and cross the lanes from there.
    MoverSettlesLate {
        z: f64,
        settles_at: f64,
        known_by: f64,
    },
    /// The ramp at `z` needs `from..to` clear (its wedge, flight and the sight after it), and
    /// something at `blocker_z` (a row, a stage or the finish) lies there.
    RampNotClear {
        z: f64,
        from: f64,
        to: f64,
        blocker_z: f64,
    },
    /// A route whose high trail is not a side lane, with no length, or overlapping the one
    /// before it.
    BadRoute { z: f64 },
    /// The route at `z` needs `needed` metres to choose a side, more than its signpost's lead.
    RouteUnannounced { z: f64, needed: f64 },
    /// The route at `z` needs `from..to` clear but for its high trail's own rows, and something
    /// at `blocker_z` (a row, a ramp, a stage or the finish) lies there.
    RouteNotClear {
        z: f64,
        from: f64,
        to: f64,
        blocker_z: f64,
    },
    /// Skied under the wax boost taken at `wax_z`, the course breaks `cause`.
    UnderBoost {
        wax_z: f64,
        cause: Box<FairnessError>,
    },
}

impl fmt::Display for FairnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooFast { speed } => {
                write!(
                    f,
                    "speed {speed} m/s is above the maximum {MAX_SKIER_SPEED} m/s"
                )
            }
            Self::NotVisible { needed, fog_end } => write!(
                f,
                "rows must be visible {needed:.2} m ahead to react, but the fog ends at {fog_end} m"
            ),
            Self::Unsorted { what, z } => write!(f, "{what} out of order at z = {z:.2}"),
            Self::BadLanes { z, class, lanes } => {
                write!(f, "{class:?} obstacle at z = {z:.2} has lanes {lanes:?}")
            }
            Self::BadDepth { z, depth } => {
                write!(f, "obstacle at z = {z:.2} has depth {depth}")
            }
            Self::MixedRow { z, classes } => write!(
                f,
                "row at z = {z:.2} mixes {:?} and {:?} obstacles",
                classes[0], classes[1]
            ),
            Self::NoFreeLane { z } => write!(f, "dodge row at z = {z:.2} blocks every lane"),
            Self::TooDeep {
                z,
                class,
                depth,
                action_length,
            } => write!(
                f,
                "{class:?} row at z = {z:.2} is {depth:.2} m deep; a {action_length:.2} m action \
                 with {ACTION_MARGIN} m margins each side cannot clear it"
            ),
            Self::InWarmUp { z, warm_up } => {
                write!(
                    f,
                    "obstacle at z = {z:.2} inside the {warm_up:.2} m warm-up"
                )
            }
            Self::NearStage {
                z,
                stage_z,
                clearance,
            } => write!(
                f,
                "obstacle at z = {z:.2} within {clearance:.2} m of the stage at z = {stage_z:.2}"
            ),
            Self::InRangeRunOut {
                z,
                stage_z,
                run_out,
            } => write!(
                f,
                "obstacle at z = {z:.2} within the {run_out:.2} m run-out of the range at z = \
                 {stage_z:.2} (its exit gate stands over the track there)"
            ),
            Self::PastFinish { z, length } => {
                write!(
                    f,
                    "obstacle at z = {z:.2} reaches past the finish at {length:.2}"
                )
            }
            Self::TooClose {
                z,
                previous_z,
                start_lane,
                short_by,
            } => {
                write!(f, "row at z = {z:.2} is {short_by:.2} m too close to ")?;
                match previous_z {
                    Some(p) => write!(f, "the row at z = {p:.2}")?,
                    None => f.write_str("the section start")?,
                }
                write!(f, " for a skier starting the section in lane {start_lane}")
            }
            Self::TightWindow { z, window_s, min_s } => write!(
                f,
                "row at z = {z:.2} leaves a timing window of {window_s:.3} s; this course asks \
                 for at least {min_s:.3} s"
            ),
            Self::CoinOnObstacle {
                coin_z,
                lane,
                y,
                obstacle_z,
                class,
            } => write!(
                f,
                "coin at z = {coin_z:.2}, lane {lane}, y = {y:.2} lies on the {class:?} obstacle \
                 at z = {obstacle_z:.2}"
            ),
            Self::PickupOnObstacle {
                z,
                lane,
                obstacle_z,
            } => write!(
                f,
                "power-up at z = {z:.2}, lane {lane} lies on (or just before) the obstacle at z = \
                 {obstacle_z:.2}"
            ),
            Self::BoostsOverlap {
                z,
                previous_z,
                reach,
            } => write!(
                f,
                "wax boost at z = {z:.2} lies within the {reach:.2} m reach of the one at z = \
                 {previous_z:.2}"
            ),
            Self::BadMover { z } => write!(
                f,
                "moving obstacle at z = {z:.2} is not one lane of dodge, or does not stop before \
                 the skier reaches it"
            ),
            Self::MoverSettlesLate {
                z,
                settles_at,
                known_by,
            } => write!(
                f,
                "moving obstacle at z = {z:.2} stops in its lane when the skier is at \
                 {settles_at:.2}, after {known_by:.2} where the player must start reacting to it"
            ),
            Self::RampNotClear {
                z,
                from,
                to,
                blocker_z,
            } => write!(
                f,
                "ramp at z = {z:.2} needs {from:.2} to {to:.2} clear, and a row, stage or the \
                 finish lies at {blocker_z:.2}"
            ),
            Self::BadRoute { z } => write!(
                f,
                "route at z = {z:.2} has no side lane for its high trail, no length, or overlaps \
                 the route before it"
            ),
            Self::RouteUnannounced { z, needed } => write!(
                f,
                "route at z = {z:.2} needs {needed:.2} m to choose a side, more than its \
                 signpost's {SIGN_AHEAD} m"
            ),
            Self::RouteNotClear {
                z,
                from,
                to,
                blocker_z,
            } => write!(
                f,
                "route at z = {z:.2} needs {from:.2} to {to:.2} clear but for its high trail's \
                 rows, and a row, ramp, stage or the finish lies at {blocker_z:.2}"
            ),
            Self::UnderBoost { wax_z, cause } => {
                write!(f, "under the wax boost taken at z = {wax_z:.2}: {cause}")
            }
        }
    }
}

impl std::error::Error for FairnessError {}
