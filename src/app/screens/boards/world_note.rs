//! The results screen's world rows: "World #37 of 412", "Will be sent when online", a refusal in
//! the server's sentence, "Race the next one up".

use crate::app::screens::Choice;
use crate::app::ui::layout::{BODY_TEXT, CARD_PADDING, GAP, SMALL_TEXT};
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, FAINT_INK, INK};
use crate::online::{rank_line, Entry, Ranked, Reach};
use macroquad::math::Rect;

/// A first result's world row until the player has a name (nothing is sent without one).
const NEEDS_NAME: &str = "Sent to the world with your name";

/// Where a finished run stands in the world, for the results screen.
#[derive(Debug, Clone, PartialEq)]
pub enum WorldNote {
    /// No server, or a run no board takes: nothing to say.
    None,
    /// Queued, and why it has no answer yet.
    Waiting(Pending),
    /// Queued, but nothing is sent before the player has a name: says so.
    NeedsName,
    /// Ranked; the run one place above, once the board has come.
    Ranked {
        ranked: Ranked,
        next_up: Option<Entry>,
    },
    /// Refused: the server's sentence.
    Refused(String),
}

/// Why a queued run has no answer from the server yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// Nothing has been heard from the server yet: "Waiting for the server…".
    NotHeard,
    /// The server answers: the run is on its way, "Sending to the world board…".
    Sending,
    /// The server cannot be reached: "Will be sent when online".
    Offline,
}

impl Pending {
    /// Where the server stands, for a run waiting to be sent.
    pub fn of(reach: &Reach) -> Pending {
        match reach {
            Reach::Unknown => Pending::NotHeard,
            // A server whose answers cannot be read still answers: the queue keeps sending.
            Reach::Online | Reach::Unreadable(_) => Pending::Sending,
            Reach::Offline(_) => Pending::Offline,
        }
    }

    /// What the results say of it.
    pub fn words(self) -> &'static str {
        match self {
            Pending::NotHeard => "Waiting for the server…",
            Pending::Sending => "Sending to the world board…",
            Pending::Offline => "Will be sent when online",
        }
    }
}

impl WorldNote {
    /// A queued run's note: it waits for a name before anything else (the client sends
    /// nothing for a player without one), then for the server (`reach`), saying which.
    pub fn waiting(named: bool, reach: &Reach) -> WorldNote {
        if named {
            WorldNote::Waiting(Pending::of(reach))
        } else {
            WorldNote::NeedsName
        }
    }

    /// Rows it takes on the results card.
    pub fn rows(&self) -> usize {
        match self {
            WorldNote::None => 0,
            WorldNote::Refused(_) => 2,
            _ => 1,
        }
    }
}

/// The world rows of the results card in `cells` ([`WorldNote::rows`] of them).
pub fn draw_world_rows(ui: &mut Ui, cells: &[Rect], note: &WorldNote) -> Option<Choice> {
    let first = cells.first().copied()?;
    match note {
        WorldNote::None => None,
        WorldNote::Waiting(pending) => {
            ui.centered(first, pending.words(), BODY_TEXT, FAINT_INK);
            None
        }
        WorldNote::NeedsName => {
            ui.centered(first, NEEDS_NAME, BODY_TEXT, FAINT_INK);
            None
        }
        WorldNote::Ranked { ranked, next_up } => {
            let colour = if ranked.best { BUTTON_CHOSEN } else { INK };
            let line = rank_line(ranked);
            let Some(entry) = next_up else {
                ui.centered(first, &line, BODY_TEXT, colour);
                return None;
            };
            // The rank at the left, the button at the right: its full words where they fit.
            let pad = 2.0 * ui.scale.px(CARD_PADDING);
            let long = "Race the next one up";
            let short = format!("Race #{}", entry.rank);
            let need = |label: &str| ui.text_width(label, BODY_TEXT) + pad;
            let rank_need = ui.text_width(&line, BODY_TEXT);
            let room = first.w - rank_need - ui.scale.px(GAP);
            let label = if need(long) <= room {
                long
            } else {
                short.as_str()
            };
            let parts =
                crate::app::ui::layout::split_by_need(first, &[rank_need, need(label)], &ui.scale);
            ui.left(parts[0], &line, BODY_TEXT, colour);
            ui.button_colored(parts[1], label, BUTTON_FACE)
                .then(|| Choice::WorldRun {
                    run: entry.run.clone(),
                    race: true,
                })
        }
        WorldNote::Refused(sentence) => {
            let both = Rect::new(
                first.x,
                first.y,
                first.w,
                cells.last().map_or(first.h, |last| last.bottom() - first.y),
            );
            ui.paragraph(both, &format!("Not ranked: {sentence}"), SMALL_TEXT, INK);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_result_says_it_waits_for_a_name_not_that_it_is_sending() {
        let away = Reach::Offline("connection refused".to_owned());
        for reach in [Reach::Unknown, Reach::Online, away] {
            assert_eq!(WorldNote::waiting(false, &reach), WorldNote::NeedsName);
        }
        assert_eq!(
            WorldNote::waiting(true, &Reach::Online),
            WorldNote::Waiting(Pending::Sending)
        );
        assert_eq!(WorldNote::NeedsName.rows(), 1);
    }

    #[test]
    fn a_named_run_waiting_says_what_it_waits_for() {
        let away = Reach::Offline("connection refused".to_owned());
        let said = |reach: &Reach| Pending::of(reach).words();
        assert_eq!(said(&Reach::Unknown), "Waiting for the server…");
        assert_eq!(said(&away), "Will be sent when online");
        assert_eq!(said(&Reach::Online), "Sending to the world board…");
    }
}
