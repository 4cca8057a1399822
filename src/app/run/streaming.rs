//! The window's side of chunk streaming: moves the streamer's window with the skier, builds
//! chunks on the main thread where the platform has no threads, frees the buffers of evicted
//! chunks, uploads finished chunks within a per-frame budget, and says whether everything the
//! camera can see is on the GPU.

use crate::app::platform::chunk_building::{ChunkBuilding, CHUNK_BUILDING};
use crate::app::platform::clock::Moment;
use crate::app::render::chunk_buffers::ChunkBuffers;
use crate::app::AppError;
use crate::stream::{ChunkStreamer, Readiness, StreamConfig};
use crate::terrain::{Chunk, Terrain};
use glam::DVec3;
use macroquad::miniquad::RenderingBackend;
use std::sync::Arc;
use std::time::Duration;

/// Chunks uploaded per frame at most, so a burst of arrivals never stalls one frame.
const UPLOADS_PER_FRAME: usize = 2;

/// What one frame's upload did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Uploads {
    pub chunks: u64,
    /// CPU time spent creating buffers.
    pub time: Duration,
    /// GPU buffer pairs created for chunks since the run began (the other uploads reused
    /// recycled ones).
    pub buffer_pairs: u64,
}

/// Streamed terrain and its GPU buffers.
pub struct WorldStream {
    streamer: ChunkStreamer<Chunk>,
    buffers: ChunkBuffers,
}

impl WorldStream {
    /// Start building chunks of `terrain`: the worker pool, or the main thread where the
    /// platform has no threads.
    pub fn new(terrain: Arc<Terrain>, config: StreamConfig) -> Result<Self, AppError> {
        let build = move |index| terrain.build_chunk(index);
        let streamer = match CHUNK_BUILDING {
            ChunkBuilding::Workers => {
                ChunkStreamer::new(config, build).map_err(AppError::Workers)?
            }
            ChunkBuilding::MainThread { .. } => ChunkStreamer::on_this_thread(config, build),
        };
        Ok(Self {
            streamer,
            buffers: ChunkBuffers::default(),
        })
    }

    /// Move the window to the skier at `skier_z`, free what left it, build (without threads)
    /// and upload what is ready.
    pub fn update(&mut self, ctx: &mut dyn RenderingBackend, skier_z: f64) -> Uploads {
        for index in self.streamer.update(skier_z) {
            self.buffers.evict(ctx, index);
        }
        if let ChunkBuilding::MainThread { budget } = CHUNK_BUILDING {
            let started = Moment::now();
            self.streamer.build_here(|| started.elapsed() < budget);
        }
        let start = Moment::now();
        let mut chunks = 0;
        for (_, chunk) in self.streamer.take_ready(UPLOADS_PER_FRAME) {
            self.buffers.upload(ctx, &chunk);
            chunks += 1;
        }
        Uploads {
            chunks,
            time: start.elapsed(),
            buffer_pairs: self.buffers.pairs_created(),
        }
    }

    /// The feet of the trees on the uploaded chunks, world coordinates, into `feet` (emptied
    /// first, its buffer kept).
    pub fn tree_feet(&self, feet: &mut Vec<DVec3>) {
        feet.clear();
        for (_, chunk) in self.buffers.iter() {
            let z = chunk.z_start;
            feet.extend(
                chunk
                    .trees
                    .iter()
                    .map(|&[x, y, dz]| DVec3::new(f64::from(x), f64::from(y), z + f64::from(dz))),
            );
        }
    }

    /// Delete every chunk's buffers (the run is over).
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        self.buffers.release(ctx);
    }

    /// How much of the ground around a skier at `skier_z` is on the GPU, for the stall gate.
    pub fn readiness(&self, skier_z: f64) -> Readiness {
        self.streamer.readiness(skier_z)
    }

    /// Share of the chunks a run starts with that are on the GPU, for the loading bar.
    pub fn progress(&self, skier_z: f64) -> f32 {
        let (resident, needed) = self.streamer.startup_progress(skier_z);
        if needed == 0 {
            1.0
        } else {
            resident as f32 / needed as f32
        }
    }

    /// The streaming window's shape.
    pub fn config(&self) -> &StreamConfig {
        self.streamer.config()
    }

    /// The chunks on the GPU.
    pub fn buffers(&self) -> &ChunkBuffers {
        &self.buffers
    }
}
