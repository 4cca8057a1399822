//! Pause: the button drawn over the run, and the overlay with Resume and Quit.

use super::nav::{Event, RunMode};
use super::Choice;
use crate::app::run::hud::top_band_px;
use crate::app::ui::layout::{centred_grid, BUTTON_HEIGHT, GAP, MARGIN};
use crate::app::ui::{Ui, BUTTON_QUIET, INK};
use macroquad::math::Rect;

/// The pause button's label: two bars.
const PAUSE_LABEL: &str = "II";
/// The pause button's side, layout units (the touch minimum holds).
const PAUSE_SIDE: f32 = BUTTON_HEIGHT;

/// Where the pause button goes: the top right, below the HUD's strip and progress bar.
pub fn pause_button_rect(ui: &Ui) -> Rect {
    let side = ui.scale.touch_px(PAUSE_SIDE);
    let margin = ui.scale.px(MARGIN);
    Rect::new(
        ui.screen.width - margin - side,
        top_band_px(&ui.scale) + margin,
        side,
        side,
    )
}

/// Draw the pause button over the run; whether it was tapped.
pub fn pause_button(ui: &mut Ui) -> bool {
    let rect = pause_button_rect(ui);
    ui.button(rect, PAUSE_LABEL)
}

/// The pause overlay over the frozen run.
pub fn draw_pause(ui: &mut Ui, mode: RunMode) -> Option<Choice> {
    ui.shade();
    let page = ui.page();
    let title = match mode {
        RunMode::Watch => "Replay paused",
        RunMode::Race | RunMode::Endless => "Paused",
    };
    let quit = match mode {
        RunMode::Race => "Quit to menu",
        RunMode::Endless => "End run",
        RunMode::Watch => "Stop watching",
    };
    let cells = centred_grid(page.body, 2, 1, &ui.scale);
    // The title just above the buttons, clear of the HUD strip, as wide as they are.
    let gap = ui.scale.px(GAP);
    let title_rect = Rect::new(
        cells[0].x,
        cells[0].y - page.title.h - gap,
        cells[0].w,
        page.title.h,
    );
    ui.card_around(&[title_rect, cells[0], cells[1]]);
    ui.title(title_rect, title, INK);
    let mut choice = None;
    if ui.button(cells[0], "Resume") {
        choice = Some(Choice::Go(Event::Resume));
    }
    if ui.button_colored(cells[1], quit, BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Quit));
    }
    choice
}
