//! The world's ground: a seeded noise field cut along the track, built into fixed-length chunks.
//!
//! Contract used by `stream`, `app` and `sim` (keep these names):
//! - [`TerrainConfig`] holds every tunable (noise, grid spacing, widths).
//! - [`Terrain`] is built once per run from (seed, config), is cheap to share (`Arc`) with worker
//!   threads, answers heights at absolute world coordinates and builds [`Chunk`]s.
//! - A [`Chunk`] depends only on (seed, config, index): a passage's configs, when its land
//!   changes along the track ([`Terrain::passing`]); and for a course's terrain
//!   ([`Terrain::of_course`]: its level row's land, or Endless's passage through every row's)
//!   the course's kind and length, which place its landmarks ([`Chunk::landmarks`]).
//!
//! Axes: y up, z along the track (the skier runs towards +z), x across with 0 on the track's
//! centre line. The hills are generated on the −x side (the skier's right when facing +z in a
//! right-handed frame) and mirrored onto +x (the skier's left).

pub mod bench;
mod coarse;
mod config;
mod decor;
mod fbm;
mod field;
mod land;
mod landmarks;
pub mod loop_field;
mod passage;
mod surface;

pub use config::{InvalidConfig, MAX_CHUNK_VERTICES};
pub use land::config_of;
pub use landmarks::{Landmark, LANDMARK_EVERY_M};
pub use surface::{HILL_COLOUR, LANE_COLOUR, UV_TILE_METRES};

use crate::mesh::MeshData;
use field::HalfField;
use landmarks::LandmarkLayer;
use passage::Passage;
use surface::ChunkLayout;

/// Length of one chunk along the track (z), in metres.
pub const CHUNK_LENGTH: f64 = 64.0;

/// The last chunk index served: up to here (6.4 million km, twelve years at top speed) every
/// octave of the default noise keeps its lattice coordinates inside a 32-bit `isize`, as on
/// 32-bit Android.
pub const MAX_CHUNK_INDEX: u64 = 100_000_000;

/// Noise parameters (fBm over Perlin).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NoiseConfig {
    /// Metres per noise unit.
    pub scale: f64,
    /// Height of the noise's unit output, in metres.
    pub amplitude: f64,
    /// Noise layers summed, each finer than the last.
    pub octaves: usize,
    /// Amplitude ratio of one octave to the previous.
    pub persistence: f64,
    /// Frequency ratio of one octave to the previous.
    pub lacunarity: f64,
}

/// Everything that shapes the terrain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TerrainConfig {
    /// The noise field.
    pub noise: NoiseConfig,
    /// Hill grid spacing in metres at the track edge (and along the track): the quality setting.
    pub grid_spacing: f64,
    /// Distance from the track edge over which the hill grid's spacing across grows by another
    /// `grid_spacing` (far hills lie in the fog and need less detail), metres; infinite keeps
    /// the grid uniform.
    pub detail_falloff: f64,
    /// How far the hills reach out from each track edge, in metres.
    pub hills_width: f64,
    /// Width of one of the three lanes, metres.
    pub lane_width: f64,
    /// Flat strip beside the outer lanes, each side, in metres.
    pub shoulder_width: f64,
    /// The gentle rise of the hills away from the track.
    pub valley: ValleyConfig,
    /// Trees and houses.
    pub decorations: DecorationConfig,
}

/// A rise of the hills away from the track, zero (and flat) at the cut edge: a valley. The track
/// only ever sees the bare noise at the cut edge, so none of this changes its slope.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValleyConfig {
    /// Extra height reached at `width` from the track edge and beyond, metres.
    pub rise: f64,
    /// Distance from the track edge over which the valley eases in, metres.
    pub width: f64,
    /// How much taller the noise hills grow by `width`: amplitude × (1 + `hill_gain`).
    pub hill_gain: f64,
}

/// Trees and houses on the hills.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecorationConfig {
    /// Trees placed on each side of one chunk.
    pub trees_per_side: u32,
    /// Chance that one side of a chunk gets a house.
    pub house_chance: f64,
    /// Nearest a tree trunk stands to the track edge (the shoulder's outer edge), metres; at
    /// least the widest canopy's radius, so no branch reaches over the track.
    pub tree_clearance: f64,
    /// Nearest a house stands to the track edge, metres.
    pub house_clearance: f64,
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
    /// `surface` at half detail (every second row and column inside, full detail on the
    /// border rows): triangles over the same vertices, for drawing the chunk far away.
    pub half_surface: Vec<u16>,
    /// The same at a quarter of the detail (every fourth row and column), for farther still.
    pub quarter_surface: Vec<u16>,
    pub props: MeshData,
    pub decorations: Vec<Decoration>,
    /// The landmarks standing on it (world coordinates; none on a terrain without a course).
    pub landmarks: Vec<Landmark>,
}

impl Chunk {
    /// A chunk with no geometry, ready for [`Terrain::rebuild_chunk`].
    pub fn empty() -> Self {
        Self {
            index: 0,
            z_start: 0.0,
            surface: MeshData::default(),
            half_surface: Vec::new(),
            quarter_surface: Vec::new(),
            props: MeshData::default(),
            decorations: Vec::new(),
            landmarks: Vec::new(),
        }
    }

