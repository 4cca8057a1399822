//! The bot's plan for the next row of obstacles: which lane to be in, and when to jump or duck.

use super::human::Press;
use crate::course::{Coin, Lane, Obstacle, ObstacleClass, Pickup, Route, LANES, SKIER_HALF_LENGTH};
use crate::sim::action::Action;
use crate::sim::collide::span;
use crate::sim::skier::{Lateral, Skier, Vertical};
use crate::sim::units::{micros, Micros};

/// Coins up to this far past a row's near edge count towards choosing a lane for it, metres.
const COIN_LOOK_PAST_ROW: f64 = 10.0;

/// A power-up on the way counts as this many coins when the bot chooses between equal lanes.
const PICKUP_WORTH_COINS: u32 = 3;

/// A trick is started in a ramp's air only with this many ticks to spare before the landing.
const TRICK_SPARE_TICKS: u32 = 6;
/// The most tricks the bot does in one flight (a spread, then a tuck).
const TRICKS_PER_FLIGHT: u8 = 2;

/// Obstacles closer than this along the track form one row: no action fits between them.
const ROW_GAP: f64 = 2.0;

/// The skier as the bot reckons it now.
pub struct Here {
    pub z: Micros,
    /// Distance per tick.
    pub speed: Micros,
    pub skier: Skier,
}

impl Here {
    /// Ticks from now until the skier's sweep first touches `start` (0: it does this tick).
    fn ticks_to_enter(&self, start: Micros) -> i64 {
        let gap = start - micros(SKIER_HALF_LENGTH) - self.z;
        gap.max(Micros::ZERO).div_euclid(self.speed)
    }

    /// The last tick from now on which the skier's sweep still touches `end` (negative: past).
    fn last_tick_touching(&self, end: Micros) -> i64 {
        let gap = end + micros(SKIER_HALF_LENGTH) - self.z;
        (gap - Micros::new(1)).div_euclid(self.speed)
    }
}

/// What a lane of a row asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    Free,
    /// Jump or duck over the stretch `start..end`.
    Act {
        action: Action,
        start: Micros,
        end: Micros,
    },
    Blocked,
}

/// The next row: its stretch, what each lane needs and the coins on the way in each lane.
struct Row {
    start: Micros,
    needs: [Need; LANES as usize],
    coins: [u32; LANES as usize],
}

/// What the bot sees: the course's objects up to the end of its sight.
pub struct Sight<'a> {
    pub obstacles: &'a [Obstacle],
    pub coins: &'a [Coin],
    pub pickups: &'a [Pickup],
    pub routes: &'a [Route],
    pub end: Micros,
    /// Whether the bot takes a fork's high trail when it can make its mouth (the perfect bot
    /// does: coins, and rows it never misses); otherwise it keeps to its cheapest lane.
    pub take_high: bool,
}

/// This tick's actions to get through the next visible row, pressed when `timing` (given the
/// row's near edge) allows.
pub fn next_actions(
    sight: &Sight,
    cursor: &mut usize,
    here: &Here,
    timing: &mut dyn FnMut(Micros) -> Press,
) -> Vec<Action> {
    if let Some(trick) = trick_press(&here.skier) {
        // Nothing waits in a ramp's air (fairness keeps rows clear of it): steering can wait a
        // tick.
        return vec![trick];
    }
    let obstacles = sight.obstacles;
    while obstacles
        .get(*cursor)
        .is_some_and(|o| here.last_tick_touching(span(o).1) < 0)
    {
        *cursor += 1;
    }
    let Some(mut row) = next_row(obstacles, sight.end, *cursor, here) else {
        return Vec::new();
    };
    count_coins(&mut row, sight, here);
    let press = timing(row.start);
    let lane = choose_lane(&row, here, sight);
    let mut actions = Vec::new();
    let target = here.skier.target_lane();
    let steady = matches!(here.skier.lateral(), Lateral::Steady { .. });
    if press.steer && lane != target && steady && here.ticks_to_enter(row.start) > 0 {
        actions.push(if lane < target {
            Action::Left
        } else {
            Action::Right
        });
    }
    if let Need::Act { action, start, end } = row.needs[usize::from(lane)] {
        if here.skier.vertical() == Vertical::Ground
            && act_start(here, action, start, end).is_some_and(|t| t <= -press.act_shift)
        {
            actions.push(action);
        }
    }
    actions
}

