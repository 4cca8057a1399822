//! The shooting stage on screen: the scope (the range through a lens, moving against a fixed
//! reticle as the sight sways; see [`super::scope`]), a row showing which targets are down, rounds, heart rate,
//! the aiming timer and its reward, and the buttons a touch screen needs (fire under the thumb,
//! hold breath; buy a round or take the penalty loop).

use super::layout::*;
use super::marks::ShotMarks;
use super::reticle::draw_reticle;
use super::scope::{draw_lens, Lens, ScopeLook};
use super::trail::SwayTrail;
use crate::app::run::hud::{screen_scale, top_band_px};
use crate::app::ui::font;
use crate::app::ui::layout::PAUSE_SIDE;
use crate::app::ui::shapes::{raised_rect, rounded_rect};
use crate::app::ui::words;
use crate::app::ui::{CORNER, DROP};
use crate::course::ShootingPosition;
use crate::phone::density::UiScale;
use crate::shooting::reward::SPEED_BONUS_MAX;
use crate::shooting::stage::CLOSING_WARNING_S;
use crate::shooting::{Rifle, StagePhase, StageView, TargetState};
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle};
use macroquad::time::get_time;
use macroquad::window::{screen_height, screen_width};

/// Soft shadows under cards and buttons.
const CARD_SHADOW: Color = Color::new(0.02, 0.04, 0.08, 0.35);
const FIGURES_BACK: Color = Color::new(0.02, 0.04, 0.08, 0.6);
const FACE_BLACK: Color = Color::new(0.05, 0.05, 0.06, 1.0);
const FACE_HIT: Color = Color::new(0.97, 0.97, 0.97, 1.0);
/// The sight's recent path, fading.
const TRAIL: Color = Color::new(0.95, 0.25, 0.15, 0.55);
const TEXT: Color = Color::new(1.0, 1.0, 1.0, 1.0);
const MUTED: Color = Color::new(0.65, 0.72, 0.82, 1.0);
const CALM: Color = Color::new(0.45, 0.90, 0.50, 1.0);
const RACING: Color = Color::new(1.0, 0.40, 0.35, 1.0);
const ROUND: Color = Color::new(0.98, 0.80, 0.14, 1.0);
const BUTTON: Color = Color::new(0.16, 0.36, 0.66, 0.95);
/// A button that cannot be pressed now.
const BUTTON_DISABLED: Color = Color::new(0.30, 0.33, 0.38, 0.85);
/// The cue after a hit and after a miss: light colours on a dark plate, so they read over the
/// scope's dark trees as over its snow and sky (at least 4.5:1 on any picture).
const CUE_HIT: Color = Color::new(0.60, 1.0, 0.45, 1.0);
/// A light coral; the run's bad floating words ("Stumble!") are drawn in it too.
pub const CUE_MISS: Color = Color::new(1.0, 0.55, 0.48, 1.0);
const CUE_PLATE: Color = Color::new(0.02, 0.03, 0.05, 0.85);
/// The reward bar's empty part.
const REWARD_BAR_BACK: Color = Color::new(1.0, 1.0, 1.0, 0.18);
/// The buy button's label when the run's coins cannot pay a round (a round is paid from the
/// coins won in this run, never the banked purse).
const NOT_ENOUGH_COINS: &str = "not enough coins";
const BUTTON_ACTIVE: Color = Color::new(0.85, 0.55, 0.10, 0.95);
/// The fire button: a trigger's red, greyed while no round can be fired.
const BUTTON_FIRE: Color = Color::new(0.78, 0.16, 0.12, 0.95);
const FIRE_LABEL: &str = "FIRE";
/// The sight's buttons at a stage with wind ([`words::AIM_LEFT`], [`words::AIM_RIGHT`]), in a
/// quieter blue than the others.
const BUTTON_CLICK: Color = Color::new(0.20, 0.30, 0.45, 0.9);

/// The world stays in view while the skier takes position on the mat: only a caption, on a
/// small rounded card high on the screen (above the skier on the mat).
/// Where the arrival card stands: near the top, above the range (the gap to a ghost goes below
/// it); a line taller when it names a bought rifle.
pub fn arrival_card(view: &StageView) -> Rect {
    let lines = if bought_rifle(view).is_some() { 2 } else { 1 };
    stage_card(lines)
}

