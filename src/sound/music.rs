//! The game's music, made like its sounds: two seamless loops from oscillators, envelopes and
//! seeded noise. A calm one for the menus (a soft pad under a slow arpeggio) and a driving one
//! for the run (kick, bass in eighths, off-beat hats and a bright arpeggio); each note ends
//! inside the loop, so the end flows back into the start.

use super::synth::{envelope, samples_for, time_of, Noise, Oscillator, StateVariable};

/// One piece of music.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Track {
    /// Calm, for the title and the screens between runs.
    Menu,
    /// Driving, for the run (it steps aside at the range).
    Run,
}

impl Track {
    /// Both tracks.
    pub const ALL: [Track; 2] = [Track::Menu, Track::Run];

    /// The track's file name in the sounds folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Track::Menu => "music_menu.wav",
            Track::Run => "music_run.wav",
        }
    }

    /// Length of the loop, seconds.
    pub fn seconds(self) -> f64 {
        let tune = self.tune();
        f64::from(tune.bars * BEATS_PER_BAR) * 60.0 / tune.bpm
    }

    /// The raw samples of one loop (any scale).
    pub(super) fn raw(self) -> Vec<f64> {
        match self {
            Track::Menu => menu(&self.tune()),
            Track::Run => run(&self.tune()),
        }
    }

    fn tune(self) -> Tune {
        match self {
            Track::Menu => Tune {
                bpm: 84.0,
                bars: 4,
                chords: MENU_CHORDS,
            },
            Track::Run => Tune {
                bpm: 140.0,
                bars: 8,
                chords: RUN_CHORDS,
            },
        }
    }
}

/// Beats in a bar.
const BEATS_PER_BAR: u32 = 4;

/// A loop's tempo, length and its chords (one per bar, repeated): each chord's root (Hz) and
/// the frequencies of its notes.
struct Tune {
    bpm: f64,
    bars: u32,
    chords: [Chord; 4],
}

/// A chord: root for the bass and three notes above.
#[derive(Debug, Clone, Copy)]
struct Chord {
    root: f64,
    notes: [f64; 3],
}

/// C – A minor – F – G, low and open.
const MENU_CHORDS: [Chord; 4] = [
    Chord {
        root: 130.81,
        notes: [261.63, 329.63, 392.00],
    },
    Chord {
        root: 110.00,
        notes: [220.00, 261.63, 329.63],
    },
    Chord {
        root: 87.31,
        notes: [174.61, 220.00, 261.63],
    },
    Chord {
        root: 98.00,
        notes: [196.00, 246.94, 293.66],
    },
];

/// A minor – F – C – G, an octave up for the arpeggio.
const RUN_CHORDS: [Chord; 4] = [
    Chord {
        root: 110.00,
        notes: [440.00, 523.25, 659.25],
    },
    Chord {
        root: 87.31,
        notes: [349.23, 440.00, 523.25],
    },
    Chord {
        root: 130.81,
        notes: [523.25, 659.25, 783.99],
    },
    Chord {
        root: 98.00,
        notes: [392.00, 493.88, 587.33],
    },
];

impl Tune {
    fn beat_s(&self) -> f64 {
        60.0 / self.bpm
    }

    fn bar_s(&self) -> f64 {
        self.beat_s() * f64::from(BEATS_PER_BAR)
    }

    fn seconds(&self) -> f64 {
        self.bar_s() * f64::from(self.bars)
    }

    /// The chord of the bar at `t` seconds.
    fn chord_at(&self, t: f64) -> Chord {
        let bar = (t / self.bar_s()).floor() as usize;
        self.chords[bar % self.chords.len()]
    }

    /// Time since the last step of `step_s` seconds began.
    fn since_step(&self, t: f64, step_s: f64) -> f64 {
        t - (t / step_s).floor() * step_s
    }
}