/// Group the obstacles from `first` on that are not yet passed into the next row.
fn next_row(obstacles: &[Obstacle], sight_end: Micros, first: usize, here: &Here) -> Option<Row> {
    let gap = micros(ROW_GAP);
    let mut pending = obstacles[first.min(obstacles.len())..]
        .iter()
        .take_while(|o| micros(o.z) < sight_end)
        .filter(|o| here.last_tick_touching(span(o).1) >= 0);
    let head = pending.next()?;
    let mut row_end = span(head).1;
    let mut members = vec![head];
    for obstacle in pending {
        let (start, end) = span(obstacle);
        if start > row_end + gap {
            break;
        }
        row_end = row_end.max(end);
        members.push(obstacle);
    }
    let mut needs = [Need::Free; LANES as usize];
    for obstacle in members {
        let (start, end) = span(obstacle);
        for &lane in &obstacle.lanes {
            let Some(need) = needs.get_mut(usize::from(lane)) else {
                continue;
            };
            *need = combine(*need, obstacle.class, start, end);
        }
    }
    Some(Row {
        start: span(head).0,
        needs,
        coins: [0; LANES as usize],
    })
}

/// Count the visible coins (and power-ups, worth [`PICKUP_WORTH_COINS`]) from the skier to a
/// little past the row's near edge, by lane.
fn count_coins(row: &mut Row, sight: &Sight, here: &Here) {
    let last = (row.start + micros(COIN_LOOK_PAST_ROW)).min(sight.end);
    let first = sight.pickups.partition_point(|p| micros(p.z) < here.z);
    for pickup in sight.pickups[first..]
        .iter()
        .take_while(|p| micros(p.z) <= last)
    {
        row.coins[usize::from(pickup.lane)] += PICKUP_WORTH_COINS;
    }
    let first = sight.coins.partition_point(|coin| micros(coin.z) < here.z);
    for coin in sight.coins[first..]
        .iter()
        .take_while(|c| micros(c.z) <= last)
    {
        if let Some(count) = row.coins.get_mut(usize::from(coin.lane)) {
            *count += 1;
        }
    }
}

/// What a lane needs once one more obstacle of `class` over `start..end` lies in it.
fn combine(need: Need, class: ObstacleClass, start: Micros, end: Micros) -> Need {
    let action = match class {
        ObstacleClass::Jump => Action::Jump,
        ObstacleClass::Duck => Action::Duck,
        ObstacleClass::Dodge => return Need::Blocked,
    };
    match need {
        Need::Free => Need::Act { action, start, end },
        Need::Act {
            action: held,
            start: s,
            end: e,
        } if held == action => Need::Act {
            action,
            start: s.min(start),
            end: e.max(end),
        },
        _ => Need::Blocked,
    }
}

/// The tick (from now) to start `action` so that it covers the stretch, centred on it (negative:
/// that moment has passed; later while the vertical channel is busy); `None` when it cannot
/// cover it any more.
fn act_start(here: &Here, action: Action, start: Micros, end: Micros) -> Option<i64> {
    let ticks = here.skier.action_ticks();
    let length = i64::from(if action == Action::Jump {
        ticks.jump
    } else {
        ticks.duck
    });
    let enter = here.ticks_to_enter(start);
    let leave = here.last_tick_touching(end);
    let slack = length - (leave - enter + 1);
    let free_from = vertical_free_in(&here.skier);
    let centre = enter - slack / 2;
    let begin = if free_from > 0 {
        centre.max(free_from)
    } else {
        centre
    };
    (slack >= 0 && begin <= enter).then_some(begin)
}

