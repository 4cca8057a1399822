//! The pictures on the tutorial's prompts: a finger's swipe, or the keys that do the same.

use crate::app::ui::font;
use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_line, draw_rectangle_lines, draw_triangle};

/// The pictures' strokes and letters.
const INK: Color = Color::new(1.0, 1.0, 1.0, 1.0);

/// A swipe's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Arrow {
    Left,
    Right,
    Up,
    Down,
}

impl Arrow {
    fn unit(self) -> Vec2 {
        match self {
            Arrow::Left => Vec2::new(-1.0, 0.0),
            Arrow::Right => Vec2::new(1.0, 0.0),
            Arrow::Up => Vec2::new(0.0, -1.0),
            Arrow::Down => Vec2::new(0.0, 1.0),
        }
    }
}

/// The keys that make each swipe (the letter keys; the arrows do the same).
pub(super) fn keys_for(directions: &'static [Arrow]) -> &'static [&'static str] {
    match directions {
        [Arrow::Left, Arrow::Right] => &["A", "D"],
        [Arrow::Up] => &["W"],
        [Arrow::Down] => &["S"],
        _ => &[],
    }
}

/// The picture on a prompt: a finger's swipe, or keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Picture {
    Swipe(&'static [Arrow]),
    Keys(&'static [&'static str]),
}

/// The picture's proportions: an arrow's reach from the centre (share of the picture's height)
/// and how much further its tip goes, the arrowhead's length and half width (in line widths), a
/// key cap's side (share of the height), the gap between caps (share of a side), the cap's
/// outline (share of a line) and where its letter sits (share of the text size below centre).
const ARROW_REACH: f32 = 0.45;
const ARROW_TIP: f32 = 1.4;
const ARROWHEAD_LENGTH: f32 = 3.0;
const ARROWHEAD_HALF_WIDTH: f32 = 2.2;
const KEY_SIDE: f32 = 0.9;
const KEY_GAP: f32 = 0.3;
const KEY_OUTLINE: f32 = 0.6;
const KEY_BASELINE: f32 = 0.35;

impl Picture {
    pub(super) fn draw(self, area: Rect, line: f32, text: f32) {
        let centre = area.center();
        let reach = area.h * ARROW_REACH;
        match self {
            Picture::Swipe(arrows) => {
                for arrow in arrows {
                    let tip = centre + arrow.unit() * reach * ARROW_TIP;
                    let tail = if arrows.len() > 1 {
                        centre
                    } else {
                        centre - arrow.unit() * reach
                    };
                    draw_line(tail.x, tail.y, tip.x, tip.y, line, INK);
                    let back = tip - arrow.unit() * line * ARROWHEAD_LENGTH;
                    let side =
                        Vec2::new(-arrow.unit().y, arrow.unit().x) * line * ARROWHEAD_HALF_WIDTH;
                    draw_triangle(tip, back + side, back - side, INK);
                }
            }
            Picture::Keys(keys) => {
                let side = area.h * KEY_SIDE;
                let gap = side * KEY_GAP;
                let total = keys.len() as f32 * side + (keys.len() as f32 - 1.0) * gap;
                let mut x = centre.x - total / 2.0;
                for key in keys {
                    let cap = Rect::new(x, centre.y - side / 2.0, side, side);
                    draw_rectangle_lines(cap.x, cap.y, cap.w, cap.h, line * KEY_OUTLINE, INK);
                    let baseline = cap.center().y + text * KEY_BASELINE;
                    font::draw_centred(key, cap.center().x, baseline, text, side, INK);
                    x += side + gap;
                }
            }
        }
    }
}
