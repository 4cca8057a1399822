//! The run's answers drawn over the world: speed streaks at the screen's edges, a crash's red
//! edge, a coin's sparkle, floating words, the finish's confetti, and Endless's hearts.

use super::{RunFeel, WordKind};
use crate::app::run::range::CUE_MISS;
use crate::app::ui::font;
use crate::app::ui::layout::{MARGIN, PAUSE_SIDE};
use crate::app::ui::shapes::rounded_rect;
use crate::course::MAX_SKIER_SPEED;
use crate::phone::density::UiScale;
use crate::seed::unit_hash;
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_line, draw_rectangle, draw_triangle};
use macroquad::window::{screen_height, screen_width};
use std::f32::consts::TAU;

/// Speed from which the streaks show (the slowest level's), m/s.
const STREAK_CALM: f64 = 10.0;
/// Most streaks at top speed, their length as a share of the screen's half-diagonal, how
/// often each runs out per second, and how thick they are (layout units).
const STREAKS: usize = 28;
const STREAK_LENGTH: f32 = 0.22;
const STREAK_RATE: f64 = 2.2;
const STREAK_WIDTH: f32 = 1.5;
/// Streaks keep out of the middle of the screen: they start this share of the half-diagonal
/// out from the vanishing point (about where the track meets the fog).
const STREAK_CLEAR: f32 = 0.45;
const VANISHING_Y: f32 = 0.42;
const STREAK: Color = Color::new(1.0, 1.0, 1.0, 0.35);
/// The crash's red edge: bands deep (layout units) and strongest alpha.
const FLASH_BANDS: usize = 6;
const FLASH_BAND: f32 = 9.0;
const FLASH_RED: Color = Color::new(0.90, 0.08, 0.06, 0.7);
/// The coin's sparkle: rays, how far they fly (layout units), gold.
const SPARKS: usize = 10;
const SPARK_REACH: f32 = 60.0;
const SPARK_SIZE: f32 = 6.0;
const SPARK: Color = Color::new(1.0, 0.86, 0.25, 1.0);
/// Words: size (layout units), how far they rise (layout units), where without a skier.
const WORD_SIZE: f32 = 30.0;
/// How far a word sinks over its first second, layout units.
const WORD_DRIFT: f32 = 24.0;
/// The sparkle's centre above the skier's chest, layout units.
const WORD_ABOVE_SKIER: f32 = 120.0;
/// A word's top below the skier's chest (under its skis), layout units: words never stand
/// over the lane ahead, where they would hide the next obstacle.
const WORD_BELOW_SKIER: f32 = 70.0;
const WORD_GOOD: Color = Color::new(1.0, 0.88, 0.22, 1.0);
/// The range's miss cue, a light coral: the old deep red read at 2:1 on the word's plate.
const WORD_BAD: Color = CUE_MISS;
const WORD_SHADOW: Color = Color::new(0.02, 0.05, 0.12, 0.9);
/// The plate under a word, and its margin around the ink (layout units): bare, the gold and
/// red words faded to grey on the snow and over the skier's red suit.
const WORD_PLATE: Color = Color::new(0.02, 0.05, 0.12, 0.85);
const WORD_PLATE_PAD: f32 = 6.0;
/// Confetti: pieces, how long they fly, their size (layout units), throw and fall speeds
/// (screen heights per second).
const CONFETTI: usize = 90;
const CONFETTI_S: f64 = 3.0;
const PIECE: f32 = 7.0;
const THROW: f32 = 0.9;
const FALL: f32 = 0.75;
const CONFETTI_COLOURS: [Color; 5] = [
    Color::new(0.95, 0.25, 0.25, 1.0),
    Color::new(0.98, 0.80, 0.14, 1.0),
    Color::new(0.20, 0.70, 0.35, 1.0),
    Color::new(0.25, 0.50, 0.95, 1.0),
    Color::new(1.0, 1.0, 1.0, 1.0),
];
/// Seeds the confetti's scatter apart from the streaks' and sparks'.
const CONFETTI_SALT: u64 = 0x0C0F_E771;
/// Hearts: size (layout units) and faces.
const HEART: f32 = 15.0;
const HEART_FULL: Color = Color::new(0.90, 0.12, 0.20, 1.0);
const HEART_GONE: Color = Color::new(0.15, 0.20, 0.30, 0.55);

