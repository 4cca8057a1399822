//! The track's set pieces' sounds: a snowmobile's two-stroke buzz as it sets off across the
//! lanes (rising as it pulls away, fading as it stops), the whoosh of a ramp's take-off, and a
//! landed trick's flourish.

use super::synth::{envelope, lerp, samples_for, time_of, Noise, Oscillator, StateVariable};

/// `seconds` of sound, one sample per call of `sample(t)`.
fn render(seconds: f64, mut sample: impl FnMut(f64) -> f64) -> Vec<f64> {
    (0..samples_for(seconds))
        .map(|i| sample(time_of(i)))
        .collect()
}

/// A snowmobile sets off: a buzzing engine note climbing as it revs, with exhaust noise, over
/// the time it takes to cross (its whole crossing, 1.5 s, fading out as it stops).
pub fn snowmobile() -> Vec<f64> {
    let length = 1.5;
    let mut noise = Noise::new(0x534E_4F57);
    let mut exhaust = StateVariable::default();
    let (mut engine, mut beat) = (Oscillator::default(), Oscillator::default());
    render(length, |t| {
        let u = t / length;
        let pitch = lerp(70.0, 130.0, 2.0 * u);
        // The two-stroke's putter: the note beaten by a pulse at a multiple of its pitch.
        let putter = 0.6 + 0.4 * beat.sine(pitch * 0.5);
        let (band, _) = exhaust.process(noise.next_sample(), 4.0 * pitch, 0.6);
        let gain = envelope(t, 0.25, length, 1);
        gain * putter * (0.6 * engine.soft_square(pitch) + 0.4 * band)
    })
}

/// A ramp's take-off: a whoosh of air opening up and a low thump of the lip.
pub fn launch() -> Vec<f64> {
    let length = 0.6;
    let mut noise = Noise::new(0x4C41_554E);
    let mut air = StateVariable::default();
    let mut thump = Oscillator::default();
    render(length, |t| {
        let (band, _) = air.process(noise.next_sample(), lerp(400.0, 2400.0, t / length), 0.8);
        let whoosh = 0.7 * band * envelope(t, 0.12, length, 2);
        let lip = envelope(t, 0.004, 0.12, 2) * thump.sine(lerp(110.0, 60.0, t / 0.12));
        whoosh + 0.6 * lip
    })
}

/// A trick landed: a bright flourish up the major chord (G5 B5 D6 G6).
pub fn trick_landed() -> Vec<f64> {
    let notes = [783.99, 987.77, 1174.66, 1567.98];
    let mut voices = [Oscillator::default(); 4];
    render(0.6, |t| {
        notes
            .iter()
            .zip(voices.iter_mut())
            .enumerate()
            .map(|(k, (&f, osc))| {
                let start = 0.05 * k as f64;
                0.4 * envelope(t - start, 0.004, 0.45, 2) * osc.triangle(f)
            })
            .sum()
    })
}
