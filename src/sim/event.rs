//! What happened during a tick of a run, in the order it happened: the edge turns each event
//! into sounds, vibration, poses, knocks, HUD pops and camera moves (one handler per consumer)
//! instead of comparing snapshots to guess.
//!
//! Events are derived output: never recorded in replays and never part of the state hash, so
//! adding one changes no golden.

use crate::course::{Lane, ObstacleClass, PickupKind, ShootingPosition};
use crate::sim::skier::Trick;
use crate::sim::stage::StageResult;
use crate::sim::units::{micros, Micros};
use glam::DVec2;

/// A [`RunEvent::DistanceMark`] is reported every this many metres of the course.
pub const DISTANCE_MARK_M: u32 = 100;

/// One thing that happened in a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RunEvent {
    /// A lane change started.
    LaneChange { from: Lane, to: Lane },
    /// The skier took off.
    Jump,
    /// The skier's skis met the track again after a jump.
    Landing,
    /// The skier ducked.
    Duck,
    /// The skier stood up from a duck.
    StoodUp,
    /// A coin was taken; `streak` counts the coins taken in a row, this one included, since the
    /// last one left behind (a coin line taken whole rises in pitch).
    CoinTaken {
        coin: usize,
        lane: Lane,
        streak: u32,
    },
    /// An obstacle hit the skier (the skier is slowed and loses `coins_lost` of its coins).
    ObstacleHit {
        obstacle: usize,
        class: ObstacleClass,
        coins_lost: u32,
    },
    /// The run's first crash, forgiven: the skier stumbles through the obstacle and skis on at
    /// full speed, losing no coins and no life (the next crash counts).
    Stumbled {
        obstacle: usize,
        class: ObstacleClass,
    },
    /// A power-up was taken (`pickup`: its index in the course's list).
    PickupTaken { pickup: usize, kind: PickupKind },
    /// A power-up ended: its time ran out, a hit or a range scraped the wax off, or second
    /// wind was spent on arriving at a range (a shield that takes a crash ends with
    /// [`RunEvent::Shielded`] instead).
    PowerUpEnded { kind: PickupKind },
    /// The shield took a crash and is spent: the skier rides through the obstacle at full
    /// speed, losing nothing.
    Shielded {
        obstacle: usize,
        class: ObstacleClass,
    },
    /// The grace after a hit (or a stumble) is over: the skier no longer stumbles (its speed may still be
    /// climbing back).
    Steady,
    /// Endless: a crash took a life; `lives_left` remain (0: the last one went).
    LifeLost { lives_left: u8 },
    /// Endless: the second chance was bought; the skier skis on with one life.
    SecondChanceTaken,
    /// Endless: the last life has gone for good; the run is over.
    OutOfLives,
    /// The skier jumped over or ducked under an obstacle in its lane.
    ObstacleCleared {
        obstacle: usize,
        class: ObstacleClass,
    },
    /// The skier passed a dodge obstacle less than a lane's width away, in the middle of a lane
    /// change (a late dodge).
    NearMiss { obstacle: usize },
    /// The skier took off from a ramp's lip (`ramp`: its index in the course's list).
    Launched { ramp: usize },
    /// A trick started in a ramp's air.
    TrickStarted { trick: Trick },
    /// The skier landed from a ramp's air with `tricks` tricks done, paying `coins`.
    TrickLanded { tricks: u8, coins: u32 },
    /// The skier landed with a trick still under way: a fall (slowed, nothing lost).
    TrickFailed,
    /// A snowmobile set off across the track (`obstacle`: its index in the course's list); it
    /// stops in its lane before the skier reaches it.
    MoverSetOff { obstacle: usize },
    /// The skier passed a fork's mouth (`route`: its index in the course's list) on its high
    /// trail when `high`, else on the low one.
    RouteTaken {
        route: usize,
        kind: crate::course::RouteKind,
        high: bool,
    },
    /// A lane change from `lane` was refused: a route's divider stands in the way.
    LaneRefused { lane: crate::course::Lane },
    /// The skier reached a shooting stage.
    StageReached {
        stage: usize,
        position: ShootingPosition,
    },
    /// A round was fired: where it went (mrad from the range's centre) and the target it
    /// knocked down, with the coins that paid.
    ShotFired {
        point_mrad: DVec2,
        target: Option<usize>,
        coins: u32,
    },
    /// A target went white (always right after the [`RunEvent::ShotFired`] that hit it).
    TargetDown { target: usize },
    /// A round was bought with coins.
    RoundBought,
    /// A spare round was loaded into the empty magazine.
    SpareLoaded,
    /// The range closes in `seconds` ([`crate::shooting::stage::STAGE_MAT_LIMIT_S`]): told
    /// once a second in its last [`crate::shooting::stage::CLOSING_WARNING_S`].
    RangeClosing { seconds: u32 },
    /// The range closed on a skier who stood there its whole time: `unfired` rounds counted as
    /// misses (a [`RunEvent::StageLeft`] follows, the standing targets as penalty loops).
    RangeClosed { unfired: u32 },
    /// The skier left the range with this result.
    StageLeft { result: StageResult },
    /// The skier started the penalty loops of the last stage: `loops` of them.
    PenaltyLoopStarted { loops: u32 },
    /// The last penalty loop is skied.
    PenaltyLoopFinished,
    /// The skier passed another [`DISTANCE_MARK_M`] metres of the course: `metres` from the
    /// start (penalty loops are not the course's).
    DistanceMark { metres: u32 },
    /// The run crossed its finish (a level's line, or Endless's set length).
    Finished,
}

/// The distance marks passed on a move from `before` to `after` along the course.
pub(crate) fn distance_marks(before: Micros, after: Micros) -> impl Iterator<Item = RunEvent> {
    let mark = micros(f64::from(DISTANCE_MARK_M));
    let (from, to) = (before.div_euclid(mark), after.div_euclid(mark));
    (from + 1..=to).map(|passed| RunEvent::DistanceMark {
        metres: u32::try_from(passed).map_or(u32::MAX, |n| n.saturating_mul(DISTANCE_MARK_M)),
    })
}