/// The menu loop: a pad that swells with each bar, and a slow arpeggio (one note per beat).
fn menu(tune: &Tune) -> Vec<f64> {
    let mut pad = [Oscillator::default(); 3];
    let mut lead = Oscillator::default();
    let mut bass = Oscillator::default();
    let (bar, beat) = (tune.bar_s(), tune.beat_s());
    (0..samples_for(tune.seconds()))
        .map(|i| {
            let t = time_of(i);
            let chord = tune.chord_at(t);
            let in_bar = tune.since_step(t, bar);
            let swell = envelope(in_bar, bar * 0.35, bar, 1);
            let pad_sum: f64 = pad
                .iter_mut()
                .zip(chord.notes)
                .map(|(voice, frequency)| voice.triangle(frequency))
                .sum();
            let step = (in_bar / beat).floor() as usize;
            let note = chord.notes[step % chord.notes.len()] * 2.0;
            let pluck = envelope(tune.since_step(t, beat), 0.01, beat * 0.9, 3) * lead.sine(note);
            let low = envelope(in_bar, 0.05, bar, 2) * bass.sine(chord.root);
            0.25 * swell * pad_sum + 0.5 * pluck + 0.5 * low
        })
        .collect()
}

/// The run loop: four-on-the-floor kick, eighth-note bass, off-beat hats, a sixteenth-note
/// arpeggio.
fn run(tune: &Tune) -> Vec<f64> {
    let mut kick = Oscillator::default();
    let mut bass = Oscillator::default();
    let mut lead = Oscillator::default();
    let mut noise = Noise::new(0x004D_5553_4943);
    let mut hat_filter = StateVariable::default();
    let (beat, eighth, sixteenth) = (tune.beat_s(), tune.beat_s() / 2.0, tune.beat_s() / 4.0);
    (0..samples_for(tune.seconds()))
        .map(|i| {
            let t = time_of(i);
            let chord = tune.chord_at(t);
            let in_beat = tune.since_step(t, beat);
            // The kick: a sine falling from 150 Hz to 50 Hz in a tenth of a second.
            let kick_pitch = 50.0 + 100.0 * envelope(in_beat, 0.0001, 0.1, 2);
            let thump = envelope(in_beat, 0.002, 0.22, 3) * kick.sine(kick_pitch);
            let in_eighth = tune.since_step(t, eighth);
            let low = envelope(in_eighth, 0.004, eighth * 0.85, 2) * bass.triangle(chord.root);
            // Hats on the off-beats: the second eighth of every beat.
            let off_beat = in_beat >= eighth;
            let (hiss, _) = hat_filter.process(noise.next_sample(), 7000.0, 0.5);
            let hat = if off_beat {
                envelope(in_beat - eighth, 0.001, 0.05, 3) * hiss
            } else {
                0.0
            };
            let step = (tune.since_step(t, tune.bar_s()) / sixteenth).floor() as usize;
            let note = chord.notes[step % chord.notes.len()];
            let in_sixteenth = tune.since_step(t, sixteenth);
            let arp = envelope(in_sixteenth, 0.003, sixteenth * 0.9, 2) * lead.triangle(note);
            0.9 * thump + 0.45 * low + 0.35 * hat + 0.22 * arp
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Most the first or last sample may be, as a share of the loop's peak.
    const SEAM_SHARE: f64 = 0.02;

    #[test]
    fn each_loop_is_whole_bars_long_and_starts_and_ends_quietly() {
        for track in Track::ALL {
            let raw = track.raw();
            let expected = samples_for(track.seconds());
            assert_eq!(raw.len(), expected, "{track:?}");
            let loudest = raw.iter().fold(0.0, |m: f64, s| m.max(s.abs()));
            // The seam: the loop ends and starts near silence, so it joins without a click.
            let seam = raw[0].abs().max(raw[raw.len() - 1].abs());
            assert!(
                seam < SEAM_SHARE * loudest,
                "{track:?}: {seam} of {loudest}"
            );
        }
        assert!(Track::Run.tune().bpm > Track::Menu.tune().bpm);
    }
}
