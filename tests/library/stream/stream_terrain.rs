//! Streaming real terrain: the chunks the workers hand over are exactly the chunks the terrain
//! builds on its own, whichever worker built them and in whatever order.

// The clock only bounds how long a test waits before it fails instead of hanging.
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use latu::stream::{ChunkStreamer, StreamConfig};
use latu::terrain::{Chunk, Terrain, TerrainConfig, CHUNK_LENGTH};

const SEED: u64 = 7_321;

/// Longest wait for the workers before calling it a hang.
const HANG_LIMIT: Duration = Duration::from_secs(120);

/// Takes chunks at `z` until the whole active window is resident; returns what was taken.
fn fill_window(streamer: &mut ChunkStreamer<Chunk>, z: f64) -> Vec<(u64, Chunk)> {
    let deadline = Instant::now() + HANG_LIMIT;
    let mut taken = Vec::new();
    loop {
        streamer.update(z);
        taken.extend(streamer.take_ready(usize::MAX));
        let active = streamer.config().active_range(z);
        if active.clone().all(|i| streamer.is_resident(i)) {
            return taken;
        }
        assert!(Instant::now() < deadline, "terrain never streamed at z {z}");
        thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn streamed_terrain_chunks_equal_direct_builds() {
    let terrain = Arc::new(Terrain::new(SEED, TerrainConfig::default()));
    let config = StreamConfig::default();
    let mut streamer = {
        let terrain = Arc::clone(&terrain);
        ChunkStreamer::with_workers(config, 3, move |i| terrain.build_chunk(i))
            .expect("spawning worker threads")
    };
    let mut taken = fill_window(&mut streamer, 0.0);
    assert!(streamer.readiness(0.0).lead);
    // A jump far along, as an Endless run gets there, and a few steps on.
    for z in [
        40_000.0,
        40_000.0 + CHUNK_LENGTH,
        40_000.0 + 2.5 * CHUNK_LENGTH,
    ] {
        taken.extend(fill_window(&mut streamer, z));
    }
    let mut indices: Vec<u64> = taken.iter().map(|(i, _)| *i).collect();
    indices.sort_unstable();
    let expected: Vec<u64> = config
        .active_range(0.0)
        .chain(*config.active_range(40_000.0).start()..=*config.active_range(40_160.0).end())
        .collect();
    assert_eq!(indices, expected);
    for (index, chunk) in &taken {
        assert_eq!(chunk.index, *index);
        assert_eq!(chunk, &terrain.build_chunk(*index), "chunk {index}");
    }
}
