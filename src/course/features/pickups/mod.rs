//! Power-ups lying on the track: what each does is the simulation's (`sim::run::power`), where
//! they lie is the course's. Each lies on the planned safe line (it takes the place of a ground
//! coin of a trail), so reaching one never asks for more than the line does; a wax boost lies
//! only where the rows it speeds up still leave their timing windows (`fairness`).

mod place;

pub(crate) use place::{lay_pickups, PickupPlace};

use crate::course::model::{Lane, SkierParams, MAX_SKIER_SPEED};
use serde::{Deserialize, Serialize};

/// What a power-up does once taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PickupKind {
    /// Wax boost: [`WAX_BOOST_PERCENT`] more speed for [`WAX_S`] (a hit scrapes it off).
    Wax,
    /// Coin magnet: for [`MAGNET_S`] every coin passed is taken, whatever its lane or height.
    Magnet,
    /// Shield: forgives the next crash within [`SHIELD_S`].
    Shield,
    /// Second wind: the heart arrives at the next range [`SECOND_WIND_SHARE_PERCENT`] % nearer
    /// its resting rate.
    Breath,
}

impl PickupKind {
    /// Every kind, in the order the planner draws from.
    pub const ALL: [PickupKind; 4] = [Self::Wax, Self::Magnet, Self::Shield, Self::Breath];

    /// The kind's name in JSON and on screen (lower case).
    pub fn name(self) -> &'static str {
        match self {
            Self::Wax => "wax",
            Self::Magnet => "magnet",
            Self::Shield => "shield",
            Self::Breath => "breath",
        }
    }

    /// How long the power-up lasts once taken, seconds of skiing; `None` for second wind, which
    /// lasts until the next range.
    pub fn lasts_s(self) -> Option<f64> {
        match self {
            Self::Wax => Some(WAX_S),
            Self::Magnet => Some(MAGNET_S),
            Self::Shield => Some(SHIELD_S),
            Self::Breath => None,
        }
    }
}

/// One power-up on the track, taken by skiing through it in its lane.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Pickup {
    /// Along the track, metres.
    pub z: f64,
    pub lane: Lane,
    pub kind: PickupKind,
}

/// How long a wax boost lasts, seconds of skiing.
pub const WAX_S: f64 = 4.0;
/// How much faster a wax boost skis, percent of the course's speed (never past
/// [`MAX_SKIER_SPEED`], which the fog and streaming are sized for).
pub const WAX_BOOST_PERCENT: i64 = 20;
/// How long a coin magnet lasts, seconds of skiing.
pub const MAGNET_S: f64 = 8.0;
/// How long a shield waits for a crash to forgive, seconds of skiing.
pub const SHIELD_S: f64 = 15.0;
/// Share of the heart's excess over its resting rate that second wind takes off on arrival at
/// the next range, percent.
pub const SECOND_WIND_SHARE_PERCENT: u32 = 50;

/// The skier's speed under a wax boost, m/s.
pub fn boosted_speed(speed: f64) -> f64 {
    (speed * (100 + WAX_BOOST_PERCENT) as f64 / 100.0).min(MAX_SKIER_SPEED)
}

/// The skier under a wax boost: the same action times at the boosted speed.
pub fn boosted(skier: &SkierParams) -> SkierParams {
    SkierParams::for_speed(boosted_speed(skier.speed))
}

/// How far along the track a wax boost taken at its pickup reaches, metres: the boost's own
/// distance and then the sight a player needs at that speed (a row met just after the boost
/// was still approached at the boosted speed), so fairness counts every row it touches.
pub fn boost_reach(skier: &SkierParams) -> f64 {
    let fast = boosted(skier);
    fast.speed * WAX_S + crate::course::fairness::visibility_needed(&fast)
}