/// A card high on the screen with a title and `lines` lines of text under it (the arrival's,
/// the summary's on leaving), below the pause button.
pub(super) fn stage_card(lines: u8) -> Rect {
    let scale = screen_scale();
    let margin = scale.px(MARGIN);
    let width = screen_width().min(scale.px(ARRIVAL_CARD_WIDTH)) - 2.0 * margin;
    let step = scale.px(TEXT_SIZE + LINE_GAP);
    // Below the pause button (on a narrow screen the card reaches under it).
    let pause_bottom = top_band_px(&scale) + margin + scale.touch_px(PAUSE_SIDE);
    let top = (screen_height() * ARRIVAL_CARD_Y).max(pause_bottom + scale.px(LINE_GAP));
    Rect::new(
        (screen_width() - width) / 2.0,
        top,
        width,
        scale.px(TITLE_SIZE) + f32::from(lines) * step + 2.0 * margin,
    )
}

/// The rifle's name when it is not the training rifle everyone has.
fn bought_rifle(view: &StageView) -> Option<&'static str> {
    (view.rifle != Rifle::Training).then(|| view.rifle.spec().name)
}

pub fn draw_arrival(view: &StageView) {
    let scale = screen_scale();
    let title = position_name(view.position);
    let rounds = match view.magazine {
        1 => format!("1 round + {} spare", view.spares),
        n => format!("{n} rounds + {} spare", view.spares),
    };
    let margin = scale.px(MARGIN);
    let step = scale.px(TEXT_SIZE + LINE_GAP);
    let card = arrival_card(view);
    let width = card.w;
    raised_rect(
        card,
        scale.px(CORNER),
        scale.px(DROP),
        FIGURES_BACK,
        CARD_SHADOW,
    );
    let x = card.center().x;
    let inner = width - 2.0 * margin;
    let y = card.y + margin + scale.px(TITLE_SIZE);
    font::draw_centred(title, x, y, scale.px(TITLE_SIZE), inner, ROUND);
    let size = scale.px(TEXT_SIZE);
    font::draw_centred(&rounds, x, y + step, size, inner, TEXT);
    if let Some(rifle) = bought_rifle(view) {
        font::draw_centred(rifle, x, y + 2.0 * step, size, inner, TEXT);
    }
}

pub(super) fn position_name(position: ShootingPosition) -> &'static str {
    match position {
        ShootingPosition::Prone => "PRONE",
        ShootingPosition::Standing => "STANDING",
    }
}

/// Draw the stage over the (dimmed) world, with the sight's recent path, the picture in the
/// place's colours, the fire button on the left for a `left_handed` player.
pub fn draw_stage(
    view: &StageView,
    trail: &SwayTrail,
    marks: &ShotMarks,
    look: &ScopeLook,
    left_handed: bool,
) {
    let (width, height) = (screen_width(), screen_height());
    let scale = screen_scale();
    let layout = StageLayout::for_screen(width, height, &scale, left_handed);
    let lens = Lens::new(&layout, view, marks.recoil());
    draw_lens(
        view,
        marks,
        (&lens, look),
        layout.outer,
        scale.px(THIN_LINE),
        get_time(),
    );
    draw_trail(trail, &lens, &scale);
    draw_reticle(&lens, &scale);
    draw_cue(marks, &lens, &scale);
    let figures = layout.figures;
    draw_rectangle(figures.x, figures.y, figures.w, figures.h, FIGURES_BACK);
    let mut y = figures.y;
    if width > height {
        y += scale.px(MARK_SPACING);
        draw_targets_down(view, Vec2::new(figures.center().x, y), &scale);
        y += scale.px(MARK_SPACING + TITLE_SIZE);
    } else {
        let row_y = scale.px(MARK_SPACING);
        draw_targets_down(view, Vec2::new(width / 2.0, row_y), &scale);
        y += scale.px(TEXT_SIZE);
    }
    let room = figures.w - 2.0 * scale.px(MARGIN);
    draw_figures(view, figures.center().x, y, room, &scale);
    draw_buttons(view, &layout.buttons, &scale);
}

