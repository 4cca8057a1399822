//! The title screen: the game's name, the player's skier on the snow in what they wear, the
//! purse with its coin, one big Play that goes on where the player is (the next track not yet
//! raced), and smaller ways elsewhere; settings behind a gear.

use super::levels::M_PER_KM;
use super::nav::{Event, Screen, TitleWay, TITLE_MENU};
use super::Choice;
use crate::app::ui::figure::draw_skier;
use crate::app::ui::icons::draw_gear;
use crate::app::ui::layout::{
    grid, split_row, BODY_TEXT, COLUMN_GAP, GAP, MARGIN, MAX_CARD_WIDTH, SMALL_TEXT,
};
use crate::app::ui::missions_panel::{draw_missions, missions_height, MissionsShown, Roomy};
use crate::app::ui::shapes::ridge;
use crate::app::ui::{Ui, BUTTON_CHOSEN, BUTTON_FACE, BUTTON_QUIET, BUTTON_TEXT, INK};
use crate::course::levels::{LEVELS, TRACKS};
use crate::shop::outfit::Outfit;
use crate::storage::Results;
use macroquad::color::Color;
use macroquad::math::Rect;

/// The smaller ways in ([`TITLE_MENU`]), two to a row.
const MENU_COLUMNS: usize = 2;
/// The title's subtitle.
const SUBTITLE: &str = "biathlon ski runner";
/// The game's name, layout units, and the band it is centred in.
const HERO_TEXT: f32 = 84.0;
const HERO_BAND: f32 = 104.0;
/// The Play button: its height, its word's size (layout units).
const PLAY_HEIGHT: f32 = 84.0;
const PLAY_TEXT: f32 = 36.0;
/// Share of the Play button its word takes (the track's line the rest).
const PLAY_WORD_SHARE: f32 = 0.62;
/// The scene under the title: the skier's share of its height; the drift's height (a share of
/// the scene's), width (a share of the skier's), how far the skis sink into it (a share of its
/// height); it is lit at its crest and shaded at its foot.
const SKIER_SHARE: f32 = 0.8;
const DRIFT_SHARE: f32 = 0.14;
const DRIFT_WIDTH: f32 = 1.7;
const DRIFT_SINK: f32 = 0.45;
/// Points along the drift's crest.
const DRIFT_POINTS: usize = 24;
const SNOW: Color = Color::new(0.97, 0.98, 1.0, 1.0);
const SNOW_SHADE: Color = Color::new(0.80, 0.87, 0.96, 1.0);
/// The gear's margin inside its button, as a share of the button's side.
const GEAR_INSET: f32 = 0.18;
/// The scene is left out below this height, and kept to this height at most (layout units).
const SCENE_MIN: f32 = 90.0;
const SCENE_MAX: f32 = 240.0;
/// The missions go beside Play only where they get this share of its width.
const BESIDE_SHARE: f32 = 0.6;

/// What the title shows of the player: results (the next track), purse, outfit.
pub struct TitleFacts<'a> {
    /// The results so far.
    pub results: &'a Results,
    /// The purse.
    pub coins: u32,
    /// What the skier wears.
    pub outfit: Outfit,
    /// Days in a row with a finished Daily (0: none going).
    pub streak: u32,
    /// The missions held.
    pub missions: MissionsShown,
}

/// The first track of an open level not yet raced, in the table's order.
pub fn next_track(results: &Results) -> Option<(u8, u8)> {
    LEVELS
        .iter()
        .filter(|spec| results.opens(spec.level))
        .flat_map(|spec| (1..=TRACKS).map(move |track| (spec.level, track)))
        .find(|&(level, track)| results.top(level, track).is_empty())
}

/// The title screen; on a desktop `quit_label` is the Back button ("Quit"), on a phone or in a
/// browser none ([`crate::app::platform::OFFERS_QUIT`]).
pub fn draw_title(ui: &mut Ui, quit_label: Option<&str>, facts: &TitleFacts<'_>) -> Option<Choice> {
    ui.background();
    let page = ui.page();
    let layout = TitleLayout::of(ui, page.title, page.body);
    ui.hero(layout.hero, "Latu", HERO_TEXT, INK);
    let streak = format!("{SUBTITLE} · {}-day streak", facts.streak);
    let said = if facts.streak > 0 { &streak } else { SUBTITLE };
    ui.centered(layout.subtitle, said, BODY_TEXT, INK);
    draw_scene_and_missions(ui, &layout, page.body, facts);
    let mut choice = draw_corner_buttons(ui, layout.scene, facts.coins);
    let next = next_track(facts.results);
    if draw_play(ui, layout.play, next) {
        choice = Some(match next {
            Some((level, track)) => Choice::Race { level, track },
            None => Choice::Go(Event::Open(Screen::Levels)),
        });
    }
    choice = draw_menu(ui, layout.menu, facts).or(choice);
    if let Some(label) = quit_label {
        if ui.button_colored(page.footer, label, BUTTON_QUIET) {
            choice = Some(Choice::Go(Event::Back));
        }
    }
    choice
}

