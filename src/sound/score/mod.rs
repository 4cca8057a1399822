//! The run's music, assembled when the game starts from short synthesised stems: the file
//! holds only one hit of each drum and one note of each pitch (the bank, [`BANK_FILE`]), and
//! [`assemble`] lays them out on the score's grid into each [`Section`], a seamless loop. So the
//! run's music lasts minutes before it repeats while the package carries a few seconds of it.
//!
//! Sections follow the run's moments ([`Section::for_run`]): the main one (an intro, then seven
//! phrases, each with its own chords, groove and tune), a tense one while a range is near, and a
//! driving one over the last kilometre.

mod stems;
mod tunes;

use stems::{Drum, Stem, PAD_S};
use tunes::{Arp, BassLine, Groove, Phrase, AM, C, DM, EM, F, G, PHRASE_BARS, STEPS};

/// The bank's file name in the sounds folder.
pub const BANK_FILE: &str = "music_stems.wav";
/// The score's tempo, beats a minute.
pub const BPM: f64 = 140.0;
/// Peak level of the bank's stems (each at its own full scale).
const STEM_PEAK: f64 = 0.9;
/// Samples in a sixteenth note, doubled (it is 2362.5 at 22 050 Hz and 140 beats a minute).
const TWO_SIXTEENTHS: usize = 4725;
/// A note cut short fades out over this many samples (no click).
const CUT_FADE: usize = 120;
/// A range is near within this many metres; the last kilometre is this long, or this share of
/// a shorter course.
pub const RANGE_NEAR_M: f64 = 250.0;
pub const LAST_KILOMETRE_M: f64 = 1000.0;
const LAST_SHARE: f64 = 0.25;

/// Mixing levels of the parts.
const KICK: f64 = 0.9;
const SNARE: f64 = 0.45;
const HAT: f64 = 0.18;
const OPEN_HAT: f64 = 0.14;
const BASS: f64 = 0.5;
const PAD: f64 = 0.12;
const ARP: f64 = 0.12;
const LEAD: f64 = 0.28;

/// A part of the run's music.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    /// From the start: an intro, then seven phrases (the most of a run).
    Main,
    /// A range is near: held tension over a pedal bass.
    RangeAhead,
    /// The last kilometre: driving, the tune up high.
    LastKilometre,
}

impl Section {
    pub const ALL: [Section; 3] = [Section::Main, Section::RangeAhead, Section::LastKilometre];

    /// Which section a run calls for: the last kilometre once the finish is that near (levels
    /// only; on a short course its last quarter), a range ahead once the next one is near, the
    /// main one otherwise. `finish`: metres to the finish and the course's length.
    pub fn for_run(to_next_range_m: Option<f64>, finish: Option<(f64, f64)>) -> Section {
        let last = |(to_finish, length): (f64, f64)| {
            to_finish <= LAST_KILOMETRE_M.min(LAST_SHARE * length)
        };
        if finish.is_some_and(last) {
            Section::LastKilometre
        } else if to_next_range_m.is_some_and(|m| m <= RANGE_NEAR_M) {
            Section::RangeAhead
        } else {
            Section::Main
        }
    }