/// Draw the run's answers: `speed_m_s` for the streaks, the skier's place on screen (if seen)
/// for the sparkle and the words.
pub fn draw_feel(
    feel: &RunFeel,
    speed_m_s: f64,
    clock_s: f64,
    skier: Option<Vec2>,
    scale: &UiScale,
) {
    draw_streaks(speed_m_s, clock_s, scale);
    draw_flash(feel.flash(), scale);
    let anchor = skier.unwrap_or(Vec2::new(
        screen_width() / 2.0,
        screen_height() * 0.7 + scale.px(WORD_ABOVE_SKIER),
    ));
    if let Some((age, seed)) = feel.sparkle() {
        draw_sparkle(anchor, age as f32, seed, scale);
    }
    let words = feel.words();
    let screen = Vec2::new(screen_width(), screen_height());
    let margin = scale.px(MARGIN);
    for (i, word) in words.iter().enumerate() {
        let fade = (1.0 - word.age as f32).clamp(0.0, 1.0).sqrt();
        let face = match word.kind {
            WordKind::Good => WORD_GOOD,
            WordKind::Bad => WORD_BAD,
        };
        let (px, measured) = font::fit(&word.text, scale.px(WORD_SIZE), screen.x - 2.0 * margin);
        let spot = word_spot(
            WordPlace {
                below: anchor.y + scale.px(WORD_BELOW_SKIER),
                centre_x: anchor.x,
                // Older words stand a line below each newer one.
                newer: (words.len() - 1 - i) as f32,
                line: px,
                drift: scale.px(WORD_DRIFT) * (word.age as f32).min(1.0),
            },
            Vec2::new(measured.width, measured.height),
            screen,
            margin,
        );
        let drop = scale.px(2.0);
        // The font draws from the baseline: the ink's top is `offset_y` above it.
        let baseline = spot.y + measured.offset_y;
        let pad = scale.px(WORD_PLATE_PAD);
        let plate = Rect::new(
            spot.x - pad,
            spot.y - pad,
            measured.width + drop + 2.0 * pad,
            measured.height + drop + 2.0 * pad,
        );
        rounded_rect(plate, pad, faded(WORD_PLATE, fade));
        font::floating(|| {
            font::draw(
                &word.text,
                spot.x + drop,
                baseline + drop,
                px,
                faded(WORD_SHADOW, fade),
            );
            font::draw(&word.text, spot.x, baseline, px, faded(face, fade));
        });
    }
    if let Some(since) = feel.since_finish().filter(|&s| s < CONFETTI_S) {
        draw_confetti(since as f32, scale);
    }
}

/// Where a floating word wants to be, pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct WordPlace {
    /// The top of the newest word's line: under the skier.
    below: f32,
    /// Where the word is centred across, if it fits there: the skier's x.
    centre_x: f32,
    /// How many newer words stand above it.
    newer: f32,
    /// One line's height.
    line: f32,
    /// How far it has sunk so far.
    drift: f32,
}

/// The top-left corner a word of `size` (pixels) is drawn at: under the skier, centred on it,
/// but moved whole inside `screen` with `margin` to spare (a word by a side lane is never cut
/// at the edge).
fn word_spot(place: WordPlace, size: Vec2, screen: Vec2, margin: f32) -> Vec2 {
    let x = (place.centre_x - size.x / 2.0).clamp(margin, (screen.x - margin - size.x).max(margin));
    let y = place.below + place.newer * place.line + place.drift;
    Vec2::new(x, y.min(screen.y - margin - size.y).max(margin))
}

fn faded(color: Color, share: f32) -> Color {
    Color::new(color.r, color.g, color.b, color.a * share)
}