    /// World z of the chunk's far edge.
    pub fn z_end(&self) -> f64 {
        self.z_start + CHUNK_LENGTH
    }
}

/// World z of chunk `index`'s near edge (exact in `f64` far beyond any playable distance).
pub fn chunk_z_start(index: u64) -> f64 {
    index as f64 * CHUNK_LENGTH
}

/// The terrain of one run: built once from (seed, config), then shared read-only with workers.
#[derive(Debug, Clone)]
pub struct Terrain {
    seed: u64,
    config: TerrainConfig,
    field: HalfField,
    layout: ChunkLayout,
    /// Lands taking turns along the track, when there are several (`field` is the first's).
    passage: Option<Passage>,
    /// The course's landmarks, on a course's terrain.
    landmarks: Option<LandmarkLayer>,
    /// The course's stages, whose penalty loops' fields stay clear, on a course's terrain.
    loop_stages: Option<loop_field::LoopStages>,
}

impl Terrain {
    /// Build the run's terrain.
    ///
    /// # Panics
    /// If `config` fails [`TerrainConfig::validate`]: the settings offered to the player are
    /// all valid, so an invalid one is a bug in the caller.
    pub fn new(seed: u64, config: TerrainConfig) -> Self {
        if let Err(error) = config.validate() {
            panic!("invalid terrain config: {error}");
        }
        let field = HalfField::new(seed, &config.noise, config.valley);
        let layout = ChunkLayout::new(&config, &field);
        Self {
            seed,
            config,
            field,
            layout,
            passage: None,
            landmarks: None,
            loop_stages: None,
        }
    }

    /// A run's terrain whose land changes along the track: the lands of `configs` take turns,
    /// each holding `hold_m` metres and blending into the next over the last `blend_m` of them
    /// (Endless passing through the levels' places). Its config is the first land's.
    ///
    /// # Panics
    /// As [`Terrain::new`], for any of `configs`; if they differ in anything but noise and
    /// valley, or `blend_m` is not above 0 and at most `hold_m` (bugs in the caller).
    pub fn passing(seed: u64, configs: &[TerrainConfig], hold_m: f64, blend_m: f64) -> Self {
        let first = configs.first().expect("a passage has a land");
        for config in configs {
            if let Err(error) = config.validate() {
                panic!("invalid terrain config: {error}");
            }
        }
        Self {
            passage: Some(Passage::new(seed, configs, hold_m, blend_m)),
            ..Self::new(seed, *first)
        }
    }

    /// The settings it was built with.
    pub fn config(&self) -> &TerrainConfig {
        &self.config
    }

    /// The run seed it was built from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// World height at (x, z): the hills mirrored about the track, flat across the track.
    pub fn height(&self, x: f64, z: f64) -> f64 {
        let d = x.abs() - self.config.track_half_width();
        if d <= 0.0 {
            self.track_height(z)
        } else {
            self.field_height(d, z)
        }
    }

    fn field_height(&self, d: f64, z: f64) -> f64 {
        match &self.passage {
            Some(passage) => passage.height(d, z),
            None => self.field.height(d, z),
        }
    }

    /// Height of the track (the cut edge) at world z. The chunk mesh interpolates it linearly
    /// between its rows, `grid_spacing` apart.
    pub fn track_height(&self, z: f64) -> f64 {
        self.field_height(0.0, z)
    }

    /// Build chunk `index`: depends only on (seed, config or configs, index; for a course's
    /// terrain its kind and length, which place the landmarks).
    pub fn build_chunk(&self, index: u64) -> Chunk {
        let mut chunk = Chunk::empty();
        self.rebuild_chunk(index, &mut chunk, &mut Vec::new());
        chunk
    }

    /// Turn `chunk` into chunk `index`, reusing its buffers and the `heights` scratch (both
    /// contents are replaced): a worker that recycles released chunks allocates nothing. The
    /// result equals [`Terrain::build_chunk`]'s.
    pub fn rebuild_chunk(&self, index: u64, chunk: &mut Chunk, heights: &mut Vec<f64>) {
        chunk.index = index;
        chunk.z_start = chunk_z_start(index);
        match &self.passage {
            Some(passage) => passage.fill_heights(chunk.z_start, heights),
            None => self
                .layout
                .fill_heights(&self.field, chunk.z_start, heights),
        }
        self.layout.build_surface(
            heights,
            &mut chunk.surface,
            [&mut chunk.half_surface, &mut chunk.quarter_surface],
        );
        let ground = surface::Ground::new(&self.layout, heights);
        let z_start = chunk.z_start;
        let cleared = |x: f64, z: f64| self.meets_loop_field((x, x), (z_start + z, z_start + z));
        decor::place(
            self.seed,
            index,
            &self.config,
            &ground,
            &cleared,
            &mut chunk.decorations,
            &mut chunk.props,
        );
        self.landmarks_in(chunk.z_start, chunk.z_end(), &mut chunk.landmarks);
    }
}
