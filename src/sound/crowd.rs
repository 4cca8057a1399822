//! The crowd at the ranges and the finish, and the skis' swish: many voices and hands from
//! oscillators, formant filters and seeded noise.

use super::synth::{envelope, samples_for, sine_turns, time_of, Noise, Oscillator, StateVariable};

/// Voices in the crowd, and how much each one's pitch wanders.
const VOICES: usize = 14;
const VIBRATO_HZ: f64 = 5.5;
const VIBRATO_DEPTH: f64 = 0.03;
/// Voices lie between these pitches, Hz.
const LOW_VOICE: f64 = 150.0;
const HIGH_VOICE: f64 = 330.0;

/// How a crowd sounds: its length, the vowel's two formants (Hz), how far the voices glide
/// (a share of their pitch), how its loudness rises (s), and how many claps a second.
struct Shout {
    seconds: f64,
    formants: [f64; 2],
    glide: f64,
    attack: f64,
    claps_per_s: f64,
    seed: u64,
}

/// A cheer: an open "ay!" rising a little, with clapping.
pub fn cheer() -> Vec<f64> {
    shout(&Shout {
        seconds: 1.6,
        formants: [750.0, 1800.0],
        glide: 0.12,
        attack: 0.12,
        claps_per_s: 30.0,
        seed: 0x4348_4545,
    })
}

/// A groan: a low "oh…" sinking.
pub fn groan() -> Vec<f64> {
    shout(&Shout {
        seconds: 1.3,
        formants: [450.0, 800.0],
        glide: -0.2,
        attack: 0.2,
        claps_per_s: 0.0,
        seed: 0x4752_4F41,
    })
}

/// The finish's roar: a long cheer with a storm of clapping.
pub fn roar() -> Vec<f64> {
    shout(&Shout {
        seconds: 2.8,
        formants: [700.0, 1600.0],
        glide: 0.18,
        attack: 0.25,
        claps_per_s: 60.0,
        seed: 0x524F_4152,
    })
}

fn shout(shape: &Shout) -> Vec<f64> {
    let mut noise = Noise::new(shape.seed);
    let voices: Vec<(f64, f64, f64)> = (0..VOICES)
        .map(|_| {
            let pitch = LOW_VOICE + (HIGH_VOICE - LOW_VOICE) * 0.5 * (1.0 + noise.next_sample());
            let late = 0.15 * 0.5 * (1.0 + noise.next_sample());
            let wobble = 0.5 * (1.0 + noise.next_sample());
            (pitch, late, wobble)
        })
        .collect();
    let mut oscillators = vec![Oscillator::default(); VOICES];
    let mut formants = [StateVariable::default(); 2];
    let mut clap_filter = StateVariable::default();
    let mut claps = Vec::new();
    let clap_count = (shape.claps_per_s * shape.seconds) as usize;
    for _ in 0..clap_count {
        claps.push(shape.seconds * 0.8 * 0.5 * (1.0 + noise.next_sample()));
    }
    claps.sort_by(f64::total_cmp);
    let length = shape.seconds;
    (0..samples_for(length))
        .map(|i| {
            let t = time_of(i);
            let glide = 1.0 + shape.glide * (t / length);
            let mut voice_sum = 0.0;
            for ((pitch, late, wobble), oscillator) in voices.iter().zip(&mut oscillators) {
                let vibrato = 1.0 + VIBRATO_DEPTH * sine_turns(VIBRATO_HZ * t + wobble);
                // A buzzy voice (the soft square's odd harmonics) the formants shape.
                let level = envelope(t - late, shape.attack, length - late, 2);
                voice_sum += level * oscillator.soft_square(pitch * glide * vibrato);
            }
            let breath = 0.3 * noise.next_sample();
            let (first, _) = formants[0].process(voice_sum + breath, shape.formants[0], 0.5);
            let (second, _) = formants[1].process(voice_sum + breath, shape.formants[1], 0.6);
            let clap_level: f64 = claps
                .iter()
                .take_while(|&&at| at <= t)
                .map(|&at| envelope(t - at, 0.001, 0.03, 3))
                .sum();
            let (clap, _) = clap_filter.process(noise.next_sample(), 1500.0, 1.0);
            first + 0.6 * second + 1.5 * clap_level * clap
        })
        .collect()
}

/// Length of the swish's loop: one stride at a cruising pace, two glides.
pub const SWISH_SECONDS: f64 = 0.9;

/// The skis' swish: two glides of hissing snow per loop, fading to nothing at the loop's ends
/// so it repeats without a seam.
pub fn swish() -> Vec<f64> {
    let mut noise = Noise::new(0x5357_4953);
    let mut filter = StateVariable::default();
    (0..samples_for(SWISH_SECONDS))
        .map(|i| {
            let t = time_of(i) / SWISH_SECONDS;
            let (band, _) = filter.process(noise.next_sample(), 1400.0, 0.9);
            // Two glides a loop: sin² of the stride's phase, silent where the loop joins.
            let glide = sine_turns(t);
            0.2 * noise.next_sample() * 0.3 + band * glide * glide
        })
        .collect()
}
