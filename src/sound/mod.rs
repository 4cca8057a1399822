//! The game's sounds, made by the project: synthesised from oscillators, envelopes and seeded
//! noise, written as small WAV files (mono, 22 050 Hz, 16-bit) into `assets/sounds/`.
//!
//! Headless and deterministic: the same bytes on every run and machine. `cargo run --example
//! make_sounds` regenerates the committed files; a test checks they match.

mod crowd;
pub mod music;
mod power;
mod recipes;
pub mod score;
pub mod synth;
mod variety;
pub mod wav;

use std::fmt;
use std::path::{Path, PathBuf};

pub use recipes::WIND_SECONDS;
pub use synth::SAMPLE_RATE;

/// Where the generated files live, relative to the assets folder.
pub const SOUNDS_FOLDER: &str = "sounds";

/// File name of the looping wind ambience.
pub const WIND_FILE: &str = "wind.wav";
/// File name of the skis' looping swish.
pub const SWISH_FILE: &str = "swish.wav";

/// Peak level of the effects, as a fraction of full scale (headroom for mixing).
const EFFECT_PEAK: f64 = 0.8;
/// Peak level of the wind: an ambience sits under the effects.
const WIND_PEAK: f64 = 0.5;
/// Peak level of the music: under the effects, with its own volume setting.
const MUSIC_PEAK: f64 = 0.6;

/// Just intonation's steps up the major scale, the coin line's climb.
const SECOND: f64 = 9.0 / 8.0;
const THIRD: f64 = 5.0 / 4.0;
const FOURTH: f64 = 4.0 / 3.0;
const FIFTH: f64 = 3.0 / 2.0;

/// A one-shot sound the game plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoundEffect {
    /// A coin collected.
    Coin,
    /// The next coins of a line taken whole, each a step up the scale (a major second, third,
    /// fourth, fifth above [`SoundEffect::Coin`]).
    CoinStep2,
    CoinStep3,
    CoinStep4,
    CoinStep5,
    /// A lane change.
    LaneChange,
    /// A jump.
    Jump,
    /// A duck.
    Duck,
    /// An obstacle hit.
    Hit,
    /// A rifle shot.
    Shot,
    /// A target hit (the paddle's clack as it flips white).
    TargetHit,
    /// A missed shot.
    Miss,
    /// A spare round loaded.
    Reload,
    /// Arrival at a shooting stage.
    StageJingle,
    /// The finish line.
    FinishJingle,
    /// A countdown number (3, 2, 1).
    CountBeep,
    /// The crowd cheers a hit.
    CrowdCheer,
    /// The crowd groans at a miss.
    CrowdGroan,
    /// The crowd roars at the finish.
    CrowdRoar,
    /// The countdown's end: go.
    GoBeep,
    /// A wax boost taken.
    PickupWax,
    /// A coin magnet taken.
    PickupMagnet,
    /// A shield taken.
    PickupShield,
    /// A second wind taken.
    PickupBreath,
    /// The shield took a crash.
    ShieldBlock,
    /// A power-up ran out.
    PowerDown,
    /// A snowmobile set off across the track.
    Snowmobile,
    /// The skier took off from a ramp.
    Launch,
    /// A trick landed.
    TrickLanded,
}

impl SoundEffect {
    /// Every effect, in a fixed order.
    pub const ALL: [SoundEffect; 29] = [
        SoundEffect::Coin,
        SoundEffect::CoinStep2,
        SoundEffect::CoinStep3,
        SoundEffect::CoinStep4,
        SoundEffect::CoinStep5,
        SoundEffect::LaneChange,
        SoundEffect::Jump,
        SoundEffect::Duck,
        SoundEffect::Hit,
        SoundEffect::Shot,
        SoundEffect::TargetHit,
        SoundEffect::Miss,
        SoundEffect::Reload,
        SoundEffect::StageJingle,
        SoundEffect::FinishJingle,
        SoundEffect::CountBeep,
        SoundEffect::GoBeep,
        SoundEffect::CrowdCheer,
        SoundEffect::CrowdGroan,
        SoundEffect::CrowdRoar,
        SoundEffect::PickupWax,
        SoundEffect::PickupMagnet,
        SoundEffect::PickupShield,
        SoundEffect::PickupBreath,
        SoundEffect::ShieldBlock,
        SoundEffect::PowerDown,
        SoundEffect::Snowmobile,
        SoundEffect::Launch,
        SoundEffect::TrickLanded,
    ];