/// Where the title screen's parts go, top to bottom: the hero, the subtitle, the scene's area
/// (the missions may take part of it), Play and the menu at the body's foot.
struct TitleLayout {
    hero: Rect,
    subtitle: Rect,
    scene: Rect,
    play: Rect,
    menu: Rect,
}

impl TitleLayout {
    fn of(ui: &Ui, title: Rect, body: Rect) -> TitleLayout {
        let hero = Rect::new(title.x, title.y, title.w, ui.scale.px(HERO_BAND));
        let subtitle = Rect::new(hero.x, hero.bottom(), hero.w, ui.scale.px(BODY_TEXT));
        let gap = ui.scale.px(GAP);
        let rows = TITLE_MENU.len().div_ceil(MENU_COLUMNS);
        let menu_h = rows as f32 * (ui.scale.min_touch_px + gap) - gap;
        let play_h = ui.scale.touch_px(PLAY_HEIGHT);
        let width = body
            .w
            .min(ui.scale.px(crate::app::ui::layout::MAX_CARD_WIDTH));
        let left = body.center().x - width / 2.0;
        let menu = Rect::new(left, body.bottom() - menu_h, width, menu_h);
        let play = Rect::new(left, menu.y - gap - play_h, width, play_h);
        let scene = Rect::new(
            left,
            subtitle.bottom() + gap,
            width,
            play.y - gap - subtitle.bottom() - gap,
        );
        TitleLayout {
            hero,
            subtitle,
            scene,
            play,
            menu,
        }
    }
}

/// The missions card where it has a place, and the scene in what is left of its area.
fn draw_scene_and_missions(ui: &mut Ui, layout: &TitleLayout, body: Rect, facts: &TitleFacts) {
    let (scene, play) = (layout.scene, layout.play);
    let scene = match missions_place(ui, scene, play, body) {
        Some((missions, roomy)) => {
            draw_missions(ui, missions, &facts.missions, roomy);
            let top = if missions.y < play.y {
                missions.y - ui.scale.px(GAP)
            } else {
                scene.bottom()
            };
            Rect::new(scene.x, scene.y, scene.w, top - scene.y)
        }
        None => scene,
    };
    if scene.h >= ui.scale.px(SCENE_MIN) {
        let shown_h = scene.h.min(ui.scale.px(SCENE_MAX));
        // At the scene's foot, just above Play or the missions: the drift stands on them,
        // never afloat in the sky of a tall screen.
        let shown = Rect::new(scene.x, scene.bottom() - shown_h, scene.w, shown_h);
        draw_scene(shown, facts.outfit);
    }
}

/// The menu's buttons in their grid; the one chosen.
fn draw_menu(ui: &mut Ui, menu: Rect, facts: &TitleFacts<'_>) -> Option<Choice> {
    let mut choice = None;
    let cells = grid(menu, TITLE_MENU.len(), MENU_COLUMNS, &ui.scale);
    for (cell, &(label, way)) in cells.into_iter().zip(&TITLE_MENU) {
        // Endless shows the distance to beat where it fits.
        let best = facts.results.best_endless_distance();
        let long = best.map(|best| format!("Endless · {:.1} km", best / M_PER_KM));
        let shown = match long {
            Some(long)
                if way == TitleWay::Endless
                    && ui.fit_px(&long, BODY_TEXT, cell.w * 0.9) >= ui.scale.px(BODY_TEXT) =>
            {
                long
            }
            _ => label.to_owned(),
        };
        if ui.button_colored(cell, &shown, BUTTON_FACE) {
            choice = Some(match way {
                TitleWay::Open(screen) => Choice::Go(Event::Open(screen)),
                TitleWay::Daily => Choice::Daily,
                TitleWay::Endless => Choice::Endless,
            });
        }
    }
    choice
}

