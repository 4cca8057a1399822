//! The planner: lays patterns into one obstacle-free-bounded window of track, spacing each row by
//! the distance the planned safe line needs to reach it (reaction, lane changes, the action) plus
//! some slack, and laying coin trails along that line. Fair by construction: the line it plans
//! is the proof that `fairness::validate` then finds.

use super::fairness::blocks_coin;
use super::layout::GENTLE_GAP_S;
use super::levels::Shape;
use super::looks::{self, FIRST_WIDE_DODGE_LOOK};
use super::model::{
    jump_height, Coin, Lane, Obstacle, ObstacleClass, SkierParams, ACTION_MARGIN, LANES,
};
use super::patterns::{Pattern, RowSpec};
use super::ramps::{clear_stretch, flight_height, flight_length, Ramp, RampDraw, RAMP_LENGTH};
use super::rng::{chance, fraction, pick};
use super::routes::{lay_route, route_room, Route, RouteDraw, RoutePace};
use rand_pcg::Pcg32;

/// Slack every row gets beyond its smallest window, seconds at the level's speed (keeps the
/// windows clear of rounding).
const MIN_SLACK_S: f64 = 0.02;
/// Steps the extra slack is drawn in.
const SLACK_STEPS: u32 = 6;
/// Steps the pause between patterns is drawn in.
const PAUSE_STEPS: u32 = 20;
/// Chance that the pause before a pattern holds a row of three coin lines to choose from (when
/// it is long enough), percent. Every pattern carries a coin trail along its safe line.
const ROW_OF_THREE_PERCENT: u32 = 70;
/// Distance between coins in a trail, metres.
const COIN_SPACING: f64 = 3.0;
/// Coins in each lane of a row of three.
const ROW_OF_THREE_COINS: u32 = 4;
/// Chance that two adjacent blocked lanes share one wide obstacle, percent.
const WIDE_DODGE_PERCENT: u32 = 50;

/// The stretch of track a window may use: rows and every planned action lie in `[lo, hi]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Window {
    pub lo: f64,
    pub hi: f64,
}

/// What a window was laid out with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pace {
    pub skier: SkierParams,
    pub shape: Shape,
    /// The gentle start ends here, metres: before it, single rows only, far apart, never two
    /// lanes to cross.
    pub gentle_until: f64,
}

impl Pace {
    /// The pace a route is laid at.
    pub(crate) fn route_pace(&self) -> RoutePace<'_> {
        RoutePace {
            skier: &self.skier,
            min_window_s: self.shape.min_window_s,
            row_spacing: 100.0 / self.shape.rows_per_100m,
        }
    }
}

/// The planned safe line: its lane (`None`: unknown, any lane) and where its last action ends.
#[derive(Debug, Clone, Copy)]
struct Line {
    lane: Option<Lane>,
    end: f64,
}

/// A pattern being planned, committed only if it fits the window.
struct Draft {
    line: Line,
    obstacles: Vec<Obstacle>,
    coins: Vec<Coin>,
    /// Position of the trail's next coin; `None` when the pattern has no trail.
    next_coin: Option<f64>,
}

/// The draws that decide which pauses get a ramp or a route, each from its own stream.
pub(crate) struct Draws {
    pub ramps: RampDraw,
    pub routes: RouteDraw,
}

/// The course's lists a window appends to.
pub(crate) struct Lists<'a> {
    pub obstacles: &'a mut Vec<Obstacle>,
    pub coins: &'a mut Vec<Coin>,
    pub ramps: &'a mut Vec<Ramp>,
    pub routes: &'a mut Vec<Route>,
}

