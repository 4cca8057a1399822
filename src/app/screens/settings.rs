//! Settings: music, effects and ambience volumes; swipe sensitivity, vibration, camera shake,
//! the buttons' side and the player's name; graphics quality and view distance; and on an
//! "Advanced" page the terrain's knobs (grid, hill size, hill height). Values step with − and +
//! within their range, switches flip with a tap. Saved at once; the next run uses them.

use super::nav::Event;
use super::{Choice, NameEntry};
use crate::app::ui::layout::{
    centred_grid, columns_for, groups, split_row, Group, BODY_TEXT, CARD_PADDING, SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};
use crate::storage::settings::Quality;
use crate::storage::settings::{
    GRID_SPACING_RANGE, NOISE_AMPLITUDE_RANGE, NOISE_SCALE_RANGE, SWIPE_SENSITIVITY_RANGE,
    VIEW_DISTANCE_RANGE, VOLUME_RANGE,
};
use crate::storage::Settings;
use macroquad::math::Rect;
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
/// Shares of a row: the label, then the − / value / + group.
const LABEL_SHARE: f32 = 0.45;
/// The hint's distance above the footer, in lines of small text.
const HINT_LINES_ABOVE_FOOTER: f32 = 2.0;
/// The step-down button's label: a true minus sign, centred like the plus.
const MINUS: &str = "\u{2212}";
/// Shown under the rows.
const HINT: &str = "Changes apply to the next run";

/// The values a player can step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    MusicVolume,
    EffectsVolume,
    AmbienceVolume,
    SwipeSensitivity,
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
}

impl Switch {
    fn label(self) -> &'static str {
        match self {
            Self::Vibration => "Vibration",
            Self::CameraShake => "Camera shake",
            Self::Ghosts => "Ghost",
            Self::LeftHanded => "Left-handed",
            Self::OpenAllLevels => "All levels open",
        }
    }

    fn value(self, s: &mut Settings) -> &mut bool {
        match self {
            Self::Vibration => &mut s.vibration,
            Self::CameraShake => &mut s.camera_shake,
            Self::Ghosts => &mut s.ghosts,
            Self::LeftHanded => &mut s.left_handed,
            Self::OpenAllLevels => &mut s.open_all_levels,
        }
    }
}

/// A row of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Step(Setting),
    Switch(Switch),
    /// The graphics preset: − and + move between low, medium and high.
    Quality,
    Name,
    /// Opens the Advanced page.
    Advanced,
}

/// Which page of the settings shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SettingsPage {
    /// What players look for.
    #[default]
    Main,
    /// The terrain's knobs, for tinkering.
    Advanced,
}

/// A page's rows under their headings.
type Groups = &'static [(&'static str, &'static [Row])];

/// The main page: sound, play (and who you are), graphics.
const MAIN: Groups = &[
    (
        "Sound",
        &[
            Row::Step(Setting::MusicVolume),
            Row::Step(Setting::EffectsVolume),
            Row::Step(Setting::AmbienceVolume),
        ],
    ),
    (
        "Play",
        &[
            Row::Step(Setting::SwipeSensitivity),
            Row::Switch(Switch::Vibration),
            Row::Switch(Switch::CameraShake),
            Row::Switch(Switch::Ghosts),
            Row::Switch(Switch::LeftHanded),
            Row::Name,
        ],
    ),
    (
        "Graphics",
        &[
            Row::Quality,
            Row::Step(Setting::ViewDistance),
            Row::Advanced,
        ],
    ),
];

/// The Advanced page: the terrain.
const ADVANCED: Groups = &[
    (
        "Terrain",
        &[
            Row::Step(Setting::GridSpacing),
            Row::Step(Setting::NoiseScale),
            Row::Step(Setting::NoiseAmplitude),
        ],
    ),
    ("Testing", &[Row::Switch(Switch::OpenAllLevels)]),
];

impl SettingsPage {
    fn groups(self) -> Groups {
        match self {
            Self::Main => MAIN,
            Self::Advanced => ADVANCED,
        }
    }
}

/// Every stepped setting (the tests check each is shown once).
#[cfg(test)]
const SETTINGS: [Setting; 8] = [
    Setting::MusicVolume,
    Setting::EffectsVolume,
    Setting::AmbienceVolume,
    Setting::SwipeSensitivity,
    Setting::ViewDistance,
    Setting::GridSpacing,
    Setting::NoiseScale,
    Setting::NoiseAmplitude,
];