/// In a ramp's air with no trick under way: the next trick if it lands with time to spare (a
/// spread first, then a tuck).
fn trick_press(skier: &Skier) -> Option<Action> {
    let Vertical::Flying {
        elapsed,
        trick: None,
        done,
    } = skier.vertical()
    else {
        return None;
    };
    let ticks = skier.action_ticks();
    let left = ticks.flight.saturating_sub(elapsed + 1);
    let fits = left >= ticks.trick + TRICK_SPARE_TICKS;
    (fits && done < TRICKS_PER_FLIGHT).then_some(if done == 0 {
        Action::Jump
    } else {
        Action::Duck
    })
}

/// Ticks until the vertical channel is free.
fn vertical_free_in(skier: &Skier) -> i64 {
    let ticks = skier.action_ticks();
    match skier.vertical() {
        Vertical::Ground => 0,
        Vertical::Jumping { elapsed } => i64::from(ticks.jump - elapsed),
        Vertical::Ducking { elapsed } => i64::from(ticks.duck - elapsed),
        Vertical::Flying { elapsed, .. } => i64::from(ticks.flight - elapsed),
    }
}

/// Ticks until the skier has finished moving to `lane` if it steers there without delay.
fn ticks_to_reach(skier: &Skier, lane: Lane) -> i64 {
    let per_change = i64::from(skier.action_ticks().lane_change);
    let running = match skier.lateral() {
        Lateral::Steady { .. } => 0,
        Lateral::Changing { elapsed, .. } => per_change - i64::from(elapsed),
    };
    running + per_change * i64::from(lane.abs_diff(skier.target_lane()))
}

/// Whether a route's divider keeps the skier from reaching `lane` (it would still be crossing
/// at the fork's mouth or later, before the trails join).
fn fenced_off(sight: &Sight, here: &Here, lane: Lane) -> bool {
    let target = here.skier.target_lane();
    let reached = here.z + here.speed * ticks_to_reach(&here.skier, lane);
    sight
        .routes
        .iter()
        .any(|r| r.crosses(target, lane) && here.z < micros(r.end()) && reached > micros(r.z))
}

/// The high trail's lane of the fork the row lies in, if the bot takes high trails and has not
/// passed the fork's mouth yet.
fn high_trail_ahead(row: &Row, here: &Here, sight: &Sight) -> Option<Lane> {
    let route = sight.routes.iter().find(|r| {
        here.z < micros(r.z) && row.start >= micros(r.z) && row.start < micros(r.end())
    })?;
    sight.take_high.then_some(route.lane)
}

/// The cheapest lane the skier can make in time: few lane changes first, then no action (a
/// fork's high trail first, for a bot that takes it); never one across a route's divider.
fn choose_lane(row: &Row, here: &Here, sight: &Sight) -> Lane {
    let target = here.skier.target_lane();
    let enter = here.ticks_to_enter(row.start);
    let high = high_trail_ahead(row, here, sight);
    let cost = |lane: Lane| {
        let action = match row.needs[usize::from(lane)] {
            Need::Free => 0,
            _ => 1,
        };
        u32::from(lane.abs_diff(target)) * 4 + action
    };
    let mut lanes: Vec<Lane> = Lane::ALL.to_vec();
    // Equal costs: the lane with more coins (a coin trail marks a safe line).
    lanes.sort_by_key(|&lane| {
        let coins = std::cmp::Reverse(row.coins[usize::from(lane)]);
        (Some(lane) != high, cost(lane), coins)
    });
    let open = |lane: Lane| !fenced_off(sight, here, lane);
    let feasible = |lane: Lane| {
        let reachable = ticks_to_reach(&here.skier, lane) <= enter && open(lane);
        let passable = match row.needs[usize::from(lane)] {
            Need::Free => true,
            Need::Act { action, start, end } => act_start(here, action, start, end).is_some(),
            Need::Blocked => false,
        };
        reachable && passable
    };
    let fallback = lanes
        .iter()
        .copied()
        .find(|&lane| row.needs[usize::from(lane)] != Need::Blocked && open(lane))
        .unwrap_or(target);
    lanes.into_iter().find(|&l| feasible(l)).unwrap_or(fallback)
}
