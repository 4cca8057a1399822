//! How each sound is made: a few oscillators, envelopes and filtered noise per effect.
//!
//! Every recipe returns raw samples (any scale); [`super::render`] normalises and quantises them.

use super::synth::{
    envelope, lerp, samples_for, sine_turns, time_of, LowPass, Noise, Oscillator, StateVariable,
};

/// Note frequencies in Hz (equal temperament, A4 = 440 Hz).
mod note {
    pub const C4: f64 = 261.63;
    pub const E4: f64 = 329.63;
    pub const G4: f64 = 392.00;
    pub const C5: f64 = 523.25;
    pub const E5: f64 = 659.25;
    pub const G5: f64 = 783.99;
    pub const B5: f64 = 987.77;
    pub const C6: f64 = 1046.50;
    pub const E6: f64 = 1318.51;
}

/// Length of the wind loop in seconds.
pub const WIND_SECONDS: f64 = 4.0;
/// Length of the wind loop's seam crossfade in seconds.
const WIND_CROSSFADE_SECONDS: f64 = 0.5;

/// `seconds` of sound, one sample per call of `sample(t)`.
fn render(seconds: f64, mut sample: impl FnMut(f64) -> f64) -> Vec<f64> {
    (0..samples_for(seconds))
        .map(|i| sample(time_of(i)))
        .collect()
}

/// A plucked note: `frequency` Hz from `start` s for `length` s.
#[derive(Debug, Clone, Copy)]
struct Note {
    frequency: f64,
    start: f64,
    length: f64,
}

/// Notes played on a soft square blended with a sine, each decaying with `curve`.
fn melody(seconds: f64, notes: &[Note], curve: u32) -> Vec<f64> {
    let mut voices = vec![(Oscillator::default(), Oscillator::default()); notes.len()];
    render(seconds, |t| {
        notes
            .iter()
            .zip(voices.iter_mut())
            .map(|(note, (square, sine))| {
                let gain = envelope(t - note.start, 0.005, note.length, curve);
                if gain == 0.0 {
                    return 0.0;
                }
                gain * (0.5 * square.soft_square(note.frequency) + 0.5 * sine.sine(note.frequency))
            })
            .sum()
    })
}

/// A coin: two quick rising notes (B5, E6).
pub fn coin() -> Vec<f64> {
    coin_raised(1.0)
}

/// The coin's two notes, their pitch times `ratio` (a coin line taken whole climbs a scale).
pub fn coin_raised(ratio: f64) -> Vec<f64> {
    let notes = [
        Note {
            frequency: note::B5 * ratio,
            start: 0.0,
            length: 0.07,
        },
        Note {
            frequency: note::E6 * ratio,
            start: 0.06,
            length: 0.24,
        },
    ];
    melody(0.3, &notes, 2)
}

/// A countdown number: one short, clear pip (E5).
pub fn count_beep() -> Vec<f64> {
    let notes = [Note {
        frequency: note::E5,
        start: 0.0,
        length: 0.16,
    }];
    melody(0.18, &notes, 3)
}

/// The countdown's "go": a brighter, longer pip an octave up with its fifth (C6, G5).
pub fn go_beep() -> Vec<f64> {
    let notes = [
        Note {
            frequency: note::C6,
            start: 0.0,
            length: 0.4,
        },
        Note {
            frequency: note::G5,
            start: 0.0,
            length: 0.4,
        },
    ];
    melody(0.42, &notes, 2)
}

/// A lane change: a short swish of band-passed noise sweeping upwards.
pub fn lane_change() -> Vec<f64> {
    let length = 0.18;
    let mut noise = Noise::new(0x4C41_4E45);
    let mut filter = StateVariable::default();
    render(length, |t| {
        let centre = lerp(700.0, 2600.0, t / length);
        let (band, _) = filter.process(noise.next_sample(), centre, 0.6);
        band * envelope(t, 0.04, length, 2)
    })
}

/// A jump: a rising tone over a soft whoosh.
pub fn jump() -> Vec<f64> {
    let length = 0.3;
    let mut tone = Oscillator::default();
    let mut noise = Noise::new(0x4A55_4D50);
    let mut filter = StateVariable::default();
    render(length, |t| {
        let u = t / length;
        let frequency = 280.0 + 440.0 * u * (2.0 - u);
        let (whoosh, _) = filter.process(noise.next_sample(), 1200.0, 0.8);
        envelope(t, 0.01, length, 2) * (tone.sine(frequency) + 0.25 * whoosh)
    })
}