/// The cue after a shot, fading above the reticle: "hit" and the coins it paid (and "clean" on
/// a clean stage) or "miss", on a dark plate so it reads on trees, snow and sky alike.
fn draw_cue(marks: &ShotMarks, lens: &Lens, scale: &UiScale) {
    let Some((mark, progress)) = marks.cue() else {
        return;
    };
    let fade = (1.0 - progress) as f32;
    let (text, colour) = match mark.target {
        Some(_) if marks.clean() => (format!("clean! +{}", mark.coins), CUE_HIT),
        Some(_) => (format!("hit +{}", mark.coins), CUE_HIT),
        None => ("miss".to_owned(), CUE_MISS),
    };
    let size = scale.px(TITLE_SIZE);
    let (px, measured) = font::fit(&text, size, lens.radius * 1.6);
    let x = lens.centre.x - measured.width / 2.0;
    // Rising a little as it fades.
    let y = lens.centre.y - lens.radius * (CUE_HEIGHT + CUE_RISE * progress as f32);
    let pad = scale.px(CUE_PAD);
    let plate = Rect::new(
        x - pad,
        y - measured.offset_y - pad,
        measured.width + 2.0 * pad,
        measured.height + 2.0 * pad,
    );
    let plate_colour = Color {
        a: CUE_PLATE.a * fade,
        ..CUE_PLATE
    };
    rounded_rect(plate, pad, plate_colour);
    font::draw(&text, x, y, px, Color { a: fade, ..colour });
}

/// The sight's recent path relative to the targets, fading with age, inside the lens.
fn draw_trail(trail: &SwayTrail, lens: &Lens, scale: &UiScale) {
    let points: Vec<Vec2> = trail
        .points()
        .map(|sight| lens.at(sight.as_vec2()))
        .collect();
    let count = points.len().max(1) as f32;
    for (k, pair) in points.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if a.distance(lens.centre) > lens.radius || b.distance(lens.centre) > lens.radius {
            continue;
        }
        let colour = Color {
            a: TRAIL.a * (k as f32 + 1.0) / count,
            ..TRAIL
        };
        draw_line(a.x, a.y, b.x, b.y, scale.px(LINE), colour);
    }
}

/// Five marks, white for a target down, centred on `centre`.
fn draw_targets_down(view: &StageView, centre: Vec2, scale: &UiScale) {
    let spacing = scale.px(MARK_SPACING);
    let radius = scale.px(MARK_RADIUS);
    let first = centre.x - spacing * (view.targets.len() as f32 - 1.0) / 2.0;
    for (k, state) in view.targets.iter().enumerate() {
        let x = first + spacing * k as f32;
        let colour = if *state == TargetState::Hit {
            FACE_HIT
        } else {
            FACE_BLACK
        };
        draw_circle(x, centre.y, radius, colour);
        draw_circle_lines(x, centre.y, radius, scale.px(THIN_LINE), MUTED);
    }
}

/// Position and rounds, heart rate, aiming timer and reward, and what to do now, centred on
/// `x` from the baseline `top` down, each line shrunk to fit `width`.
fn draw_figures(view: &StageView, x: f32, top: f32, width: f32, scale: &UiScale) {
    let step = scale.px(TEXT_SIZE + LINE_GAP);
    let size = scale.px(TEXT_SIZE);
    let title = scale.px(TITLE_SIZE);
    font::draw_centred(position_name(view.position), x, top, title, width, TEXT);
    draw_rounds(view, x, top + step * 0.9, scale);
    let heart = format!("heart {:.0} bpm", view.heart_bpm);
    let beat = heart_colour(view.heart_bpm);
    font::draw_centred(&heart, x, top + 2.0 * step, size, width, beat);
    let aim = pay_line(view);
    font::draw_centred(&aim, x, top + 3.0 * step, size, width, TEXT);
    draw_reward_bar(view, x, top + 3.0 * step, width, scale);
    let (line, colour) = closing_line(view).map_or((phase_line(view), MUTED), |l| (l, CUE_MISS));
    font::draw_centred(&line, x, top + 4.0 * step, size, width, colour);
}

/// In the range's last [`CLOSING_WARNING_S`], the seconds before it closes (each round not
/// fired then counts as a miss), in place of the phase line.
fn closing_line(view: &StageView) -> Option<String> {
    let left = view.closes_in_s?;
    (left <= f64::from(CLOSING_WARNING_S) && view.phase != StagePhase::Finished)
        .then(|| format!("range closes in {:.0} s", left.ceil()))
}

/// What a hit earns now, in words a new player reads at once: its coins and the speed bonus,
/// and while the aim settles, how long the bonus stays whole (the bar under the line drains
/// after).
fn pay_line(view: &StageView) -> String {
    let pay = view.potential_reward - view.speed_bonus;
    match view.speed_bonus {
        0 => format!("hit: {pay} coins"),
        bonus if view.settle_left_s > 0.0 => format!(
            "hit: {pay} coins +{bonus} bonus for {:.0} s",
            view.settle_left_s.ceil()
        ),
        bonus => format!("hit: {pay} coins +{bonus} fading bonus"),
    }
}

