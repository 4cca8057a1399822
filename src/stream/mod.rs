//! Chunk streaming: which chunks should exist around the skier, built on worker threads.
//! No GPU code here: the app uploads what this hands over.
//!
//! - [`window`]: the activation window (a chunk behind, two past the fog end ahead), the visible
//!   range that must be resident before a frame may be drawn, and the lead a run waits for.
//! - [`ChunkStreamer`]: a bounded pool of workers building requests nearest-first, cancelling
//!   what the skier left behind, results over a channel.
//! - [`StallGate`]: holds the run clock while visible ground is missing and counts those frames.
//!
//! The app, once per frame:
//!
//! ```
//! use latu::stream::{ChunkStreamer, RunPhase, StallGate, StreamConfig, DEFAULT_VIEW_DISTANCE};
//!
//! const UPLOADS_PER_FRAME: usize = 1;
//! let config = StreamConfig::from_view_distance(DEFAULT_VIEW_DISTANCE);
//! // The game passes `move |index| terrain.build_chunk(index)` with an `Arc<Terrain>`.
//! let mut streamer = ChunkStreamer::new(config, |index| index)?;
//! let mut gate = StallGate::new();
//! let skier_z = 0.0;
//! for _frame in 0..3 {
//!     for _index in streamer.update(skier_z) {
//!         // free that chunk's GPU buffers
//!     }
//!     for (_index, _chunk) in streamer.take_ready(UPLOADS_PER_FRAME) {
//!         // upload into static GPU buffers
//!     }
//!     match gate.frame(streamer.readiness(skier_z)) {
//!         RunPhase::Loading => {
//!             let (_ready, _needed) = streamer.startup_progress(skier_z); // the loading bar
//!         }
//!         RunPhase::Stalled => {} // hold the run clock; draw the skier where it is
//!         RunPhase::Running => {} // step the simulation, then draw
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```

mod gate;
mod queue;
mod streamer;
pub mod window;

pub use gate::{Readiness, RunPhase, StallGate};
pub use streamer::{ChunkStreamer, StreamStats};
pub use window::{chunk_at, StreamConfig, DEFAULT_STEP_MARGIN, DEFAULT_VIEW_DISTANCE};

/// Most worker threads ever used: more buys nothing at the fastest skier speed.
pub const MAX_WORKERS: usize = 4;

/// Cores kept free for the render thread on phones.
const RESERVED_CORES: usize = if cfg!(target_os = "android") { 1 } else { 0 };

/// Worker threads for this machine: its available parallelism (less one core for rendering on
/// Android), at least 1 and at most [`MAX_WORKERS`].
pub fn worker_count() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    workers_for(cores, RESERVED_CORES)
}

fn workers_for(cores: usize, reserved: usize) -> usize {
    cores.saturating_sub(reserved).clamp(1, MAX_WORKERS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_follow_the_cores_within_bounds() {
        assert_eq!(workers_for(1, 0), 1);
        assert_eq!(workers_for(3, 0), 3);
        assert_eq!(workers_for(16, 0), MAX_WORKERS);
        assert_eq!(workers_for(0, 0), 1);
    }

    #[test]
    fn a_reserved_core_is_left_for_rendering_but_one_worker_remains() {
        assert_eq!(workers_for(1, 1), 1);
        assert_eq!(workers_for(2, 1), 1);
        assert_eq!(workers_for(4, 1), 3);
        assert_eq!(workers_for(8, 1), MAX_WORKERS);
    }

    #[test]
    fn this_machine_gets_between_one_and_the_maximum() {
        assert!((1..=MAX_WORKERS).contains(&worker_count()));
    }
}
