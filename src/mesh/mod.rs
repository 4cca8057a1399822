//! Plain mesh data and the flat-shaded pieces that build it: what the terrain's chunks and the
//! game's models are made of, below both (pure; the app uploads it to the GPU).

pub(crate) mod flat;

/// Plain mesh data ready for a static GPU buffer. Positions are in the owner's frame: a
/// chunk's (origin at its `z_start`, x = 0 on the track's centre line) or a model's own.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    /// A chunk's surface: (x, chunk-local z) over the terrain's texture tile
    /// (`terrain::UV_TILE_METRES`), so a texture repeats seamlessly from chunk to chunk.
    /// Props and models: zero (they are coloured per vertex).
    pub uvs: Vec<[f32; 2]>,
    /// Base colour (RGBA); the shader lights it.
    pub colors: Vec<[u8; 4]>,
    pub indices: Vec<u16>,
}

impl MeshData {
    /// Empty every buffer, keeping (and growing to at least) the given capacities.
    pub(crate) fn clear_reserving(&mut self, vertices: usize, indices: usize) {
        self.positions.clear();
        self.normals.clear();
        self.uvs.clear();
        self.colors.clear();
        self.indices.clear();
        self.positions.reserve(vertices);
        self.normals.reserve(vertices);
        self.uvs.reserve(vertices);
        self.colors.reserve(vertices);
        self.indices.reserve(indices);
    }
}