/// The speed bonus a hit earns now against its most: one bar under the pay line, whole while
/// the aim settles, draining after, empty after a miss on this target.
fn draw_reward_bar(view: &StageView, x: f32, baseline: f32, width: f32, scale: &UiScale) {
    let full = width.min(scale.px(REWARD_BAR_WIDTH));
    let share = (view.speed_bonus as f32 / SPEED_BONUS_MAX as f32).clamp(0.0, 1.0);
    let (left, y, h) = (
        x - full / 2.0,
        baseline + scale.px(REWARD_BAR_BELOW),
        scale.px(REWARD_BAR_HEIGHT),
    );
    draw_rectangle(left, y, full, h, REWARD_BAR_BACK);
    draw_rectangle(left, y, full * share, h, ROUND);
}

/// The magazine's rounds as filled marks, the spares after a gap.
fn draw_rounds(view: &StageView, x: f32, y: f32, scale: &UiScale) {
    let spacing = scale.px(ROUND_SPACING);
    let radius = scale.px(ROUND_RADIUS);
    let marks = usize::from(view.magazine) + usize::from(view.spares) + 1;
    let first = x - spacing * (marks as f32 - 1.0) / 2.0;
    for k in 0..marks {
        let at = Vec2::new(first + spacing * k as f32, y - radius);
        let magazine = k < usize::from(view.magazine);
        let spare = k > usize::from(view.magazine);
        if magazine {
            draw_circle(at.x, at.y, radius, ROUND);
        } else if spare {
            draw_circle_lines(at.x, at.y, radius, scale.px(LINE), ROUND);
        }
    }
}

/// Green when calm, red when racing, blended between.
fn heart_colour(bpm: f64) -> Color {
    let t = ((bpm - CALM_BPM) / (RACING_BPM - CALM_BPM)).clamp(0.0, 1.0) as f32;
    Color::new(
        CALM.r + (RACING.r - CALM.r) * t,
        CALM.g + (RACING.g - CALM.g) * t,
        CALM.b + (RACING.b - CALM.b) * t,
        1.0,
    )
}

fn phase_line(view: &StageView) -> String {
    match view.phase {
        // The wind is read while the breath is held too: the breath button says it is held.
        StagePhase::Aiming if view.wind_mean_mps != 0.0 => wind_line(view),
        StagePhase::Aiming if view.breath_held => "breath held: steady".to_owned(),
        StagePhase::Aiming => words::AIM_AND_FIRE.now().to_owned(),
        StagePhase::Reloading => format!(
            "loading a spare {:.0}%",
            view.reload_progress.unwrap_or(0.0) * 100.0
        ),
        StagePhase::OutOfRounds => format!(
            "buy a round ({} of this run's coins) or ski {:.0} m",
            view.round_price, view.penalty_if_taken_m
        ),
        StagePhase::Finished => "done".to_owned(),
    }
}

/// The side a crosswind of `wind_mps` (+ blowing to the right) blows from.
pub(super) fn wind_from(wind_mps: f64) -> &'static str {
    if wind_mps < 0.0 {
        "right"
    } else {
        "left"
    }
}

/// The sight's `clicks` (+ to the right) in the buttons' words, how often the button the
/// sight is turned by was pressed more ("aim left ×2"); `None` while it is straight.
pub(super) fn aimed(clicks: i32) -> Option<String> {
    let button = if clicks < 0 {
        words::AIM_LEFT
    } else {
        words::AIM_RIGHT
    };
    (clicks != 0).then(|| format!("{button} ×{}", clicks.unsigned_abs()))
}

/// The sight's buttons' labels for the sight turned `clicks` (+ to the right): the button it
/// is turned by says how far ("aim left ×2"), on the button so the wind's line stays short.
fn aim_labels(clicks: i32) -> [String; 2] {
    let label = |words: &str, turned: bool| match aimed(clicks) {
        Some(aimed) if turned => aimed,
        _ => words.to_owned(),
    };
    [
        label(words::AIM_LEFT, clicks < 0),
        label(words::AIM_RIGHT, clicks > 0),
    ]
}

