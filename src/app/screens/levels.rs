//! Level and track select, and the storage notices shown once.

use super::nav::Event;
use super::results::draw_medal;
use super::Choice;
use crate::app::ui::layout::{
    card_columns, card_height, card_parts, cards, split_row, BODY_TEXT, CARD_PADDING, GAP,
    SMALL_TEXT,
};
use crate::app::ui::{Ui, BUTTON_FACE, BUTTON_QUIET, FAINT_INK, INK};
use crate::course::levels::{LevelSpec, LEVELS, TRACKS};
use crate::sim::Medal;
use crate::storage::Results;
use macroquad::color::Color;
use macroquad::math::Rect;

/// Share of a level card's heading its name takes (the facts take the rest).
const LEVEL_NAME_SHARE: f32 = 0.3;
/// A level card's heading height, in lines of body text.
const HEADING_LINES: f32 = 1.4;
/// Metres per kilometre and km/h per m/s, for a level's facts.
pub(super) const M_PER_KM: f64 = 1000.0;
const KMH_PER_MS: f64 = 3.6;

/// Level and track select: a card per level with its facts and a button per track showing its
/// best medal; a level not yet open shows its tracks locked (`open_all` opens every level).
pub fn draw_levels(ui: &mut Ui, results: &Results, open_all: bool) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    ui.title(page.title, "Choose a track", INK);
    let heading_h = ui.scale.px(BODY_TEXT) * HEADING_LINES;
    let columns = card_columns(page.body, LEVELS.len(), &ui.scale);
    let wanted = card_height(heading_h, &ui.scale);
    let cards = cards(page.body, LEVELS.len(), columns, wanted, &ui.scale);
    let mut choice = None;
    for (card, spec) in cards.into_iter().zip(LEVELS.iter()) {
        ui.card(card);
        let (heading, buttons) = card_parts(card, heading_h, &ui.scale);
        // Too short for a readable heading: the buttons name the level themselves.
        let headed = heading.h >= ui.scale.px(SMALL_TEXT);
        if headed {
            draw_heading(ui, heading, spec);
        }
        let open = open_all || results.opens(spec.level);
        let card = LevelCard { spec, open, headed };
        choice = draw_tracks(ui, buttons, &card, results).or(choice);
    }
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
}

/// A level's heading: its name at the left, its facts at the right (on a narrow phone the
/// pace gives way, so the rest stays readable).
fn draw_heading(ui: &mut Ui, heading: Rect, spec: &LevelSpec) {
    let name = Rect::new(
        heading.x,
        heading.y,
        heading.w * LEVEL_NAME_SHARE,
        heading.h,
    );
    let facts = Rect::new(name.right(), heading.y, heading.w - name.w, heading.h);
    ui.left(name, &format!("Level {}", spec.level), BODY_TEXT, INK);
    let full = level_facts(spec, true);
    let fits = ui.fit_px(&full, SMALL_TEXT, facts.w) >= ui.scale.px(SMALL_TEXT);
    let shown = if fits { full } else { level_facts(spec, false) };
    ui.right(facts, &shown, SMALL_TEXT, FAINT_INK);
}

/// A level's card as its track buttons need it: the level, whether it is open, whether its
/// heading is shown.
struct LevelCard<'a> {
    spec: &'a LevelSpec,
    open: bool,
    headed: bool,
}

/// A level's track buttons in `buttons`, each with its best medal; the track tapped.
fn draw_tracks(
    ui: &mut Ui,
    buttons: Rect,
    card: &LevelCard<'_>,
    results: &Results,
) -> Option<Choice> {
    let cells = split_row(buttons, usize::from(TRACKS), &ui.scale);
    // "Track 1" where it fits beside a medal, else every track by its number alone.
    let beside_medal = cells[0].w - cells[0].h * (MEDAL_BADGE + BADGE_INSET);
    let worded = ui.fit_px("Track 1", BODY_TEXT, beside_medal) >= ui.scale.px(BODY_TEXT);
    let mut choice = None;
    for (track, cell) in (1..=TRACKS).zip(cells) {
        let medal = results.best_medal(card.spec.level, track);
        let label = track_label(card, track, worded);
        if draw_track(ui, cell, &label, medal, card.open) && card.open {
            choice = Some(Choice::Race {
                level: card.spec.level,
                track,
            });
        }
    }
    choice
}

