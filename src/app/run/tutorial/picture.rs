//! The pictures on the tutorial's prompts: a finger's swipe, or the keys that do the same.

use macroquad::color::Color;
use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_line, draw_rectangle_lines, draw_triangle};

/// The pictures' strokes.
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

    /// The name of the arrow key that makes this swipe, as the cards' words say it.
    #[cfg(test)]
    fn key_name(self) -> &'static str {
        match self {
            Arrow::Left => "Left",
            Arrow::Right => "Right",
            Arrow::Up => "Up",
            Arrow::Down => "Down",
        }
    }
}

/// The picture on a prompt: a finger's swipe, or the arrow keys that make it (the keys the
/// cards name first; the letter keys do the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Picture {
    Swipe(&'static [Arrow]),
    Keys(&'static [Arrow]),
}

/// The picture's proportions: an arrow's reach from the centre (share of the picture's height)
/// and how much further its tip goes, the arrowhead's length and half width (in line widths), a
/// key cap's side (share of the height), the gap between caps (share of a side), the cap's
/// outline (share of a line), and the arrow on a cap: its reach from the cap's centre (share of
/// a side) and its line (share of a line).
const ARROW_REACH: f32 = 0.45;
const ARROW_TIP: f32 = 1.4;
const ARROWHEAD_LENGTH: f32 = 3.0;
const ARROWHEAD_HALF_WIDTH: f32 = 2.2;
const KEY_SIDE: f32 = 0.9;
const KEY_GAP: f32 = 0.3;
const KEY_OUTLINE: f32 = 0.6;
const CAP_ARROW_REACH: f32 = 0.28;
const CAP_ARROW_LINE: f32 = 0.6;

impl Picture {
    /// The names of the keys on the picture's caps (none for a swipe).
    #[cfg(test)]
    pub(super) fn keys_shown(self) -> Vec<&'static str> {
        match self {
            Picture::Swipe(_) => Vec::new(),
            Picture::Keys(keys) => keys.iter().map(|key| key.key_name()).collect(),
        }
    }

    pub(super) fn draw(self, area: Rect, line: f32) {
        let centre = area.center();
        let reach = area.h * ARROW_REACH;
        match self {
            Picture::Swipe(arrows) => {
                for &arrow in arrows {
                    let tail = if arrows.len() > 1 {
                        centre
                    } else {
                        centre - arrow.unit() * reach
                    };
                    draw_arrow(arrow, tail, centre + arrow.unit() * reach * ARROW_TIP, line);
                }
            }
            Picture::Keys(keys) => {
                let side = area.h * KEY_SIDE;
                let gap = side * KEY_GAP;
                let total = keys.len() as f32 * side + (keys.len() as f32 - 1.0) * gap;
                let mut x = centre.x - total / 2.0;
                for &key in keys {
                    let cap = Rect::new(x, centre.y - side / 2.0, side, side);
                    draw_rectangle_lines(cap.x, cap.y, cap.w, cap.h, line * KEY_OUTLINE, INK);
                    let half = key.unit() * side * CAP_ARROW_REACH;
                    let on_cap = line * CAP_ARROW_LINE;
                    draw_arrow(key, cap.center() - half, cap.center() + half, on_cap);
                    x += side + gap;
                }
            }
        }
    }
}

/// An arrow `line` wide from `tail` to `tip`, its head at the tip, pointing `arrow`'s way.
fn draw_arrow(arrow: Arrow, tail: Vec2, tip: Vec2, line: f32) {
    draw_line(tail.x, tail.y, tip.x, tip.y, line, INK);
    let back = tip - arrow.unit() * line * ARROWHEAD_LENGTH;
    let side = Vec2::new(-arrow.unit().y, arrow.unit().x) * line * ARROWHEAD_HALF_WIDTH;
    draw_triangle(tip, back + side, back - side, INK);
}
