//! The title screen (main menu), level and track select, and the storage notices shown once.

use super::finish::draw_medal;
use super::nav::{Event, Screen};
use super::Choice;
use crate::app::ui::layout::{
    card_columns, card_height, card_parts, cards, centred_grid, columns_for, split_row, BODY_TEXT,
    CARD_PADDING, GAP, SMALL_TEXT,
};
use crate::app::ui::shapes::raised_rect;
use crate::app::ui::{
    Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, BUTTON_TEXT, DROP, FAINT_INK, INK, SHADOW,
};
use crate::course::levels::{LevelSpec, LEVELS, TRACKS};
use crate::sim::Medal;
use crate::storage::Results;
use macroquad::color::Color;
use macroquad::math::Rect;
use macroquad::shapes::draw_circle;

/// The main menu's entries.
const MENU: [&str; 7] = [
    "Race",
    "Daily",
    "Endless",
    "Shop",
    "How to play",
    "Results",
    "Settings",
];
/// The title's subtitle.
const SUBTITLE: &str = "biathlon ski runner";
/// The game's name on the title screen, layout units, and the band it is centred in.
const HERO_TEXT: f32 = 96.0;
const HERO_BAND: f32 = 128.0;
/// The emblem: its height (layout units), width per height, discs, discs shown hit, and
/// the discs' size as shares of the plate's height and of the disc.
const TARGETS_HEIGHT: f32 = 44.0;
const TARGETS_ASPECT: f32 = 5.2;
const TARGET_COUNT: usize = 5;
const TARGETS_HIT: usize = 3;
const TARGET_RADIUS_SHARE: f32 = 0.36;
const TARGET_FACE_SHARE: f32 = 0.8;
/// The emblem's colours: a dark plate, a white ring round each black disc.
const TARGET_PLATE: Color = Color::new(0.10, 0.16, 0.26, 1.0);
const TARGET_RING: Color = Color::new(0.92, 0.95, 0.98, 1.0);
const TARGET_DISC: Color = Color::new(0.02, 0.03, 0.05, 1.0);
/// Share of a level card's heading its name takes (the facts take the rest).
const LEVEL_NAME_SHARE: f32 = 0.3;
/// A level card's heading height, in lines of body text.
const HEADING_LINES: f32 = 1.4;
/// Metres per kilometre and km/h per m/s, for a level's facts.
const M_PER_KM: f64 = 1000.0;
const KMH_PER_MS: f64 = 3.6;

/// The title screen; on a desktop `quit_label` is the Back button ("Quit"), on Android none.
pub fn draw_title(
    ui: &mut Ui,
    quit_label: Option<&str>,
    endless_best_m: Option<f64>,
) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    let hero = Rect::new(
        page.title.x,
        page.title.y,
        page.title.w,
        ui.scale.px(HERO_BAND),
    );
    ui.hero(hero, "Latu", HERO_TEXT, INK);
    let subtitle = Rect::new(hero.x, hero.bottom(), page.title.w, ui.scale.px(BODY_TEXT));
    ui.centered(subtitle, SUBTITLE, BODY_TEXT, INK);
    let gap = ui.scale.px(GAP);
    let plate_h = ui.scale.px(TARGETS_HEIGHT);
    let plate_w = plate_h * TARGETS_ASPECT;
    let plate = Rect::new(
        subtitle.center().x - plate_w / 2.0,
        subtitle.bottom() + 2.0 * gap,
        plate_w,
        plate_h,
    );
    draw_targets(ui, plate);
    let body = Rect::new(
        page.body.x,
        plate.bottom(),
        page.body.w,
        page.body.bottom() - plate.bottom(),
    );
    let cells = centred_grid(
        body,
        MENU.len(),
        columns_for(body, MENU.len(), &ui.scale),
        &ui.scale,
    );
    let mut choice = None;
    for (cell, label) in cells.into_iter().zip(MENU) {
        // Race is the main way in: bib red; the rest pine green.
        let face = if label == "Race" {
            BUTTON_CHOSEN
        } else {
            BUTTON_FACE
        };
        // Endless shows the distance to beat.
        let shown = match (label, endless_best_m) {
            ("Endless", Some(best)) => format!("Endless · best {:.1} km", best / M_PER_KM),
            _ => label.to_owned(),
        };
        if ui.button_colored(cell, &shown, face) {
            choice = Some(match label {
                "Race" => Choice::Go(Event::Open(Screen::Levels)),
                "Daily" => Choice::Daily,
                "Endless" => Choice::Endless,
                "How to play" => Choice::Tutorial,
                "Shop" => Choice::Go(Event::Open(Screen::Shop)),
                "Results" => Choice::Go(Event::Open(Screen::ResultsList)),
                _ => Choice::Go(Event::Open(Screen::Settings)),
            });
        }
    }
    if let Some(label) = quit_label {
        if ui.button_colored(page.footer, label, BUTTON_QUIET) {
            choice = Some(Choice::Go(Event::Back));
        }
    }
    choice
}

