//! The menus' music, made like the game's sounds: a calm seamless loop (a soft pad under a
//! slow arpeggio) from oscillators and envelopes; each note ends inside the loop, so the end
//! flows back into the start. The run's music is assembled from stems ([`super::score`]).

use super::synth::{envelope, samples_for, time_of, Oscillator};

/// One piece of music.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Track {
    /// Calm, for the title and the screens between runs.
    Menu,
}

impl Track {
    /// Every track.
    pub const ALL: [Track; 1] = [Track::Menu];

    /// The track's file name in the sounds folder.
    pub fn file_name(self) -> &'static str {
        match self {
            Track::Menu => "music_menu.wav",
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
        }
    }

    fn tune(self) -> Tune {
        match self {
            Track::Menu => Tune {
                bpm: 84.0,
                bars: 4,
                chords: MENU_CHORDS,
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
    }
}
