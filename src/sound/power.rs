//! The power-ups' sounds: one for taking each kind, told apart by colour of sound as the
//! pickups are by shape (wax a rising whoosh and arpeggio, the magnet a wobbling hum, the shield
//! a bright bell, second wind a long sigh under two calm notes), one for a shield taking a crash
//! and one for a power-up running out.

use super::synth::{envelope, lerp, samples_for, time_of, Noise, Oscillator, StateVariable};

/// `seconds` of sound, one sample per call of `sample(t)`.
fn render(seconds: f64, mut sample: impl FnMut(f64) -> f64) -> Vec<f64> {
    (0..samples_for(seconds))
        .map(|i| sample(time_of(i)))
        .collect()
}

/// Wax: a whoosh of noise sweeping up under a quick rising arpeggio (C5 E5 G5 C6).
pub fn wax() -> Vec<f64> {
    let length = 0.5;
    let mut noise = Noise::new(0x5741_5821);
    let mut filter = StateVariable::default();
    let notes = [523.25, 659.25, 783.99, 1046.5];
    let mut voices = [Oscillator::default(); 4];
    render(length, |t| {
        let (band, _) = filter.process(noise.next_sample(), lerp(500.0, 3200.0, t / length), 0.7);
        let whoosh = 0.6 * band * envelope(t, 0.15, length, 2);
        let arpeggio: f64 = notes
            .iter()
            .zip(voices.iter_mut())
            .enumerate()
            .map(|(k, (&f, osc))| {
                let start = 0.06 * k as f64;
                envelope(t - start, 0.005, 0.2, 2) * osc.soft_square(f)
            })
            .sum();
        whoosh + 0.5 * arpeggio
    })
}

/// Magnet: a hum whose pitch wobbles (a slow vibrato on a triangle and its octave).
pub fn magnet() -> Vec<f64> {
    let length = 0.55;
    let (mut wobble, mut low, mut high) = (
        Oscillator::default(),
        Oscillator::default(),
        Oscillator::default(),
    );
    render(length, |t| {
        let pitch = 330.0 * (1.0 + 0.08 * wobble.sine(9.0));
        let gain = envelope(t, 0.03, length, 2);
        gain * (0.7 * low.triangle(pitch) + 0.3 * high.sine(2.0 * pitch))
    })
}

/// Shield: a bell, the partials of a struck bar (C6 with 2.76× and 5.4× overtones), long decay.
pub fn shield() -> Vec<f64> {
    bell(1046.5, 0.8)
}

/// The shield takes a crash: the bell struck lower and shorter, with a knock of noise.
pub fn shield_block() -> Vec<f64> {
    let mut noise = Noise::new(0x5348_4C44);
    let mut knock = StateVariable::default();
    let ring = bell(523.25, 0.5);
    ring.iter()
        .enumerate()
        .map(|(i, &r)| {
            let t = time_of(i);
            let (band, _) = knock.process(noise.next_sample(), 900.0, 0.9);
            r + 0.8 * band * envelope(t, 0.002, 0.06, 2)
        })
        .collect()
}

/// A bar struck at `pitch` Hz ringing for `length` s.
fn bell(pitch: f64, length: f64) -> Vec<f64> {
    let partials: [(f64, f64); 3] = [(1.0, 1.0), (2.76, 0.5), (5.4, 0.25)];
    let mut voices = [Oscillator::default(); 3];
    render(length, |t| {
        partials
            .iter()
            .zip(voices.iter_mut())
            .map(|(&(ratio, level), osc)| {
                level * envelope(t, 0.003, length / ratio.sqrt(), 3) * osc.sine(pitch * ratio)
            })
            .sum()
    })
}

/// Second wind: a breath of low noise falling away under two calm notes (C4 then G4).
pub fn breath() -> Vec<f64> {
    let length = 0.9;
    let mut noise = Noise::new(0x4252_4541);
    let mut filter = StateVariable::default();
    let (mut first, mut second) = (Oscillator::default(), Oscillator::default());
    render(length, |t| {
        let (band, _) = filter.process(noise.next_sample(), lerp(1400.0, 400.0, t / length), 1.0);
        let sigh = 0.5 * band * envelope(t, 0.25, length, 2);
        let notes = envelope(t, 0.02, 0.5, 2) * first.sine(261.63)
            + envelope(t - 0.25, 0.02, 0.6, 2) * second.sine(392.0);
        sigh + 0.5 * notes
    })
}

/// A power-up runs out: two soft falling notes (G5 to C5).
pub fn power_down() -> Vec<f64> {
    let mut voices = [Oscillator::default(); 2];
    render(0.34, |t| {
        envelope(t, 0.005, 0.16, 2) * voices[0].triangle(783.99)
            + envelope(t - 0.12, 0.005, 0.22, 2) * voices[1].triangle(523.25)
    })
}
