//! The committed sounds are exactly what the generator makes, and each is a sane WAV file.

use latu::sound::music::Track;
use latu::sound::score::{assemble, Bank, Section, BANK_FILE};
use latu::sound::{self, wav, SoundEffect, SAMPLE_RATE, SWISH_FILE, WIND_FILE};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Effects last between these many seconds (the finish's roar the longest).
const EFFECT_SECONDS: (f64, f64) = (0.1, 3.0);
/// Every WAV the APK and the web build carry, together, stays under this many bytes.
const SOUNDS_BUDGET_BYTES: u64 = 3_000_000;
/// The wind loop lasts between these many seconds.
const WIND_SECONDS: (f64, f64) = (2.0, 6.0);
/// A music loop lasts between these many seconds.
const MUSIC_SECONDS: (f64, f64) = (8.0, 20.0);
/// Not silent: the RMS level is at least this fraction of full scale.
const MIN_RMS: f64 = 0.03;
/// Not clipping: every sample stays under this fraction of full scale.
const MAX_PEAK: f64 = 0.95;
/// No click at an effect's edges: its first and last samples stay under this fraction.
const EDGE_LEVEL: f64 = 0.01;

fn committed_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds")
}

fn samples_of(name: &str) -> Vec<i16> {
    let bytes = fs::read(committed_folder().join(name)).expect("a committed sound is readable");
    let info = wav::check(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        (info.channels, info.sample_rate),
        (1, SAMPLE_RATE),
        "{name}"
    );
    wav::mono_samples(&bytes).expect("a checked mono file")
}

fn full_scale(level: f64) -> f64 {
    level * f64::from(i16::MAX)
}

fn check_levels(name: &str, samples: &[i16], seconds: (f64, f64)) {
    let duration = samples.len() as f64 / f64::from(SAMPLE_RATE);
    assert!(
        (seconds.0..=seconds.1).contains(&duration),
        "{name} lasts {duration} s"
    );
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(
        f64::from(peak) < full_scale(MAX_PEAK),
        "{name} clips: peak {peak}"
    );
    let energy: f64 = samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
    let rms = (energy / samples.len() as f64).sqrt();
    assert!(
        rms > full_scale(MIN_RMS),
        "{name} is nearly silent: RMS {rms}"
    );
}

#[test]
fn regenerating_gives_the_committed_files_byte_for_byte() {
    let temp = std::env::temp_dir().join(format!("latu-sounds-test-{}", std::process::id()));
    let written = sound::write_all(&temp).expect("the temp folder is writable");
    let mut generated = BTreeSet::new();
    for path in &written {
        let name = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        let fresh = fs::read(path).expect("a generated file is readable");
        let committed = fs::read(committed_folder().join(&name))
            .unwrap_or_else(|e| panic!("assets/sounds/{name} is not committed: {e}"));
        assert!(
            fresh == committed,
            "assets/sounds/{name} differs from the generator's output: \
             run `cargo run --example make_sounds` and commit"
        );
        generated.insert(name);
    }
    fs::remove_dir_all(&temp).expect("the temp folder can be removed");
    let committed: BTreeSet<String> = fs::read_dir(committed_folder())
        .expect("assets/sounds exists")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        committed, generated,
        "assets/sounds holds only generated files"
    );
}

#[test]
fn every_effect_is_a_short_audible_unclipped_mono_file() {
    for effect in SoundEffect::ALL {
        let name = effect.file_name();
        let samples = samples_of(name);
        check_levels(name, &samples, EFFECT_SECONDS);
        let edge = full_scale(EDGE_LEVEL);
        let (first, last) = (samples[0], samples[samples.len() - 1]);
        assert!(
            f64::from(first.unsigned_abs()) < edge && f64::from(last.unsigned_abs()) < edge,
            "{name} starts at {first} and ends at {last}: a click"
        );
    }
}

