//! Moving obstacles: a snowmobile that drives in from beside the track, crosses the lanes and
//! stops in its own lane before the skier gets there. Where it is, is a pure function of the
//! skier's distance from it ([`crossing_position`]), so a replay, a bot and the screen all see
//! the same crossing; it collides as the dodge obstacle it becomes once stopped, which it is long
//! before the skier can touch it.
//!
//! Fair by one more rule (`fairness::movers`): the snowmobile stops, and so shows the lane it
//! blocks, either no later than the end of the action before its row (or the section's start),
//! so the player's reaction and lane changes count from a known answer as for every still
//! obstacle; or far enough before its row ([`reaction_room`]) that from the moment it stops
//! the player can react, cross two lanes and still have the smallest timing window to spare,
//! even under a wax boost. The planner ([`lay_movers`]) turns a still one-lane dodge obstacle
//! into a snowmobile only where that holds; its choices come from the window's own stream, so
//! the rest of the layout is the same with or without them.

use crate::course::model::{Lane, Obstacle, ObstacleClass, SkierParams, ACTION_MARGIN, LANES};
use crate::course::pickups::boosted;
use crate::course::rng::chance;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// The snowmobile stops in its lane when the skier is this far from it, seconds at the skier's
/// speed: by then its lane is the answer to read.
pub const SETTLE_S: f64 = 1.3;
/// It drives across for this long before it stops, seconds at the skier's speed.
pub const CROSSING_S: f64 = 1.5;
/// Where it waits before it drives, lanes beyond the nearer edge lane's centre (off the track).
pub const WAIT_BESIDE_LANES: f64 = 1.6;
/// Chance that a row that may hold a snowmobile gets one, percent.
const MOVER_PERCENT: u32 = 40;
/// Least time between two snowmobiles, seconds at the skier's speed (something new, not the same
/// thing again and again).
const MOVER_EVERY_S: f64 = 8.0;

/// A moving obstacle's crossing: beside the track at `from` (lanes: 0.0 is the left lane's
/// centre) until the skier is `starts_ahead` metres before the obstacle's near edge, then at an
/// even pace to its lane, where it stops when the skier is `settles_ahead` metres away.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    pub from: f64,
    pub starts_ahead: f64,
    pub settles_ahead: f64,
}

impl Crossing {
    /// The crossing of a snowmobile coming from the left side of the track when `from_left`,
    /// for a skier at `skier`'s pace.
    pub fn new(from_left: bool, skier: &SkierParams) -> Self {
        let from = if from_left {
            -WAIT_BESIDE_LANES
        } else {
            f64::from(LANES - 1) + WAIT_BESIDE_LANES
        };
        Self {
            from,
            starts_ahead: (SETTLE_S + CROSSING_S) * skier.speed,
            settles_ahead: SETTLE_S * skier.speed,
        }
    }

    /// Where along the track the skier is when the snowmobile stops (its lane known), metres.
    pub fn settles_at(&self, obstacle: &Obstacle) -> f64 {
        obstacle.z - self.settles_ahead
    }

    /// Where along the track the skier is when the snowmobile sets off, metres.
    pub fn starts_at(&self, obstacle: &Obstacle) -> f64 {
        obstacle.z - self.starts_ahead
    }
}

/// How far before its row a snowmobile that stops after the previous action's end must stop,
/// metres: the margin, a reaction and two lane changes, and the smallest timing window
/// (`min_window_s`), at the speed a wax boost would bring `skier` to.
pub fn reaction_room(skier: &SkierParams, min_window_s: f64) -> f64 {
    let fast = boosted(skier);
    ACTION_MARGIN
        + fast.reaction_distance()
        + f64::from(LANES - 1) * fast.lane_change_length()
        + min_window_s * fast.speed
}

/// The lane the obstacle stops in (a snowmobile is one lane wide).
fn stop_lane(obstacle: &Obstacle) -> f64 {
    obstacle.lanes.first().map_or(0.0, |&lane| f64::from(lane))
}

/// Where across the track the moving obstacle is when the skier is at `skier_z`, lanes (0.0 is
/// the left lane's centre); a still obstacle's own lane. Drawn and heard only: the simulation
/// needs none of it (the snowmobile has stopped before the skier can reach it).
pub fn crossing_position(obstacle: &Obstacle, skier_z: f64) -> f64 {
    let stop = stop_lane(obstacle);
    let Some(crossing) = obstacle.motion else {
        return stop;
    };
    let (start, settle) = (crossing.starts_at(obstacle), crossing.settles_at(obstacle));
    if skier_z <= start {
        return crossing.from;
    }
    if skier_z >= settle {
        return stop;
    }
    let share = (skier_z - start) / (settle - start);
    crossing.from + (stop - crossing.from) * share
}

/// Turn some still one-lane dodge obstacles of a window (laid from `first` on) into snowmobiles:
/// only one whose row is not the window's first and whose crossing stops no later than the end
/// of the previous row's action or with [`reaction_room`] to spare (at a course asking
/// `min_window_s`), [`MOVER_EVERY_S`] apart at least.
pub(crate) fn lay_movers(
    (skier, min_window_s): (&SkierParams, f64),
    rng: &mut Pcg32,
    obstacles: &mut [Obstacle],
    first: usize,
) {
    let mut previous_end: Option<f64> = None;
    let mut last_mover: Option<f64> = None;
    let mut index = first;
    while index < obstacles.len() {
        // The row starting here: every obstacle overlapping the first.
        let mut row_end = obstacles[index].z + obstacles[index].depth;
        let mut past = index + 1;
        while past < obstacles.len() && obstacles[past].z <= row_end {
            row_end = row_end.max(obstacles[past].z + obstacles[past].depth);
            past += 1;
        }
        let candidate = (index..past).find(|&i| {
            let o = &obstacles[i];
            o.class == ObstacleClass::Dodge && o.lanes.len() == 1
        });
        let settles_ahead = SETTLE_S * skier.speed;
        let crossing_fits = |o: &Obstacle, known_by: f64| {
            let known = o.z - settles_ahead <= known_by
                || settles_ahead >= reaction_room(skier, min_window_s);
            known && last_mover.is_none_or(|z| o.z - z >= MOVER_EVERY_S * skier.speed)
        };
        if let (Some(i), Some(known_by)) = (candidate, previous_end) {
            if crossing_fits(&obstacles[i], known_by) && chance(rng, MOVER_PERCENT) {
                let lane = obstacles[i].lanes[0];
                let from_left = match lane {
                    Lane::LEFT => false,
                    Lane::RIGHT => true,
                    _ => chance(rng, 50),
                };
                obstacles[i].motion = Some(Crossing::new(from_left, skier));
                last_mover = Some(obstacles[i].z);
            }
        }
        previous_end = Some(row_end + ACTION_MARGIN);
        index = past;
    }
}