impl Setting {
    fn label(self) -> &'static str {
        match self {
            Self::MusicVolume => "Music",
            Self::EffectsVolume => "Effects",
            Self::AmbienceVolume => "Ambience",
            Self::SwipeSensitivity => "Swipe",
            Self::ViewDistance => "View",
            Self::GridSpacing => "Grid",
            Self::NoiseScale => "Hill size",
            Self::NoiseAmplitude => "Hill height",
        }
    }

    /// The value now, its step and its range.
    fn value(self, s: &Settings) -> (f64, f64, RangeInclusive<f64>) {
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

    fn set(self, s: &mut Settings, value: f64) {
        match self {
            Self::MusicVolume => s.music_volume = value as f32,
            Self::EffectsVolume => s.effects_volume = value as f32,
            Self::AmbienceVolume => s.ambience_volume = value as f32,
            Self::SwipeSensitivity => s.swipe_sensitivity = value as f32,
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
            Self::SwipeSensitivity => format!("{value:.1}×"),
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

/// The settings screen on `shown`; `name` is the player's name being typed.
pub fn draw_settings(
    ui: &mut Ui,
    settings: &mut Settings,
    name: &mut NameEntry,
    shown: &mut SettingsPage,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    let title = match shown {
        SettingsPage::Main => "Settings",
        SettingsPage::Advanced => "Advanced",
    };
    ui.title(page.title, title, INK);
    let page_groups = shown.groups();
    let sizes: Vec<usize> = page_groups.iter().map(|(_, rows)| rows.len()).collect();
    let placed: Vec<(Rect, Row)> = match groups(page.body, &sizes, &ui.scale) {
        Some(laid) => {
            for (group, (heading, _)) in laid.iter().zip(page_groups) {
                draw_group(ui, group, heading);
            }
            laid.iter()
                .flat_map(|group| group.rows.iter().copied())
                .zip(
                    page_groups
                        .iter()
                        .flat_map(|(_, rows)| rows.iter().copied()),
                )
                .collect()
        }
        // Too cramped for headings: the rows alone, as many columns as fit.
        None => {
            let rows: Vec<Row> = page_groups
                .iter()
                .flat_map(|(_, r)| r.iter().copied())
                .collect();
            let columns = columns_for(page.body, rows.len(), &ui.scale);
            let cells = centred_grid(page.body, rows.len(), columns, &ui.scale);
            ui.card_around(&cells);
            cells.into_iter().zip(rows).collect()
        }
    };
    let placed_bottom = placed
        .iter()
        .map(|(cell, _)| cell.bottom() + ui.scale.px(CARD_PADDING))
        .fold(page.body.y, f32::max);
    let mut choice = None;
    for (cell, row) in placed {
        match row {
            Row::Step(setting) => {
                if draw_step(ui, cell, setting, settings) {
                    choice = Some(Choice::SettingsChanged);
                }
            }
            Row::Switch(switch) => {
                if draw_switch(ui, cell, switch, settings) {
                    choice = Some(Choice::SettingsChanged);
                }
            }
            Row::Quality => {
                if draw_quality(ui, cell, settings) {
                    choice = Some(Choice::SettingsChanged);
                }
            }
            Row::Name => draw_name(ui, cell, name),
            Row::Advanced => {
                if ui.button_colored(cell, "Advanced", BUTTON_QUIET) {
                    *shown = SettingsPage::Advanced;
                }
            }
        }
    }
    let hint = Rect::new(
        page.footer.x,
        page.footer.y - ui.scale.px(SMALL_TEXT) * HINT_LINES_ABOVE_FOOTER,
        page.footer.w,
        ui.scale.px(SMALL_TEXT),
    );
    // The hint only where it does not run into the rows.
    if placed_bottom <= hint.y {
        ui.centered(hint, HINT, SMALL_TEXT, INK);
    }
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = match shown {
            SettingsPage::Main => Some(Choice::Go(Event::Back)),
            SettingsPage::Advanced => {
                *shown = SettingsPage::Main;
                None
            }
        };
    }
    choice
}

/// An on/off setting: its label and a button showing the state; whether it changed.
fn draw_switch(ui: &mut Ui, cell: Rect, switch: Switch, settings: &mut Settings) -> bool {
    let (label, rest) = split_label(cell);
    ui.left(label, switch.label(), BODY_TEXT, INK);
    let value = switch.value(settings);
    let (text, face) = if *value {
        ("On", BUTTON_FACE)
    } else {
        ("Off", BUTTON_QUIET)
    };
    let tapped = ui.button_colored(rest, text, face);
    if tapped {
        *value = !*value;
    }
    tapped
}

/// The graphics preset: −, its name, +; whether it changed (the preset sets view and grid).
fn draw_quality(ui: &mut Ui, cell: Rect, settings: &mut Settings) -> bool {
    let (label, rest) = split_label(cell);
    ui.left(label, "Quality", BODY_TEXT, INK);
    let parts = split_row(rest, 3, &ui.scale);
    let at = Quality::ALL
        .iter()
        .position(|&q| q == settings.quality)
        .unwrap_or(0);
    let mut to = at;
    if ui.button_colored(parts[0], MINUS, BUTTON_QUIET) {
        to = at.saturating_sub(1);
    }
    ui.centered(parts[1], settings.quality.name(), BODY_TEXT, INK);
    if ui.button_colored(parts[2], "+", BUTTON_QUIET) {
        to = (at + 1).min(Quality::ALL.len() - 1);
    }
    if to == at {
        return false;
    }
    settings.choose_quality(Quality::ALL[to]);
    true
}

/// A group's card and heading.
fn draw_group(ui: &Ui, group: &Group, heading: &str) {
    let mut cells = group.rows.clone();
    cells.push(group.heading);
    ui.card_around(&cells);
    ui.left(group.heading, heading, SMALL_TEXT, FAINT_INK);
}

/// One stepped value: its label, −, the value, +; whether it changed.
fn draw_step(ui: &mut Ui, cell: Rect, setting: Setting, settings: &mut Settings) -> bool {
    let (label, rest) = split_label(cell);
    ui.left(label, setting.label(), BODY_TEXT, INK);
    let parts = split_row(rest, 3, &ui.scale);
    let [minus, value, plus] = [parts[0], parts[1], parts[2]];
    let mut changed =
        ui.button_colored(minus, MINUS, BUTTON_QUIET) && setting.step(settings, false);
    ui.centered(value, &setting.text(settings), BODY_TEXT, INK);
    changed |= ui.button_colored(plus, "+", BUTTON_QUIET) && setting.step(settings, true);
    changed
}

/// The player's name: tapping it starts typing.
fn draw_name(ui: &mut Ui, cell: Rect, name: &mut NameEntry) {
    let (label, field) = split_label(cell);
    ui.left(label, "Name", BODY_TEXT, INK);
    name.draw_field(ui, field);
}

fn split_label(cell: Rect) -> (Rect, Rect) {
    let label = Rect::new(cell.x, cell.y, cell.w * LABEL_SHARE, cell.h);
    (
        label,
        Rect::new(label.right(), cell.y, cell.w - label.w, cell.h),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_stays_in_range_and_on_the_step_grid() {
        for setting in SETTINGS {
            let mut settings = Settings::default();
            for _ in 0..100 {
                setting.step(&mut settings, true);
            }
            let (top, _, range) = setting.value(&settings);
            assert_eq!(top, *range.end(), "{setting:?}");
            assert!(!setting.step(&mut settings, true));
            for _ in 0..100 {
                setting.step(&mut settings, false);
            }
            let (bottom, _, range) = setting.value(&settings);
            assert!((bottom - range.start()).abs() < 1e-9, "{setting:?}");
        }
    }

    #[test]
    fn every_setting_appears_once_and_the_terrain_knobs_only_under_advanced() {
        let rows = |page: SettingsPage| -> Vec<Row> {
            page.groups()
                .iter()
                .flat_map(|(_, r)| r.iter().copied())
                .collect()
        };
        let (main, advanced) = (rows(SettingsPage::Main), rows(SettingsPage::Advanced));
        let all: Vec<Row> = main.iter().chain(&advanced).copied().collect();
        for setting in SETTINGS {
            assert_eq!(all.iter().filter(|r| **r == Row::Step(setting)).count(), 1);
        }
        for knob in [
            Setting::GridSpacing,
            Setting::NoiseScale,
            Setting::NoiseAmplitude,
        ] {
            assert!(advanced.contains(&Row::Step(knob)), "{knob:?}");
        }
        for switch in [
            Switch::Vibration,
            Switch::CameraShake,
            Switch::Ghosts,
            Switch::LeftHanded,
        ] {
            assert!(main.contains(&Row::Switch(switch)));
        }
        assert!(main.contains(&Row::Name) && main.contains(&Row::Quality));
        assert!(main.contains(&Row::Advanced));
        assert!(advanced.contains(&Row::Switch(Switch::OpenAllLevels)));
    }

    #[test]
    fn a_quality_preset_sets_view_and_grid() {
        let mut settings = Settings::default();
        settings.choose_quality(Quality::Low);
        assert_eq!(settings.view_distance, Quality::Low.preset().view_distance);
        assert_eq!(settings.grid_spacing, Quality::Low.preset().grid_spacing);
        assert!(settings.clone().clamp().is_empty(), "presets lie in range");
        settings.choose_quality(Quality::High);
        assert!(settings.clone().clamp().is_empty(), "presets lie in range");
    }

    #[test]
    fn a_step_changes_the_saved_value_within_clamping() {
        let mut settings = Settings::default();
        assert!(Setting::ViewDistance.step(&mut settings, false));
        assert!(settings.view_distance < Settings::default().view_distance);
        assert!(settings.clone().clamp().is_empty());
    }
}
