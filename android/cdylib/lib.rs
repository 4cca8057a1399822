//! The game's Android library: `src/main.rs` as it is, plus the entry point miniquad's
//! `QuadNative.activityOnCreate` calls once the activity has loaded this library.

include!("../../src/main.rs");

/// Runs the game on miniquad's thread; the exit code has no one to go to on a phone.
#[no_mangle]
pub extern "C" fn quad_main() {
    let _ = main();
}