    fn phrases(self) -> Vec<Phrase> {
        let phrase = |chords, groove, bass, arp, lead, fill| Phrase {
            chords,
            groove,
            bass,
            arp,
            lead,
            fill,
        };
        match self {
            Section::Main => vec![
                phrase(
                    [AM, F, C, G, AM, F, C, G],
                    Groove::Light,
                    BassLine::Quarters,
                    Arp::Off,
                    None,
                    true,
                ),
                phrase(
                    [AM, F, C, G, AM, F, C, G],
                    Groove::Steady,
                    BassLine::Eighths,
                    Arp::Every(2),
                    Some(11),
                    false,
                ),
                phrase(
                    [F, G, AM, AM, F, G, C, C],
                    Groove::Backbeat,
                    BassLine::Eighths,
                    Arp::Every(2),
                    Some(23),
                    true,
                ),
                phrase(
                    [DM, AM, EM, AM, DM, AM, EM, EM],
                    Groove::Light,
                    BassLine::Quarters,
                    Arp::Off,
                    Some(37),
                    false,
                ),
                phrase(
                    [C, G, AM, F, C, G, AM, F],
                    Groove::Backbeat,
                    BassLine::Pushed,
                    Arp::Every(1),
                    Some(41),
                    false,
                ),
                phrase(
                    [AM, EM, F, C, DM, AM, G, G],
                    Groove::Steady,
                    BassLine::Pushed,
                    Arp::Every(2),
                    Some(53),
                    true,
                ),
                phrase(
                    [AM, F, C, G, AM, F, C, G],
                    Groove::Driving,
                    BassLine::Eighths,
                    Arp::Every(1),
                    Some(67),
                    false,
                ),
                phrase(
                    [F, C, G, AM, F, C, G, G],
                    Groove::Driving,
                    BassLine::Eighths,
                    Arp::Every(2),
                    Some(79),
                    true,
                ),
            ],
            Section::RangeAhead => vec![phrase(
                [DM, DM, EM, EM, DM, DM, EM, EM],
                Groove::Steady,
                BassLine::Pedal(0),
                Arp::Every(1),
                None,
                true,
            )],
            Section::LastKilometre => vec![
                phrase(
                    [F, G, AM, AM, F, G, C, EM],
                    Groove::Driving,
                    BassLine::Pushed,
                    Arp::Every(1),
                    Some(97),
                    false,
                ),
                phrase(
                    [F, G, AM, AM, F, G, EM, EM],
                    Groove::Driving,
                    BassLine::Eighths,
                    Arp::Every(1),
                    Some(101),
                    true,
                ),
            ],
        }
    }

    /// Bars in the section's loop.
    pub fn bars(self) -> usize {
        self.phrases().len() * PHRASE_BARS
    }

    /// Length of the section's loop, seconds.
    pub fn seconds(self) -> f64 {
        self.bars() as f64 * 4.0 * 60.0 / BPM
    }
}

/// The stems' samples, end to end, as the bank file holds them.
pub fn bank_samples() -> Vec<i16> {
    Stem::all()
        .into_iter()
        .flat_map(|stem| super::quantise(&stem.raw(), STEM_PEAK))
        .collect()
}

/// The stems cut out of a bank's samples.
pub struct Bank {
    stems: Vec<(Stem, Vec<f64>)>,
}

/// A bank's samples are not the stems this game's score expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrongBank {
    pub expected: usize,
    pub found: usize,
}

impl std::fmt::Display for WrongBank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the music's stems should be {} samples, found {}",
            self.expected, self.found
        )
    }
}

impl Bank {
    /// Cut `samples` (a bank file's) into its stems.
    pub fn from_samples(samples: &[i16]) -> Result<Self, WrongBank> {
        let all = Stem::all();
        let expected: usize = all.iter().map(|stem| stem.len()).sum();
        if samples.len() != expected {
            return Err(WrongBank {
                expected,
                found: samples.len(),
            });
        }
        let mut at = 0;
        let stems = all
            .into_iter()
            .map(|stem| {
                let part = &samples[at..at + stem.len()];
                at += stem.len();
                let scale = f64::from(i16::MAX);
                (stem, part.iter().map(|&s| f64::from(s) / scale).collect())
            })
            .collect();
        Ok(Self { stems })
    }

    fn stem(&self, stem: Stem) -> &[f64] {
        self.stems
            .iter()
            .find(|(s, _)| *s == stem)
            .map(|(_, samples)| samples.as_slice())
            .expect("the bank holds every stem")
    }
}

/// The sample a sixteenth note starts on, from the loop's start.
fn sample_of(bar: usize, step: usize) -> usize {
    ((bar * STEPS + step) * TWO_SIXTEENTHS).div_ceil(2)
}

