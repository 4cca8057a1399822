//! The course's data: what lies on the track and where. Pure data; shared by layout, simulation,
//! the command line and the app. Distances are metres along the track (z) from the start line.

use serde::{Deserialize, Serialize};

/// Number of lanes on the track.
pub const LANES: u8 = 3;

/// Lane index: 0 = left, 1 = middle, 2 = right.
pub type Lane = u8;

/// How an obstacle is cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ObstacleClass {
    /// Spans all lanes; jump over it.
    Jump,
    /// One or two lanes; change to a free lane.
    Dodge,
    /// High; duck under it.
    Duck,
}

/// One obstacle on the track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Obstacle {
    /// Near edge along the track.
    pub z: f64,
    pub class: ObstacleClass,
    /// Lanes it blocks, ascending.
    pub lanes: Vec<Lane>,
    /// Visual variant within its class (log, snow wall, rock, snowman, banner, …).
    pub look: u8,
    /// Extent along the track, metres.
    pub depth: f64,
}

/// One coin.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Coin {
    pub z: f64,
    pub lane: Lane,
    /// Height above the track surface, metres (arcs over jump obstacles).
    pub y: f64,
}

/// Shooting position at a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShootingPosition {
    Prone,
    Standing,
}

/// A biathlon shooting stage: the skier stops at `z`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StageSpot {
    pub z: f64,
    pub position: ShootingPosition,
}

/// The fastest forward speed of any level or Endless, m/s. Streaming and fog are sized for it.
pub const MAX_SKIER_SPEED: f64 = 16.0;

/// How the skier moves on a course: the level's speed and the fixed action lengths.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SkierParams {
    /// Forward speed, m/s (the player never controls it).
    pub speed: f64,
    /// Time to move one lane sideways, seconds.
    pub lane_change_s: f64,
    /// Distance covered in the air by one jump at `speed`, metres.
    pub jump_length: f64,
    /// Distance covered ducked by one duck at `speed`, metres.
    pub duck_length: f64,
}

/// Which course this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CourseKind {
    /// A row of the level table: level 1–5, track 1–3.
    Level { level: u8, track: u8 },
    /// Infinite, laid out segment by segment as the skier advances.
    Endless,
}

/// A laid-out course. Obstacles, coins and stages are sorted by `z`. For Endless, `length` is
/// `None` and the lists grow as the layout is extended ahead of the skier.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    pub kind: CourseKind,
    pub seed: u64,
    /// Finish line, metres; `None` for Endless.
    pub length: Option<f64>,
    pub skier: SkierParams,
    pub obstacles: Vec<Obstacle>,
    pub coins: Vec<Coin>,
    pub stages: Vec<StageSpot>,
}