/// Streaks from the vanishing point out to the edges, more and longer the faster the skier.
fn draw_streaks(speed_m_s: f64, clock_s: f64, scale: &UiScale) {
    let fast = ((speed_m_s - STREAK_CALM) / (MAX_SKIER_SPEED - STREAK_CALM)).clamp(0.0, 1.0);
    let count = (fast * STREAKS as f64).round() as usize;
    let (w, h) = (screen_width(), screen_height());
    let centre = Vec2::new(w / 2.0, h * VANISHING_Y);
    let reach = centre.length().max(Vec2::new(w, h).length() / 2.0);
    let length = STREAK_LENGTH * (0.5 + fast as f32);
    for i in 0..count {
        let salt = i as u64 * 3;
        let angle = unit_hash(salt) as f32 * TAU;
        let phase = (clock_s * STREAK_RATE * (0.7 + unit_hash(salt + 1) * 0.6)
            + unit_hash(salt + 2))
        .fract() as f32;
        let out = STREAK_CLEAR + (1.0 - STREAK_CLEAR) * phase;
        let way = Vec2::new(angle.cos(), angle.sin());
        let from = centre + way * reach * out;
        let to = centre + way * reach * (out + length);
        draw_line(
            from.x,
            from.y,
            to.x,
            to.y,
            scale.px(STREAK_WIDTH),
            faded(STREAK, phase),
        );
    }
}

/// A red glow along the screen's edges, in bands fading inwards.
fn draw_flash(strength: f32, scale: &UiScale) {
    if strength <= 0.0 {
        return;
    }
    let (w, h) = (screen_width(), screen_height());
    let band = scale.px(FLASH_BAND);
    for k in 0..FLASH_BANDS {
        let inset = band * k as f32;
        let color = faded(FLASH_RED, strength * (1.0 - k as f32 / FLASH_BANDS as f32));
        draw_rectangle(inset, inset, w - 2.0 * inset, band, color);
        draw_rectangle(inset, h - inset - band, w - 2.0 * inset, band, color);
        draw_rectangle(inset, inset + band, band, h - 2.0 * (inset + band), color);
        draw_rectangle(
            w - inset - band,
            inset + band,
            band,
            h - 2.0 * (inset + band),
            color,
        );
    }
}

/// Gold sparks flying out of the coin's pop, `age` 0–1 of their life.
fn draw_sparkle(at: Vec2, age: f32, seed: u64, scale: &UiScale) {
    let centre = at - Vec2::new(0.0, scale.px(WORD_ABOVE_SKIER) * 0.5);
    for i in 0..SPARKS {
        let salt = seed.wrapping_mul(SPARKS as u64) + i as u64;
        let angle = (i as f32 + unit_hash(salt) as f32) / SPARKS as f32 * TAU;
        let reach = scale.px(SPARK_REACH) * age * (0.6 + 0.4 * unit_hash(salt ^ 1) as f32);
        let p = centre + Vec2::new(angle.cos(), angle.sin()) * reach;
        let size = scale.px(SPARK_SIZE) * (1.0 - age);
        draw_diamond(p, size, faded(SPARK, 1.0 - age * age));
    }
}

fn draw_diamond(at: Vec2, size: f32, color: Color) {
    let (up, down) = (at - Vec2::Y * size * 1.6, at + Vec2::Y * size * 1.6);
    let (left, right) = (at - Vec2::X * size, at + Vec2::X * size);
    draw_triangle(up, left, right, color);
    draw_triangle(down, right, left, color);
}

/// Confetti thrown up from the finish arch's top, falling and fluttering, `since` seconds on.
fn draw_confetti(since: f32, scale: &UiScale) {
    let (w, h) = (screen_width(), screen_height());
    let size = scale.px(PIECE);
    for i in 0..CONFETTI {
        let salt = CONFETTI_SALT + i as u64 * 4;
        let side = unit_hash(salt) as f32 * 2.0 - 1.0;
        let up = THROW * (0.5 + unit_hash(salt + 1) as f32);
        let x = w / 2.0 + side * w * 0.6 * (since / (since + 0.4));
        let y = h * 0.35 + h * (-up * since + FALL * since * since);
        let flutter = (since * 9.0 + unit_hash(salt + 2) as f32 * TAU).sin();
        let color = CONFETTI_COLOURS[i % CONFETTI_COLOURS.len()];
        let fade = (1.0 - since / CONFETTI_S as f32).clamp(0.0, 1.0);
        draw_rectangle(
            x + flutter * size,
            y,
            size * (0.4 + 0.6 * flutter.abs()),
            size * 0.6,
            faded(color, fade),
        );
    }
}

/// Endless's lives as hearts, right-aligned at `top`: full ones red, lost ones dim.
pub fn draw_hearts(left: u8, of: u8, top: f32, scale: &UiScale) {
    let size = scale.px(HEART);
    let (row_left, right) = hearts_span(of, scale);
    crate::app::ui::drawn::note_badge(Rect::new(row_left, top, right - row_left, size));
    for k in 0..of {
        let x = right - (f32::from(of - k) - 0.5) * (size + heart_gap(size));
        let face = if k < left { HEART_FULL } else { HEART_GONE };
        draw_heart(Vec2::new(x, top + size / 2.0), size, face);
    }
}