/// A loop being mixed: notes running past the end come round to the start, so it is seamless.
struct Mix {
    out: Vec<f64>,
}

impl Mix {
    fn add(&mut self, samples: &[f64], at: usize, gain: f64, keep: Option<usize>) {
        let length = self.out.len();
        let kept = keep.map_or(samples.len(), |k| k.min(samples.len()));
        for (i, &sample) in samples[..kept].iter().enumerate() {
            let fade = (kept - i).min(CUT_FADE) as f64 / CUT_FADE as f64;
            let fade = if kept < samples.len() { fade } else { 1.0 };
            self.out[(at + i) % length] += gain * fade * sample;
        }
    }
}

/// `section`'s loop from `bank`'s stems, 16-bit at the music's level.
pub fn assemble(section: Section, bank: &Bank) -> Vec<i16> {
    let phrases = section.phrases();
    let mut mix = Mix {
        out: vec![0.0; sample_of(phrases.len() * PHRASE_BARS, 0)],
    };
    for (index, phrase) in phrases.iter().enumerate() {
        let first_bar = index * PHRASE_BARS;
        for (k, chord) in phrase.chords.iter().enumerate() {
            let bar = first_bar + k;
            let filling = phrase.fill && k == PHRASE_BARS - 1;
            mix_drums(&mut mix, bank, phrase.groove, bar, filling);
            for hit in phrase.bass.hits() {
                let note = match phrase.bass {
                    BassLine::Pedal(note) => note,
                    _ => chord.bass,
                };
                let keep = sample_of(0, hit.length);
                mix.add(
                    bank.stem(Stem::Bass(note)),
                    sample_of(bar, hit.step),
                    BASS,
                    Some(keep),
                );
            }
            let half_bar = (PAD_S * f64::from(crate::sound::SAMPLE_RATE)).round() as usize;
            for half in 0..2 {
                for &note in &chord.pad {
                    let at = sample_of(bar, 0) + half * half_bar;
                    mix.add(bank.stem(Stem::Pad(note)), at, PAD, None);
                }
            }
            if let Arp::Every(every) = phrase.arp {
                for (n, step) in (0..STEPS).step_by(every).enumerate() {
                    let note = chord.tones[n % 4 + usize::from(n % 8 >= 4)];
                    let keep = sample_of(0, every.max(2));
                    mix.add(
                        bank.stem(Stem::Lead(note)),
                        sample_of(bar, step),
                        ARP,
                        Some(keep),
                    );
                }
            }
        }
        if let Some(seed) = phrase.lead {
            for (bar, hit, note) in tunes::melody(phrase, seed) {
                let keep = sample_of(0, hit.length);
                let at = sample_of(first_bar + bar, hit.step);
                mix.add(bank.stem(Stem::Lead(note)), at, LEAD, Some(keep));
            }
        }
    }
    super::quantise(&mix.out, super::MUSIC_PEAK)
}

/// One bar of drums, with a snare roll over its second half when `filling`.
fn mix_drums(mix: &mut Mix, bank: &Bank, groove: Groove, bar: usize, filling: bool) {
    let parts = [
        (Drum::Kick, KICK),
        (Drum::Snare, SNARE),
        (Drum::Hat, HAT),
        (Drum::OpenHat, OPEN_HAT),
    ];
    for (drum, gain) in parts {
        for &step in groove.hits(drum) {
            if filling && drum == Drum::Snare && step >= STEPS / 2 {
                continue;
            }
            mix.add(
                bank.stem(Stem::Drum(drum)),
                sample_of(bar, step),
                gain,
                None,
            );
        }
    }
    if filling {
        for step in STEPS / 2..STEPS {
            let rise = (step - STEPS / 2 + 1) as f64 / (STEPS / 2) as f64;
            mix.add(
                bank.stem(Stem::Drum(Drum::Snare)),
                sample_of(bar, step),
                SNARE * rise,
                None,
            );
        }
    }
}

#[cfg(test)]
mod tests;
