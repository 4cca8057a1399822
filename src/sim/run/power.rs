//! The power-ups a run holds: taken by skiing through them in their lane, timed in ticks of
//! skiing on the course (the range and the penalty loop stop the clocks), reported when taken
//! and when they end. A wax boost speeds the skier up ([`crate::course::pickups::boosted_speed`],
//! in whole micrometres a tick) and a hit scrapes it off; a magnet takes every coin passed; a
//! shield forgives the next crash; second wind settles the heart for the next range.

use super::{per_tick, Run};
use crate::course::pickups::PickupKind;
use crate::course::MAX_SKIER_SPEED;
use crate::sim::collide::Sweep;
use crate::sim::event::RunEvent;
use crate::sim::ticks_for;
use crate::sim::units::{micros, Micros};
use crate::sim::TICK_HZ;

/// What the run holds of each kind, and how many it took.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct PowerUps {
    /// Ticks of skiing left: wax, magnet, shield (0: not held).
    wax: u32,
    magnet: u32,
    shield: u32,
    /// Second wind held for the next range.
    breath: bool,
    /// Power-ups taken so far.
    taken: u32,
    /// First pickup the skier may still reach.
    cursor: usize,
    /// Which pickups were taken, by index (for drawing; grown as they are taken).
    taken_at: Vec<bool>,
}

impl PowerUps {
    /// Power-ups taken so far.
    pub(super) fn taken(&self) -> u32 {
        self.taken
    }

    /// The ticks of skiing a held power-up has left (second wind: 1 while held, as it lasts to
    /// the range); `None` when it is not held.
    pub(super) fn left(&self, kind: PickupKind) -> Option<u32> {
        let left = match kind {
            PickupKind::Wax => self.wax,
            PickupKind::Magnet => self.magnet,
            PickupKind::Shield => self.shield,
            PickupKind::Breath => u32::from(self.breath),
        };
        (left > 0).then_some(left)
    }

    /// The state replays check, once any power-up has been taken (runs without keep their
    /// hashes).
    pub(super) fn hash_parts(&self) -> Option<[i64; 6]> {
        (self.taken > 0).then(|| {
            [
                i64::from(self.wax),
                i64::from(self.magnet),
                i64::from(self.shield),
                i64::from(self.breath),
                i64::from(self.taken),
                self.cursor as i64,
            ]
        })
    }

    fn take(&mut self, kind: PickupKind) {
        self.taken += 1;
        let ticks = kind.lasts_s().map_or(0, ticks_for);
        match kind {
            PickupKind::Wax => self.wax = ticks,
            PickupKind::Magnet => self.magnet = ticks,
            PickupKind::Shield => self.shield = ticks,
            PickupKind::Breath => self.breath = true,
        }
    }

    /// One tick of skiing: the kinds whose time ran out.
    fn count_down(&mut self) -> [Option<PickupKind>; 3] {
        let mut ended = [None; 3];
        for (slot, (left, kind)) in ended.iter_mut().zip([
            (&mut self.wax, PickupKind::Wax),
            (&mut self.magnet, PickupKind::Magnet),
            (&mut self.shield, PickupKind::Shield),
        ]) {
            if *left == 1 {
                *slot = Some(kind);
            }
            *left = left.saturating_sub(1);
        }
        ended
    }
}

impl Run {
    /// Distance per tick the skier cruises at: the course's, or more under a wax boost.
    pub(super) fn cruise(&self) -> Micros {
        if self.power.wax == 0 {
            return self.base_speed;
        }
        let boosted = self.base_speed * (100 + crate::course::pickups::WAX_BOOST_PERCENT) / 100;
        boosted.min(per_tick(MAX_SKIER_SPEED))
    }

    /// Whether the coin magnet is on.
    pub(super) fn magnet_on(&self) -> bool {
        self.power.magnet > 0
    }

    /// Count the power-ups' time down by one tick of skiing, and report those that ended.
    pub(super) fn count_power_down(&mut self) {
        for kind in self.power.count_down().into_iter().flatten() {
            if kind == PickupKind::Wax && self.recovery_left == 0 {
                self.speed = self.base_speed;
            }
            self.events.push(RunEvent::PowerUpEnded { kind });
        }
    }

    /// Take the pickups the sweep reaches in the skier's lanes.
    pub(super) fn pick_up(&mut self, sweep: Sweep) {
        let occupied = self.skier.lanes_occupied();
        while let Some(&pickup) = self.course.pickups.get(self.power.cursor) {
            let z = micros(pickup.z);
            if z >= sweep.front {
                break;
            }
            let index = self.power.cursor;
            self.power.cursor += 1;
            if !(sweep.touches(z, z) && occupied[usize::from(pickup.lane)]) {
                continue;
            }
            self.power.take(pickup.kind);
            if self.power.taken_at.len() <= index {
                self.power.taken_at.resize(index + 1, false);
            }
            self.power.taken_at[index] = true;
            self.events.push(RunEvent::PickupTaken {
                pickup: index,
                kind: pickup.kind,
            });
            if pickup.kind == PickupKind::Wax && self.recovery_left == 0 {
                self.speed = self.cruise();
            }
        }
    }

    /// A crash met while the shield is up: the shield takes it and is spent (the caller
    /// reports [`RunEvent::Shielded`]).
    pub(super) fn shield_takes(&mut self) -> bool {
        let held = self.power.shield > 0;
        self.power.shield = 0;
        held
    }

    /// A hit or a stop at the range ends a wax boost.
    pub(super) fn scrape_wax(&mut self) {
        if self.power.wax > 0 {
            self.power.wax = 0;
            self.events.push(RunEvent::PowerUpEnded {
                kind: PickupKind::Wax,
            });
        }
    }

    /// Arriving at a range: second wind, if held, is spent on it.
    pub(super) fn spend_breath(&mut self) -> bool {
        let held = self.power.breath;
        if held {
            self.power.breath = false;
            self.events.push(RunEvent::PowerUpEnded {
                kind: PickupKind::Breath,
            });
        }
        held
    }

    /// Seconds of skiing the power-up of `kind` has left (second wind: 0 while held, as it
    /// lasts to the range); `None` when it is not held. For the HUD.
    pub fn power_left_s(&self, kind: PickupKind) -> Option<f64> {
        let left = self.power.left(kind)?;
        Some(match kind {
            PickupKind::Breath => 0.0,
            _ => f64::from(left) / f64::from(TICK_HZ),
        })
    }

    /// Whether the pickup at `index` in the course's list has been taken (for drawing).
    pub fn pickup_taken(&self, index: usize) -> bool {
        self.power.taken_at.get(index).copied().unwrap_or(false)
    }

    /// Power-ups taken so far.
    pub fn pickups_taken(&self) -> u32 {
        self.power.taken()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::pickups::boosted_speed;

    #[test]
    fn a_boost_is_faster_but_never_past_the_cap() {
        assert!(boosted_speed(12.5) > 12.5);
        assert_eq!(boosted_speed(MAX_SKIER_SPEED), MAX_SKIER_SPEED);
    }

    #[test]
    fn timers_end_once_and_second_wind_waits_for_the_range() {
        let mut power = PowerUps::default();
        power.take(PickupKind::Magnet);
        power.take(PickupKind::Breath);
        let ticks = ticks_for(crate::course::pickups::MAGNET_S);
        let ended: Vec<PickupKind> = (0..ticks + 5)
            .flat_map(|_| power.count_down().into_iter().flatten())
            .collect();
        assert_eq!(ended, [PickupKind::Magnet]);
        assert_eq!(power.left(PickupKind::Breath), Some(1));
        assert_eq!(power.taken(), 2);
    }
}
