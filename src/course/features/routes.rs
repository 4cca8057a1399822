//! Routes: a fork where the track offers a choice of way for a stretch. One side lane climbs
//! onto a ridge — the **high trail**, with a line of coins and obstacles of its own to jump or
//! duck (the risk) — and a divider (a snowbank with a fence) parts it from the two other lanes,
//! the **low trail**, which holds nothing at all (safe, and slower to score). The choice is made
//! at the fork's mouth: no lane change across the divider may run into the stretch
//! (`sim`); a signpost beside the mouth announces it [`SIGN_AHEAD`] metres early.
//!
//! Fair by construction and by a rule (`fairness::routes`): the mouth comes with room after the
//! row before it for a reaction, two lane changes and the smallest window (at a wax boost's
//! speed), so the player picks either side; the high trail's rows are jump and duck rows laid as
//! the planner lays any, spaced far apart, with no lane change needed; and the first row after
//! the stretch leaves the same room from either side. The planner ([`RouteDraw`], [`lay_route`])
//! draws from the section's own routes stream.

use crate::course::fairness::blocks_coin;
use crate::course::layout::GENTLE_START_S;
use crate::course::levels::ENDLESS;
use crate::course::looks;
use crate::course::model::{
    jump_height, Coin, Lane, Obstacle, ObstacleClass, SkierParams, ACTION_MARGIN, LANES,
};
use crate::course::pickups::boosted;
use crate::course::rng::{chance, stream, Purpose};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// What kind of fork a route is (a short lower-case name in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RouteKind {
    /// A high trail over a ridge beside a low trail.
    Ridge,
}

impl RouteKind {
    /// The kind's name in JSON and on screen (lower case).
    pub fn name(self) -> &'static str {
        match self {
            Self::Ridge => "ridge",
        }
    }
}

/// A fork whose mouth is at `z`: for `length` metres the side lane `high` is the high trail,
/// parted from the other lanes by a divider.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Route {
    /// The fork's mouth (where the divider starts), metres.
    pub z: f64,
    /// How far the divider runs, metres.
    pub length: f64,
    pub kind: RouteKind,
    /// The high trail's lane: the left or the right one.
    pub lane: Lane,
}

impl Route {
    /// Where the divider ends and the trails join again, metres.
    pub fn end(&self) -> f64 {
        self.z + self.length
    }

    /// Whether a move between `from` and `to` crosses the divider.
    pub fn crosses(&self, from: Lane, to: Lane) -> bool {
        (from == self.lane) != (to == self.lane)
    }
}

/// The fork is announced this far before its mouth, metres: its signpost (tall, on the divider's
/// nose) reads from there on a phone, and the choice (a reaction, two lane changes, the smallest
/// window) fits within it at every level's speed.
pub const SIGN_AHEAD: f64 = 40.0;
/// How long the divider runs, seconds at the skier's speed (100 to 140 m over the levels).
pub const STRETCH_S: f64 = 8.0;
/// Slack a high-trail row gets beyond the smallest window after the previous one, seconds
/// (the planner's own: keeps the windows clear of rounding).
const HIGH_ROW_SLACK_S: f64 = 0.02;
/// Chance that a pause far enough from the last route gets one, percent.
const ROUTE_PERCENT: u32 = 25;
/// A level's route is laid only where this many rows' worth of track (at the level's spacing)
/// is left after it in the window: the pattern after it fits, and the window's rest is not left
/// empty. (An Endless fork segment leaves none: the next segment lays the rows after it.)
pub(crate) const ROUTE_TAIL_ROWS: f64 = 4.0;
/// Chance that an Endless segment is a fork segment, percent.
const ENDLESS_FORK_PERCENT: u32 = 35;

/// Seconds of skiing between two routes' mouths, at least.
const ROUTE_EVERY_S: f64 = 45.0;
/// Distance between the high trail's coins, metres.
const COIN_SPACING: f64 = 3.0;

/// Room the player needs between the end of a row's action and the next decision point (a
/// fork's mouth, or the first row after a fork, reached from either side), metres: a reaction,
/// two lane changes, the margin and the smallest window, at the speed a wax boost would bring.
pub fn choice_room(skier: &SkierParams, min_window_s: f64) -> f64 {
    let fast = boosted(skier);
    fast.reaction_distance()
        + f64::from(LANES - 1) * fast.lane_change_length()
        + ACTION_MARGIN
        + min_window_s * fast.speed
}

