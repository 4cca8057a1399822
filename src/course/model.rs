//! The course's data: what lies on the track and where. Pure data; shared by layout, simulation,
//! the command line and the app. Distances are metres along the track (z) from the start line.

use serde::{Deserialize, Serialize};

/// Number of lanes on the track.
pub const LANES: u8 = 3;

/// One of the track's three lanes: 0 = left, 1 = middle, 2 = right. A type of its own so that a
/// lane is never taken for a count or an index into something else; JSON writes it as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Lane(u8);

impl Lane {
    /// The left lane.
    pub const LEFT: Lane = Lane(0);
    /// The middle lane.
    pub const MIDDLE: Lane = Lane(1);
    /// The right lane.
    pub const RIGHT: Lane = Lane(2);
    /// Every lane, left to right.
    pub const ALL: [Lane; LANES as usize] = [Lane::LEFT, Lane::MIDDLE, Lane::RIGHT];

    /// The lane numbered `number` (0 = left), if the track has it.
    pub const fn new(number: u8) -> Option<Lane> {
        if number < LANES {
            Some(Lane(number))
        } else {
            None
        }
    }

    /// The lane's number, 0 = left.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The lane's position, for indexing per-lane arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The lane on the left of this one, if any.
    pub const fn left(self) -> Option<Lane> {
        match self.0 {
            0 => None,
            n => Some(Lane(n - 1)),
        }
    }

    /// The lane on the right of this one, if any.
    pub const fn right(self) -> Option<Lane> {
        Lane::new(self.0 + 1)
    }

    /// Lane changes between this lane and `other` (named as the integers' method it replaces).
    pub const fn abs_diff(self, other: Lane) -> u8 {
        self.0.abs_diff(other.0)
    }
}

/// A lane indexes per-lane arrays.
impl From<Lane> for usize {
    fn from(lane: Lane) -> usize {
        lane.index()
    }
}

/// A lane's place across the track, in lanes (the skier between two lanes is at a fraction).
impl From<Lane> for f64 {
    fn from(lane: Lane) -> f64 {
        f64::from(lane.0)
    }
}

/// Written as its number (logs, messages).
impl std::fmt::Display for Lane {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

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
    /// Visual variant within its class (log, bank, rock, crates, banner, …).
    pub look: u8,
    /// Extent along the track, metres.
    pub depth: f64,
    /// How it moves before it stops in its lanes (a snowmobile crossing); `None`: it stands
    /// still (see [`super::movers`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion: Option<super::movers::Crossing>,
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

/// Default distance at which the fog is opaque, in metres (the "view distance" setting): how far
/// a player sees objects coming, which the fairness rules and Endless's layout build on.
pub const DEFAULT_VIEW_DISTANCE: f64 = 240.0;

/// The fastest forward speed of any level or Endless, m/s. Streaming and fog are sized for it.
pub const MAX_SKIER_SPEED: f64 = 17.5;

/// The lane the skier starts a run in (the middle one).
pub const START_LANE: Lane = Lane::MIDDLE;

/// The player's reaction time, seconds: the slack fairness leaves before every action.
pub const REACTION_S: f64 = 0.25;

/// Time to move one lane sideways, seconds (the same at every speed). Like the other action
/// times here, a whole number of 60 Hz simulation ticks. Fairness counts a skier that is
/// changing lanes as in both lanes, and never relies on changing lanes in the air or ducked.
pub const LANE_CHANGE_S: f64 = 0.2;

/// Time in the air for one jump, seconds; `jump_length` is this at the level's speed. A jump
/// clears the deepest jump obstacle with [`ACTION_MARGIN`] each side even at the slowest level.
pub const JUMP_AIRTIME_S: f64 = 0.7;

/// Time spent ducked for one duck, seconds; `duck_length` is this at the level's speed.
pub const DUCK_TIME_S: f64 = 0.75;

/// Highest point of a jump above the track, metres (reached half-way through the jump).
pub const JUMP_APEX: f64 = 1.5;

/// Half the skier's length along the track (skis), metres: the simulation's skier occupies
/// `z ± SKIER_HALF_LENGTH`.
pub const SKIER_HALF_LENGTH: f64 = 0.9;

/// How far before an obstacle's near edge and past its far edge an action (a jump, a duck, being
/// in a free lane) must hold, metres. Larger than [`SKIER_HALF_LENGTH`], so a skier that acts on
/// the fair schedule never touches the obstacle.
pub const ACTION_MARGIN: f64 = 1.0;

/// Top of every jump obstacle above the track, metres (below [`JUMP_APEX`] with room to spare).
pub const JUMP_OBSTACLE_HEIGHT: f64 = 1.0;

/// No coin lies this close in front of a dodge obstacle in its lane, metres: from afar the coin
/// overlaps the obstacle behind it and lures the player into it (a coin line may lead round it).
pub const COIN_CLEAR_BEFORE_DODGE: f64 = 8.0;

/// Underside of every duck obstacle above the track, metres: a ducked skier passes below it, a
/// standing one hits it.
pub const DUCK_OBSTACLE_CLEARANCE: f64 = 1.1;

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

impl SkierParams {
    /// The parameters at a forward speed: the action lengths are the fixed action times at it.
    pub fn for_speed(speed: f64) -> Self {
        Self {
            speed,
            lane_change_s: LANE_CHANGE_S,
            jump_length: speed * JUMP_AIRTIME_S,
            duck_length: speed * DUCK_TIME_S,
        }
    }

