//! The skier as the menus draw it: a flat side-on figure of its athlete (build, head, headwear,
//! beard, skin) in its suit and skis, striding on a bank of snow (the title), or standing in
//! what the shop would sell (its preview). Shapes only, in proportions of the box it is drawn
//! in.

use crate::shop::athlete::{AthleteSpec, Headwear};
use crate::shop::outfit::Outfit;
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_line, draw_triangle};

/// The rifle's dark wood.
const RIFLE: Color = Color::new(0.20, 0.14, 0.10, 1.0);
const POLE: Color = Color::new(0.15, 0.18, 0.24, 1.0);
/// The bib's yellow over the suit.
const BIB: Color = Color::new(0.98, 0.80, 0.18, 1.0);

/// Points of the figure in a unit box (x right, y down), striding to the right.
const HEAD: (f32, f32, f32) = (0.60, 0.16, 0.075);
const NECK: (f32, f32) = (0.57, 0.25);
const HIP: (f32, f32) = (0.47, 0.55);
const FRONT_KNEE: (f32, f32) = (0.60, 0.72);
const FRONT_FOOT: (f32, f32) = (0.62, 0.92);
const BACK_KNEE: (f32, f32) = (0.38, 0.74);
const BACK_FOOT: (f32, f32) = (0.28, 0.90);
const FRONT_HAND: (f32, f32) = (0.76, 0.46);
const BACK_HAND: (f32, f32) = (0.34, 0.42);
const FRONT_POLE_TIP: (f32, f32) = (0.66, 0.94);
const BACK_POLE_TIP: (f32, f32) = (0.12, 0.90);
/// Limb and pole thickness as shares of the box's height.
const LIMB: f32 = 0.075;
const POLE_WIDTH: f32 = 0.02;
const SKI_WIDTH: f32 = 0.025;
/// How far each ski reaches before and behind its foot, as shares of the box's width.
const SKI_AHEAD: f32 = 0.22;
const SKI_BEHIND: f32 = 0.20;
/// The athlete's build scales the figure about this point of the unit box (between the feet,
/// on the snow).
const BUILD_ORIGIN: (f32, f32) = (0.47, 0.92);
/// A cap's peak (its reach forward and thickness) and a headband's width, as shares of the
/// head's radius; hair reaches this share of the radius behind the head's centre.
const CAP_PEAK: (f32, f32) = (1.0, 0.22);
const HEADBAND: f32 = 0.4;
const HAIR_BACK: f32 = 0.15;
/// A beard: its centre (forward, down) and radius as shares of the head's radius.
const BEARD: (f32, f32, f32) = (0.35, 0.55, 0.7);

fn colour(rgba: [u8; 4]) -> Color {
    Color::from_rgba(rgba[0], rgba[1], rgba[2], rgba[3])
}

/// The suit's, the hat's and the skis' colours of `outfit`.
fn colours(outfit: Outfit) -> (Color, Color, Color) {
    let suit = outfit.suit.spec();
    (
        colour(suit.body),
        colour(suit.hat),
        colour(outfit.skis.spec().colour),
    )
}

