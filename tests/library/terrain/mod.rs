//! Terrain: chunks, detail, determinism and slope.

mod terrain_chunks;
mod terrain_detail;
mod terrain_determinism;
mod terrain_slope;