    /// The parameters of level 1–5 (its speed from the level table); `None` for an unknown level.
    pub fn for_level(level: u8) -> Option<Self> {
        super::levels::level(level).map(|spec| spec.skier())
    }

    /// The parameters at the start of the Endless course.
    pub fn for_endless() -> Self {
        super::levels::ENDLESS.skier(0)
    }

    /// Distance covered during the player's reaction time, metres.
    pub fn reaction_distance(&self) -> f64 {
        self.speed * REACTION_S
    }

    /// Distance covered while moving one lane sideways, metres.
    pub fn lane_change_length(&self) -> f64 {
        self.speed * self.lane_change_s
    }
}

/// Height of the skier above the track `dz` metres after taking off, for a jump of
/// `jump_length` metres: a parabola peaking at [`JUMP_APEX`] half-way, 0 outside the jump.
/// Coin arcs over jump obstacles follow it (no transcendental functions: replays agree).
pub fn jump_height(jump_length: f64, dz: f64) -> f64 {
    if jump_length <= 0.0 || dz <= 0.0 || dz >= jump_length {
        return 0.0;
    }
    let s = dz / jump_length;
    4.0 * JUMP_APEX * s * (1.0 - s)
}

/// Which course this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CourseKind {
    /// A row of the level table: level 1–5, track 1–3.
    Level { level: u8, track: u8 },
    /// Infinite, laid out segment by segment as the skier advances.
    Endless,
}

/// A laid-out course. Obstacles, coins, stages and power-ups are sorted by `z`. For Endless, `length` is
/// `None` and the lists grow as the layout is extended ahead of the skier.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    pub kind: CourseKind,
    pub seed: u64,
    /// Finish line, metres; `None` for Endless.
    pub length: Option<f64>,
    /// The skier's parameters at the start; a level keeps them throughout, Endless ramps (see
    /// `Course::skier_at`).
    pub skier: SkierParams,
    pub obstacles: Vec<Obstacle>,
    pub coins: Vec<Coin>,
    pub stages: Vec<StageSpot>,
    /// Power-ups, sorted by `z` (see [`super::pickups`]).
    pub pickups: Vec<super::pickups::Pickup>,
    /// Ramps, sorted by `z` (see [`super::ramps`]).
    pub ramps: Vec<super::ramps::Ramp>,
    /// Routes (a high trail and a low one), sorted by `z` (see [`super::routes`]).
    pub routes: Vec<super::routes::Route>,
    /// How far the layout reaches, metres: the finish for levels, the end of the last laid-out
    /// segment for Endless (see `Course::extend_to`).
    pub laid_out: f64,
}
