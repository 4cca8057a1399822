//! The title screen (main menu), level and track select, and the storage notices shown once.

use super::nav::{Event, Screen};
use super::Choice;
use crate::app::ui::layout::{centred_grid, columns_for, split_row, BODY_TEXT, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_FACE, FAINT_INK, INK};
use crate::course::levels::{LEVELS, TRACKS};
use macroquad::math::Rect;

/// The main menu's entries.
const MENU: [&str; 4] = ["Race", "Endless", "Results", "Settings"];
/// The title's subtitle.
const SUBTITLE: &str = "biathlon ski runner";
/// The game's name on the title screen, layout units, and the band it is centred in.
const HERO_TEXT: f32 = 80.0;
const HERO_BAND: f32 = 120.0;
/// Share of a level row its label takes.
const LEVEL_LABEL_SHARE: f32 = 0.34;

/// The title screen; on a desktop `quit_label` is the Back button ("Quit"), on Android none.
pub fn draw_title(ui: &mut Ui, quit_label: Option<&str>) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    let hero = Rect::new(
        page.title.x,
        page.title.y,
        page.title.w,
        ui.scale.px(HERO_BAND),
    );
    ui.centered(hero, "Latu", HERO_TEXT, INK);
    let subtitle = Rect::new(hero.x, hero.bottom(), page.title.w, ui.scale.px(BODY_TEXT));
    ui.centered(subtitle, SUBTITLE, BODY_TEXT, FAINT_INK);
    let body = Rect::new(
        page.body.x,
        subtitle.bottom(),
        page.body.w,
        page.body.bottom() - subtitle.bottom(),
    );
    let cells = centred_grid(
        body,
        MENU.len(),
        columns_for(body, MENU.len(), &ui.scale),
        &ui.scale,
    );
    let mut choice = None;
    for (cell, label) in cells.into_iter().zip(MENU) {
        if ui.button(cell, label) {
            choice = Some(match label {
                "Race" => Choice::Go(Event::Open(Screen::Levels)),
                "Endless" => Choice::Endless,
                "Results" => Choice::Go(Event::Open(Screen::ResultsList)),
                _ => Choice::Go(Event::Open(Screen::Settings)),
            });
        }
    }
    if let Some(label) = quit_label {
        if ui.button(page.footer, label) {
            choice = Some(Choice::Go(Event::Back));
        }
    }
    choice
}

/// Level and track select: a row per level, its name and a button per track.
pub fn draw_levels(ui: &mut Ui) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, "Choose a track", INK);
    let rows = centred_grid(
        page.body,
        LEVELS.len(),
        columns_for(page.body, LEVELS.len(), &ui.scale),
        &ui.scale,
    );
    let mut choice = None;
    for (row, spec) in rows.into_iter().zip(LEVELS.iter()) {
        let label = Rect::new(row.x, row.y, row.w * LEVEL_LABEL_SHARE, row.h);
        let tracks = Rect::new(label.right(), row.y, row.w - label.w, row.h);
        ui.left(label, &format!("Level {}", spec.level), BODY_TEXT, INK);
        for (track, cell) in (1..=TRACKS).zip(split_row(tracks, usize::from(TRACKS), &ui.scale)) {
            if ui.button_colored(cell, &format!("Track {track}"), BUTTON_FACE) {
                choice = Some(Choice::Race {
                    level: spec.level,
                    track,
                });
            }
        }
    }
    if ui.button(page.footer, "Back") {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// The storage notices (a damaged file kept aside, an unwritable folder) over the menu, until
/// the player taps OK; whether they were dismissed.
pub fn draw_notices(ui: &mut Ui, notices: &[String]) -> bool {
    ui.cover();
    let page = ui.page();
    ui.title(page.title, "Note", crate::app::ui::BUTTON_TEXT);
    let gap = ui.scale.px(GAP);
    let mut top = page.body.y;
    for notice in notices {
        let area = Rect::new(page.body.x, top, page.body.w, page.body.bottom() - top);
        top += ui.paragraph(area, notice, SMALL_TEXT, crate::app::ui::BUTTON_TEXT) + gap;
    }
    ui.button(page.footer, "OK")
}