/// A track button's words: locked ("After 1", "Locked"), or its name as the room allows.
fn track_label(card: &LevelCard<'_>, track: u8, worded: bool) -> String {
    match (card.open, card.headed) {
        (false, _) if track == 1 => format!("After {}", card.spec.level - 1),
        (false, _) => "Locked".to_owned(),
        (true, true) if worded => format!("Track {track}"),
        (true, true) => track.to_string(),
        (true, false) => format!("{}-{track}", card.spec.level),
    }
}

/// One track's button, its medal at the left (when open) and its label in the rest; whether
/// it was tapped.
fn draw_track(ui: &mut Ui, cell: Rect, label: &str, medal: Medal, open: bool) -> bool {
    let side = cell.h * MEDAL_BADGE;
    let lead = if open && medal != Medal::None {
        side + cell.h * BADGE_INSET
    } else {
        0.0
    };
    let face = if open { BUTTON_FACE } else { BUTTON_LOCKED };
    let tapped = ui.button_after(cell, label, face, lead);
    if open {
        let badge = Rect::new(
            cell.x + cell.h * BADGE_INSET,
            cell.center().y - side / 2.0,
            side,
            side,
        );
        draw_medal(badge, medal);
    }
    tapped
}

/// A locked level's buttons: greyed.
const BUTTON_LOCKED: Color = Color::new(0.52, 0.56, 0.62, 1.0);
/// A track's best medal: a badge this share of its button's height (its disc is half that
/// across), this share of the height in from the button's left edge.
const MEDAL_BADGE: f32 = 0.8;
const BADGE_INSET: f32 = 0.15;

/// What a player weighs when choosing a level: its length, shooting stages and (`pace`) speed.
fn level_facts(spec: &LevelSpec, pace: bool) -> String {
    let stages = if spec.stages == 1 { "stage" } else { "stages" };
    // Under a kilometre in metres (650 m, not "0.7 km").
    let length = if spec.length < M_PER_KM {
        format!("{:.0} m", spec.length)
    } else {
        format!("{:.1} km", spec.length / M_PER_KM)
    };
    let facts = format!("{length} · {} {stages}", spec.stages);
    if pace {
        format!("{facts} · {:.0} km/h", spec.speed * KMH_PER_MS)
    } else {
        facts
    }
}

/// The storage notices (a damaged file kept aside, an unwritable folder) over the menu, until
/// the player taps OK; whether they were dismissed.
pub fn draw_notices(ui: &mut Ui, notices: &[String]) -> bool {
    ui.shade();
    let page = ui.page();
    let gap = ui.scale.px(GAP);
    let text_w = page.body.w - 2.0 * ui.scale.px(CARD_PADDING);
    let text_h: f32 = notices
        .iter()
        .map(|notice| ui.paragraph_height(text_w, notice, BODY_TEXT) + gap)
        .sum();
    let text = Rect::new(
        page.body.center().x - text_w / 2.0,
        page.body.y,
        text_w,
        text_h.min(page.body.h),
    );
    ui.card_around(&[page.title, text]);
    ui.title(page.title, "Note", INK);
    let mut top = text.y;
    for (shown, notice) in notices.iter().enumerate() {
        let height = ui.paragraph_height(text_w, notice, BODY_TEXT);
        let left = notices.len() - shown;
        // What does not fit above the OK button is counted, never drawn under it.
        if top + height > text.bottom() && left > 1 {
            let more = format!("…and {left} more");
            let area = Rect::new(text.x, top, text.w, page.body.bottom() - top);
            ui.paragraph(area, &more, BODY_TEXT, INK);
            break;
        }
        let area = Rect::new(text.x, top, text.w, page.body.bottom() - top);
        top += ui.paragraph(area, notice, BODY_TEXT, INK) + gap;
    }
    ui.button(page.footer, "OK")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_card_states_length_stages_and_pace() {
        assert_eq!(level_facts(&LEVELS[0], true), "650 m · 1 stage · 45 km/h");
        assert_eq!(level_facts(&LEVELS[4], true), "2.2 km · 5 stages · 59 km/h");
        assert_eq!(level_facts(&LEVELS[1], false), "1.0 km · 2 stages");
    }
}
