//! The player's settings: sound and music, swipe sensitivity, the aim keys' speed, vibration, camera shake, the side
//! the buttons sit on, the name, graphics quality (view distance, grid, multisampling), the
//! terrain's noise, and what the player has done once (chosen a name, the tutorial). Every value
//! has a default (a missing key takes it) and a range it is clamped to.

use std::cmp::Ordering;
use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::course::DEFAULT_VIEW_DISTANCE;
use crate::gesture;
use crate::storage::file::{Document, Repairs};
use crate::terrain::{NoiseConfig, TerrainConfig};

/// Volumes are a fraction of full volume.
pub const VOLUME_RANGE: RangeInclusive<f32> = 0.0..=1.0;
/// Swipe sensitivity divides the swipe threshold: 2 means half the travel is enough. The
/// gesture recogniser's own range.
pub const SWIPE_SENSITIVITY_RANGE: RangeInclusive<f32> =
    gesture::SENSITIVITY_RANGE.0..=gesture::SENSITIVITY_RANGE.1;
/// The aim keys' speed, a multiple of the usual (the shooting controls' own range).
pub const AIM_KEY_SPEED_RANGE: RangeInclusive<f32> = crate::shooting::controls::KEY_AIM_SPEED_RANGE;
/// Fog end, metres. The low end still shows every obstacle far earlier than the reaction distance
/// at top speed (fairness needs under 24 m); the high end, twice the default, draws no more
/// triangles than the default did before far chunks were drawn at lower detail, and keeps a
/// phone's streaming window to about 10 chunks ahead.
pub const VIEW_DISTANCE_RANGE: RangeInclusive<f64> = 96.0..=480.0;
/// Hill grid spacing, metres: 1 m keeps a chunk far below 65 536 vertices, 4 m is the coarsest
/// grid that still looks like hills.
pub const GRID_SPACING_RANGE: RangeInclusive<f64> = 1.0..=4.0;
/// Metres per noise unit: below 30 m the default noise's finest octave would leave a 32-bit
/// integer before the last chunk (armv7 phones; see `TerrainConfig::validate`), and the hills
/// turn to rubble anyway.
pub const NOISE_SCALE_RANGE: RangeInclusive<f64> = 30.0..=150.0;
/// Height of the noise's unit output, metres: 0 is flat; above 5 m the track becomes a roller
/// coaster.
pub const NOISE_AMPLITUDE_RANGE: RangeInclusive<f64> = 0.0..=5.0;
/// Longest player name, in characters (it has to fit a results row on a phone).
pub const MAX_NAME_CHARS: usize = 16;
/// The name used when none is set.
pub const DEFAULT_PLAYER_NAME: &str = "Player";

const DEFAULT_EFFECTS_VOLUME: f32 = 0.8;
const DEFAULT_AMBIENCE_VOLUME: f32 = 0.6;
const DEFAULT_MUSIC_VOLUME: f32 = 0.5;

/// Graphics quality: a preset of view distance, hill grid and multisampling. Every device starts
/// on medium: the budget the game is measured at (a phone's GPU shares its battery; a desktop
/// player can raise it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Quality {
    Low,
    Medium,
    High,
}

/// What a quality preset sets: view distance (m), hill grid spacing (m), multisampling samples
/// (high only: under software GL 2 samples already doubled the frame's time, and a phone's fill
/// rate is its budget).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QualityPreset {
    pub view_distance: f64,
    pub grid_spacing: f64,
    pub samples: i32,
}

impl Quality {
    /// Every quality, lowest first.
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    /// What this quality sets.
    pub fn preset(self) -> QualityPreset {
        match self {
            Quality::Low => QualityPreset {
                view_distance: 160.0,
                grid_spacing: 3.0,
                samples: 1,
            },
            Quality::Medium => QualityPreset {
                view_distance: DEFAULT_VIEW_DISTANCE,
                grid_spacing: TerrainConfig::default().grid_spacing,
                samples: 1,
            },
            Quality::High => QualityPreset {
                view_distance: 320.0,
                grid_spacing: 1.5,
                samples: 4,
            },
        }
    }

    /// The quality's name as shown.
    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "Low",
            Quality::Medium => "Medium",
            Quality::High => "High",
        }
    }
}