/// The pause a route takes from the end of the previous row's action: its choice room, the
/// stretch, and the choice room after it.
pub fn route_room(skier: &SkierParams, min_window_s: f64) -> f64 {
    2.0 * choice_room(skier, min_window_s) + STRETCH_S * skier.speed
}

/// Which pauses between a window's patterns get a route: drawn from the section's own stream,
/// [`ROUTE_EVERY_S`] apart at least, never in the gentle start, and only where the route's room
/// and the rows after it fit before the window ends.
pub(crate) struct RouteDraw {
    rng: Pcg32,
    /// The last route's mouth, metres.
    last: Option<f64>,
    /// Chance that a pause that fits gets a route, percent.
    percent: u32,
    /// The next pause that fits gets a route whatever the draw.
    owed: bool,
    /// Rows' worth of track (at the level's spacing) a route leaves after it in the window.
    tail_rows: f64,
}

impl RouteDraw {
    /// A level section's draw from `rng`; `owed`: the track has no route yet and no later section
    /// could hold one, so the first pause that fits gets one.
    pub(crate) fn level(rng: Pcg32, owed: bool) -> Self {
        Self {
            rng,
            last: None,
            percent: ROUTE_PERCENT,
            owed,
            tail_rows: ROUTE_TAIL_ROWS,
        }
    }

    /// Endless segment `index`'s draw (from `seed`'s routes stream for it), `last` the mouth
    /// of the course's last route before it. A segment past the gentle start is a **fork
    /// segment** at [`ENDLESS_FORK_PERCENT`]: its first pause that fits, [`ROUTE_EVERY_S`] past
    /// the last route, gets a route, and the next segment lays the rows after it. Endless lays
    /// its segments in order, so the course is the same however it is extended.
    pub(crate) fn endless(seed: u64, index: u64, last: Option<f64>) -> Self {
        let mut rng = stream(seed, Purpose::EndlessRoutes, index);
        let start = index as f64 * ENDLESS.segment_length;
        let after_gentle = start >= GENTLE_START_S * ENDLESS.start_speed;
        let fork = chance(&mut rng, ENDLESS_FORK_PERCENT);
        Self {
            rng,
            last,
            percent: 0,
            owed: fork && after_gentle,
            tail_rows: 0.0,
        }
    }

    /// Whether a route (its room, then the rows' worth of track the draw leaves after it) fits
    /// between `from` and `hi` at `pace`.
    pub(crate) fn fits(tail_rows: f64, from: f64, hi: f64, pace: &RoutePace) -> bool {
        from + route_room(pace.skier, pace.min_window_s) + tail_rows * pace.row_spacing <= hi
    }

    /// The high lane of a route in a pause starting at `z` of a window ending at `hi`, if it
    /// gets one.
    pub(crate) fn due(&mut self, z: f64, hi: f64, pace: &RoutePace) -> Option<Lane> {
        let apart = self
            .last
            .is_none_or(|last| z - last >= ROUTE_EVERY_S * pace.skier.speed);
        if !(apart && Self::fits(self.tail_rows, z, hi, pace)) {
            return None;
        }
        if !(self.owed || chance(&mut self.rng, self.percent)) {
            return None;
        }
        Some(if chance(&mut self.rng, 50) {
            Lane::LEFT
        } else {
            Lane::RIGHT
        })
    }

    /// A route was laid with its mouth at `z`.
    fn laid(&mut self, z: f64) {
        self.last = Some(z);
        self.owed = false;
    }
}

/// What a route lays: the route, its high trail's obstacles and coins (sorted by z).
pub(crate) struct LaidRoute {
    pub route: Route,
    pub obstacles: Vec<Obstacle>,
    pub coins: Vec<Coin>,
}

/// The level's pace for a route: the skier, the smallest window, and the distance between rows
/// the level asks for on average, metres.
pub(crate) struct RoutePace<'a> {
    pub skier: &'a SkierParams,
    pub min_window_s: f64,
    pub row_spacing: f64,
}