/// Draw the skier in `outfit` filling `area` (kept to its proportions, centred).
pub fn draw_skier(area: Rect, outfit: Outfit) {
    let side = area.h.min(area.w);
    let origin = Vec2::new(area.center().x - side / 2.0, area.y + area.h - side);
    let athlete = outfit.athlete.spec();
    let [wide, tall, _] = athlete.build;
    let at = |(x, y): (f32, f32)| {
        let built = Vec2::new(
            BUILD_ORIGIN.0 + (x - BUILD_ORIGIN.0) * wide,
            BUILD_ORIGIN.1 + (y - BUILD_ORIGIN.1) * tall,
        );
        origin + built * side
    };
    let (body, hat, skis) = colours(outfit);
    let limb = LIMB * side * wide;
    // Skis first, under the feet.
    for foot in [BACK_FOOT, FRONT_FOOT] {
        let tip = at((foot.0 + SKI_AHEAD, foot.1));
        let tail = at((foot.0 - SKI_BEHIND, foot.1));
        draw_line(tail.x, tail.y, tip.x, tip.y, SKI_WIDTH * side, skis);
        draw_circle(tip.x, tip.y - SKI_WIDTH * side, SKI_WIDTH * side, skis);
    }
    let poles = [(BACK_HAND, BACK_POLE_TIP), (FRONT_HAND, FRONT_POLE_TIP)];
    for (hand, tip) in poles {
        let (hand, tip) = (at(hand), at(tip));
        draw_line(hand.x, hand.y, tip.x, tip.y, POLE_WIDTH * side, POLE);
    }
    let limbs = [
        (HIP, BACK_KNEE),
        (BACK_KNEE, BACK_FOOT),
        (HIP, FRONT_KNEE),
        (FRONT_KNEE, FRONT_FOOT),
        (NECK, BACK_HAND),
        (NECK, FRONT_HAND),
    ];
    for (from, to) in limbs {
        let (from, to) = (at(from), at(to));
        draw_line(from.x, from.y, to.x, to.y, limb, body);
        draw_circle(to.x, to.y, limb / 2.0, body);
    }
    // The rifle across the back, the torso, the bib on it.
    let (neck, hip) = (at(NECK), at(HIP));
    let strap = at((NECK.0 - 0.12, NECK.1 - 0.04));
    let butt = at((HIP.0 - 0.02, HIP.1 + 0.04));
    draw_line(strap.x, strap.y, butt.x, butt.y, limb * 0.45, RIFLE);
    draw_line(neck.x, neck.y, hip.x, hip.y, limb * 1.9, body);
    draw_circle(hip.x, hip.y, limb, body);
    let bib_top = neck.lerp(hip, 0.25);
    let bib_bottom = neck.lerp(hip, 0.7);
    draw_line(
        bib_top.x,
        bib_top.y,
        bib_bottom.x,
        bib_bottom.y,
        limb * 1.2,
        BIB,
    );
    let (hx, hy, hr) = HEAD;
    draw_head(at((hx, hy)), hr * side * athlete.head, athlete, hat);
}

/// The athlete's head of radius `r` at `head`, its beard and its headwear in `hat`.
fn draw_head(head: Vec2, r: f32, athlete: &AthleteSpec, hat: Color) {
    if athlete.headwear == Headwear::Headband {
        let hair = head + Vec2::new(-HAIR_BACK * r, -HAIR_BACK * r);
        draw_circle(hair.x, hair.y, r, colour(athlete.hair));
    }
    draw_circle(head.x, head.y, r, colour(athlete.skin));
    if let Some(beard) = athlete.beard {
        let at = head + Vec2::new(BEARD.0 * r, BEARD.1 * r);
        draw_circle(at.x, at.y, BEARD.2 * r, colour(beard));
    }
    let (left, right) = (
        head + Vec2::new(-r * 1.05, 0.0),
        head + Vec2::new(r * 1.05, 0.0),
    );
    match athlete.headwear {
        Headwear::BobbleHat => {
            draw_triangle(left, right, head + Vec2::new(0.0, -r * 1.6), hat);
            draw_circle(head.x, head.y - r * 1.6, r * 0.35, hat);
        }
        Headwear::Cap => {
            let top = head + Vec2::new(0.0, -r * 1.1);
            draw_triangle(left, right, top, hat);
            draw_circle(head.x, head.y - r * 0.35, r * 0.8, hat);
            let peak = Vec2::new(r * CAP_PEAK.0, 0.0);
            draw_line(
                right.x,
                right.y,
                right.x + peak.x,
                right.y,
                r * CAP_PEAK.1,
                hat,
            );
        }
        Headwear::Headband => {
            let band = r * HEADBAND;
            let y = head.y - r * 0.45;
            draw_line(head.x - r, y, head.x + r, y, band, hat);
        }
    }
}
