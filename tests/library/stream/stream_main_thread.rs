//! Chunk streaming without threads (the web build): the streamer builds on the caller's thread,
//! nearest first, as many a frame as the frame's budget allows and at least one, and a skier at
//! the fastest game speed never sees a missing chunk inside the fog with one build a frame.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use latu::course::MAX_SKIER_SPEED;
use latu::stream::{ChunkStreamer, StallGate, StreamConfig, DEFAULT_VIEW_DISTANCE};

const FRAMES_PER_SECOND: f64 = 60.0;
/// Chunks uploaded per frame (the app's budget).
const UPLOAD_BUDGET: usize = 2;
/// Distance walked, metres (about 47 chunks).
const WALK_LENGTH: f64 = 3000.0;

fn counting_streamer(built: &Arc<AtomicUsize>) -> ChunkStreamer<u64> {
    let built = Arc::clone(built);
    let config = StreamConfig::from_view_distance(DEFAULT_VIEW_DISTANCE);
    ChunkStreamer::on_this_thread(config, move |index| {
        built.fetch_add(1, Ordering::SeqCst);
        index
    })
}

#[test]
fn builds_here_nearest_first_while_the_budget_lasts_and_at_least_one() {
    let built = Arc::new(AtomicUsize::new(0));
    let mut streamer = counting_streamer(&built);
    streamer.update(300.0);
    assert_eq!(streamer.stats().workers, 0);
    // A spent budget still builds one: the nearest (the chunk under the skier).
    assert_eq!(streamer.build_here(|| false), 1);
    assert_eq!(streamer.take_ready(UPLOAD_BUDGET), vec![(4, 4)]);
    // A budget for two more builds exactly three (it is asked after each build).
    let left = Cell::new(2);
    let more = || {
        left.set(left.get() - 1);
        left.get() >= 0
    };
    assert_eq!(streamer.build_here(more), 3);
    let taken: Vec<u64> = streamer.take_ready(3).into_iter().map(|(i, _)| i).collect();
    assert_eq!(taken, [5, 3, 6]);
    // An endless budget empties the queue; then there is nothing to build.
    let queued = streamer.stats().queued;
    assert_eq!(streamer.build_here(|| true), queued);
    assert_eq!(streamer.build_here(|| true), 0);
    assert_eq!(built.load(Ordering::SeqCst), 4 + queued);
}

#[test]
fn one_build_a_frame_keeps_the_fog_filled_at_the_fastest_speed() {
    let built = Arc::new(AtomicUsize::new(0));
    let mut streamer = counting_streamer(&built);
    let mut gate = StallGate::new();
    let step = MAX_SKIER_SPEED / FRAMES_PER_SECOND;
    let mut z = 0.0;
    let mut frames = 0;
    while z < WALK_LENGTH {
        streamer.update(z);
        assert!(streamer.build_here(|| false) <= 1);
        streamer.take_ready(UPLOAD_BUDGET);
        let phase = gate.frame(streamer.readiness(z));
        if phase.clock_runs() {
            z += step;
        }
        frames += 1;
        assert!(frames < 100_000, "the walk never ends");
    }
    assert_eq!(gate.stalled_frames(), 0, "a visible chunk was missing");
    assert!(gate.started());
    assert!(
        gate.loading_frames() < 20,
        "loading took {} frames",
        gate.loading_frames()
    );
}