/// Lay a route in a pause starting at `from` (the end of the previous row's action) with its
/// high trail in `lane`: the mouth after [`choice_room`], jump or duck rows over the stretch at
/// the level's pace (never closer than a reaction, the action and the smallest window with some
/// slack), each action centred on its obstacle, from the choice room past the mouth to the
/// choice room before the end, and a coin trail along the high trail (arcing over the jumps,
/// none on an obstacle).
pub(crate) fn lay_route(
    draw: &mut RouteDraw,
    pace: &RoutePace,
    from: f64,
    lane: Lane,
) -> LaidRoute {
    let (skier, min_window_s) = (pace.skier, pace.min_window_s);
    let room = choice_room(skier, min_window_s);
    let mouth = from + room;
    let length = STRETCH_S * skier.speed;
    let route = Route {
        z: mouth,
        length,
        kind: RouteKind::Ridge,
        lane,
    };
    let gap = skier.reaction_distance() + (min_window_s + HIGH_ROW_SLACK_S) * skier.speed;
    let mut obstacles = Vec::new();
    let mut arcs = Vec::new();
    // Each row's action starts a reaction and the smallest window after the previous one's end
    // (and at the level's row spacing from its start, at least), the first one past the choice
    // room; the last ends the choice room before the divider's end.
    let (mut start, mut last_start) = (mouth + room + gap, f64::NEG_INFINITY);
    loop {
        let jump = chance(&mut draw.rng, 50);
        let (class, action) = if jump {
            (ObstacleClass::Jump, skier.jump_length)
        } else {
            (ObstacleClass::Duck, skier.duck_length)
        };
        start = start.max(last_start + pace.row_spacing);
        if start + action > mouth + length - room {
            break;
        }
        let look = looks::draw_fitting(class, action, (skier, min_window_s), &mut draw.rng);
        let depth = looks::looks(class)[usize::from(look)].depth;
        let centre = start + action / 2.0;
        obstacles.push(Obstacle {
            z: centre - depth / 2.0,
            class,
            lanes: vec![lane],
            look,
            depth,
            motion: None,
        });
        if jump {
            arcs.push((start, action));
        }
        last_start = start;
        start += action + gap;
    }
    let steps = (length / COIN_SPACING).floor() as u32;
    let coins = (1..steps)
        .map(|k| {
            let z = mouth + f64::from(k) * COIN_SPACING;
            let arc = arcs
                .iter()
                .find(|(start, action)| z > *start && z < start + action);
            let y = arc.map_or(0.0, |(start, action)| jump_height(*action, z - start));
            Coin { z, lane, y }
        })
        .filter(|c| !obstacles.iter().any(|o| blocks_coin(o, c)))
        .collect();
    draw.laid(mouth);
    LaidRoute {
        route,
        obstacles,
        coins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::rng::{stream, Purpose};

    fn ridge(lane: Lane) -> Route {
        Route {
            z: 100.0,
            length: 120.0,
            kind: RouteKind::Ridge,
            lane,
        }
    }

    #[test]
    fn only_a_move_onto_or_off_the_high_trail_crosses_the_divider() {
        let route = ridge(Lane::RIGHT);
        let (l, m, r) = (Lane::LEFT, Lane::MIDDLE, Lane::RIGHT);
        assert!(route.crosses(m, r) && route.crosses(r, m) && route.crosses(l, r));
        assert!(!route.crosses(l, m) && !route.crosses(m, l) && !route.crosses(r, r));
        assert_eq!(route.end(), 220.0);
    }

    #[test]
    fn a_route_lays_its_rows_and_coins_on_the_high_trail_inside_the_stretch() {
        let skier = SkierParams::for_speed(12.5);
        for index in 0..50 {
            let mut draw = RouteDraw::level(stream(index, Purpose::LevelRoutes, 0), false);
            let pace = RoutePace {
                skier: &skier,
                min_window_s: 0.3,
                row_spacing: 20.0,
            };
            let laid = lay_route(&mut draw, &pace, 50.0, Lane::LEFT);
            let route = laid.route;
            assert_eq!(route.z, 50.0 + choice_room(&skier, 0.3));
            assert!(laid.obstacles.len() >= 3, "{}", laid.obstacles.len());
            for o in &laid.obstacles {
                assert_eq!(o.lanes, vec![Lane::LEFT]);
                assert_ne!(o.class, ObstacleClass::Dodge);
                assert!(o.z > route.z + choice_room(&skier, 0.3));
                assert!(o.z + o.depth < route.end() - choice_room(&skier, 0.3));
            }
            // Each row a reaction and the smallest window past the previous one's far edge.
            let gap = skier.reaction_distance() + 0.3 * skier.speed;
            assert!(laid
                .obstacles
                .windows(2)
                .all(|w| w[1].z - (w[0].z + w[0].depth) >= gap));
            assert!(laid.coins.len() > 15);
            assert!(laid
                .coins
                .iter()
                .all(|c| c.lane == Lane::LEFT && c.z > route.z && c.z < route.end()));
        }
    }
}