/// A duck: a falling tone over a low swoosh.
pub fn duck() -> Vec<f64> {
    let length = 0.25;
    let mut tone = Oscillator::default();
    let mut noise = Noise::new(0x4455_434B);
    let mut filter = LowPass::default();
    render(length, |t| {
        let frequency = lerp(520.0, 180.0, t / length);
        let swoosh = filter.process(noise.next_sample(), 600.0);
        envelope(t, 0.01, length, 2) * (tone.triangle(frequency) + 0.6 * swoosh)
    })
}

/// A hit: a low falling thump with a burst of muffled noise.
pub fn hit() -> Vec<f64> {
    let length = 0.4;
    let mut thump = Oscillator::default();
    let mut noise = Noise::new(0x4849_5421);
    let mut filter = LowPass::default();
    render(length, |t| {
        let frequency = lerp(110.0, 45.0, t / length);
        let body = thump.sine(frequency) * envelope(t, 0.002, length, 3);
        let crunch = filter.process(noise.next_sample(), 900.0) * envelope(t, 0.001, 0.25, 4);
        body + 1.5 * crunch
    })
}

/// A rifle shot: a sharp crack, a short body and a muffled tail.
pub fn shot() -> Vec<f64> {
    let length = 0.45;
    let mut noise = Noise::new(0x5348_4F54);
    let (mut crack, mut body) = (StateVariable::default(), StateVariable::default());
    let mut tail = LowPass::default();
    let mut thump = Oscillator::default();
    render(length, |t| {
        let n = noise.next_sample();
        let (_, high) = crack.process(n, 1500.0, 1.0);
        let (band, _) = body.process(n, 400.0, 1.0);
        high * envelope(t, 0.0005, 0.05, 3)
            + 0.8 * band * envelope(t, 0.001, 0.3, 4)
            + 0.5 * thump.sine(70.0) * envelope(t, 0.001, 0.12, 2)
            + 0.6 * tail.process(n, 500.0) * envelope(t, 0.01, length, 6)
    })
}

/// A target hit: the clack of the white paddle snapping up over the black face and striking its
/// stop — two short hollow knocks (a woody band of noise over a quick inharmonic ring), the
/// second a little higher and softer.
pub fn target_hit() -> Vec<f64> {
    /// Each knock: when (s), its pitch (Hz) and loudness.
    const KNOCKS: [(f64, f64, f64); 2] = [(0.0, 1450.0, 1.0), (0.032, 1900.0, 0.7)];
    /// The ring's partials, as multiples of a knock's pitch.
    const PARTIALS: [f64; 3] = [1.0, 1.58, 2.37];
    let length = 0.16;
    let mut noise = Noise::new(0x434C_4143);
    let mut bodies = [StateVariable::default(); 2];
    let mut rings = [[Oscillator::default(); 3]; 2];
    render(length, |t| {
        let n = noise.next_sample();
        KNOCKS
            .iter()
            .zip(bodies.iter_mut().zip(rings.iter_mut()))
            .map(|(&(at, pitch, gain), (body, ring))| {
                let local = t - at;
                let (band, _) = body.process(n, pitch, 0.35);
                let tone: f64 = PARTIALS
                    .iter()
                    .zip(ring.iter_mut())
                    .map(|(&k, oscillator)| oscillator.sine(pitch * k) / k)
                    .sum();
                gain * (1.6 * band * envelope(local, 0.0005, 0.03, 3)
                    + 0.45 * tone * envelope(local, 0.001, 0.07, 4))
            })
            .sum()
    })
}

/// A miss: a dull puff and a falling two-note "no".
pub fn miss() -> Vec<f64> {
    let length = 0.4;
    let mut noise = Noise::new(0x4D49_5353);
    let mut filter = StateVariable::default();
    let mut tone = Oscillator::default();
    render(length, |t| {
        let (puff, _) = filter.process(noise.next_sample(), 250.0, 1.2);
        let frequency = if t < 0.12 { note::E4 } else { note::C4 };
        let voice = tone.triangle(frequency)
            * (envelope(t, 0.005, 0.12, 1) + envelope(t - 0.12, 0.005, 0.28, 2));
        2.0 * puff * envelope(t, 0.002, 0.2, 3) + 0.5 * voice
    })
}

