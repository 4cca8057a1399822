//! Overlays over a frozen screen: the pause button drawn over the run, the pause card (Resume,
//! Restart, Quit) and "Leave Latu?" over the title.

use super::nav::{Event, RunMode};
use super::Choice;
use crate::app::run::hud::top_band_px;
use crate::app::ui::layout::{centred_grid, pause_rect, skip_rect, CARD_PADDING, GAP};
use crate::app::ui::missions_panel::{draw_missions, missions_height, MissionsShown, Roomy};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, INK};
use macroquad::color::Color;
use macroquad::math::Rect;

/// The pause button's label: two bars.
/// The pause sign's margin inside its button, as a share of the button's side.
const PAUSE_ICON_INSET: f32 = 0.25;
/// Where the pause button goes: below the HUD's strip and progress bar, at the top right (the
/// top left for a left-handed player).
pub fn pause_button_rect(ui: &Ui, left_handed: bool) -> Rect {
    pause_rect(
        ui.screen.width,
        top_band_px(&ui.scale),
        &ui.scale,
        left_handed,
    )
}

/// Where the tutorial's Skip button goes: beside the pause button, towards the middle.
pub fn skip_button_rect(ui: &Ui, left_handed: bool) -> Rect {
    skip_rect(pause_button_rect(ui, left_handed), &ui.scale, left_handed)
}

/// Draw the pause button over the run; whether it was tapped.
pub fn pause_button(ui: &mut Ui, left_handed: bool) -> bool {
    let rect = pause_button_rect(ui, left_handed);
    let tapped = ui.button(rect, "");
    let inset = rect.h * PAUSE_ICON_INSET;
    crate::app::ui::icons::draw_pause(
        Rect::new(
            rect.x + inset,
            rect.y + inset,
            rect.w - 2.0 * inset,
            rect.h - 2.0 * inset,
        ),
        crate::app::ui::BUTTON_TEXT,
    );
    tapped
}

/// The pause overlay over the frozen run: Resume, Restart (not for a replay) and Quit, and the
/// run's missions under them.
pub fn draw_pause(ui: &mut Ui, mode: RunMode, missions: Option<&MissionsShown>) -> Option<Choice> {
    let title = match mode {
        RunMode::Watch => "Replay paused",
        RunMode::Race | RunMode::Endless | RunMode::Tutorial => "Paused",
    };
    let quit = match mode {
        RunMode::Race => "Quit to menu",
        RunMode::Endless => "End run",
        RunMode::Watch => "Stop watching",
        RunMode::Tutorial => "Skip tutorial",
    };
    let resume = ("Resume", BUTTON_FACE, Event::Resume);
    let restart = ("Restart", BUTTON_FACE, Event::Restart);
    let leave = (quit, BUTTON_QUIET, Event::Quit);
    let below = missions.map(|shown| (missions_height(ui, Roomy::Full), shown));
    match mode {
        RunMode::Watch => draw_overlay(ui, title, &[resume, leave], below),
        RunMode::Race | RunMode::Endless | RunMode::Tutorial => {
            draw_overlay(ui, title, &[resume, restart, leave], below)
        }
    }
}

/// "Leave Latu?" over the title: Stay or Leave.
pub fn draw_leaving(ui: &mut Ui) -> Option<Choice> {
    let stay = ("Stay", BUTTON_FACE, Event::Back);
    let leave = ("Leave", BUTTON_QUIET, Event::Quit);
    draw_overlay(ui, "Leave Latu?", &[stay, leave], None)
}

/// A card over the shaded screen: a title and a button per choice, one above the other, and
/// `below` them a card of its height (the missions).
fn draw_overlay(
    ui: &mut Ui,
    title: &str,
    buttons: &[(&str, Color, Event)],
    below: Option<(f32, &MissionsShown)>,
) -> Option<Choice> {
    ui.shade();
    let page = ui.page();
    let gap = ui.scale.px(GAP);
    let pad = ui.scale.px(CARD_PADDING);
    let reserved = below.map_or(0.0, |(height, _)| height + 2.0 * gap + 2.0 * pad);
    let mut body = page.body;
    body.h -= reserved;
    let cells = centred_grid(body, buttons.len(), 1, &ui.scale);
    if let Some((height, shown)) = below {
        let last = cells[cells.len() - 1];
        let card = Rect::new(
            last.x,
            last.bottom() + 2.0 * gap + 2.0 * pad,
            last.w,
            height,
        );
        draw_missions(ui, card, shown, Roomy::Full);
    }
    // The title just above the buttons, clear of the HUD strip, as wide as they are.
    let title_rect = Rect::new(
        cells[0].x,
        cells[0].y - page.title.h - gap,
        cells[0].w,
        page.title.h,
    );
    let mut framed = vec![title_rect];
    framed.extend_from_slice(&cells);
    ui.card_around(&framed);
    ui.title(title_rect, title, INK);
    let mut choice = None;
    for (cell, &(label, colour, event)) in cells.iter().zip(buttons) {
        if ui.button_colored(*cell, label, colour) {
            choice = Some(Choice::Go(event));
        }
    }
    choice
}
