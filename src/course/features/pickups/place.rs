//! Laying a window's power-ups: every [`PICKUP_EVERY_S`] or so one takes the place of a ground
//! coin of the planned line, so it lies where the safe line already goes and never on or just
//! before an obstacle. The kind is drawn from the window's own stream, never the previous kind
//! twice running; second wind only before a range, a wax boost only where it keeps every row it
//! reaches fair and one reach from the last boost.

use super::{boost_reach, boosted_speed, Pickup, PickupKind};
use crate::course::fairness::boost_keeps_fair;
use crate::course::model::{Coin, Obstacle, SkierParams};
use crate::course::rng::{fraction, pick};
use rand_pcg::Pcg32;

/// Seconds of skiing between two power-ups, on average.
pub const PICKUP_EVERY_S: f64 = 10.0;
/// Steps the spacing between power-ups is drawn in.
const SPACING_STEPS: u32 = 10;
/// A wax boost is laid only where it adds at least this share of the speed, percent (near the
/// speed cap it would add nothing to feel).
const LEAST_BOOST_PERCENT: f64 = 5.0;

/// Where a window's power-ups may lie.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PickupPlace {
    /// The skier's pace in the window.
    pub skier: SkierParams,
    /// The least timing window a row may leave there, seconds.
    pub min_window_s: f64,
    /// The window: power-ups and every row a boost reaches lie in `[lo, hi]`.
    pub lo: f64,
    pub hi: f64,
    /// Whether a shooting stage follows the window (second wind needs a range to settle for).
    pub stage_ahead: bool,
}

/// Lay the window's power-ups on ground coins laid from `first_coin` on (those coins give their
/// place up); `obstacles` are the window's.
pub(crate) fn lay_pickups(
    place: &PickupPlace,
    rng: &mut Pcg32,
    obstacles: &[Obstacle],
    coins: &mut Vec<Coin>,
    first_coin: usize,
    pickups: &mut Vec<Pickup>,
) {
    let every = PICKUP_EVERY_S * place.skier.speed;
    let mut next = place.lo + every * (0.3 + 0.4 * fraction(rng, SPACING_STEPS));
    let mut breath_laid = false;
    loop {
        let Some(index) = (first_coin..coins.len())
            .find(|&i| coins[i].z >= next && coins[i].y == 0.0 && coins[i].z < place.hi)
        else {
            return;
        };
        let coin = coins[index];
        let previous = pickups.last().map(|p| p.kind);
        let allowed = |kind: PickupKind| match kind {
            PickupKind::Breath => place.stage_ahead && !breath_laid,
            PickupKind::Wax => wax_fits(place, obstacles, pickups, coin.z),
            PickupKind::Magnet | PickupKind::Shield => true,
        };
        let mut kinds: Vec<PickupKind> = PickupKind::ALL
            .into_iter()
            .filter(|&k| allowed(k))
            .collect();
        if kinds.len() > 1 {
            kinds.retain(|&k| Some(k) != previous);
        }
        let kind = pick(rng, &kinds);
        breath_laid |= kind == PickupKind::Breath;
        coins.remove(index);
        pickups.push(Pickup {
            z: coin.z,
            lane: coin.lane,
            kind,
        });
        next = coin.z + every * (0.7 + 0.6 * fraction(rng, SPACING_STEPS));
    }
}

/// Whether a wax boost at `z` adds speed worth feeling, reaches no further than the window,
/// lies a reach past the last boost and keeps every row it reaches fair.
fn wax_fits(place: &PickupPlace, obstacles: &[Obstacle], pickups: &[Pickup], z: f64) -> bool {
    let speed = place.skier.speed;
    let worth = boosted_speed(speed) >= speed * (1.0 + LEAST_BOOST_PERCENT / 100.0);
    let reach = boost_reach(&place.skier);
    let last_wax = pickups.iter().rev().find(|p| p.kind == PickupKind::Wax);
    let apart = last_wax.is_none_or(|wax| z - wax.z >= reach);
    worth
        && apart
        && z + reach <= place.hi
        && boost_keeps_fair(obstacles, place.skier, place.lo, z, place.min_window_s)
}