/// A reload: the two clicks of a bolt, the second lower and firmer.
pub fn reload() -> Vec<f64> {
    const CLICKS: [(f64, f64, f64); 2] = [(0.0, 2800.0, 0.7), (0.16, 2000.0, 1.0)];
    let length = 0.35;
    let mut noise = Noise::new(0x5245_4C44);
    let mut filters = [StateVariable::default(); 2];
    let mut rings = [Oscillator::default(); 2];
    render(length, |t| {
        let n = noise.next_sample();
        CLICKS
            .iter()
            .zip(filters.iter_mut().zip(rings.iter_mut()))
            .map(|(&(start, centre, gain), (filter, ring))| {
                let (band, _) = filter.process(n, centre, 0.3);
                let local = t - start;
                gain * (band * envelope(local, 0.0005, 0.03, 2)
                    + 0.3 * ring.sine(centre / 2.0) * envelope(local, 0.0005, 0.06, 3))
            })
            .sum()
    })
}

/// The stage jingle: a rising C major arpeggio.
pub fn stage_jingle() -> Vec<f64> {
    let steps = [note::C5, note::E5, note::G5, note::C6];
    let notes: Vec<Note> = steps
        .iter()
        .enumerate()
        .map(|(i, &frequency)| Note {
            frequency,
            start: 0.12 * i as f64,
            length: if i + 1 == steps.len() { 0.5 } else { 0.25 },
        })
        .collect();
    melody(0.9, &notes, 2)
}

/// The finish jingle: a pick-up fanfare resolving on a held C major chord.
pub fn finish_jingle() -> Vec<f64> {
    let run = [note::G4, note::C5, note::E5, note::G5];
    let chord = [note::C5, note::E5, note::G5, note::C6];
    let mut notes: Vec<Note> = run
        .iter()
        .enumerate()
        .map(|(i, &frequency)| Note {
            frequency,
            start: 0.15 * i as f64,
            length: 0.2,
        })
        .collect();
    notes.extend(chord.iter().map(|&frequency| Note {
        frequency,
        start: 0.65,
        length: 1.15,
    }));
    melody(1.8, &notes, 2)
}

/// The wind ambience: band-passed noise with slowly wandering pitch and strength, with the seam
/// crossfaded so that the loop repeats without a click.
pub fn wind() -> Vec<f64> {
    let loop_samples = samples_for(WIND_SECONDS);
    let fade = samples_for(WIND_CROSSFADE_SECONDS);
    let mut noise = Noise::new(0x5749_4E44);
    let mut gust = StateVariable::default();
    let mut rumble = LowPass::default();
    // Takes the hiss off the band-pass's skirts: wind, not static.
    let mut soften = (LowPass::default(), LowPass::default());
    // Modulation in whole cycles per loop, so it lines up across the seam.
    let cycle = |i: usize, per_loop: f64| sine_turns(per_loop * i as f64 / loop_samples as f64);
    let raw: Vec<f64> = (0..loop_samples + fade)
        .map(|i| {
            let n = noise.next_sample();
            let centre = 600.0 + 220.0 * cycle(i, 1.0) + 90.0 * cycle(i, 3.0);
            let strength = 0.65 + 0.25 * cycle(i, 2.0) + 0.1 * cycle(i, 5.0);
            let (band, _) = gust.process(n, centre, 0.5);
            let mixed = band + 0.8 * rumble.process(n, 250.0);
            strength * soften.1.process(soften.0.process(mixed, 1400.0), 1400.0)
        })
        .collect();
    // The start fades in from the continuation of the end (equal power: noise is uncorrelated).
    (0..loop_samples)
        .map(|i| {
            if i < fade {
                let w = i as f64 / fade as f64;
                raw[i] * w.sqrt() + raw[loop_samples + i] * (1.0 - w).sqrt()
            } else {
                raw[i]
            }
        })
        .collect()
}
