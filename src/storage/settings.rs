//! The player's settings: sound, swipe sensitivity, name, view distance, quality and the terrain's
//! noise. Every value has a default (a missing key takes it) and a range it is clamped to.

use std::cmp::Ordering;
use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::file::{Document, Repairs};
use crate::gesture;
use crate::stream::DEFAULT_VIEW_DISTANCE;
use crate::terrain::{NoiseConfig, TerrainConfig};

/// Volumes are a fraction of full volume.
pub const VOLUME_RANGE: RangeInclusive<f32> = 0.0..=1.0;
/// Swipe sensitivity divides the swipe threshold: 2 means half the travel is enough. The
/// gesture recogniser's own range.
pub const SWIPE_SENSITIVITY_RANGE: RangeInclusive<f32> =
    gesture::SENSITIVITY_RANGE.0..=gesture::SENSITIVITY_RANGE.1;
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

/// Everything the player can set. Saved as `settings.json`; a missing key takes its default,
/// an unknown key is ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Jumps, hits, coins and shots.
    pub effects_volume: f32,
    /// Wind and skis on snow.
    pub ambience_volume: f32,
    pub swipe_sensitivity: f32,
    /// Shown in the results list.
    pub player_name: String,
    /// Where the fog ends, metres.
    pub view_distance: f64,
    /// Hill grid spacing, metres: the quality setting (smaller is finer).
    pub grid_spacing: f64,
    pub noise_scale: f64,
    pub noise_amplitude: f64,
}

impl Default for Settings {
    fn default() -> Self {
        let terrain = TerrainConfig::default();
        Self {
            effects_volume: DEFAULT_EFFECTS_VOLUME,
            ambience_volume: DEFAULT_AMBIENCE_VOLUME,
            swipe_sensitivity: gesture::GestureConfig::default().sensitivity,
            player_name: DEFAULT_PLAYER_NAME.to_owned(),
            view_distance: DEFAULT_VIEW_DISTANCE,
            grid_spacing: terrain.grid_spacing,
            noise_scale: terrain.noise.scale,
            noise_amplitude: terrain.noise.amplitude,
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
                "swipe_sensitivity",
                &mut self.swipe_sensitivity,
                SWIPE_SENSITIVITY_RANGE,
                defaults.swipe_sensitivity,
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
                super::quoted(&self.player_name)
            ));
            self.player_name = name;
        }
        changed
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

/// Control characters removed, surrounding space trimmed, at most [`MAX_NAME_CHARS`] characters;
/// an empty name becomes [`DEFAULT_PLAYER_NAME`].
pub fn tidy_name(name: &str) -> String {
    let printable: String = name.chars().filter(|c| !c.is_control()).collect();
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
        };
        let changed = settings.clamp();
        assert_eq!(changed.len(), 8, "{changed:#?}");
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
}