#[test]
fn the_wind_and_the_swish_are_seamless_loops() {
    assert_seamless(WIND_FILE, &samples_of(WIND_FILE), WIND_SECONDS);
    assert_seamless(SWISH_FILE, &samples_of(SWISH_FILE), (0.5, 2.0));
}

fn assert_seamless(name: &str, samples: &[i16], seconds: (f64, f64)) {
    check_levels(name, samples, seconds);
    let steps: Vec<f64> = samples
        .windows(2)
        .map(|w| (f64::from(w[1]) - f64::from(w[0])).abs())
        .collect();
    let mean_step = steps.iter().sum::<f64>() / steps.len() as f64;
    let seam = (f64::from(samples[0]) - f64::from(samples[samples.len() - 1])).abs();
    assert!(
        seam < 4.0 * mean_step,
        "{name}: the loop seam jumps {seam}, a typical step is {mean_step}"
    );
}

#[test]
fn the_sounds_fit_the_packages_budget() {
    let total: u64 = fs::read_dir(committed_folder())
        .expect("assets/sounds exists")
        .map(|entry| entry.expect("an entry").metadata().expect("its size").len())
        .sum();
    assert!(total < SOUNDS_BUDGET_BYTES, "{total} bytes of sounds");
}

/// RMS of `samples` as a share of full scale.
fn rms(samples: &[i16]) -> f64 {
    let energy: f64 = samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
    (energy / samples.len() as f64).sqrt() / f64::from(i16::MAX)
}

/// Sign changes a second: a rough measure of how bright a passage is.
fn crossings_per_s(samples: &[i16]) -> f64 {
    let changes = samples
        .windows(2)
        .filter(|w| (w[0] < 0) != (w[1] < 0))
        .count();
    changes as f64 * f64::from(SAMPLE_RATE) / samples.len() as f64
}

#[test]
fn the_run_music_assembled_from_the_committed_stems_is_audible_in_every_phrase_and_seamless() {
    let bank = Bank::from_samples(&samples_of(BANK_FILE)).expect("the committed bank fits");
    let mut report = Vec::new();
    for section in Section::ALL {
        let samples = assemble(section, &bank);
        assert_seamless(&format!("{section:?}"), &samples, (13.0, 120.0));
        let phrase = (8.0 * 4.0 * 60.0 / 140.0 * f64::from(SAMPLE_RATE)) as usize;
        for (k, part) in samples.chunks(phrase).enumerate() {
            let (level, brightness) = (rms(part), crossings_per_s(part));
            assert!(
                level > 0.03,
                "{section:?} phrase {k} is nearly silent: {level}"
            );
            report.push(format!(
                "{section:?} {k}: RMS {level:.3}, {brightness:.0} crossings/s"
            ));
        }
    }
    println!("{}", report.join("\n"));
}

#[test]
fn the_effects_are_distinct_sounds() {
    let files = sound::generated_files();
    let unique: BTreeSet<&Vec<u8>> = files.iter().map(|(_, bytes)| bytes).collect();
    assert_eq!(unique.len(), files.len());
    let names: BTreeSet<&str> = files.iter().map(|(name, _)| *name).collect();
    // The effects, the wind, the swish, the menus' music and the run music's stems.
    assert_eq!(
        names.len(),
        SoundEffect::ALL.len() + 2 + Track::ALL.len() + 1
    );
}

#[test]
fn the_music_loops_are_whole_audible_files_that_loop_without_a_click() {
    for track in Track::ALL {
        let name = track.file_name();
        let samples = samples_of(name);
        check_levels(name, &samples, MUSIC_SECONDS);
        let duration = samples.len() as f64 / f64::from(SAMPLE_RATE);
        assert!((duration - track.seconds()).abs() < 0.001, "{name}");
        let edge = full_scale(EDGE_LEVEL * 3.0);
        let (first, last) = (samples[0], samples[samples.len() - 1]);
        assert!(
            f64::from(first.unsigned_abs()) < edge && f64::from(last.unsigned_abs()) < edge,
            "{name} starts at {first} and ends at {last}: a click at the seam"
        );
    }
}