/// Lay patterns into `window` until the next one would not fit; append to the lists in order.
/// A pause may hold a ramp in the line's lane or a route; after a route the skier may be on
/// either trail, so the pattern after it is planned from any lane.
pub(crate) fn lay_window(
    pace: Pace,
    window: Window,
    rng: &mut Pcg32,
    draws: &mut Draws,
    lists: Lists,
) {
    let Lists {
        obstacles,
        coins,
        ramps,
        routes,
    } = lists;
    let ramp_draw = &mut draws.ramps;
    let min_window_s = pace.shape.min_window_s;
    let row_spacing = 100.0 / pace.shape.rows_per_100m;
    // Coins laid by this call (earlier ones may already be in a run's hands: never touched).
    let first_coin = coins.len();
    let mut line = Line {
        lane: None,
        end: window.lo,
    };
    loop {
        let gentle = line.end < pace.gentle_until;
        let combo_percent = if gentle { 0 } else { pace.shape.combo_percent };
        let pattern = Pattern::draw(rng, combo_percent);
        // No route in the gentle start (its rows are single and far apart).
        let route_pace = pace.route_pace();
        let route_lane = (!gentle)
            .then(|| draws.routes.due(line.end, window.hi, &route_pace))
            .flatten();
        let planned_from = Line {
            lane: line.lane.filter(|_| route_lane.is_none()),
            end: line.end,
        };
        let rows = pattern.rows(planned_from.lane, gentle, rng);
        let mut draft = Draft {
            line: planned_from,
            obstacles: Vec::new(),
            coins: Vec::new(),
            next_coin: Some(line.end),
        };
        let row_of_three = chance(rng, ROW_OF_THREE_PERCENT);
        for row in &rows {
            draft.plan_row(*row, &pace, rng);
        }
        // Pause before the pattern so that rows come at the level's density on average.
        let span = draft.line.end - line.end;
        let wanted = row_spacing * rows.len() as f64;
        let mut pause = (wanted - span).max(0.0) * 2.0 * fraction(rng, PAUSE_STEPS);
        if gentle {
            pause = pause.max(GENTLE_GAP_S * pace.skier.speed);
        }
        // A ramp in the pause, in the line's lane, makes the pause as long as it needs.
        let ramp_lane = line
            .lane
            .filter(|_| route_lane.is_none() && ramp_draw.due(line.end, &pace.skier));
        if ramp_lane.is_some() {
            pause = pause.max(ramp_room(&pace));
        }
        if route_lane.is_some() {
            pause = pause.max(route_room(&pace.skier, min_window_s));
        }
        draft.shift(pause);
        // A route fits by its draw even where the pattern after it does not (an Endless fork
        // segment leaves the rest of its segment to the next one): it is laid alone, last.
        let pattern_fits = draft.line.end <= window.hi;
        if let Some(lane) = route_lane {
            let mut laid = lay_route(&mut draws.routes, &route_pace, line.end, lane);
            routes.push(laid.route);
            obstacles.append(&mut laid.obstacles);
            coins.append(&mut laid.coins);
        } else if !pattern_fits {
            return;
        } else if let Some(lane) = ramp_lane {
            let lip = line.end + RAMP_LEAD_IN;
            ramps.push(Ramp { z: lip, lane });
            ramp_draw.laid(lip);
            coins.extend(ramp_coins(lip, lane, &pace.skier));
        } else if row_of_three {
            coins.extend(coins_to_choose(line.end, line.end + pause, &pace.skier));
        }
        if !pattern_fits {
            return;
        }
        coins.append(&mut draft.coins);
        let laid = coins.split_off(first_coin);
        coins.extend(
            laid.into_iter()
                .filter(|c| !draft.obstacles.iter().any(|o| blocks_coin(o, c))),
        );
        obstacles.append(&mut draft.obstacles);
        line = draft.line;
    }
}

/// A pause holding a ramp starts this far before its lip, metres: its wedge, a margin, and two
/// coins leading to it.
const RAMP_LEAD_IN: f64 = RAMP_LENGTH + ACTION_MARGIN + 2.0 * COIN_SPACING;

/// The pause a ramp needs: the lead-in, then its clear stretch past the lip.
fn ramp_room(pace: &Pace) -> f64 {
    let (_, after) = clear_stretch(&pace.skier, pace.shape.min_window_s);
    RAMP_LEAD_IN + after
}

/// The coins of a ramp in `lane` with its lip at `lip`: two on the snow leading to its wedge,
/// then an arc along the flight.
fn ramp_coins(lip: f64, lane: Lane, skier: &SkierParams) -> Vec<Coin> {
    let flight = flight_length(skier);
    let lead = [2.0, 1.0].map(|k| Coin {
        z: lip - RAMP_LENGTH - k * COIN_SPACING,
        lane,
        y: 0.0,
    });
    let steps = (flight / COIN_SPACING).floor() as u32;
    let arc = (1..steps).map(move |k| {
        let dz = f64::from(k) * COIN_SPACING;
        Coin {
            z: lip + dz,
            lane,
            y: flight_height(flight, dz),
        }
    });
    lead.into_iter().chain(arc).collect()
}