/// The title's emblem: a biathlon target plate, five discs, three already knocked white.
fn draw_targets(ui: &Ui, plate: Rect) {
    raised_rect(
        plate,
        plate.h / 2.0,
        ui.scale.px(DROP),
        TARGET_PLATE,
        SHADOW,
    );
    let step = plate.w / TARGET_COUNT as f32;
    let radius = plate.h * TARGET_RADIUS_SHARE;
    for i in 0..TARGET_COUNT {
        let x = plate.x + step * (i as f32 + 0.5);
        let y = plate.center().y;
        let face = if i < TARGETS_HIT {
            BUTTON_TEXT
        } else {
            TARGET_DISC
        };
        draw_circle(x, y, radius, TARGET_RING);
        draw_circle(x, y, radius * TARGET_FACE_SHARE, face);
    }
}

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
            let name = Rect::new(
                heading.x,
                heading.y,
                heading.w * LEVEL_NAME_SHARE,
                heading.h,
            );
            let facts = Rect::new(name.right(), heading.y, heading.w - name.w, heading.h);
            ui.left(name, &format!("Level {}", spec.level), BODY_TEXT, INK);
            // On a narrow phone the pace gives way, so the rest stays readable.
            let full = level_facts(spec, true);
            let fits = ui.fit_px(&full, SMALL_TEXT, facts.w) >= ui.scale.px(SMALL_TEXT);
            let shown = if fits { full } else { level_facts(spec, false) };
            ui.right(facts, &shown, SMALL_TEXT, FAINT_INK);
        }
        let open = open_all || results.opens(spec.level);
        let cells = split_row(buttons, usize::from(TRACKS), &ui.scale);
        // "Track 1" where it fits beside a medal, else every track by its number alone.
        let beside_medal = cells[0].w - cells[0].h * (MEDAL_BADGE + BADGE_INSET);
        let worded = ui.fit_px("Track 1", BODY_TEXT, beside_medal) >= ui.scale.px(BODY_TEXT);
        for (track, cell) in (1..=TRACKS).zip(cells) {
            let medal = results.best_medal(spec.level, track);
            // The medal sits at the button's left, its label in the rest.
            let side = cell.h * MEDAL_BADGE;
            let lead = if open && medal != Medal::None {
                side + cell.h * BADGE_INSET
            } else {
                0.0
            };
            let label = match (open, headed) {
                (false, _) if track == 1 => format!("After {}", spec.level - 1),
                (false, _) => "Locked".to_owned(),
                (true, true) if worded => format!("Track {track}"),
                (true, true) => track.to_string(),
                (true, false) => format!("{}-{track}", spec.level),
            };
            let face = if open { BUTTON_FACE } else { BUTTON_LOCKED };
            let tapped = ui.button_after(cell, &label, face, lead);
            if open {
                let badge = Rect::new(
                    cell.x + cell.h * BADGE_INSET,
                    cell.center().y - side / 2.0,
                    side,
                    side,
                );
                draw_medal(badge, medal);
            }
            if tapped && open {
                choice = Some(Choice::Race {
                    level: spec.level,
                    track,
                });
            }
        }
    }
    if ui.button_colored(page.footer, "Back", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Back));
    }
    choice
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
    let facts = format!(
        "{:.1} km · {} {stages}",
        spec.length / M_PER_KM,
        spec.stages
    );
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
        assert_eq!(level_facts(&LEVELS[0], true), "1.5 km · 1 stage · 36 km/h");
        assert_eq!(level_facts(&LEVELS[4], true), "4.8 km · 5 stages · 58 km/h");
        assert_eq!(level_facts(&LEVELS[1], false), "2.2 km · 2 stages");
    }
}