/// The gap between two hearts, pixels.
fn heart_gap(size: f32) -> f32 {
    size * 0.3
}

/// Where a row of `of` hearts lies across the screen, pixels (left, right): left of the pause
/// button (on the right unless the player is left-handed). Text beside them stops before it.
pub fn hearts_span(of: u8, scale: &UiScale) -> (f32, f32) {
    let size = scale.px(HEART);
    let right = screen_width() - scale.px(PAUSE_SIDE + 2.0 * MARGIN);
    let left = right - f32::from(of) * (size + heart_gap(size)) + heart_gap(size) / 2.0;
    (left, right)
}

/// A heart of two circles over a point, `size` wide, centred on `at`.
fn draw_heart(at: Vec2, size: f32, color: Color) {
    let r = size * 0.27;
    let lobe_y = at.y - size * 0.18;
    draw_circle(at.x - r, lobe_y, r, color);
    draw_circle(at.x + r, lobe_y, r, color);
    draw_triangle(
        Vec2::new(at.x - 2.0 * r, lobe_y + r * 0.25),
        Vec2::new(at.x + 2.0 * r, lobe_y + r * 0.25),
        Vec2::new(at.x, at.y + size * 0.45),
        color,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::screens::show::probe::{contrast, over};

    const SCREEN: Vec2 = Vec2::new(360.0, 800.0);

    /// review5: "Close! +25" and "Tuck!" faded grey-gold on the snow. On their plate, both
    /// kinds of word read at 4.5:1 over snow, sky and the skier's red suit.
    #[test]
    fn a_floating_word_reads_on_its_plate_over_snow_sky_and_the_suit() {
        let pictures = [
            ("snow", Color::new(1.0, 1.0, 1.0, 1.0)),
            ("sky", Color::new(0.55, 0.70, 0.90, 1.0)),
            ("red suit", Color::new(0.85, 0.12, 0.10, 1.0)),
        ];
        for (kind, face) in [("good", WORD_GOOD), ("bad", WORD_BAD)] {
            for (name, picture) in pictures {
                let plate = over(WORD_PLATE, picture);
                let contrast = contrast(over(face, plate), plate);
                assert!(contrast >= 4.5, "{kind} over {name}: {contrast:.2}:1");
            }
        }
    }
    const MARGIN_PX: f32 = 12.0;

    fn place(centre_x: f32, newer: f32) -> WordPlace {
        WordPlace {
            below: 560.0 + 70.0,
            centre_x,
            newer,
            line: 30.0,
            drift: 24.0,
        }
    }

    #[test]
    fn a_word_by_a_side_lane_stays_whole_inside_the_screen() {
        // "Coin line ×10" about 190 px wide, the skier in the left lane at x = 60.
        let size = Vec2::new(190.0, 24.0);
        for centre_x in [0.0, 60.0, 180.0, 300.0, 360.0] {
            let at = word_spot(place(centre_x, 0.0), size, SCREEN, MARGIN_PX);
            assert!(
                at.x >= MARGIN_PX && at.x + size.x <= SCREEN.x - MARGIN_PX,
                "{at}"
            );
            assert!(
                at.y >= MARGIN_PX && at.y + size.y <= SCREEN.y - MARGIN_PX,
                "{at}"
            );
        }
        // Centred on the skier where it fits.
        let middle = word_spot(place(180.0, 0.0), size, SCREEN, MARGIN_PX);
        assert_eq!(middle.x + size.x / 2.0, 180.0);
    }

    #[test]
    fn words_stand_under_the_skier_clear_of_the_lane_ahead_and_in_the_screen() {
        let size = Vec2::new(120.0, 24.0);
        let chest = 560.0;
        for newer in 0..4 {
            let at = word_spot(place(180.0, newer as f32), size, SCREEN, MARGIN_PX);
            assert!(at.y > chest, "word {newer} at {at} is over the lane ahead");
            assert!(
                at.y + size.y <= SCREEN.y - MARGIN_PX,
                "word {newer} at {at}"
            );
        }
    }
}