/// Everything the player can set. Saved as `settings.json`; a missing key takes its default,
/// an unknown key is ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Jumps, hits, coins and shots.
    pub effects_volume: f32,
    /// Wind and skis on snow.
    pub ambience_volume: f32,
    /// The menus' and the run's music.
    pub music_volume: f32,
    pub swipe_sensitivity: f32,
    /// How fast the held arrow keys move the sight at a range: a multiple of the usual 3 mrad/s,
    /// steady for as long as a key is held.
    pub aim_key_speed: f32,
    /// A short buzz on a hit and on the countdown's "go" (phones).
    pub vibration: bool,
    /// A short shake of the camera on a hit.
    pub camera_shake: bool,
    /// The ghost of the best saved run skis beside the player (and beside a watched replay).
    pub ghosts: bool,
    /// Buttons over the run on the left (the pause button, the range's fire button).
    pub left_handed: bool,
    /// Shown in the results list.
    pub player_name: String,
    /// Whether the player has chosen a name (it is asked with the first result only).
    pub name_chosen: bool,
    /// Whether the first-run tutorial was done or skipped.
    pub tutorial_done: bool,
    /// Every level open from the start (for testing; levels otherwise open in order).
    pub open_all_levels: bool,
    /// The graphics preset last chosen (view distance and grid below may be tuned apart from it).
    pub quality: Quality,
    /// Where the fog ends, metres.
    pub view_distance: f64,
    /// Hill grid spacing, metres: the quality setting (smaller is finer).
    pub grid_spacing: f64,
    pub noise_scale: f64,
    pub noise_amplitude: f64,
    /// Whether the game uses the leaderboard at `server` (world boards, ranks, ghosts).
    pub online: bool,
    /// The leaderboard's address (`latu play --server URL` sets it; empty: none, offline; in a
    /// browser the page's own origin stands in).
    pub server: String,
}

impl Default for Settings {
    fn default() -> Self {
        let terrain = TerrainConfig::default();
        let quality = Quality::Medium;
        Self {
            effects_volume: DEFAULT_EFFECTS_VOLUME,
            ambience_volume: DEFAULT_AMBIENCE_VOLUME,
            music_volume: DEFAULT_MUSIC_VOLUME,
            swipe_sensitivity: gesture::GestureConfig::default().sensitivity,
            aim_key_speed: 1.0,
            vibration: true,
            camera_shake: true,
            ghosts: true,
            left_handed: false,
            player_name: DEFAULT_PLAYER_NAME.to_owned(),
            name_chosen: false,
            tutorial_done: false,
            open_all_levels: false,
            quality,
            view_distance: quality.preset().view_distance,
            grid_spacing: quality.preset().grid_spacing,
            noise_scale: terrain.noise.scale,
            noise_amplitude: terrain.noise.amplitude,
            online: true,
            server: String::new(),
        }
    }
}

impl Settings {
    /// Bring every value into its range (a non-finite one takes its default) and tidy the name.
    /// Returns what was changed, one line per value.
    pub fn clamp(&mut self) -> Vec<String> {
        let defaults = Self::default();
        let mut changed = Vec::new();
        let fractions = [
            (
                "effects_volume",
                &mut self.effects_volume,
                VOLUME_RANGE,
                defaults.effects_volume,
            ),
            (
                "ambience_volume",
                &mut self.ambience_volume,
                VOLUME_RANGE,
                defaults.ambience_volume,
            ),
            (
                "music_volume",
                &mut self.music_volume,
                VOLUME_RANGE,
                defaults.music_volume,
            ),
            (
                "swipe_sensitivity",
                &mut self.swipe_sensitivity,
                SWIPE_SENSITIVITY_RANGE,
                defaults.swipe_sensitivity,
            ),
            (
                "aim_key_speed",
                &mut self.aim_key_speed,
                AIM_KEY_SPEED_RANGE,
                defaults.aim_key_speed,
            ),
        ];
        for (name, value, range, default) in fractions {
            clamp_value(name, value, &range, default, &mut changed);
        }
        let lengths = [
            (
                "view_distance",
                &mut self.view_distance,
                VIEW_DISTANCE_RANGE,
                defaults.view_distance,
            ),
            (
                "grid_spacing",
                &mut self.grid_spacing,
                GRID_SPACING_RANGE,
                defaults.grid_spacing,
            ),
            (
                "noise_scale",
                &mut self.noise_scale,
                NOISE_SCALE_RANGE,
                defaults.noise_scale,
            ),
            (
                "noise_amplitude",
                &mut self.noise_amplitude,
                NOISE_AMPLITUDE_RANGE,
                defaults.noise_amplitude,
            ),
        ];
        for (name, value, range, default) in lengths {
            clamp_value(name, value, &range, default, &mut changed);
        }
        let name = tidy_name(&self.player_name);
        if name != self.player_name {
            changed.push(format!(
                "player_name {:?} must be 1 to {MAX_NAME_CHARS} printable characters; using {name:?}",
                crate::storage::quoted(&self.player_name)
            ));
            self.player_name = name;
        }
        changed
    }

    /// Choose a quality preset: its view distance and grid spacing are taken.
    pub fn choose_quality(&mut self, quality: Quality) {
        self.quality = quality;
        let preset = quality.preset();
        self.view_distance = preset.view_distance;
        self.grid_spacing = preset.grid_spacing;
    }

    /// The terrain shaped by these settings: the defaults with this grid spacing and noise.
    /// Clamped settings always give a valid configuration.
    pub fn terrain_config(&self) -> TerrainConfig {
        let defaults = TerrainConfig::default();
        TerrainConfig {
            grid_spacing: self.grid_spacing,
            noise: NoiseConfig {
                scale: self.noise_scale,
                amplitude: self.noise_amplitude,
                ..defaults.noise
            },
            ..defaults
        }
    }
}

