//! Synthesis primitives: oscillators, envelopes, seeded noise and simple filters.
//!
//! Only IEEE arithmetic (+ − × ÷ and `sqrt`) is used, never the platform's `sin`/`exp`, so the
//! generated files are the same bytes on every machine.

use crate::trig::{sin_turns, TURN};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Samples per second of every generated sound.
pub const SAMPLE_RATE: u32 = 22_050;

const TAU: f64 = std::f64::consts::TAU;

/// Number of samples in `seconds` of sound.
pub fn samples_for(seconds: f64) -> usize {
    (seconds * f64::from(SAMPLE_RATE)).round() as usize
}

/// Time in seconds of sample `index`.
pub fn time_of(index: usize) -> f64 {
    index as f64 / f64::from(SAMPLE_RATE)
}

/// sin(2π·turns), by the game's one portable sine ([`crate::trig`]) at a phase of 2⁻³² turn
/// (far finer than 16-bit samples can tell).
pub fn sine_turns(turns: f64) -> f64 {
    let fraction = turns - turns.floor();
    // `as` saturates: a fraction that rounds up to a whole turn stays the turn's last phase.
    sin_turns((fraction * TURN) as u32)
}

/// An oscillator that keeps its phase while its frequency changes (for sweeps).
#[derive(Debug, Clone, Copy, Default)]
pub struct Oscillator {
    phase: f64,
}

impl Oscillator {
    /// Advance by one sample at `frequency` Hz and return the phase in turns, in [0, 1).
    fn advance(&mut self, frequency: f64) -> f64 {
        let phase = self.phase;
        self.phase += frequency / f64::from(SAMPLE_RATE);
        self.phase -= self.phase.floor();
        phase
    }

    /// The next sample of a sine at `frequency` Hz.
    pub fn sine(&mut self, frequency: f64) -> f64 {
        sine_turns(self.advance(frequency))
    }

    /// The next sample of a triangle at `frequency` Hz.
    pub fn triangle(&mut self, frequency: f64) -> f64 {
        let phase = self.advance(frequency);
        1.0 - 4.0 * (phase - 0.5).abs()
    }

    /// The next sample of a soft square: the first three odd harmonics only (no harsh aliasing).
    pub fn soft_square(&mut self, frequency: f64) -> f64 {
        let phase = self.advance(frequency);
        sine_turns(phase) + sine_turns(3.0 * phase) / 3.0 + sine_turns(5.0 * phase) / 5.0
    }
}

/// Attack then a curved decay: rises linearly over `attack` s, falls as (1 − u)^`curve` until
/// `length` s, silent afterwards.
pub fn envelope(t: f64, attack: f64, length: f64, curve: u32) -> f64 {
    if t < 0.0 || t >= length {
        0.0
    } else if t < attack {
        t / attack
    } else {
        let u = (t - attack) / (length - attack);
        // Repeated multiplication: `powi` may differ between compilers and targets.
        (0..curve).fold(1.0, |product, _| product * (1.0 - u))
    }
}

/// Straight-line interpolation from `from` to `to` as `u` goes from 0 to 1.
pub fn lerp(from: f64, to: f64, u: f64) -> f64 {
    from + (to - from) * u.clamp(0.0, 1.0)
}

/// White noise in [−1, 1) from a PCG seeded per sound.
#[derive(Debug, Clone)]
pub struct Noise {
    rng: Pcg32,
}

impl Noise {
    /// Noise for the sound identified by `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    /// The next noise sample.
    pub fn next_sample(&mut self) -> f64 {
        f64::from(self.rng.gen::<u32>()) / f64::from(u32::MAX) * 2.0 - 1.0
    }
}

/// One-pole low-pass filter (a gentle 6 dB/octave slope).
#[derive(Debug, Clone, Copy, Default)]
pub struct LowPass {
    state: f64,
}

impl LowPass {
    /// Filter one sample with the cut-off at `cutoff` Hz.
    pub fn process(&mut self, input: f64, cutoff: f64) -> f64 {
        let x = TAU * cutoff / f64::from(SAMPLE_RATE);
        let alpha = x / (x + 1.0);
        self.state += alpha * (input - self.state);
        self.state
    }
}

/// Chamberlin state-variable filter: band-pass and high-pass outputs.
#[derive(Debug, Clone, Copy, Default)]
pub struct StateVariable {
    low: f64,
    band: f64,
}

impl StateVariable {
    /// Filter one sample around `centre` Hz with damping `damping` (about 0.1 sharp … 1.4
    /// broad); returns (band-pass, high-pass).
    pub fn process(&mut self, input: f64, centre: f64, damping: f64) -> (f64, f64) {
        // Stable while the centre stays well under a sixth of the sample rate.
        let f = 2.0 * sine_turns(0.5 * centre / f64::from(SAMPLE_RATE));
        self.low += f * self.band;
        let high = input - self.low - damping * self.band;
        self.band += f * high;
        (self.band, high)
    }
}

#[cfg(test)]
// The platform's `sin`/`cos` is the reference the portable series is measured against.
#[allow(clippy::disallowed_methods)]
mod tests {
    use super::*;

    #[test]
    fn the_polynomial_sine_matches_the_real_one() {
        for step in 0..=1000 {
            let turns = f64::from(step) / 250.0 - 2.0;
            let error = (sine_turns(turns) - (turns * TAU).sin()).abs();
            assert!(error < 1e-6, "sin at {turns} turns off by {error}");
        }
    }

    #[test]
    fn envelope_starts_and_ends_silent_and_peaks_at_one() {
        assert_eq!(envelope(0.0, 0.01, 0.5, 2), 0.0);
        assert_eq!(envelope(0.01, 0.01, 0.5, 2), 1.0);
        assert_eq!(envelope(0.5, 0.01, 0.5, 2), 0.0);
        assert!(envelope(0.25, 0.01, 0.5, 2) < 1.0);
    }

    #[test]
    fn noise_is_seeded_and_centred() {
        let first: Vec<f64> = {
            let mut noise = Noise::new(3);
            (0..1000).map(|_| noise.next_sample()).collect()
        };
        let mut again = Noise::new(3);
        assert!(first.iter().all(|&s| s == again.next_sample()));
        let mean = first.iter().sum::<f64>() / 1000.0;
        assert!(mean.abs() < 0.1 && first.iter().all(|s| (-1.0..=1.0).contains(s)));
    }

    #[test]
    fn the_low_pass_keeps_bass_and_cuts_treble() {
        let gain = |frequency| {
            let mut oscillator = Oscillator::default();
            let mut filter = LowPass::default();
            let n = samples_for(0.5);
            (0..n)
                .map(|_| filter.process(oscillator.sine(frequency), 200.0).abs())
                .skip(n / 2)
                .fold(0.0, f64::max)
        };
        assert!(gain(50.0) > 0.9 && gain(5000.0) < 0.1);
    }
}