/// The wind now, for a stage with wind: where it blows from, how hard.
fn wind_line(view: &StageView) -> String {
    let from = wind_from(view.wind_mps);
    format!("wind from {from} {:.1} m/s", view.wind_mps.abs())
}

fn draw_buttons(view: &StageView, buttons: &StageButtons, scale: &UiScale) {
    let breath_label = if view.breath_held {
        words::HOLDING_BREATH.now()
    } else {
        words::HOLD_BREATH.now()
    };
    let breath_colour = if view.breath_held {
        BUTTON_ACTIVE
    } else {
        BUTTON
    };
    draw_button(buttons.breath, breath_label, breath_colour, scale);
    let fire_colour = if view.phase == StagePhase::Aiming {
        BUTTON_FIRE
    } else {
        BUTTON_DISABLED
    };
    draw_button(buttons.fire, FIRE_LABEL, fire_colour, scale);
    if UpperRow::of(view) == UpperRow::Clicks {
        let [left, right] = aim_labels(view.clicks);
        draw_button(buttons.buy, &left, BUTTON_CLICK, scale);
        draw_button(buttons.penalty, &right, BUTTON_CLICK, scale);
    } else if view.phase == StagePhase::OutOfRounds {
        if view.can_buy {
            draw_button(buttons.buy, words::BUY_ROUND.now(), BUTTON, scale);
        } else {
            draw_button(buttons.buy, NOT_ENOUGH_COINS, BUTTON_DISABLED, scale);
        }
        draw_button(buttons.penalty, words::PENALTY.now(), BUTTON, scale);
    }
}

/// A rounded button on a soft shadow, like the menus' buttons, its label centred.
fn draw_button(rect: Rect, label: &str, colour: Color, scale: &UiScale) {
    raised_rect(rect, scale.px(CORNER), scale.px(DROP), colour, CARD_SHADOW);
    let room = rect.w - 2.0 * scale.px(LINE_GAP);
    let (px, measured) = font::fit(label, scale.px(TEXT_SIZE), room);
    font::draw(
        label,
        rect.center().x - measured.width / 2.0,
        rect.y + (rect.h + measured.offset_y) / 2.0,
        px,
        TEXT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::screens::show::probe::{contrast, over};

    #[test]
    fn the_pay_line_says_coins_and_how_long_the_bonus_lasts() {
        use crate::shooting::{Rifle, ShootingStage, StageSetup};
        let mut view = ShootingStage::new(StageSetup {
            seed: 1,
            stage_index: 0,
            position: crate::course::ShootingPosition::Prone,
            sway_factor: 1.0,
            arrival_bpm: 150.0,
            round_price: 10,
            purse: 0,
            rifle: Rifle::Training,
            wind_mps: 0.0,
        })
        .view();
        (view.potential_reward, view.speed_bonus, view.settle_left_s) = (15, 5, 2.4);
        assert_eq!(pay_line(&view), "hit: 10 coins +5 bonus for 3 s");
        (view.potential_reward, view.speed_bonus, view.settle_left_s) = (14, 4, 0.0);
        assert_eq!(pay_line(&view), "hit: 10 coins +4 fading bonus");
        (view.potential_reward, view.speed_bonus) = (10, 0);
        assert_eq!(pay_line(&view), "hit: 10 coins");
    }

    #[test]
    fn the_sight_buttons_say_aim_left_and_right_and_how_far_the_sight_is_turned() {
        assert_eq!(aim_labels(0), ["aim left", "aim right"]);
        assert_eq!(aim_labels(-3), ["aim left ×3", "aim right"]);
        assert_eq!(aim_labels(2), ["aim left", "aim right ×2"]);
        assert_eq!(aimed(0), None);
    }

    #[test]
    fn the_shot_cues_read_at_4_5_to_1_over_dark_trees_snow_and_sky() {
        let pictures = [
            ("dark trees", Color::new(0.08, 0.16, 0.10, 1.0)),
            ("black face", Color::new(0.05, 0.05, 0.06, 1.0)),
            ("snow", Color::new(1.0, 1.0, 1.0, 1.0)),
            ("sky", Color::new(0.55, 0.70, 0.90, 1.0)),
        ];
        for (cue, text) in [("hit", CUE_HIT), ("miss", CUE_MISS)] {
            for (name, picture) in pictures {
                let ratio = contrast(text, over(CUE_PLATE, picture));
                assert!(ratio >= 4.5, "{cue} over {name}: {ratio:.2}:1");
            }
        }
    }
}
