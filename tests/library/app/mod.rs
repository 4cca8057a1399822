//! What the app's edge stands on: the cut font, the generated sounds, the swipe recogniser and the
//! GPU context passed down a frame.

mod font_subset;
mod gesture_swipes;
mod gpu_context;
mod sounds_generated;
