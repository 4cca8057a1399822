//! Chunk streaming: which chunks should exist around the skier, built on worker threads.
//! No GPU code here: the app uploads what this hands over.
//!
//! - [`window`]: the activation window (a chunk behind, past the fog end ahead) and the visible
//!   range that must be resident before a frame may be drawn.
//! - [`ChunkStreamer`]: a bounded pool of workers building requests nearest-first, cancelling
//!   what the skier left behind, results over a channel.
//! - [`StallGate`]: holds the run clock while visible ground is missing and counts those frames.

mod gate;
mod queue;
mod streamer;
pub mod window;

pub use gate::{Readiness, RunPhase, StallGate};
pub use streamer::{ChunkStreamer, StreamStats};
pub use window::{StreamConfig, DEFAULT_VIEW_DISTANCE};

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
