//! `latu course`: lay out a level's track, or a stretch of Endless, and print it as JSON.

use super::args::CourseArgs;
use super::{print_json, CliError};
use crate::course::fairness;
use crate::course::movers::Crossing;
use crate::course::{
    Coin, Course, CourseKind, Lane, Obstacle, ObstacleClass, Pickup, Ramp, Route, SkierParams,
    StageSpot, LANES,
};
use crate::terrain::TerrainConfig;
use serde::Serialize;

/// Length laid out for `--endless` without `--length`, metres.
pub const DEFAULT_ENDLESS_LENGTH: f64 = 2000.0;
/// Longest `--length` accepted, metres.
pub const MAX_ENDLESS_LENGTH: f64 = 1_000_000.0;

/// The course as printed (field names are part of the command-line contract).
#[derive(Debug, Serialize)]
struct CourseJson<'a> {
    /// `null` for Endless.
    level: Option<u8>,
    /// `null` for Endless.
    track: Option<u8>,
    endless: bool,
    seed: u64,
    length: f64,
    lanes: u8,
    lane_width: f64,
    obstacles: Vec<ObstacleJson<'a>>,
    coins: Vec<Coin>,
    stages: Vec<StageSpot>,
    /// Power-ups: `{"z","lane","kind"}`.
    pickups: Vec<Pickup>,
    /// Ramps: `{"z","lane"}` (`z`: the lip, where the skier takes off).
    ramps: Vec<Ramp>,
    /// Routes: `{"z","length","kind","lane"}` (`z`: the fork's mouth; `lane`: the high trail's).
    routes: Vec<Route>,
    skier: SkierParams,
}

#[derive(Debug, Serialize)]
struct ObstacleJson<'a> {
    z: f64,
    /// `jump`, `dodge`, `duck`, or `snowmobile` for a moving one (the contract lets kinds grow).
    kind: &'static str,
    /// How it is cleared (a snowmobile is dodged).
    class: ObstacleClass,
    /// A moving obstacle's crossing (`from` in lanes; the skier's distance from the obstacle
    /// when it sets off and when it stops in its lane, metres).
    #[serde(skip_serializing_if = "Option::is_none")]
    crossing: Option<Crossing>,
    lanes: &'a [Lane],
    look: u8,
    depth: f64,
    /// The skier's speed at the obstacle, m/s.
    speed: f64,
    /// The timing window of the obstacle's row, seconds (see `course::fairness::obstacle_windows`).
    window_s: f64,
}

/// Run `latu course`.
pub fn run(args: &CourseArgs) -> Result<(), CliError> {
    let (course, length) = lay_out(args)?;
    print_json(&to_json(&course, length))
}

/// `length` if it is an Endless length `--length` accepts, else why not.
pub(super) fn endless_length(length: f64) -> Result<f64, CliError> {
    if length > 0.0 && length <= MAX_ENDLESS_LENGTH {
        return Ok(length);
    }
    // A huge value in scientific notation, not hundreds of digits.
    let shown = if length.abs() < MAX_ENDLESS_LENGTH * 10.0 {
        length.to_string()
    } else {
        format!("{length:e}")
    };
    Err(CliError::bad_input(format!(
        "--length {shown} is out of range: give metres above 0 and at most {MAX_ENDLESS_LENGTH}"
    )))
}

/// The course the arguments ask for, and the length to print.
fn lay_out(args: &CourseArgs) -> Result<(Course, f64), CliError> {
    let mut course = args.course.course(None)?;
    if course.kind == CourseKind::Endless {
        let length = endless_length(args.length.unwrap_or(DEFAULT_ENDLESS_LENGTH))?;
        course.extend_to(length);
        return Ok((course, length));
    }
    if args.length.is_some() {
        return Err(CliError::bad_input(
            "--length is only for --endless (a level's length is fixed by the level table)",
        ));
    }
    let length = course.laid_out;
    Ok((course, length))
}

/// The JSON view of `course` up to `length`.
fn to_json(course: &Course, length: f64) -> CourseJson<'_> {
    let (level, track) = match course.kind {
        CourseKind::Level { level, track } => (Some(level), Some(track)),
        CourseKind::Endless => (None, None),
    };
    let windows = fairness::obstacle_windows(course)
        .expect("a laid-out course groups into rows of one class (the planner lays them so)");
    CourseJson {
        level,
        track,
        endless: course.kind == CourseKind::Endless,
        seed: course.seed,
        length,
        lanes: LANES,
        // The track's lanes are the terrain's: one width for the ground and the course.
        lane_width: TerrainConfig::default().lane_width,
        obstacles: course
            .obstacles
            .iter()
            .zip(windows)
            .filter(|(o, _)| o.z + o.depth <= length)
            .map(|(o, window_s)| ObstacleJson {
                z: o.z,
                kind: obstacle_kind(o),
                class: o.class,
                crossing: o.motion,
                lanes: &o.lanes,
                look: o.look,
                depth: o.depth,
                speed: course.skier_at(o.z).speed,
                window_s,
            })
            .collect(),
        coins: course
            .coins
            .iter()
            .filter(|c| c.z <= length)
            .copied()
            .collect(),
        stages: course
            .stages
            .iter()
            .filter(|s| s.z <= length)
            .copied()
            .collect(),
        pickups: course
            .pickups
            .iter()
            .filter(|p| p.z <= length)
            .copied()
            .collect(),
        ramps: course
            .ramps
            .iter()
            .filter(|r| r.z <= length)
            .copied()
            .collect(),
        routes: course
            .routes
            .iter()
            .filter(|r| r.z <= length)
            .copied()
            .collect(),
        skier: course.skier,
    }
}

/// The obstacle's kind as printed: its class, or `snowmobile` for one that moves.
fn obstacle_kind(obstacle: &Obstacle) -> &'static str {
    if obstacle.motion.is_some() {
        return "snowmobile";
    }
    match obstacle.class {
        ObstacleClass::Jump => "jump",
        ObstacleClass::Dodge => "dodge",
        ObstacleClass::Duck => "duck",
    }
}