/// A row of three coin lines, one in each lane, inside the obstacle-free pause `[from, to)` before
/// a pattern; none if it does not fit. Whichever line the skier takes, it can still reach any
/// lane (two lane changes after a reaction) before the pause ends, so the pattern's planned line
/// stays open; and it had the time to reach the far lane before the row starts.
fn coins_to_choose(from: f64, to: f64, skier: &SkierParams) -> Vec<Coin> {
    let any_lane = skier.reaction_distance() + f64::from(LANES - 1) * skier.lane_change_length();
    let first = from + any_lane;
    let last = first + f64::from(ROW_OF_THREE_COINS - 1) * COIN_SPACING;
    if last + any_lane > to {
        return Vec::new();
    }
    (0..ROW_OF_THREE_COINS)
        .flat_map(|k| {
            let z = first + f64::from(k) * COIN_SPACING;
            Lane::ALL.map(|lane| Coin { z, lane, y: 0.0 })
        })
        .collect()
}

impl Draft {
    /// Plan one row after the line's last action: slack (at least the smallest window), reaction,
    /// lane changes, then the row.
    fn plan_row(&mut self, row: RowSpec, pace: &Pace, rng: &mut Pcg32) {
        let skier = &pace.skier;
        let shape = &pace.shape;
        let slack_s =
            shape.min_window_s + MIN_SLACK_S + shape.extra_slack_s * fraction(rng, SLACK_STEPS);
        let start = self.line.end + skier.speed * slack_s + skier.reaction_distance();
        let from = self.line.lane;
        match row {
            RowSpec::Dodge { blocked, target } => {
                let changes = from.map_or(LANES - 1, |lane| lane.abs_diff(target));
                let ready = start + f64::from(changes) * skier.lane_change_length();
                let z = ready + ACTION_MARGIN;
                let depth = self.push_dodges(z, blocked, rng);
                let end = z + depth + ACTION_MARGIN;
                self.trail(self.line.end, start, from, None);
                self.trail(ready, end, Some(target), None);
                self.line = Line {
                    lane: Some(target),
                    end,
                };
            }
            RowSpec::Jump | RowSpec::Duck => {
                let (class, length) = if row == RowSpec::Jump {
                    (ObstacleClass::Jump, skier.jump_length)
                } else {
                    (ObstacleClass::Duck, skier.duck_length)
                };
                let look = looks::draw_fitting(class, length, (skier, shape.min_window_s), rng);
                let depth = looks::looks(class)[usize::from(look)].depth;
                // Centre the obstacle under the action started at `start`.
                let z = start + (length - depth) / 2.0;
                self.obstacles.push(Obstacle {
                    z,
                    class,
                    lanes: Lane::ALL.to_vec(),
                    look,
                    depth,
                    motion: None,
                });
                let end = start + length;
                let arc = (class == ObstacleClass::Jump).then_some((start, length));
                self.trail(self.line.end, end, from, arc);
                self.line.end = end;
            }
        }
    }

    /// Dodge obstacles at `z` on the blocked lanes; returns the row's depth.
    fn push_dodges(&mut self, z: f64, blocked: [bool; LANES as usize], rng: &mut Pcg32) -> f64 {
        let lanes: Vec<Lane> = Lane::ALL
            .into_iter()
            .filter(|&l| blocked[usize::from(l)])
            .collect();
        let adjacent = lanes.len() == 2 && lanes[0].abs_diff(lanes[1]) == 1;
        let groups: Vec<Vec<Lane>> = if adjacent && chance(rng, WIDE_DODGE_PERCENT) {
            vec![lanes]
        } else {
            lanes.into_iter().map(|l| vec![l]).collect()
        };
        let mut depth: f64 = 0.0;
        for group in groups {
            let wide = group.len() == 2;
            let fitting: Vec<u8> = (0u8..)
                .zip(looks::DODGE_LOOKS)
                .filter(|(index, _)| (*index >= FIRST_WIDE_DODGE_LOOK) == wide)
                .map(|(index, _)| index)
                .collect();
            let look = pick(rng, &fitting);
            let look_depth = looks::DODGE_LOOKS[usize::from(look)].depth;
            depth = depth.max(look_depth);
            self.obstacles.push(Obstacle {
                z,
                class: ObstacleClass::Dodge,
                lanes: group,
                look,
                depth: look_depth,
                motion: None,
            });
        }
        depth
    }

