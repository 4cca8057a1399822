//! The run's music as a score: phrases of eight bars, each with its chords, a groove for the
//! drums, a bass line, an arpeggio and (most) a lead melody, written out from a seeded walk over
//! the chord's notes so every phrase has its own tune. [`super::Section`] strings phrases
//! together.

use super::stems::{Drum, LEAD};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Sixteenth notes in a bar.
pub const STEPS: usize = 16;
/// Bars in a phrase.
pub const PHRASE_BARS: usize = 8;

/// A chord: the bass note, three pad notes and its notes on the lead's scale (indices into
/// the stems' tables).
#[derive(Debug, Clone, Copy)]
pub struct Chord {
    pub bass: usize,
    pub pad: [usize; 3],
    pub tones: [usize; 5],
}

pub const AM: Chord = Chord {
    bass: 3,
    pad: [0, 2, 4],
    tones: [0, 2, 4, 7, 9],
};
pub const F: Chord = Chord {
    bass: 1,
    pad: [0, 2, 5],
    tones: [0, 2, 5, 7, 9],
};
pub const C: Chord = Chord {
    bass: 4,
    pad: [2, 4, 6],
    tones: [2, 4, 6, 9, 11],
};
pub const G: Chord = Chord {
    bass: 2,
    pad: [7, 1, 3],
    tones: [1, 3, 6, 8, 10],
};
pub const DM: Chord = Chord {
    bass: 5,
    pad: [0, 3, 5],
    tones: [0, 3, 5, 7, 10],
};
pub const EM: Chord = Chord {
    bass: 0,
    pad: [7, 1, 4],
    tones: [1, 4, 6, 8, 11],
};

/// How the drums play a bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Groove {
    /// Kick on one and three, hats on the off-beats.
    Light,
    /// Kick on every beat, hats on the off-beats.
    Steady,
    /// Kick on every beat, snare on two and four, hats in eighths.
    Backbeat,
    /// The backbeat with hats in sixteenths and an open hat before the bar's end.
    Driving,
}

/// How the bass plays a bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BassLine {
    Quarters,
    Eighths,
    /// A syncopated line (3 + 3 + 2).
    Pushed,
    /// One note held on the bar's first beat, the given note whatever the chord.
    Pedal(usize),
}

/// How the arpeggio plays: every how many sixteenths, or not at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arp {
    Off,
    Every(usize),
}

/// Eight bars of music.
#[derive(Debug, Clone, Copy)]
pub struct Phrase {
    pub chords: [Chord; PHRASE_BARS],
    pub groove: Groove,
    pub bass: BassLine,
    pub arp: Arp,
    /// The lead's melody is walked from this seed; `None`: no lead.
    pub lead: Option<u64>,
    /// A snare roll in the last bar leads into the next phrase.
    pub fill: bool,
}

/// One note or hit on the grid: in which bar, at which sixteenth, for how many sixteenths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridNote {
    pub step: usize,
    pub length: usize,
}

impl Groove {
    /// The sixteenths each drum plays on in a bar.
    pub fn hits(self, drum: Drum) -> &'static [usize] {
        const FOUR: &[usize] = &[0, 4, 8, 12];
        const OFF: &[usize] = &[2, 6, 10, 14];
        const EIGHTHS: &[usize] = &[0, 2, 4, 6, 8, 10, 12, 14];
        const SIXTEENTHS: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
        match (self, drum) {
            (Groove::Light, Drum::Kick) => &[0, 8],
            (_, Drum::Kick) => FOUR,
            (Groove::Light | Groove::Steady, Drum::Snare) => &[],
            (_, Drum::Snare) => &[4, 12],
            (Groove::Light | Groove::Steady, Drum::Hat) => OFF,
            (Groove::Backbeat, Drum::Hat) => EIGHTHS,
            (Groove::Driving, Drum::Hat) => SIXTEENTHS,
            (Groove::Driving, Drum::OpenHat) => &[14],
            (_, Drum::OpenHat) => &[],
        }
    }
}

impl BassLine {
    /// The bass's notes in a bar.
    pub fn hits(self) -> Vec<GridNote> {
        let every = |n: usize, length: usize| {
            (0..STEPS)
                .step_by(n)
                .map(|step| GridNote { step, length })
                .collect()
        };
        match self {
            BassLine::Quarters => every(4, 3),
            BassLine::Eighths => every(2, 2),
            BassLine::Pushed => [0, 3, 6, 8, 11, 14]
                .map(|step| GridNote { step, length: 2 })
                .to_vec(),
            BassLine::Pedal(_) => vec![GridNote { step: 0, length: 4 }],
        }
    }
}

/// Rhythms the melody picks from: (sixteenth, length) over two bars.
const RHYTHMS: [&[(usize, usize)]; 4] = [
    &[
        (0, 4),
        (4, 2),
        (6, 2),
        (8, 6),
        (16, 2),
        (18, 2),
        (20, 4),
        (24, 8),
    ],
    &[
        (0, 3),
        (3, 3),
        (6, 2),
        (8, 4),
        (12, 4),
        (16, 6),
        (22, 2),
        (24, 4),
        (28, 4),
    ],
    &[
        (2, 2),
        (4, 4),
        (8, 2),
        (10, 2),
        (12, 4),
        (18, 2),
        (20, 2),
        (22, 2),
        (24, 8),
    ],
    &[
        (0, 2),
        (2, 2),
        (4, 2),
        (6, 2),
        (8, 8),
        (16, 2),
        (18, 2),
        (20, 4),
        (24, 4),
        (28, 4),
    ],
];

/// The lead's notes of a phrase walked from `seed`: a two-bar figure, answered with changes,
/// resolving on the last chord's root. Each note: (bar, hit, lead note index).
pub fn melody(phrase: &Phrase, seed: u64) -> Vec<(usize, GridNote, usize)> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let rhythm = RHYTHMS[rng.gen_range(0..RHYTHMS.len())];
    let mut pitch = rng.gen_range(3..8_usize);
    let mut figure = Vec::new();
    let mut notes = Vec::new();
    for pair in 0..PHRASE_BARS / 2 {
        // Bars 3–4 echo the figure of bars 1–2; 5–8 walk anew, the last note on the root.
        let echo = pair == 1;
        for (k, &(start, length)) in rhythm.iter().enumerate() {
            let bar = 2 * pair + start / STEPS;
            let chord = phrase.chords[bar];
            let last = pair == PHRASE_BARS / 2 - 1 && k == rhythm.len() - 1;
            let step: i32 = rng.gen_range(-2..=2);
            let target = if echo {
                figure.get(k).copied().unwrap_or(pitch)
            } else {
                (pitch as i32 + step).clamp(0, LEAD.len() as i32 - 1) as usize
            };
            pitch = if last {
                chord.tones[0]
            } else {
                nearest(&chord.tones, target)
            };
            if pair == 0 {
                figure.push(pitch);
            }
            notes.push((
                bar,
                GridNote {
                    step: start % STEPS,
                    length,
                },
                pitch,
            ));
        }
    }
    notes
}

/// The chord tone closest to `target` (the lower one on a tie).
fn nearest(tones: &[usize], target: usize) -> usize {
    *tones
        .iter()
        .min_by_key(|&&tone| tone.abs_diff(target))
        .expect("a chord has notes")
}
