//! The window's GPU context is fetched once, where a frame loop starts, and passed down; only
//! where miniquad and macroquad give no way to pass it is it fetched again, each place named
//! here and in ARCHITECTURE.md ("A frame in three passes") with its reason.

use crate::architecture::sources::rust_files;
use std::fs;
use std::path::Path;

/// macroquad's one way to the context.
const FETCH: &str = "get_internal_gl";

/// The files under src/app that fetch the context, and why each must.
const FETCHED_IN: [(&str, &str); 4] = [
    (
        "screens/frame_loop.rs",
        "the one fetch, passed down to what draws",
    ),
    (
        "render/renderer.rs",
        "macroquad's queued 2D drawing is flushed only through the handle get_internal_gl makes",
    ),
    (
        "ui/font.rs",
        "the same flush before a new glyph grows macroquad's atlas, inside its text calls",
    ),
    (
        "run/session/scenery.rs",
        "a Drop takes no arguments: the run's buffers are released as it goes",
    ),
];

#[test]
fn the_gpu_context_is_fetched_only_where_it_cannot_be_passed() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let files = rust_files(&app);
    let fetching: Vec<String> = files
        .iter()
        .filter(|file| {
            fs::read_to_string(file)
                .expect("a source file reads")
                .lines()
                .any(|line| !line.trim_start().starts_with("//") && line.contains(FETCH))
        })
        .map(|file| {
            let relative = file.strip_prefix(&app).expect("under src/app");
            relative.to_string_lossy().replace('\\', "/")
        })
        .collect();
    for file in &fetching {
        assert!(
            FETCHED_IN.iter().any(|(named, _)| named == file),
            "src/app/{file} fetches the GPU context itself: take it as an argument instead"
        );
    }
    for (named, why) in FETCHED_IN {
        assert!(
            fetching.iter().any(|file| file == named),
            "src/app/{named} no longer fetches the context ({why}): take it off the list"
        );
    }
}
