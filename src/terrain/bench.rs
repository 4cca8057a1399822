//! Terrain performance figures for `latu bench`, measured side by side in one run.

use super::{chunk_z_start, Chunk, Terrain, TerrainConfig};
use serde::Serialize;
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Seed of the benchmark's terrain.
const BENCH_SEED: u64 = 20_260_101;
/// Chunks built (and noise grids sampled) one at a time on one thread; odd for a clean median.
const TIMED_CHUNKS: u64 = 41;
/// Chunks built before timing starts, so caches and allocator are warm.
const WARM_UP_CHUNKS: u64 = 4;
/// Chunks kept alive while the next is built, as the visible world is in play: freeing each
/// chunk at once would let the allocator hand its pages back and fault them in again.
const LIVE_CHUNKS: usize = 6;
/// Chunks each worker builds in the parallel run.
const CHUNKS_PER_WORKER: u64 = 32;
/// First chunk index of the parallel run (past the single-thread ones).
const PARALLEL_FIRST_INDEX: u64 = 1_000;

/// What one `measure` run found.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TerrainBench {
    /// Cost of one height sample: `noise_only_ms` over the samples of one chunk, nanoseconds.
    pub noise_ns_per_sample: f64,
    /// Median time to build one chunk at default quality on one thread, milliseconds.
    pub chunk_build_ms: f64,
    /// The same, rebuilding into a recycled chunk's buffers (no allocation), milliseconds.
    pub chunk_rebuild_ms: f64,
    /// Median time to sample, once each, every distinct height one chunk needs (the generated
    /// −x half with its border ring; the +x half is its mirror), and nothing else, milliseconds.
    pub noise_only_ms: f64,
    /// `chunk_build_ms / noise_only_ms`: what building costs beyond its bare noise (target ≤ 1.5).
    pub build_to_noise_ratio: f64,
    /// Chunks per second with `workers` threads building distinct chunks.
    pub chunks_per_s: f64,
    pub workers: usize,
}

/// Measure the terrain at default settings; `workers` threads (at least one) for the parallel
/// figure.
pub fn measure(workers: usize) -> TerrainBench {
    let workers = workers.max(1);
    let terrain = Terrain::new(BENCH_SEED, TerrainConfig::default());
    for index in 0..WARM_UP_CHUNKS {
        black_box(terrain.build_chunk(index));
    }
    let mut heights = Vec::new();
    let mut recycled = Chunk::empty();
    let mut noise_times = Vec::new();
    let mut build_times = Vec::new();
    let mut rebuild_times = Vec::new();
    let mut alive = VecDeque::with_capacity(LIVE_CHUNKS + 1);
    for index in WARM_UP_CHUNKS..WARM_UP_CHUNKS + TIMED_CHUNKS {
        let start = Instant::now();
        terrain
            .layout
            .fill_heights(&terrain.field, chunk_z_start(index), &mut heights);
        black_box(&heights);
        noise_times.push(start.elapsed());

        let start = Instant::now();
        let chunk = black_box(terrain.build_chunk(index));
        build_times.push(start.elapsed());
        alive.push_back(chunk);
        if alive.len() > LIVE_CHUNKS {
            alive.pop_front();
        }

        let start = Instant::now();
        terrain.rebuild_chunk(index, &mut recycled, &mut heights);
        black_box(&recycled);
        rebuild_times.push(start.elapsed());
    }
    let noise_only_ms = median_ms(&mut noise_times);
    let chunk_build_ms = median_ms(&mut build_times);
    TerrainBench {
        noise_ns_per_sample: noise_only_ms * 1e6 / heights.len() as f64,
        chunk_build_ms,
        chunk_rebuild_ms: median_ms(&mut rebuild_times),
        noise_only_ms,
        build_to_noise_ratio: chunk_build_ms / noise_only_ms,
        chunks_per_s: parallel_chunks_per_s(&terrain, workers),
        workers,
    }
}

/// Chunks per second with `workers` scoped threads each building its own distinct chunks (and
/// keeping its last few alive, like the single-thread run).
fn parallel_chunks_per_s(terrain: &Terrain, workers: usize) -> f64 {
    let start = Instant::now();
    std::thread::scope(|scope| {
        for worker in 0..workers as u64 {
            scope.spawn(move || {
                let mut alive = VecDeque::with_capacity(LIVE_CHUNKS + 1);
                for k in 0..CHUNKS_PER_WORKER {
                    let index = PARALLEL_FIRST_INDEX + k * workers as u64 + worker;
                    alive.push_back(black_box(terrain.build_chunk(index)));
                    if alive.len() > LIVE_CHUNKS {
                        alive.pop_front();
                    }
                }
            });
        }
    });
    (CHUNKS_PER_WORKER * workers as u64) as f64 / start.elapsed().as_secs_f64()
}

fn median_ms(times: &mut [Duration]) -> f64 {
    times.sort_unstable();
    times[times.len() / 2].as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measure_reports_positive_figures_for_its_workers() {
        let bench = measure(2);
        assert_eq!(bench.workers, 2);
        assert!(bench.noise_ns_per_sample > 0.0);
        assert!(bench.noise_only_ms > 0.0);
        assert!(bench.chunk_build_ms > 0.0);
        assert!(bench.chunk_rebuild_ms > 0.0);
        assert!(bench.chunks_per_s > 0.0);
    }
}
