//! The Report dialog over the world boards: a run picked on a board, then Report, then one of a
//! short list of reasons and Send. The flow signs it as the player (`POST /v1/reports`); the
//! server's operator reads it (`latu-server admin reports`). Drawn over the board, which takes
//! no taps while it shows.

use super::AccountChoice;
use crate::app::screens::Choice;
use crate::app::ui::layout::{split_row, BODY_TEXT, BUTTON_HEIGHT, GAP, MARGIN, MAX_CARD_WIDTH};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, INK};
use macroquad::math::Rect;

/// The reasons offered, each sent as the report's sentence.
pub const REASONS: [&str; 4] = [
    "Impossible time or score",
    "Offensive name",
    "A copy of my run",
    "Something else is wrong",
];

/// The dialog's state: the run reported and the reason picked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportDialog {
    /// The run's id.
    pub run: String,
    /// The reason picked, an index in [`REASONS`].
    pub reason: Option<usize>,
}

impl ReportDialog {
    /// The dialog for run `run`, no reason picked yet.
    pub fn new(run: &str) -> Self {
        Self {
            run: run.to_owned(),
            reason: None,
        }
    }
}

/// What came of the dialog this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportOutcome {
    /// Still open.
    Open,
    /// Closed without a report.
    Cancelled,
    /// Send this.
    Send(Choice),
}

/// The dialog over the screen (already drawn, its taps taken).
pub fn draw_report(ui: &mut Ui, dialog: &mut ReportDialog) -> ReportOutcome {
    ui.shade();
    let margin = ui.scale.px(MARGIN);
    let gap = ui.scale.px(GAP);
    let button_h = ui.scale.touch_px(BUTTON_HEIGHT);
    let width = (ui.screen.width - 4.0 * margin).min(ui.scale.px(MAX_CARD_WIDTH));
    let rows = REASONS.len() + 2;
    let height = rows as f32 * (button_h + gap) + ui.scale.px(BODY_TEXT) * 2.0;
    let x = (ui.screen.width - width) / 2.0;
    let mut y = ((ui.screen.height - height) / 2.0).max(margin);
    let heading = Rect::new(x, y, width, ui.scale.px(BODY_TEXT) * 1.6);
    y = heading.bottom() + gap;
    let cells: Vec<Rect> = (0..rows - 1)
        .map(|i| Rect::new(x, y + i as f32 * (button_h + gap), width, button_h))
        .collect();
    let mut all = cells.clone();
    all.push(heading);
    ui.card_around(&all);
    ui.centered(heading, "Report this run: why?", BODY_TEXT, INK);
    for (i, (cell, reason)) in cells.iter().zip(REASONS).enumerate() {
        let face = if dialog.reason == Some(i) {
            BUTTON_CHOSEN
        } else {
            BUTTON_QUIET
        };
        if ui.button_colored(*cell, reason, face) {
            dialog.reason = Some(i);
        }
    }
    let last = cells.last().copied().unwrap_or(heading);
    let buttons = split_row(last, 2, &ui.scale);
    if ui.button_colored(buttons[0], "Cancel", BUTTON_QUIET) {
        return ReportOutcome::Cancelled;
    }
    let face = if dialog.reason.is_some() {
        BUTTON_FACE
    } else {
        BUTTON_QUIET
    };
    let send = ui.button_colored(buttons[1], "Send", face);
    match dialog.reason {
        Some(reason) if send => ReportOutcome::Send(Choice::Account(AccountChoice::Report {
            run: dialog.run.clone(),
            why: REASONS[reason].to_owned(),
        })),
        _ => ReportOutcome::Open,
    }
}
