//! Terrain performance figures for `latu bench`, measured side by side in one run: the `noise`
//! crate's own `Fbm<Perlin>` (the peer) and Latu's evaluation of the same field on the same
//! points, and whole chunk builds beside the peer's cost for one chunk's noise alone.

// A benchmark measures wall time; what it times is decided by ticks and seeds alone.
#![allow(clippy::disallowed_methods)]

use super::{chunk_z_start, Chunk, Terrain, TerrainConfig};
use noise::NoiseFn;
use serde::Serialize;
use std::collections::VecDeque;
use std::hint::black_box;
use std::sync::Barrier;
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
/// How long the workers build chunks for `chunks_per_s`, after they have all started.
const PARALLEL_WORK: Duration = Duration::from_millis(600);
/// First chunk index of the parallel run (past the single-thread ones).
const PARALLEL_FIRST_INDEX: u64 = 1_000;

/// What one `measure` run found.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TerrainBench {
    /// The `noise` crate's `Fbm<Perlin>::get` per sample, on one chunk's grid, nanoseconds.
    pub noise_crate_ns_per_sample: f64,
    /// Latu's evaluation of the same field on the same points (grid-wise, as chunks are
    /// built), nanoseconds per sample.
    pub noise_ns_per_sample: f64,
    /// `noise_crate_ns_per_sample / noise_ns_per_sample` (target ≥ 5).
    pub noise_speedup: f64,
    /// Median time the peer needs for all of one chunk's samples, milliseconds.
    pub noise_crate_chunk_ms: f64,
    /// Median time Latu needs for the same samples, milliseconds.
    pub noise_chunk_ms: f64,
    /// Median time to build one whole chunk at default quality on one thread, milliseconds
    /// (target ≤ 0.5 × `noise_crate_chunk_ms`).
    pub chunk_build_ms: f64,
    /// `chunk_build_ms` per vertex of the chunk's meshes, nanoseconds.
    pub chunk_build_ns_per_vertex: f64,
    /// The same build into a recycled chunk's buffers (no allocation), milliseconds.
    pub chunk_rebuild_ms: f64,
    /// Chunks per second with `workers` threads building distinct chunks for at least
    /// `PARALLEL_WORK`, timed from when all have started.
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
    let (peer, noise_point) = terrain.field.crate_reference();
    let mut heights = Vec::new();
    let mut recycled = Chunk::empty();
    let (mut peer_times, mut noise_times) = (Vec::new(), Vec::new());
    let (mut build_times, mut rebuild_times) = (Vec::new(), Vec::new());
    let mut alive = VecDeque::with_capacity(LIVE_CHUNKS + 1);
    let mut samples = 0;
    let mut vertices = 0;
    for index in WARM_UP_CHUNKS..WARM_UP_CHUNKS + TIMED_CHUNKS {
        let z_start = chunk_z_start(index);
        let points: Vec<[f64; 2]> = terrain
            .layout
            .sample_points(z_start)
            .into_iter()
            .map(|(d, z)| noise_point(d, z))
            .collect();
        samples = points.len();

        let start = Instant::now();
        let sum: f64 = points.iter().map(|&point| peer.get(point)).sum();
        black_box(sum);
        peer_times.push(start.elapsed());

        let start = Instant::now();
        terrain
            .layout
            .fill_heights(&terrain.field, z_start, &mut heights);
        black_box(&heights);
        noise_times.push(start.elapsed());

        let start = Instant::now();
        let chunk = black_box(terrain.build_chunk(index));
        build_times.push(start.elapsed());
        vertices = chunk.surface.positions.len() + chunk.props.positions.len();
        alive.push_back(chunk);
        if alive.len() > LIVE_CHUNKS {
            alive.pop_front();
        }

        let start = Instant::now();
        terrain.rebuild_chunk(index, &mut recycled, &mut heights);
        black_box(&recycled);
        rebuild_times.push(start.elapsed());
    }
    let noise_crate_chunk_ms = median_ms(&mut peer_times);
    let noise_chunk_ms = median_ms(&mut noise_times);
    let chunk_build_ms = median_ms(&mut build_times);
    let per_sample = |ms: f64| ms * 1e6 / samples as f64;
    TerrainBench {
        noise_crate_ns_per_sample: per_sample(noise_crate_chunk_ms),
        noise_ns_per_sample: per_sample(noise_chunk_ms),
        noise_speedup: noise_crate_chunk_ms / noise_chunk_ms,
        noise_crate_chunk_ms,
        noise_chunk_ms,
        chunk_build_ms,
        chunk_build_ns_per_vertex: chunk_build_ms * 1e6 / vertices as f64,
        chunk_rebuild_ms: median_ms(&mut rebuild_times),
        chunks_per_s: parallel_chunks_per_s(&terrain, workers),
        workers,
    }
}

/// Chunks per second with `workers` scoped threads each building its own distinct chunks (and
/// keeping its last few alive, like the single-thread run) for [`PARALLEL_WORK`]; the clock
/// starts once every thread is running.
fn parallel_chunks_per_s(terrain: &Terrain, workers: usize) -> f64 {
    let started = Barrier::new(workers + 1);
    let (built, elapsed) = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers as u64)
            .map(|worker| {
                let started = &started;
                scope.spawn(move || {
                    started.wait();
                    let start = Instant::now();
                    let mut alive = VecDeque::with_capacity(LIVE_CHUNKS + 1);
                    let mut built = 0_u64;
                    while start.elapsed() < PARALLEL_WORK {
                        let index = PARALLEL_FIRST_INDEX + built * workers as u64 + worker;
                        alive.push_back(black_box(terrain.build_chunk(index)));
                        if alive.len() > LIVE_CHUNKS {
                            alive.pop_front();
                        }
                        built += 1;
                    }
                    built
                })
            })
            .collect();
        started.wait();
        let start = Instant::now();
        let built: u64 = handles
            .into_iter()
            .map(|handle| handle.join().expect("a bench worker does not panic"))
            .sum();
        (built, start.elapsed())
    });
    built as f64 / elapsed.as_secs_f64()
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
        for figure in [
            bench.noise_crate_ns_per_sample,
            bench.noise_ns_per_sample,
            bench.noise_speedup,
            bench.noise_crate_chunk_ms,
            bench.chunk_build_ms,
            bench.chunk_build_ns_per_vertex,
            bench.chunk_rebuild_ms,
            bench.chunks_per_s,
        ] {
            assert!(figure > 0.0 && figure.is_finite(), "{bench:?}");
        }
    }
}
