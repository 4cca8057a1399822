//! Settings: music, effects and ambience volumes; swipe sensitivity, aim keys' speed, vibration, camera shake,
//! the buttons' side and the player's name; graphics quality and view distance; and, for a
//! developer (`latu play --developer`) only, an "Advanced" page with the terrain's knobs (grid,
//! hill size, hill height) and every level open. Values step with − and + within their range,
//! switches flip with a tap. Saved at once; the next run uses them.
//!
//! The groups show side by side where they fit; on a narrow phone one at a time under tabs, in
//! one column, every label at one size. The player online has its own page: [`account`].

pub mod account;
mod values;

pub use values::{Setting, Switch};

use super::nav::{Event, Screen};
use super::{Choice, NameEntry};
use crate::app::ui::layout::{
    grid, groups, split_row, Group, BODY_TEXT, BUTTON_HEIGHT, CARD_PADDING, GAP, MAX_CARD_WIDTH,
    SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};
use crate::storage::settings::Quality;
use crate::storage::Settings;
use macroquad::math::Rect;

/// Shares of a row: the label, then the − / value / + group.
const LABEL_SHARE: f32 = 0.42;
/// The hint's distance above the footer, in lines of small text.
const HINT_LINES_ABOVE_FOOTER: f32 = 2.0;
/// The step-down button's label: a true minus sign, centred like the plus.
const MINUS: &str = "\u{2212}";
/// Shown under the rows.
const HINT: &str = "Changes apply to the next run";

/// A row of the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Step(Setting),
    Switch(Switch),
    /// The graphics preset: − and + move between low, medium and high.
    Quality,
    Name,
    /// The leaderboard's address (as set by `latu play --server`, or the page's own).
    Server,
    /// Opens the Advanced page.
    Advanced,
    /// Opens the Account screen.
    Account,
}

/// Which page of the settings shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsPage {
    /// What players look for; `tab` is the group shown where they do not all fit.
    Main {
        /// The group's index in the page.
        tab: usize,
    },
    /// The terrain's knobs, for tinkering (a developer's).
    Advanced,
}

impl Default for SettingsPage {
    fn default() -> Self {
        Self::Main { tab: 0 }
    }
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
            Row::Step(Setting::AimKeySpeed),
            Row::Switch(Switch::Vibration),
            Row::Switch(Switch::CameraShake),
            Row::Switch(Switch::Ghosts),
            Row::Switch(Switch::LeftHanded),
            Row::Name,
        ],
    ),
    (
        "Video",
        &[
            Row::Quality,
            Row::Step(Setting::ViewDistance),
            Row::Advanced,
        ],
    ),
    (
        "Online",
        &[Row::Switch(Switch::Online), Row::Server, Row::Account],
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
            Self::Main { .. } => MAIN,
            Self::Advanced => ADVANCED,
        }
    }

    /// The page's groups as `developer` sees them (a player has no Advanced page).
    fn shown_groups(self, developer: bool) -> Vec<(&'static str, Vec<Row>)> {
        self.groups()
            .iter()
            .map(|(heading, rows)| {
                let rows = rows
                    .iter()
                    .copied()
                    .filter(|row| developer || *row != Row::Advanced)
                    .collect();
                (*heading, rows)
            })
            .collect()
    }
}

/// The settings screen on `shown`; `name` is the player's name being typed; `developer` shows
/// the Advanced page's button.
pub fn draw_settings(
    ui: &mut Ui,
    settings: &mut Settings,
    name: &mut NameEntry,
    shown: &mut SettingsPage,
    developer: bool,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    let title = match shown {
        SettingsPage::Main { .. } => "Settings",
        SettingsPage::Advanced => "Advanced",
    };
    ui.title(page.title, title, INK);
    let page_groups = shown.shown_groups(developer);
    let placed = place_rows(ui, page.body, &page_groups, shown);
    let placed_bottom = placed
        .iter()
        .map(|(cell, _)| cell.bottom() + ui.scale.px(CARD_PADDING))
        .fold(page.body.y, f32::max);
    let label_px = placed
        .iter()
        .map(|(cell, row)| ui.fit_px(row_label(*row), BODY_TEXT, split_label(*cell).0.w))
        .fold(ui.scale.px(BODY_TEXT), f32::min);
    let mut choice = None;
    for (cell, row) in placed {
        let (label, rest) = split_label(cell);
        ui.left_px(label, row_label(row), label_px, INK);
        if let Some(chosen) = draw_row(ui, rest, row, settings, name, shown) {
            choice = Some(chosen);
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
            SettingsPage::Main { .. } => Some(Choice::Go(Event::Back)),
            SettingsPage::Advanced => {
                *shown = SettingsPage::default();
                None
            }
        };
    }
    choice
}

