//! The world's ground: a seeded noise field cut along the track, built into fixed-length chunks.
//!
//! Contract used by `stream` and `app` (keep these names; fill in the bodies):
//! - [`TerrainConfig`] holds every tunable (noise, grid spacing, widths).
//! - [`Terrain`] is built once per run from (seed, config), is cheap to share (`Arc`) with worker
//!   threads, answers heights at absolute world coordinates and builds [`Chunk`]s.
//! - A [`Chunk`] depends only on (seed, config, index).

/// Length of one chunk along the track (z), in metres.
pub const CHUNK_LENGTH: f64 = 64.0;

/// Noise parameters (fBm over Perlin).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NoiseConfig {
    /// Metres per noise unit.
    pub scale: f64,
    /// Height of the noise's unit output, in metres.
    pub amplitude: f64,
    pub octaves: usize,
    pub persistence: f64,
    pub lacunarity: f64,
}

/// Everything that shapes the terrain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TerrainConfig {
    pub noise: NoiseConfig,
    /// Hill grid spacing in metres: the quality setting.
    pub grid_spacing: f64,
    /// How far the hills reach out from each track edge, in metres.
    pub hills_width: f64,
    pub lane_width: f64,
    /// Flat strip beside the outer lanes, each side, in metres.
    pub shoulder_width: f64,
}

/// Plain mesh data ready for a static GPU buffer. Positions are chunk-local (origin at the
/// chunk's `z_start`, x = 0 on the track centre line).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    pub uvs: Vec<[f32; 2]>,
    /// Base colour (RGBA); the shader lights it.
    pub colors: Vec<[u8; 4]>,
    pub indices: Vec<u16>,
}

/// What a decoration is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DecorationKind {
    Tree,
    House,
}

/// One placed decoration, chunk-local.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decoration {
    pub kind: DecorationKind,
    pub position: [f32; 3],
}

/// One chunk: the ground surface (hills + track) and the merged decoration geometry.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    pub index: u64,
    /// World z of the chunk's near edge (chunk-local z = 0).
    pub z_start: f64,
    pub surface: MeshData,
    pub props: MeshData,
    pub decorations: Vec<Decoration>,
}