/// Where the missions go: just above Play, under the corner buttons (the skier's scene in what
/// is left above them), or on a wide screen beside Play and the menu; none without the room.
fn missions_place(ui: &Ui, scene: Rect, play: Rect, body: Rect) -> Option<(Rect, Roomy)> {
    let gap = ui.scale.px(GAP);
    let under_buttons = scene.h - ui.scale.min_touch_px - gap;
    let above = [Roomy::Full, Roomy::Compact]
        .into_iter()
        .find(|&roomy| missions_height(ui, roomy) <= under_buttons);
    if let Some(roomy) = above {
        let height = missions_height(ui, roomy);
        return Some((
            Rect::new(play.x, play.y - gap - height, play.w, height),
            roomy,
        ));
    }
    let x = play.right() + ui.scale.px(COLUMN_GAP);
    let right = ui.screen.width - ui.scale.px(MARGIN);
    let width = (right - x).min(ui.scale.px(MAX_CARD_WIDTH));
    let height = missions_height(ui, Roomy::Full);
    (width >= play.w * BESIDE_SHARE && play.y + height <= body.bottom())
        .then(|| (Rect::new(x, play.y, width, height), Roomy::Full))
}

/// The skier striding on a drift of snow: a low mound under the skis, no wider than the
/// stride (a drift as wide as the card read as a blank white card under the skier).
fn draw_scene(scene: Rect, outfit: Outfit) {
    let skier_h = scene.h * SKIER_SHARE;
    let drift_h = scene.h * DRIFT_SHARE;
    let feet_y = scene.bottom() - drift_h;
    let skier = Rect::new(
        scene.center().x - skier_h / 2.0,
        feet_y + drift_h * DRIFT_SINK - skier_h,
        skier_h,
        skier_h,
    );
    let half_w = skier_h * DRIFT_WIDTH / 2.0;
    let centre = scene.center().x;
    // The drift's crest: the top half of an ellipse, from its left foot to its right.
    let crest: Vec<(f32, f32)> = (0..=DRIFT_POINTS)
        .map(|i| {
            let angle = std::f32::consts::PI * (1.0 - i as f32 / DRIFT_POINTS as f32);
            (
                centre + half_w * angle.cos(),
                scene.bottom() - drift_h * angle.sin(),
            )
        })
        .collect();
    ridge(&crest, scene.bottom(), SNOW, SNOW_SHADE);
    draw_skier(skier, outfit);
}

/// The gear (settings) at the scene's top left, the purse at its top right.
fn draw_corner_buttons(ui: &mut Ui, scene: Rect, coins: u32) -> Option<Choice> {
    let side = ui.scale.min_touch_px;
    let gear = Rect::new(scene.x, scene.y, side, side);
    let mut choice = None;
    if ui.button_colored(gear, "", BUTTON_QUIET) {
        choice = Some(Choice::Go(Event::Open(Screen::Settings)));
    }
    let inset = side * GEAR_INSET;
    draw_gear(
        Rect::new(
            gear.x + inset,
            gear.y + inset,
            side - 2.0 * inset,
            side - 2.0 * inset,
        ),
        BUTTON_TEXT,
        BUTTON_QUIET,
    );
    ui.purse(scene.right(), scene.y, coins);
    choice
}

/// The big Play: its word, and under it the track it goes on with; whether it was tapped.
fn draw_play(ui: &mut Ui, play: Rect, next: Option<(u8, u8)>) -> bool {
    let tapped = ui.button_colored(play, "", BUTTON_CHOSEN);
    let word_h = play.h * PLAY_WORD_SHARE;
    let parts = split_row(play, 1, &ui.scale);
    let word = Rect::new(parts[0].x, play.y, play.w, word_h);
    let line = Rect::new(play.x, play.y + word_h * 0.85, play.w, play.h - word_h);
    match next {
        Some((level, track)) => {
            ui.centered(word, "Play", PLAY_TEXT, BUTTON_TEXT);
            ui.centered(
                line,
                &format!("Level {level} · Track {track}"),
                SMALL_TEXT,
                BUTTON_TEXT,
            );
        }
        None => ui.centered(play, "Play", PLAY_TEXT, BUTTON_TEXT),
    }
    tapped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_goes_on_with_the_first_open_track_not_yet_raced() {
        let results = Results::default();
        assert_eq!(next_track(&results), Some((1, 1)));
    }
}
