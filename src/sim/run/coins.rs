//! What the skier takes as it passes: coins (in its lanes and within its body's reach, or any
//! under the magnet) and power-ups.

use super::{Run, COIN_REACH, DUCKED_HEIGHT, STANDING_HEIGHT};
use crate::sim::collide::Sweep;
use crate::sim::event::RunEvent;
use crate::sim::skier::Vertical;
use crate::sim::units::micros;

impl Run {
    /// Take the coins and power-ups the sweep reaches.
    pub(super) fn take_what_is_passed(&mut self, sweep: Sweep) {
        self.collect(sweep);
        self.pick_up(sweep);
    }

    fn collect(&mut self, sweep: Sweep) {
        let coins = &self.course.coins;
        let occupied = self.skier.lanes_occupied();
        while let Some(passed) = coins
            .get(self.coin_cursor)
            .filter(|c| micros(c.z) < sweep.back)
        {
            // Only a coin missed in the skier's own lane breaks the streak: the other lines of a
            // row of three were not the skier's to take.
            if !self.coin_taken[self.coin_cursor] && occupied[usize::from(passed.lane)] {
                self.coin_streak = 0;
            }
            self.coin_cursor += 1;
        }
        let feet = self.skier.height();
        let body = match self.skier.vertical() {
            Vertical::Ducking { .. } => micros(DUCKED_HEIGHT),
            _ => micros(STANDING_HEIGHT),
        };
        let reach = micros(COIN_REACH);
        let magnet = self.magnet_on();
        for (index, coin) in coins.iter().enumerate().skip(self.coin_cursor) {
            let z = micros(coin.z);
            if z >= sweep.front {
                break;
            }
            let y = micros(coin.y);
            let within = occupied.get(usize::from(coin.lane)) == Some(&true)
                && y >= feet - reach
                && y <= feet + body + reach;
            let taken = !self.coin_taken[index] && sweep.touches(z, z) && (within || magnet);
            if taken {
                self.coin_taken[index] = true;
                self.coins_collected += 1;
                self.coin_streak += 1;
                self.events.push(RunEvent::CoinTaken {
                    coin: index,
                    lane: coin.lane,
                    streak: self.coin_streak,
                });
            }
        }
    }
}
