//! The settings' values: each stepped setting and switch, its label, its value in the settings,
//! its step and range, and how it reads.

use crate::storage::settings::{
    AIM_KEY_SPEED_RANGE, GRID_SPACING_RANGE, NOISE_AMPLITUDE_RANGE, NOISE_SCALE_RANGE,
    SWIPE_SENSITIVITY_RANGE, VIEW_DISTANCE_RANGE, VOLUME_RANGE,
};
use crate::storage::Settings;
use std::ops::RangeInclusive;

/// One step of each value.
const VOLUME_STEP: f64 = 0.1;
const SENSITIVITY_STEP: f64 = 0.1;
const VIEW_DISTANCE_STEP: f64 = 16.0;
const GRID_SPACING_STEP: f64 = 0.5;
const NOISE_SCALE_STEP: f64 = 10.0;
const NOISE_AMPLITUDE_STEP: f64 = 0.5;
/// Percent per unit, for volumes.
const PERCENT: f64 = 100.0;

/// The values a player can step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    MusicVolume,
    EffectsVolume,
    AmbienceVolume,
    SwipeSensitivity,
    AimKeySpeed,
    ViewDistance,
    GridSpacing,
    NoiseScale,
    NoiseAmplitude,
}

/// The on/off settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    Vibration,
    CameraShake,
    Ghosts,
    LeftHanded,
    OpenAllLevels,
    Online,
}

impl Switch {
    pub(super) fn label(self) -> &'static str {
        match self {
            Self::Vibration => "Vibration",
            Self::CameraShake => "Camera shake",
            Self::Ghosts => "Ghost",
            Self::LeftHanded => "Left-handed",
            Self::OpenAllLevels => "All levels open",
            Self::Online => "Online",
        }
    }

    pub(super) fn value(self, s: &mut Settings) -> &mut bool {
        match self {
            Self::Vibration => &mut s.vibration,
            Self::CameraShake => &mut s.camera_shake,
            Self::Ghosts => &mut s.ghosts,
            Self::LeftHanded => &mut s.left_handed,
            Self::OpenAllLevels => &mut s.open_all_levels,
            Self::Online => &mut s.online,
        }
    }
}

/// Every stepped setting (the tests check each is shown once).
#[cfg(test)]
pub(super) const SETTINGS: [Setting; 9] = [
    Setting::MusicVolume,
    Setting::EffectsVolume,
    Setting::AmbienceVolume,
    Setting::SwipeSensitivity,
    Setting::AimKeySpeed,
    Setting::ViewDistance,
    Setting::GridSpacing,
    Setting::NoiseScale,
    Setting::NoiseAmplitude,
];

impl Setting {
    pub(super) fn label(self) -> &'static str {
        match self {
            Self::MusicVolume => "Music",
            Self::EffectsVolume => "Effects",
            Self::AmbienceVolume => "Ambience",
            Self::SwipeSensitivity => "Swipe",
            Self::AimKeySpeed => "Aim keys",
            Self::ViewDistance => "View",
            Self::GridSpacing => "Grid",
            Self::NoiseScale => "Hill size",
            Self::NoiseAmplitude => "Hill height",
        }
    }

    /// The value now, its step and its range.
    pub(super) fn value(self, s: &Settings) -> (f64, f64, RangeInclusive<f64>) {
        let unit = |r: RangeInclusive<f32>| f64::from(*r.start())..=f64::from(*r.end());
        match self {
            Self::MusicVolume => (f64::from(s.music_volume), VOLUME_STEP, unit(VOLUME_RANGE)),
            Self::EffectsVolume => (f64::from(s.effects_volume), VOLUME_STEP, unit(VOLUME_RANGE)),
            Self::AmbienceVolume => (
                f64::from(s.ambience_volume),
                VOLUME_STEP,
                unit(VOLUME_RANGE),
            ),
            Self::SwipeSensitivity => (
                f64::from(s.swipe_sensitivity),
                SENSITIVITY_STEP,
                unit(SWIPE_SENSITIVITY_RANGE),
            ),
            Self::AimKeySpeed => (
                f64::from(s.aim_key_speed),
                SENSITIVITY_STEP,
                unit(AIM_KEY_SPEED_RANGE),
            ),
            Self::ViewDistance => (s.view_distance, VIEW_DISTANCE_STEP, VIEW_DISTANCE_RANGE),
            Self::GridSpacing => (s.grid_spacing, GRID_SPACING_STEP, GRID_SPACING_RANGE),
            Self::NoiseScale => (s.noise_scale, NOISE_SCALE_STEP, NOISE_SCALE_RANGE),
            Self::NoiseAmplitude => (
                s.noise_amplitude,
                NOISE_AMPLITUDE_STEP,
                NOISE_AMPLITUDE_RANGE,
            ),
        }
    }

    pub(super) fn set(self, s: &mut Settings, value: f64) {
        match self {
            Self::MusicVolume => s.music_volume = value as f32,
            Self::EffectsVolume => s.effects_volume = value as f32,
            Self::AmbienceVolume => s.ambience_volume = value as f32,
            Self::SwipeSensitivity => s.swipe_sensitivity = value as f32,
            Self::AimKeySpeed => s.aim_key_speed = value as f32,
            Self::ViewDistance => s.view_distance = value,
            Self::GridSpacing => s.grid_spacing = value,
            Self::NoiseScale => s.noise_scale = value,
            Self::NoiseAmplitude => s.noise_amplitude = value,
        }
    }

    /// The value as shown.
    pub fn text(self, s: &Settings) -> String {
        let (value, _, _) = self.value(s);
        match self {
            Self::MusicVolume | Self::EffectsVolume | Self::AmbienceVolume => {
                format!("{:.0}%", value * PERCENT)
            }
            Self::SwipeSensitivity | Self::AimKeySpeed => format!("{value:.1}×"),
            Self::ViewDistance => format!("{value:.0} m"),
            Self::GridSpacing | Self::NoiseAmplitude => format!("{value:.1} m"),
            Self::NoiseScale => format!("{value:.0} m"),
        }
    }

    /// One step up or down, kept in range; whether the value changed.
    pub fn step(self, s: &mut Settings, up: bool) -> bool {
        let (value, step, range) = self.value(s);
        let next = if up { value + step } else { value - step };
        let next = next.clamp(*range.start(), *range.end());
        // Snap to the step grid so repeated steps do not drift (0.30000000000000004).
        let snapped = ((next - range.start()) / step).round() * step + range.start();
        let next = snapped.clamp(*range.start(), *range.end());
        let changed = (next - value).abs() > f64::EPSILON;
        self.set(s, next);
        changed
    }
}
