//! `latu chunk`: one terrain chunk's surface and decorations as JSON, in world coordinates;
//! with `--level`, that level's ground (its land) and the landmarks standing on the chunk.

use super::args::ChunkArgs;
use super::{print_json, CliError};
use crate::course::Course;
use crate::terrain::{Chunk, DecorationKind, Terrain, TerrainConfig, MAX_CHUNK_INDEX};
use serde::Serialize;

/// The printed chunk. Heights and x keep their `f32` values; z is the chunk's `f64` origin plus
/// the local offset, so it stays exact far down the track. `level` and `landmarks` are printed
/// only for a level's ground (`--level`), so the plain chunk keeps its bytes.
#[derive(Debug, Serialize)]
pub struct ChunkJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    pub seed: u64,
    pub index: u64,
    pub z_start: f64,
    pub z_end: f64,
    pub positions: Vec<(f32, f32, f64)>,
    pub normals: Vec<[f32; 3]>,
    pub indices: Vec<u16>,
    pub decorations: Vec<DecorationJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub landmarks: Option<Vec<LandmarkJson>>,
}

/// One landmark in world coordinates: its kind, its ground point and whether it is turned half
/// a turn (its far side towards the track).
#[derive(Debug, Serialize)]
pub struct LandmarkJson {
    pub kind: &'static str,
    pub x: f64,
    pub y: f64,
    pub z: f64,
    pub turned: bool,
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
            level: None,
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
            landmarks: None,
        }
    }

    /// The JSON view of `chunk` of level `level`'s ground, with its landmarks.
    pub fn of_level(level: u8, seed: u64, chunk: &Chunk) -> Self {
        let landmarks = chunk
            .landmarks
            .iter()
            .map(|l| LandmarkJson {
                kind: l.kind.name(),
                x: l.at.x,
                y: l.at.y,
                z: l.at.z,
                turned: l.turned,
            })
            .collect();
        Self {
            level: Some(level),
            landmarks: Some(landmarks),
            ..Self::new(seed, chunk)
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
    let base = TerrainConfig::default();
    match (args.level, args.seed) {
        (Some(level), seed) => {
            let course = Course::level(level, args.track.unwrap_or(1), seed)
                .map_err(|error| CliError::bad_input(format!("--level: {error}")))?;
            let chunk = Terrain::of_course(&course, base).build_chunk(args.index);
            print_json(&ChunkJson::of_level(level, course.seed, &chunk))
        }
        (None, Some(seed)) => {
            let chunk = Terrain::new(seed, base).build_chunk(args.index);
            print_json(&ChunkJson::new(seed, &chunk))
        }
        (None, None) => Err(CliError::bad_input(
            "latu chunk needs --seed S, or --level L for a level's ground",
        )),
    }
}