impl Document for Settings {
    fn repair(&mut self) -> Repairs {
        Repairs {
            adjusted: self.clamp(),
            dropped: Vec::new(),
        }
    }
}

/// Clamp `value` into `range` (NaN takes `default`); note the change in `changed`.
fn clamp_value<T: PartialOrd + Copy + fmt::Display>(
    name: &str,
    value: &mut T,
    range: &RangeInclusive<T>,
    default: T,
    changed: &mut Vec<String>,
) {
    let before = *value;
    let after = match before.partial_cmp(range.start()) {
        None => default,
        Some(Ordering::Less) => *range.start(),
        Some(_) if before > *range.end() => *range.end(),
        Some(_) => before,
    };
    if before.partial_cmp(&after) != Some(Ordering::Equal) {
        changed.push(format!(
            "{name} {before} is outside {} to {}; using {after}",
            range.start(),
            range.end()
        ));
        *value = after;
    }
}

/// Control characters and characters the game cannot draw ([`crate::script::face_of`]: it
/// would show them as "\u{FFFD}") removed, surrounding space trimmed, at most
/// [`MAX_NAME_CHARS`] characters; an empty name becomes [`DEFAULT_PLAYER_NAME`]. For every name
/// kept or shown: typed, loaded, or received from a server.
pub fn tidy_name(name: &str) -> String {
    let printable: String = name
        .chars()
        .filter(|&c| !c.is_control() && crate::script::face_of(c).is_some())
        .collect();
    let short: String = printable.trim().chars().take(MAX_NAME_CHARS).collect();
    let short = short.trim_end();
    if short.is_empty() {
        DEFAULT_PLAYER_NAME.to_owned()
    } else {
        short.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_in_range_and_unchanged_by_clamping() {
        let mut settings = Settings::default();
        assert!(settings.clamp().is_empty());
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn out_of_range_values_are_clamped_and_named() {
        let mut settings = Settings {
            effects_volume: 7.0,
            ambience_volume: -1.0,
            swipe_sensitivity: f32::NAN,
            view_distance: f64::INFINITY,
            grid_spacing: 0.1,
            noise_scale: 1e9,
            noise_amplitude: -3.0,
            player_name: "  \u{7}Anna-Kaisa Mäkäräinen the Great \n".to_owned(),
            music_volume: 2.0,
            ..Settings::default()
        };
        let changed = settings.clamp();
        assert_eq!(changed.len(), 9, "{changed:#?}");
        assert!(
            changed[0].starts_with("effects_volume 7 "),
            "{}",
            changed[0]
        );
        assert_eq!(settings.effects_volume, 1.0);
        assert_eq!(settings.ambience_volume, 0.0);
        assert_eq!(settings.swipe_sensitivity, 1.0);
        assert_eq!(settings.view_distance, *VIEW_DISTANCE_RANGE.end());
        assert_eq!(settings.grid_spacing, 1.0);
        assert_eq!(settings.noise_scale, 150.0);
        assert_eq!(settings.noise_amplitude, 0.0);
        assert_eq!(settings.player_name, "Anna-Kaisa Mäkär");
    }

    #[test]
    fn names_are_tidied() {
        assert_eq!(tidy_name("  Kaisa "), "Kaisa");
        assert_eq!(tidy_name("\t\n"), DEFAULT_PLAYER_NAME);
        assert_eq!(tidy_name("abcdefghijklmno pq"), "abcdefghijklmno");
        assert_eq!(tidy_name("Ä".repeat(20).as_str()).chars().count(), 16);
    }

    #[test]
    fn every_corner_of_the_ranges_gives_a_valid_terrain() {
        let ends = |r: RangeInclusive<f64>| [*r.start(), *r.end()];
        for grid_spacing in ends(GRID_SPACING_RANGE) {
            for noise_scale in ends(NOISE_SCALE_RANGE) {
                for noise_amplitude in ends(NOISE_AMPLITUDE_RANGE) {
                    let settings = Settings {
                        grid_spacing,
                        noise_scale,
                        noise_amplitude,
                        ..Settings::default()
                    };
                    let config = settings.terrain_config();
                    assert_eq!(config.validate(), Ok(()), "{settings:?}");
                }
            }
        }
    }

    #[test]
    fn the_default_terrain_is_the_terrains_default() {
        assert_eq!(
            Settings::default().terrain_config(),
            TerrainConfig::default()
        );
    }

    #[test]
    fn a_name_is_never_kept_with_a_character_that_would_be_drawn_as_a_box() {
        // Names in other scripts are kept; an emoji or a private-use character is dropped, and
        // a name of nothing else becomes the default.
        let korean = "\u{AE40}\u{BBFC}\u{C900}";
        assert_eq!(tidy_name(korean), korean);
        assert_eq!(tidy_name("Kai \u{1F3BF}"), "Kai");
        assert_eq!(tidy_name("\u{1F3BF}\u{E000}"), DEFAULT_PLAYER_NAME);
    }
}
