//! The fonts for names in other scripts (Arabic, Hebrew, Thai, CJK; see [`crate::script`]),
//! each loaded from the game's assets only when a text first needs it: a game whose names are
//! all Latin never reads them. The file is read through macroquad (the APK's assets on
//! Android, a fetch in the browser), polled each time the face is asked for: on a desktop or a
//! phone the read is done at the first poll; in a browser the face's characters are left out
//! for the few frames until it arrives.

use crate::script::Face;
use macroquad::text::{load_ttf_font_from_bytes, Font};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

type Read = Pin<Box<dyn Future<Output = Result<Vec<u8>, macroquad::Error>>>>;

/// Where a face's font is.
enum Slot {
    Unread,
    Reading(Read),
    // Leaked on purpose, as the menus' font: dropped after the graphics context it would crash.
    Ready(&'static Font),
    Failed,
}

/// How a face stands now.
pub enum FaceState {
    Ready(&'static Font),
    /// Still arriving: draw nothing for its characters this frame.
    Reading,
    /// It cannot be read: its characters are drawn as missing.
    Failed,
}

thread_local! {
    static SLOTS: RefCell<Vec<(Face, Slot)>> = const { RefCell::new(Vec::new()) };
}

/// The font of `face` (one of [`Face::FOR_NAMES`]), its read started or moved on.
pub fn font(face: Face) -> FaceState {
    SLOTS.with(|slots| {
        let mut slots = slots.borrow_mut();
        let index = match slots.iter().position(|(known, _)| *known == face) {
            Some(index) => index,
            None => {
                slots.push((face, Slot::Unread));
                slots.len() - 1
            }
        };
        let slot = &mut slots[index].1;
        if let Slot::Unread = slot {
            *slot = match face.asset() {
                Some(path) => Slot::Reading(Box::pin(macroquad::file::load_file(path))),
                None => Slot::Failed,
            };
        }
        if let Slot::Reading(read) = slot {
            let mut context = Context::from_waker(Waker::noop());
            if let Poll::Ready(read) = read.as_mut().poll(&mut context) {
                *slot = settle(face, read);
            }
        }
        match slot {
            Slot::Ready(font) => FaceState::Ready(font),
            Slot::Reading(_) | Slot::Unread => FaceState::Reading,
            Slot::Failed => FaceState::Failed,
        }
    })
}

/// The font read, or why not (said once, to developers).
fn settle(face: Face, read: Result<Vec<u8>, macroquad::Error>) -> Slot {
    let font = read
        .map_err(|error| error.to_string())
        .and_then(|bytes| load_ttf_font_from_bytes(&bytes).map_err(|error| error.to_string()));
    match font {
        Ok(font) => Slot::Ready(Box::leak(Box::new(font))),
        Err(error) => {
            crate::app::platform::log::tell_developers(&format!(
                "latu: the font for {face:?} names cannot be loaded ({error}); its characters are \
                 drawn as missing"
            ));
            Slot::Failed
        }
    }
}
