//! Ramps and tricks as the run meets them: the skier in a ramp's lane takes off at its lip into
//! a long air (unless already jumping); a trick pressed in the air (Up: spread, Down: tuck) is
//! scored on landing, [`TRICK_COINS`] each, and a trick still under way on landing is a fall —
//! slowed as by a hit, but no coins and no hit counted (the player chose the risk, and a trick
//! started in the first part of the flight always lands: fair).

use super::{Run, GRACE_TICKS, HIT_SPEED_PERCENT, RECOVERY_TICKS};
use crate::course::ramps::TRICK_COINS;
use crate::sim::event::RunEvent;
use crate::sim::skier::FlightEnd;
use crate::sim::units::{micros, Micros};

/// What the run did in the air.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Air {
    /// Tricks landed, and the coins they paid.
    pub tricks: u32,
    pub coins: u32,
    /// Landings with a trick under way.
    pub falls: u32,
}

impl Air {
    /// The state replays check, once anything happened in the air (runs without keep their
    /// hashes).
    pub(super) fn hash_parts(&self) -> Option<[i64; 3]> {
        (*self != Air::default()).then(|| {
            [
                i64::from(self.tricks),
                i64::from(self.coins),
                i64::from(self.falls),
            ]
        })
    }
}

impl Run {
    /// Take off from the ramps whose lips the skier passed moving from `before` to `after`, if
    /// it is in their lane.
    pub(super) fn launch_from_ramps(&mut self, before: Micros, after: Micros) {
        let ramps = &self.course.ramps;
        let first = ramps.partition_point(|r| micros(r.z) <= before);
        let occupied = self.skier.lanes_occupied();
        let passed = (first..ramps.len()).take_while(|&index| micros(ramps[index].z) <= after);
        let lips: Vec<usize> = passed
            .filter(|&index| occupied[usize::from(ramps[index].lane)])
            .collect();
        for ramp in lips {
            if self.skier.launch() {
                self.events.push(RunEvent::Launched { ramp });
            }
        }
    }

    /// The skier landed from a flight that ended as `end`.
    pub(super) fn land(&mut self, end: FlightEnd) {
        if end.fell {
            self.air.falls += 1;
            self.speed = self.base_speed * HIT_SPEED_PERCENT / 100;
            self.recovery_left = RECOVERY_TICKS;
            self.grace_left = GRACE_TICKS;
            self.events.push(RunEvent::TrickFailed);
        } else if end.tricks > 0 {
            let coins = u32::from(end.tricks) * TRICK_COINS;
            self.air.tricks += u32::from(end.tricks);
            self.air.coins += coins;
            self.events.push(RunEvent::TrickLanded {
                tricks: end.tricks,
                coins,
            });
        }
    }

    /// Tricks landed so far.
    pub fn tricks(&self) -> u32 {
        self.air.tricks
    }

    /// Landings with a trick under way so far.
    pub fn falls(&self) -> u32 {
        self.air.falls
    }
}
