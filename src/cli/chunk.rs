//! `latu chunk`: one terrain chunk's surface and decorations as JSON, in world coordinates.

use super::args::ChunkArgs;
use super::{print_json, CliError};
use crate::terrain::{Chunk, DecorationKind, Terrain, TerrainConfig, MAX_CHUNK_INDEX};
use serde::Serialize;

/// The printed chunk. Heights and x keep their `f32` values; z is the chunk's `f64` origin plus
/// the local offset, so it stays exact far down the track.
#[derive(Debug, Serialize)]
pub struct ChunkJson {
    pub seed: u64,
    pub index: u64,
    pub z_start: f64,
    pub z_end: f64,
    pub positions: Vec<(f32, f32, f64)>,
    pub normals: Vec<[f32; 3]>,
    pub indices: Vec<u16>,
    pub decorations: Vec<DecorationJson>,
}

/// One decoration in world coordinates.
#[derive(Debug, Serialize)]
pub struct DecorationJson {
    pub kind: &'static str,
    pub x: f32,
    pub y: f32,
    pub z: f64,
}

impl ChunkJson {
    /// The JSON view of `chunk` of the terrain seeded by `seed`.
    pub fn new(seed: u64, chunk: &Chunk) -> Self {
        let world_z = |local: f32| chunk.z_start + f64::from(local);
        Self {
            seed,
            index: chunk.index,
            z_start: chunk.z_start,
            z_end: chunk.z_end(),
            positions: chunk
                .surface
                .positions
                .iter()
                .map(|&[x, y, z]| (x, y, world_z(z)))
                .collect(),
            normals: chunk.surface.normals.clone(),
            indices: chunk.surface.indices.clone(),
            decorations: chunk
                .decorations
                .iter()
                .map(|d| DecorationJson {
                    kind: match d.kind {
                        DecorationKind::Tree => "tree",
                        DecorationKind::House => "house",
                    },
                    x: d.position[0],
                    y: d.position[1],
                    z: world_z(d.position[2]),
                })
                .collect(),
        }
    }
}

/// Run `latu chunk`.
pub fn run(args: &ChunkArgs) -> Result<(), CliError> {
    if args.index > MAX_CHUNK_INDEX {
        return Err(CliError::bad_input(format!(
            "--index {} is beyond the last chunk, {MAX_CHUNK_INDEX}",
            args.index
        )));
    }
    let terrain = Terrain::new(args.seed, TerrainConfig::default());
    let chunk = terrain.build_chunk(args.index);
    print_json(&ChunkJson::new(args.seed, &chunk))
}