    /// Coins of the trail in `[from, to)` on `lane` (none where the lane is unknown), arcing
    /// along the jump `(takeoff, length)` if given.
    fn trail(&mut self, from: f64, to: f64, lane: Option<Lane>, arc: Option<(f64, f64)>) {
        let Some(mut z) = self.next_coin else {
            return;
        };
        while z < to {
            if let (true, Some(lane)) = (z >= from, lane) {
                let y = arc.map_or(0.0, |(takeoff, length)| jump_height(length, z - takeoff));
                self.coins.push(Coin { z, lane, y });
            }
            z += COIN_SPACING;
        }
        self.next_coin = Some(z);
    }

    /// Move everything planned `distance` further along the track.
    fn shift(&mut self, distance: f64) {
        for obstacle in &mut self.obstacles {
            obstacle.z += distance;
        }
        for coin in &mut self.coins {
            coin.z += distance;
        }
        self.line.end += distance;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::rng::{stream, Purpose};

    fn draws(index: u64) -> Draws {
        Draws {
            ramps: RampDraw::new(stream(index, Purpose::LevelRamps, 0)),
            routes: RouteDraw::level(stream(index, Purpose::LevelRoutes, 0), false),
        }
    }

    fn dense() -> Shape {
        Shape {
            rows_per_100m: 5.0,
            ..crate::course::levels::ENDLESS.end
        }
    }

    #[test]
    fn everything_planned_stays_inside_the_window() {
        let window = Window {
            lo: 100.0,
            hi: 400.0,
        };
        for speed in [10.0, 16.0] {
            let pace = Pace {
                skier: SkierParams::for_speed(speed),
                shape: dense(),
                gentle_until: 0.0,
            };
            for index in 0..200 {
                let mut rng = stream(index, Purpose::LevelSection, 0);
                let (mut obstacles, mut coins) = (Vec::new(), Vec::new());
                let mut draws = draws(index);
                let (mut ramps, mut routes) = (Vec::new(), Vec::new());
                let lists = Lists {
                    obstacles: &mut obstacles,
                    coins: &mut coins,
                    ramps: &mut ramps,
                    routes: &mut routes,
                };
                lay_window(pace, window, &mut rng, &mut draws, lists);
                assert!(ramps.iter().all(|r| r.z > window.lo && r.z < window.hi));
                assert!(routes
                    .iter()
                    .all(|r| r.z > window.lo && r.end() < window.hi));
                assert!(!obstacles.is_empty());
                for o in &obstacles {
                    assert!(o.z > window.lo && o.z + o.depth < window.hi, "{o:?}");
                }
                assert!(coins.iter().all(|c| c.z >= window.lo && c.z < window.hi));
                assert!(obstacles.windows(2).all(|w| w[0].z <= w[1].z));
                // A row of three lays three coins abreast: ascending, equal within a row.
                assert!(coins.windows(2).all(|w| w[0].z <= w[1].z));
            }
        }
    }

    #[test]
    fn a_window_too_short_for_any_pattern_stays_empty() {
        let pace = Pace {
            skier: SkierParams::for_speed(16.0),
            shape: dense(),
            gentle_until: 0.0,
        };
        let window = Window { lo: 0.0, hi: 5.0 };
        let mut rng = stream(0, Purpose::LevelSection, 0);
        let (mut obstacles, mut coins) = (Vec::new(), Vec::new());
        let mut draws = draws(0);
        let lists = Lists {
            obstacles: &mut obstacles,
            coins: &mut coins,
            ramps: &mut Vec::new(),
            routes: &mut Vec::new(),
        };
        lay_window(pace, window, &mut rng, &mut draws, lists);
        assert!(obstacles.is_empty() && coins.is_empty());
    }
}
