//! The stems the run's music is assembled from: one hit of each drum and one note of each
//! pitch the score uses (bass, lead and pad), synthesised once and kept end to end in one small
//! file (the bank). A note is played shorter by cutting its stem with a short fade.

use crate::sound::synth::{envelope, lerp, samples_for, Noise, Oscillator, StateVariable};

/// A drum hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drum {
    Kick,
    Snare,
    Hat,
    OpenHat,
}

/// Bass notes (Hz): E2, F2, G2, A2, C3, D3.
pub const BASS: [f64; 6] = [82.41, 87.31, 98.00, 110.00, 130.81, 146.83];
/// The lead's and the arpeggio's notes (Hz): A minor from A4 up to E6.
pub const LEAD: [f64; 12] = [
    440.00, 493.88, 523.25, 587.33, 659.25, 698.46, 783.99, 880.00, 987.77, 1046.50, 1174.66,
    1318.51,
];
/// The pad's notes (Hz): A3, B3, C4, D4, E4, F4, G4, G3.
pub const PAD: [f64; 8] = [
    220.00, 246.94, 261.63, 293.66, 329.63, 349.23, 392.00, 196.00,
];

/// Each stem's length, seconds.
const DRUM_S: [f64; 4] = [0.3, 0.25, 0.06, 0.25];
const BASS_S: f64 = 0.25;
const LEAD_S: f64 = 0.4;
/// A pad note swells over half a bar at the score's tempo.
pub const PAD_S: f64 = 60.0 / super::BPM * 2.0;

/// One stem: which sound, and where its samples lie in the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stem {
    Drum(Drum),
    Bass(usize),
    Lead(usize),
    Pad(usize),
}

impl Stem {
    /// Every stem, in the bank's order.
    pub fn all() -> Vec<Stem> {
        let drums = [Drum::Kick, Drum::Snare, Drum::Hat, Drum::OpenHat].map(Stem::Drum);
        drums
            .into_iter()
            .chain((0..BASS.len()).map(Stem::Bass))
            .chain((0..LEAD.len()).map(Stem::Lead))
            .chain((0..PAD.len()).map(Stem::Pad))
            .collect()
    }

    fn seconds(self) -> f64 {
        match self {
            Stem::Drum(drum) => DRUM_S[drum as usize],
            Stem::Bass(_) => BASS_S,
            Stem::Lead(_) => LEAD_S,
            Stem::Pad(_) => PAD_S,
        }
    }

    /// The stem's length in samples.
    pub fn len(self) -> usize {
        samples_for(self.seconds())
    }

    /// The stem's raw samples, its loudest at ±1.
    pub fn raw(self) -> Vec<f64> {
        let length = self.seconds();
        let n = samples_for(length);
        let time = |i: usize| i as f64 / f64::from(crate::sound::SAMPLE_RATE);
        let mut samples: Vec<f64> = match self {
            Stem::Drum(drum) => drum_hit(drum, n),
            Stem::Bass(note) => {
                let mut body = Oscillator::default();
                let mut edge = Oscillator::default();
                (0..n)
                    .map(|i| {
                        let t = time(i);
                        let tone = body.triangle(BASS[note]) + 0.3 * edge.soft_square(BASS[note]);
                        tone * envelope(t, 0.004, length, 2)
                    })
                    .collect()
            }
            Stem::Lead(note) => {
                let mut body = Oscillator::default();
                let mut octave = Oscillator::default();
                (0..n)
                    .map(|i| {
                        let t = time(i);
                        let tone = body.triangle(LEAD[note]) + 0.25 * octave.sine(2.0 * LEAD[note]);
                        tone * envelope(t, 0.003, length, 3)
                    })
                    .collect()
            }
            Stem::Pad(note) => {
                let mut voices = [Oscillator::default(); 2];
                (0..n)
                    .map(|i| {
                        let t = time(i);
                        // Two voices a few cents apart, swelling in and out.
                        let tone =
                            voices[0].triangle(PAD[note]) + voices[1].triangle(PAD[note] * 1.004);
                        let swell = envelope(t, 0.45 * length, length, 1);
                        tone * swell
                    })
                    .collect()
            }
        };
        let loudest = samples.iter().fold(0.0, |m: f64, s| m.max(s.abs()));
        if loudest > 0.0 {
            samples.iter_mut().for_each(|s| *s /= loudest);
        }
        samples
    }
}

/// A drum hit of `n` samples.
fn drum_hit(drum: Drum, n: usize) -> Vec<f64> {
    let time = |i: usize| i as f64 / f64::from(crate::sound::SAMPLE_RATE);
    let length = DRUM_S[drum as usize];
    let mut noise = Noise::new(0x5354_454D + drum as u64);
    let mut filter = StateVariable::default();
    let mut tone = Oscillator::default();
    (0..n)
        .map(|i| {
            let t = time(i);
            match drum {
                // A sine falling from 150 Hz to 50 Hz in a tenth of a second.
                Drum::Kick => {
                    let pitch = lerp(150.0, 50.0, t / 0.1);
                    tone.sine(pitch) * envelope(t, 0.002, length, 3)
                }
                Drum::Snare => {
                    let (band, _) = filter.process(noise.next_sample(), 1800.0, 1.2);
                    1.6 * band * envelope(t, 0.001, length, 4)
                        + 0.6 * tone.triangle(190.0) * envelope(t, 0.001, 0.08, 2)
                }
                Drum::Hat | Drum::OpenHat => {
                    let (_, high) = filter.process(noise.next_sample(), 3000.0, 0.6);
                    high * envelope(t, 0.001, length, 3)
                }
            }
        })
        .collect()
}
