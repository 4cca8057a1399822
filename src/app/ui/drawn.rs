//! What this frame drew where: each text's box and size, each card, each badge. `--stats`
//! writes the last frame's as `layout`, and [`crate::phone::layout_check`] finds what a player
//! could not read in it (the window tests check every screen at phone and desktop sizes).

use crate::phone::layout_check::{Box2, DrawnLayout, DrawnText};
use macroquad::math::Rect;
use std::cell::RefCell;

thread_local! {
    static DRAWN: RefCell<DrawnLayout> = RefCell::new(DrawnLayout::default());
}

fn corners(rect: Rect) -> Box2 {
    [rect.x, rect.y, rect.right(), rect.bottom()]
}

/// Forget the last frame's boxes (a frame starts).
pub fn clear() {
    DRAWN.with(|drawn| *drawn.borrow_mut() = DrawnLayout::default());
}

/// A text was drawn at `px` with its ink in `rect`, `floating` over the world for a moment or
/// laid out (blank text has no ink, nor a box).
pub fn note_text(text: &str, px: f32, rect: Rect, floating: bool) {
    if text.trim().is_empty() {
        return;
    }
    DRAWN.with(|drawn| {
        drawn.borrow_mut().texts.push(DrawnText {
            text: text.to_owned(),
            px,
            at: corners(rect),
            floating,
        });
    });
}

/// A card or panel was drawn in `rect`.
pub fn note_card(rect: Rect) {
    DRAWN.with(|drawn| drawn.borrow_mut().cards.push(corners(rect)));
}

/// A badge (a medal, an icon) was drawn in `rect`.
pub fn note_badge(rect: Rect) {
    DRAWN.with(|drawn| drawn.borrow_mut().badges.push(corners(rect)));
}

/// What this frame drew so far.
pub fn this_frame() -> DrawnLayout {
    DRAWN.with(|drawn| drawn.borrow().clone())
}
