//! Words for developers: stderr on a desktop, logcat on Android, the browser's console on the
//! web (where `eprintln!` goes nowhere). miniquad's logger already routes each platform; this
//! is the game's one way in.

/// Something a developer should know (a file that could not be read, a sound not loaded).
pub fn tell_developers(message: &str) {
    macroquad::miniquad::warn!("{}", message);
}

/// A step of the game as it happens (a lane change, a jump, a range), for a browser test that
/// reads the console: on the web only, where the console is the developers' own channel; a
/// desktop's stderr stays quiet.
pub fn trace(message: &str) {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        macroquad::miniquad::info!("latu trace: {}", message);
    }
}