/// Where each row goes: every group under its heading where they all fit, else tabs naming the
/// groups over the chosen one's rows in one column.
fn place_rows(
    ui: &mut Ui,
    body: Rect,
    page_groups: &[(&'static str, Vec<Row>)],
    shown: &mut SettingsPage,
) -> Vec<(Rect, Row)> {
    let sizes: Vec<usize> = page_groups.iter().map(|(_, rows)| rows.len()).collect();
    if let Some(laid) = groups(body, &sizes, &ui.scale) {
        for (group, (heading, _)) in laid.iter().zip(page_groups) {
            draw_group(ui, group, heading);
        }
        return laid
            .iter()
            .zip(page_groups)
            .flat_map(|(group, (_, rows))| group.rows.iter().copied().zip(rows.iter().copied()))
            .collect();
    }
    let width = body.w.min(ui.scale.px(MAX_CARD_WIDTH));
    let tab_row = Rect::new(
        body.center().x - width / 2.0,
        body.y,
        width,
        ui.scale.touch_px(BUTTON_HEIGHT),
    );
    let chosen = match shown {
        SettingsPage::Main { tab } => tab,
        SettingsPage::Advanced => &mut 0,
    };
    let headings: Vec<&str> = page_groups.iter().map(|(heading, _)| *heading).collect();
    for (i, (cell, heading)) in split_row(tab_row, headings.len(), &ui.scale)
        .into_iter()
        .zip(&headings)
        .enumerate()
    {
        let face = if i == *chosen {
            BUTTON_CHOSEN
        } else {
            BUTTON_QUIET
        };
        if ui.button_colored(cell, heading, face) {
            *chosen = i;
        }
    }
    let rows = page_groups
        .get(*chosen)
        .map_or(&[][..], |(_, rows)| rows.as_slice());
    let gap = ui.scale.px(GAP) + 2.0 * ui.scale.px(CARD_PADDING);
    let area = Rect::new(
        body.x,
        tab_row.bottom() + gap,
        body.w,
        body.bottom() - tab_row.bottom() - gap,
    );
    let cells = grid(area, rows.len(), 1, &ui.scale);
    ui.card_around(&cells);
    cells.into_iter().zip(rows.iter().copied()).collect()
}

/// The words on a row's left.
fn row_label(row: Row) -> &'static str {
    match row {
        Row::Step(setting) => setting.label(),
        Row::Switch(switch) => switch.label(),
        Row::Quality => "Quality",
        Row::Name => "Name",
        Row::Server => "Server",
        Row::Advanced => "Terrain",
        Row::Account => "Account",
    }
}

/// A row's control right of its label; what the player chose there.
fn draw_row(
    ui: &mut Ui,
    rest: Rect,
    row: Row,
    settings: &mut Settings,
    name: &mut NameEntry,
    shown: &mut SettingsPage,
) -> Option<Choice> {
    if row == Row::Account {
        let open = ui.button_colored(rest, "Name, devices", BUTTON_QUIET);
        return open.then_some(Choice::Go(Event::Open(Screen::Account)));
    }
    draw_setting(ui, rest, row, settings, name, shown).then_some(Choice::SettingsChanged)
}

/// A setting's control right of its label; whether the setting changed.
fn draw_setting(
    ui: &mut Ui,
    rest: Rect,
    row: Row,
    settings: &mut Settings,
    name: &mut NameEntry,
    shown: &mut SettingsPage,
) -> bool {
    match row {
        Row::Step(setting) => draw_step(ui, rest, setting, settings),
        Row::Switch(switch) => draw_switch(ui, rest, switch, settings),
        Row::Quality => draw_quality(ui, rest, settings),
        Row::Name => {
            name.draw_field(ui, rest);
            false
        }
        Row::Server => {
            let address = crate::app::screens::boards::server_address(settings);
            let shown = address.as_deref().unwrap_or("None: offline");
            ui.right(rest, shown, SMALL_TEXT, FAINT_INK);
            false
        }
        Row::Advanced => {
            if ui.button_colored(rest, "Advanced", BUTTON_QUIET) {
                *shown = SettingsPage::Advanced;
            }
            false
        }
        Row::Account => false,
    }
}

/// An on/off setting: its label and a button showing the state; whether it changed.
fn draw_switch(ui: &mut Ui, rest: Rect, switch: Switch, settings: &mut Settings) -> bool {
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
fn draw_quality(ui: &mut Ui, rest: Rect, settings: &mut Settings) -> bool {
    let parts = stepper(rest);
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
fn draw_step(ui: &mut Ui, rest: Rect, setting: Setting, settings: &mut Settings) -> bool {
    let parts = stepper(rest);
    let [minus, value, plus] = [parts[0], parts[1], parts[2]];
    let mut changed =
        ui.button_colored(minus, MINUS, BUTTON_QUIET) && setting.step(settings, false);
    ui.centered(value, &setting.text(settings), BODY_TEXT, INK);
    changed |= ui.button_colored(plus, "+", BUTTON_QUIET) && setting.step(settings, true);
    changed
}

/// `rest` as − (a square), the value, + (a square): the value gets what the buttons leave.
fn stepper(rest: Rect) -> [Rect; 3] {
    let side = rest.h.min(rest.w / 3.0);
    [
        Rect::new(rest.x, rest.y, side, rest.h),
        Rect::new(rest.x + side, rest.y, rest.w - 2.0 * side, rest.h),
        Rect::new(rest.right() - side, rest.y, side, rest.h),
    ]
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
    use values::SETTINGS;

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
        let (main, advanced) = (rows(SettingsPage::default()), rows(SettingsPage::Advanced));
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
    fn a_player_sees_no_terrain_knobs_and_a_developer_does() {
        let rows = |developer| -> Vec<Row> {
            SettingsPage::default()
                .shown_groups(developer)
                .into_iter()
                .flat_map(|(_, rows)| rows)
                .collect()
        };
        assert!(!rows(false).contains(&Row::Advanced));
        assert!(rows(true).contains(&Row::Advanced));
        assert!(rows(false).contains(&Row::Name) && rows(false).contains(&Row::Quality));
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
