//! A human's timing for the bot: each row of obstacles is answered a little early or late, by a
//! seeded, normally distributed error, and now and then with a late reaction.
//!
//! The bot with this timing sees and decides exactly like the perfect one (its sight, its
//! reaction time); only the moment it presses moves. A jump or duck is pressed `error` ticks
//! after the perfect moment (before it when the error is negative: a player anticipates); a lane
//! change, which the perfect bot starts as soon as it has seen the row, waits `error` ticks when
//! the error is positive (nobody steers before they have seen why). Everything is integer ticks
//! drawn from a PCG stream: the same on every platform, and the run is recorded as inputs anyway.

use super::super::units::Micros;
use super::super::{Tick, TICK_HZ};
use rand_pcg::Pcg32;

/// Chance that a row gets a late reaction on top of the timing error, percent.
pub const LATE_REACTION_PERCENT: u32 = 5;
/// How late a late reaction is, ticks (150 ms).
pub const LATE_REACTION_TICKS: i64 = 9;
/// Uniform draws summed for one normal draw (Irwin–Hall: their sum less half the count has unit
/// variance, with no transcendental function).
const NORMAL_TERMS: u32 = 12;

/// A human's timing: the scatter and the stream it is drawn from.
#[derive(Debug, Clone)]
pub struct HumanTiming {
    rng: Pcg32,
    /// Standard deviation of the timing error, seconds.
    jitter_s: f64,
    /// The row being answered (its near edge), its error in ticks and the tick it was first seen.
    current: Option<(Micros, i64, Tick)>,
}

/// When the bot may press for the row it is working on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Press {
    /// Ticks after the perfect moment to start a jump or duck (negative: before it).
    pub act_shift: i64,
    /// Whether it may start changing lanes yet.
    pub steer: bool,
}

impl Press {
    /// The perfect bot's timing.
    pub const PERFECT: Press = Press {
        act_shift: 0,
        steer: true,
    };
}

impl HumanTiming {
    /// Timing errors with standard deviation `jitter_ms`, drawn from `seed`.
    pub fn new(seed: u64, jitter_ms: u32) -> Self {
        Self {
            rng: Pcg32::new(seed, HUMAN_STREAM),
            jitter_s: f64::from(jitter_ms) / 1000.0,
            current: None,
        }
    }

    /// How to press at `tick` for the row starting at `row`. A new row draws a new error; the
    /// same row keeps its error while the bot works on it.
    pub fn press_for(&mut self, row: Micros, tick: Tick) -> Press {
        let (error, seen_at) = match self.current {
            Some((seen, error, seen_at)) if seen == row => (error, seen_at),
            _ => {
                let error = self.draw();
                self.current = Some((row, error, tick));
                (error, tick)
            }
        };
        let waited = i64::try_from(tick - seen_at).unwrap_or(i64::MAX);
        Press {
            act_shift: error,
            steer: waited >= error,
        }
    }

    fn draw(&mut self) -> i64 {
        let sum: f64 = (0..NORMAL_TERMS).map(|_| unit(&mut self.rng)).sum();
        let normal = sum - f64::from(NORMAL_TERMS) / 2.0;
        let error = (normal * self.jitter_s * f64::from(TICK_HZ)).round() as i64;
        let late = below(&mut self.rng, LATE_REACTION_PERCENT);
        error + if late { LATE_REACTION_TICKS } else { 0 }
    }
}

/// The PCG stream selector of human timing (apart from the layout's streams).
const HUMAN_STREAM: u64 = 0x0048_554D_414E;

/// A uniform draw in [0, 1).
fn unit(rng: &mut Pcg32) -> f64 {
    f64::from(rand::RngCore::next_u32(rng)) / (f64::from(u32::MAX) + 1.0)
}

/// True with probability `percent` / 100.
fn below(rng: &mut Pcg32, percent: u32) -> bool {
    rand::RngCore::next_u32(rng) % 100 < percent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_scatter_as_asked_and_repeat_by_seed() {
        let draws = |seed, jitter| {
            let mut timing = HumanTiming::new(seed, jitter);
            (0..4000)
                .map(|row| timing.press_for(Micros::new(row), Tick::ZERO).act_shift)
                .collect::<Vec<i64>>()
        };
        assert_eq!(draws(3, 60), draws(3, 60));
        assert_ne!(draws(3, 60), draws(4, 60));
        let errors = draws(3, 60);
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<i64>() as f64 / n;
        let variance = errors
            .iter()
            .map(|&e| (e as f64 - mean) * (e as f64 - mean))
            .sum::<f64>()
            / n;
        // 60 ms is 3.6 ticks; late reactions add a little spread and a little lateness.
        let sigma_ticks = variance.sqrt();
        assert!((3.4..4.4).contains(&sigma_ticks), "{sigma_ticks}");
        assert!((0.2..0.8).contains(&mean), "{mean}");
        assert!(draws(3, 0)
            .iter()
            .all(|&e| e == 0 || e == LATE_REACTION_TICKS));
    }

    #[test]
    fn one_row_keeps_its_error_and_steering_waits_for_a_late_one() {
        let mut timing = HumanTiming::new(1, 90);
        let first = timing.press_for(Micros::new(5), Tick::new(100));
        assert!((100..140).all(
            |tick| timing.press_for(Micros::new(5), Tick::new(tick)).act_shift == first.act_shift
        ));
        let late = (0..).find_map(|row| {
            let press = timing.press_for(Micros::new(row * 10), Tick::ZERO);
            (press.act_shift > 0).then_some((row * 10, press.act_shift))
        });
        let (row, error) = late.expect("some draws are late");
        assert!(
            !timing
                .press_for(Micros::new(row), Tick::new(error as u64 - 1))
                .steer
        );
        assert!(
            timing
                .press_for(Micros::new(row), Tick::new(error as u64))
                .steer
        );
    }
}
