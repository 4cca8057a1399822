//! What the device does for the game.
//!
//! Audio playback, the app's lifecycle on a phone, Android's JNI calls, whether a desktop's
//! display opens, the files `latu play` writes, and the seams a browser needs: the clock, chunk
//! building without threads, logging to the console, files in `localStorage` and the run
//! options in the page's address.

pub(crate) mod android;
pub mod audio;
pub mod chunk_building;
pub mod clock;
pub(crate) mod display;
pub(crate) mod lifecycle;
pub mod log;
pub mod net;
pub(crate) mod output;
pub mod page;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod web;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod web_storage;

pub use net::page_origin;

use std::path::PathBuf;

/// Done first as `latu play` starts: in a browser, files are kept in `localStorage` from here on.
pub fn start() {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    web_storage::install();
}

/// Whether the game offers a Quit button: only a desktop window is closed from inside the game;
/// a phone leaves by its own back or home key, a browser tab by the browser.
pub const OFFERS_QUIT: bool = !cfg!(any(target_os = "android", target_arch = "wasm32"));

/// Whether the device has a touch screen: a phone always; in a browser, as the page says.
pub fn touch_screen() -> bool {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return web::touch_screen();
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return cfg!(target_os = "android");
}

/// In a browser, the folder the page's `localStorage` keys start with: the store opens there
/// without choosing a data directory (a browser has no absolute paths). `None` elsewhere.
pub fn page_data_dir() -> Option<PathBuf> {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return Some(web_storage::install());
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return None;
}

/// Whether miniquad can be asked for the on-screen keyboard here: a phone shows it, Windows
/// and macOS take the request quietly (IME), a browser ignores it. miniquad's X11 window (Linux
/// and the BSDs) has none and prints "Not implemented for X11" to stderr at every request.
const ASKS_FOR_KEYBOARD: bool = cfg!(any(
    target_os = "android",
    target_os = "windows",
    target_os = "macos",
    target_os = "ios",
    target_arch = "wasm32"
));

/// Show (or hide) the on-screen keyboard while a name is typed, where there is one to ask for.
pub fn show_keyboard(show: bool) {
    if ASKS_FOR_KEYBOARD {
        macroquad::miniquad::window::show_keyboard(show);
    }
}
