//! Where chunks are built: on worker threads, or — where threads cannot start (a browser's
//! wasm32-unknown-unknown) — on the main thread, a few each frame within a time budget, nearest
//! first, so the ground inside the fog is always there before the skier sees it.

use std::time::Duration;

/// How this platform builds chunks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkBuilding {
    /// On a pool of worker threads.
    Workers,
    /// On the main thread, each frame until `budget` is spent (at least one chunk when any is
    /// waiting).
    MainThread { budget: Duration },
}

/// Main-thread building time per frame: a quarter of a 60 Hz frame, leaving the rest to drawing.
/// A chunk takes longer than this on a slow phone: then one chunk a frame, still dozens of times
/// faster than the fastest skier crosses chunks.
const MAIN_THREAD_BUDGET: Duration = Duration::from_millis(4);

/// This platform's way.
pub const CHUNK_BUILDING: ChunkBuilding =
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        ChunkBuilding::MainThread {
            budget: MAIN_THREAD_BUDGET,
        }
    } else {
        ChunkBuilding::Workers
    };