    /// The effect's file name in [`SOUNDS_FOLDER`].
    pub fn file_name(self) -> &'static str {
        match self {
            SoundEffect::Coin => "coin.wav",
            SoundEffect::CoinStep2 => "coin_2.wav",
            SoundEffect::CoinStep3 => "coin_3.wav",
            SoundEffect::CoinStep4 => "coin_4.wav",
            SoundEffect::CoinStep5 => "coin_5.wav",
            SoundEffect::LaneChange => "lane_change.wav",
            SoundEffect::Jump => "jump.wav",
            SoundEffect::Duck => "duck.wav",
            SoundEffect::Hit => "hit.wav",
            SoundEffect::Shot => "shot.wav",
            SoundEffect::TargetHit => "target_hit.wav",
            SoundEffect::Miss => "miss.wav",
            SoundEffect::Reload => "reload.wav",
            SoundEffect::StageJingle => "stage_jingle.wav",
            SoundEffect::FinishJingle => "finish_jingle.wav",
            SoundEffect::CountBeep => "count.wav",
            SoundEffect::GoBeep => "go.wav",
            SoundEffect::CrowdCheer => "crowd_cheer.wav",
            SoundEffect::CrowdGroan => "crowd_groan.wav",
            SoundEffect::CrowdRoar => "crowd_roar.wav",
            SoundEffect::PickupWax => "pickup_wax.wav",
            SoundEffect::PickupMagnet => "pickup_magnet.wav",
            SoundEffect::PickupShield => "pickup_shield.wav",
            SoundEffect::PickupBreath => "pickup_breath.wav",
            SoundEffect::ShieldBlock => "shield_block.wav",
            SoundEffect::PowerDown => "power_down.wav",
            SoundEffect::Snowmobile => "snowmobile.wav",
            SoundEffect::Launch => "launch.wav",
            SoundEffect::TrickLanded => "trick_landed.wav",
        }
    }

    fn raw(self) -> Vec<f64> {
        match self {
            SoundEffect::Coin => recipes::coin(),
            SoundEffect::CoinStep2 => recipes::coin_raised(SECOND),
            SoundEffect::CoinStep3 => recipes::coin_raised(THIRD),
            SoundEffect::CoinStep4 => recipes::coin_raised(FOURTH),
            SoundEffect::CoinStep5 => recipes::coin_raised(FIFTH),
            SoundEffect::LaneChange => recipes::lane_change(),
            SoundEffect::Jump => recipes::jump(),
            SoundEffect::Duck => recipes::duck(),
            SoundEffect::Hit => recipes::hit(),
            SoundEffect::Shot => recipes::shot(),
            SoundEffect::TargetHit => recipes::target_hit(),
            SoundEffect::Miss => recipes::miss(),
            SoundEffect::Reload => recipes::reload(),
            SoundEffect::StageJingle => recipes::stage_jingle(),
            SoundEffect::FinishJingle => recipes::finish_jingle(),
            SoundEffect::CountBeep => recipes::count_beep(),
            SoundEffect::GoBeep => recipes::go_beep(),
            SoundEffect::CrowdCheer => crowd::cheer(),
            SoundEffect::CrowdGroan => crowd::groan(),
            SoundEffect::CrowdRoar => crowd::roar(),
            SoundEffect::PickupWax => power::wax(),
            SoundEffect::PickupMagnet => power::magnet(),
            SoundEffect::PickupShield => power::shield(),
            SoundEffect::PickupBreath => power::breath(),
            SoundEffect::ShieldBlock => power::shield_block(),
            SoundEffect::PowerDown => power::power_down(),
            SoundEffect::Snowmobile => variety::snowmobile(),
            SoundEffect::Launch => variety::launch(),
            SoundEffect::TrickLanded => variety::trick_landed(),
        }
    }

    /// The effect's 16-bit samples.
    pub fn samples(self) -> Vec<i16> {
        quantise(&self.raw(), EFFECT_PEAK)
    }
}

/// The wind ambience's 16-bit samples (a seamless loop of [`WIND_SECONDS`]).
pub fn wind_samples() -> Vec<i16> {
    quantise(&recipes::wind(), WIND_PEAK)
}

/// The skis' swish's 16-bit samples (a seamless loop).
pub fn swish_samples() -> Vec<i16> {
    quantise(&crowd::swish(), WIND_PEAK)
}

/// A music loop's 16-bit samples.
pub fn music_samples(track: music::Track) -> Vec<i16> {
    quantise(&track.raw(), MUSIC_PEAK)
}

/// Scale so the loudest sample sits at `peak` of full scale, and round to 16 bits.
fn quantise(raw: &[f64], peak: f64) -> Vec<i16> {
    let loudest = raw.iter().fold(0.0, |m: f64, s| m.max(s.abs()));
    assert!(loudest > 0.0, "a recipe produced silence (a bug in it)");
    let gain = peak * f64::from(i16::MAX) / loudest;
    raw.iter().map(|s| (s * gain).round() as i16).collect()
}

/// Every generated file: its name and its WAV bytes (effects in [`SoundEffect::ALL`] order, then
/// the wind and the swish, then the menus' music and the run music's stems).
pub fn generated_files() -> Vec<(&'static str, Vec<u8>)> {
    let mut files: Vec<(&'static str, Vec<u8>)> = SoundEffect::ALL
        .iter()
        .map(|effect| {
            (
                effect.file_name(),
                wav::encode_mono(&effect.samples(), SAMPLE_RATE),
            )
        })
        .collect();
    files.push((WIND_FILE, wav::encode_mono(&wind_samples(), SAMPLE_RATE)));
    files.push((SWISH_FILE, wav::encode_mono(&swish_samples(), SAMPLE_RATE)));
    for track in music::Track::ALL {
        let samples = music_samples(track);
        files.push((track.file_name(), wav::encode_mono(&samples, SAMPLE_RATE)));
    }
    let bank = score::bank_samples();
    files.push((score::BANK_FILE, wav::encode_mono(&bank, SAMPLE_RATE)));
    files
}

/// A generated file could not be written.
#[derive(Debug)]
pub struct SoundWriteError {
    /// The file (or folder) that failed.
    pub path: PathBuf,
    /// What went wrong.
    pub source: std::io::Error,
}

impl fmt::Display for SoundWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for SoundWriteError {}

/// Generate every sound into `folder` (created if missing); returns the paths written.
pub fn write_all(folder: &Path) -> Result<Vec<PathBuf>, SoundWriteError> {
    std::fs::create_dir_all(folder).map_err(|source| SoundWriteError {
        path: folder.to_owned(),
        source,
    })?;
    generated_files()
        .into_iter()
        .map(|(name, bytes)| {
            let path = folder.join(name);
            std::fs::write(&path, bytes).map_err(|source| SoundWriteError {
                path: path.clone(),
                source,
            })?;
            Ok(path)
        })
        .collect()
}
