//! Settings: volumes, swipe sensitivity, the player's name, view distance, quality and the
//! hills' shape, each changed by − and + buttons within its range. Saved at once; a run started
//! afterwards uses them.

use super::nav::Event;
use super::{Choice, NameEntry};
use crate::app::ui::layout::{
    centred_grid, columns_for, groups, split_row, Group, BODY_TEXT, CARD_PADDING, SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_QUIET, FAINT_INK, INK};
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
    EffectsVolume,
    AmbienceVolume,
    SwipeSensitivity,
    ViewDistance,
    Quality,
    NoiseScale,
    NoiseAmplitude,
}

/// A row of the screen: a stepped value or the player's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Step(Setting),
    Name,
}

/// The rows under their headings: sound, controls (and who you are), the world's look.
const GROUPS: [(&str, &[Row]); 3] = [
    (
        "Sound",
        &[
            Row::Step(Setting::EffectsVolume),
            Row::Step(Setting::AmbienceVolume),
        ],
    ),
    ("Player", &[Row::Step(Setting::SwipeSensitivity), Row::Name]),
    (
        "World",
        &[
            Row::Step(Setting::ViewDistance),
            Row::Step(Setting::Quality),
            Row::Step(Setting::NoiseScale),
            Row::Step(Setting::NoiseAmplitude),
        ],
    ),
];

/// Every stepped setting (the tests check each is shown once).
#[cfg(test)]
const SETTINGS: [Setting; 7] = [
    Setting::EffectsVolume,
    Setting::AmbienceVolume,
    Setting::SwipeSensitivity,
    Setting::ViewDistance,
    Setting::Quality,
    Setting::NoiseScale,
    Setting::NoiseAmplitude,
];

impl Setting {
    fn label(self) -> &'static str {
        match self {
            Self::EffectsVolume => "Effects",
            Self::AmbienceVolume => "Ambience",
            Self::SwipeSensitivity => "Swipe",
            Self::ViewDistance => "View",
            Self::Quality => "Grid",
            Self::NoiseScale => "Hill size",
            Self::NoiseAmplitude => "Hill height",
        }
    }

    /// The value now, its step and its range.
    fn value(self, s: &Settings) -> (f64, f64, RangeInclusive<f64>) {
        let unit = |r: RangeInclusive<f32>| f64::from(*r.start())..=f64::from(*r.end());
        match self {
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
            Self::Quality => (s.grid_spacing, GRID_SPACING_STEP, GRID_SPACING_RANGE),
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
            Self::EffectsVolume => s.effects_volume = value as f32,
            Self::AmbienceVolume => s.ambience_volume = value as f32,
            Self::SwipeSensitivity => s.swipe_sensitivity = value as f32,
            Self::ViewDistance => s.view_distance = value,
            Self::Quality => s.grid_spacing = value,
            Self::NoiseScale => s.noise_scale = value,
            Self::NoiseAmplitude => s.noise_amplitude = value,
        }
    }

    /// The value as shown.
    pub fn text(self, s: &Settings) -> String {
        let (value, _, _) = self.value(s);
        match self {
            Self::EffectsVolume | Self::AmbienceVolume => format!("{:.0}%", value * PERCENT),
            Self::SwipeSensitivity => format!("{value:.1}×"),
            Self::ViewDistance => format!("{value:.0} m"),
            Self::Quality | Self::NoiseAmplitude => format!("{value:.1} m"),
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

/// The settings screen; `name` is the player's name being typed.
pub fn draw_settings(ui: &mut Ui, settings: &mut Settings, name: &mut NameEntry) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, "Settings", INK);
    let sizes = GROUPS.map(|(_, rows)| rows.len());
    let placed: Vec<(Rect, Row)> = match groups(page.body, &sizes, &ui.scale) {
        Some(laid) => {
            for (group, (heading, _)) in laid.iter().zip(GROUPS) {
                draw_group(ui, group, heading);
            }
            laid.iter()
                .flat_map(|group| group.rows.iter().copied())
                .zip(GROUPS.iter().flat_map(|(_, rows)| rows.iter().copied()))
                .collect()
        }
        // Too cramped for headings: the rows alone, as many columns as fit.
        None => {
            let rows: Vec<Row> = GROUPS.iter().flat_map(|(_, r)| r.iter().copied()).collect();
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
            Row::Name => draw_name(ui, cell, name),
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
        choice = Some(Choice::Go(Event::Back));
    }
    choice
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
    fn every_setting_and_the_name_appear_once_in_the_groups() {
        let rows: Vec<Row> = GROUPS.iter().flat_map(|(_, r)| r.iter().copied()).collect();
        assert_eq!(rows.len(), SETTINGS.len() + 1);
        for setting in SETTINGS {
            assert_eq!(rows.iter().filter(|r| **r == Row::Step(setting)).count(), 1);
        }
        assert!(rows.contains(&Row::Name));
    }

    #[test]
    fn a_step_changes_the_saved_value_within_clamping() {
        let mut settings = Settings::default();
        assert!(Setting::ViewDistance.step(&mut settings, false));
        assert!(settings.view_distance < Settings::default().view_distance);
        assert!(settings.clone().clamp().is_empty());
    }
}
