//! A chunk's ground mesh: the −x hills from one pass over a height grid (with a one-sample
//! border ring so normals match across chunk borders), the +x hills copied as their mirror
//! image, and the flat track strip between them at the cut-edge height.

use super::coarse::{coarse_indices, SurfaceLayout};
use super::config::MAX_CHUNK_VERTICES;
use super::field::{ColumnTerms, HalfField};
use super::{TerrainConfig, CHUNK_LENGTH};
use crate::mesh::MeshData;

/// Texture coordinates are world metres divided by this; it divides `CHUNK_LENGTH`, so the
/// texture repeats seamlessly from one chunk to the next.
pub const UV_TILE_METRES: f64 = 8.0;

/// Hill snow, slightly blue in the shade of the shader's lighting.
pub const HILL_COLOUR: [u8; 4] = [236, 240, 246, 255];
/// Groomed lanes.
pub const LANE_COLOUR: [u8; 4] = [214, 222, 236, 255];
/// Shoulders beside the outer lanes.
const SHOULDER_COLOUR: [u8; 4] = [196, 206, 222, 255];

/// Rows and columns skipped by the surface at half and at a quarter of the detail.
const HALF_DETAIL_STEP: usize = 2;
const QUARTER_DETAIL_STEP: usize = 4;

/// Track vertices per row: shoulder, lanes and shoulder each get their own pair so their
/// colours stay crisp.
const TRACK_COLUMNS: usize = 6;

/// Distances from the track edge of one side's grid columns, 0 to `hills_width`: `grid_spacing`
/// apart at the edge, the spacing growing with distance as `detail_falloff` says. Stops early
/// past `MAX_CHUNK_VERTICES` columns (absurd settings), which validation then rejects.
fn column_distances(config: &TerrainConfig) -> Vec<f64> {
    let mut distances = vec![0.0];
    let mut d = 0.0;
    while distances.len() < MAX_CHUNK_VERTICES {
        let step = config.grid_spacing * (1.0 + d / config.detail_falloff);
        // The last cell takes what is left: between a half and one and a half steps.
        if d + 1.5 * step >= config.hills_width {
            break;
        }
        d += step;
        distances.push(d);
    }
    distances.push(config.hills_width);
    distances
}

/// Grid cells along one chunk.
fn row_cells(config: &TerrainConfig) -> f64 {
    (CHUNK_LENGTH / config.grid_spacing).ceil()
}

/// Vertices in one chunk's surface mesh (in `f64` so absurd settings cannot overflow).
pub fn vertex_count(config: &TerrainConfig) -> f64 {
    let columns = column_distances(config).len() as f64;
    (2.0 * columns + TRACK_COLUMNS as f64) * (row_cells(config) + 1.0)
}

/// The per-run shape of every chunk's grid: columns and their z-independent noise terms.
#[derive(Debug, Clone)]
pub struct ChunkLayout {
    /// Noise terms of columns −1..=nx (distance from the cut edge), border ring included.
    columns: Vec<ColumnTerms>,
    /// Distance from the track edge of columns 0..=nx.
    distances: Vec<f64>,
    /// The sampled columns' distances, border ring included (the order of `columns`).
    sampled_distances: Vec<f64>,
    /// 1 / (distance between the columns either side) for columns 0..=nx: central differences.
    inv_spans: Vec<f64>,
    /// World x of the −x hill columns 0..=nx.
    xs: Vec<f32>,
    nx: usize,
    nz: usize,
    /// Track vertex x per row, −x to +x.
    track_xs: [f32; TRACK_COLUMNS],
}

impl ChunkLayout {
    /// Lay out the grid for `config` (validated) over `field`.
    pub fn new(config: &TerrainConfig, field: &HalfField) -> Self {
        let distances = column_distances(config);
        let nx = distances.len() - 1;
        // The border ring mirrors the first cell and repeats the last.
        let ring_near = -distances[1];
        let ring_far = 2.0 * distances[nx] - distances[nx - 1];
        let with_ring: Vec<f64> = std::iter::once(ring_near)
            .chain(distances.iter().copied())
            .chain(std::iter::once(ring_far))
            .collect();
        let columns = with_ring.iter().map(|&d| field.column(d)).collect();
        let inv_spans = with_ring.windows(3).map(|w| 1.0 / (w[2] - w[0])).collect();
        let half = config.track_half_width();
        let xs = distances.iter().map(|d| (-(half + d)) as f32).collect();
        let lanes = (half - config.shoulder_width) as f32;
        let half = half as f32;
        Self {
            columns,
            distances,
            sampled_distances: with_ring,
            inv_spans,
            xs,
            nx,
            nz: row_cells(config) as usize,
            track_xs: [-half, -lanes, -lanes, lanes, lanes, half],
        }
    }

    /// Heights of the −x half's grid for the chunk starting at `z_start`, border ring
    /// included, row by row: every distinct height the chunk needs, sampled once.
    pub fn fill_heights(&self, field: &HalfField, z_start: f64, out: &mut Vec<f64>) {
        out.clear();
        out.reserve(self.columns.len() * (self.nz + 3));
        for z in self.row_zs(z_start) {
            self.push_row(field, z, out);
        }
    }

    /// World z of the rows `fill_heights` samples for the chunk at `z_start`, border ring
    /// included.
    pub fn row_zs(&self, z_start: f64) -> impl Iterator<Item = f64> + '_ {
        (-1..=self.nz as isize + 1).map(move |j| z_start + self.row_offset(j))
    }

    /// Append the heights of the row at world `z`, one per sampled column.
    pub fn push_row(&self, field: &HalfField, z: f64, out: &mut Vec<f64>) {
        let row = field.row(z);
        out.extend(self.columns.iter().map(|column| field.sample(column, &row)));
    }

    /// Move `row` (one row's heights, as `push_row` gave them) the share `blend` of the way
    /// towards `field`'s heights at world `z`.
    pub fn blend_row(&self, field: &HalfField, z: f64, blend: f64, row: &mut [f64]) {
        let terms = field.row(z);
        for (height, column) in row.iter_mut().zip(&self.columns) {
            let towards = field.sample(column, &terms);
            *height += (towards - *height) * blend;
        }
    }

    /// Every (distance from the cut edge, world z) that `fill_heights` samples for the chunk at
    /// `z_start`, in its order: for measuring other noise on the same points.
    pub fn sample_points(&self, z_start: f64) -> Vec<(f64, f64)> {
        (-1..=self.nz as isize + 1)
            .flat_map(|j| {
                let z = z_start + self.row_offset(j);
                self.sampled_distances.iter().map(move |&d| (d, z))
            })
            .collect()
    }

    /// Chunk-local z of row `j` (exact at both chunk edges, so neighbours share their rows).
    fn row_offset(&self, j: isize) -> f64 {
        j as f64 * CHUNK_LENGTH / self.nz as f64
    }

    /// Fill `mesh` (emptied first, its buffers reused) with the surface of the heights
    /// `fill_heights` gave, and `half` and `quarter` with its triangles at half and a quarter
    /// of the detail.
    pub fn build_surface(
        &self,
        heights: &[f64],
        mesh: &mut MeshData,
        [half, quarter]: [&mut Vec<u16>; 2],
    ) {
        let side = (self.nx + 1) * (self.nz + 1);
        let vertices = 2 * side + TRACK_COLUMNS * (self.nz + 1);
        let indices = 6 * (2 * self.nx + TRACK_COLUMNS / 2) * self.nz;
        mesh.clear_reserving(vertices, indices);
        let grid = Grid::new(self, heights);
        self.push_hills(&grid, mesh);
        push_mirror(mesh, side);
        self.push_track(&grid, mesh);
        let layout = SurfaceLayout {
            nx: self.nx,
            nz: self.nz,
        };
        coarse_indices(layout, HALF_DETAIL_STEP, &mesh.indices, half);
        coarse_indices(layout, QUARTER_DETAIL_STEP, &mesh.indices, quarter);
    }

    fn push_hills(&self, grid: &Grid, mesh: &mut MeshData) {
        let inv_dz = 0.5 * self.nz as f64 / CHUNK_LENGTH;
        for j in 0..=self.nz as isize {
            let z = self.row_offset(j) as f32;
            for ((i, &x), &inv_span) in (0..).zip(&self.xs).zip(&self.inv_spans) {
                let slope_d = (grid.at(i + 1, j) - grid.at(i - 1, j)) * inv_span;
                let slope_z = (grid.at(i, j + 1) - grid.at(i, j - 1)) * inv_dz;
                // World x runs opposite to d on the −x side: dy/dx = −dh/dd.
                push_vertex(mesh, [x, grid.at(i, j) as f32, z], slope_d, slope_z);
                mesh.colors.push(HILL_COLOUR);
            }
        }
        let stride = self.nx as u16 + 1;
        for j in 0..self.nz as u16 {
            for i in 0..self.nx as u16 {
                let p00 = j * stride + i;
                let (p10, p01, p11) = (p00 + 1, p00 + stride, p00 + stride + 1);
                // d grows towards −x, so (p10, p11, p00) is anticlockwise seen from above.
                mesh.indices
                    .extend_from_slice(&[p10, p11, p00, p01, p00, p11]);
            }
        }
    }

    fn push_track(&self, grid: &Grid, mesh: &mut MeshData) {
        let base = mesh.positions.len() as u16;
        let inv_dz = 0.5 * self.nz as f64 / CHUNK_LENGTH;
        let colours = [
            SHOULDER_COLOUR,
            SHOULDER_COLOUR,
            LANE_COLOUR,
            LANE_COLOUR,
            SHOULDER_COLOUR,
            SHOULDER_COLOUR,
        ];
        for j in 0..=self.nz as isize {
            let z = self.row_offset(j) as f32;
            let y = grid.at(0, j) as f32;
            let slope_z = (grid.at(0, j + 1) - grid.at(0, j - 1)) * inv_dz;
            for (&x, &colour) in self.track_xs.iter().zip(&colours) {
                push_vertex(mesh, [x, y, z], 0.0, slope_z);
                mesh.colors.push(colour);
            }
        }
        let stride = TRACK_COLUMNS as u16;
        for j in 0..self.nz as u16 {
            for k in (0..stride).step_by(2) {
                let q00 = base + j * stride + k;
                let (q10, q01, q11) = (q00 + 1, q00 + stride, q00 + stride + 1);
                mesh.indices
                    .extend_from_slice(&[q00, q01, q10, q11, q10, q01]);
            }
        }
    }
}

/// Append one vertex whose normal comes from the slopes dh/dd and dh/dz of a −x-side (or
/// track) surface.
fn push_vertex(mesh: &mut MeshData, position: [f32; 3], slope_d: f64, slope_z: f64) {
    let normal = glam::Vec3::new(slope_d as f32, 1.0, -slope_z as f32).normalize();
    let uv_scale = (1.0 / UV_TILE_METRES) as f32;
    mesh.uvs
        .push([position[0] * uv_scale, position[2] * uv_scale]);
    mesh.positions.push(position);
    mesh.normals.push(normal.to_array());
}

/// Append the mirror image (x → −x) of the first `count` vertices and of every triangle so far,
/// winding flipped so the copy still faces up.
fn push_mirror(mesh: &mut MeshData, count: usize) {
    let flip = |v: [f32; 3]| [-v[0], v[1], v[2]];
    mesh.positions.extend_from_within(..count);
    mesh.normals.extend_from_within(..count);
    mesh.uvs.extend_from_within(..count);
    mesh.colors.extend_from_within(..count);
    for p in &mut mesh.positions[count..] {
        *p = flip(*p);
    }
    for n in &mut mesh.normals[count..] {
        *n = flip(*n);
    }
    for uv in &mut mesh.uvs[count..] {
        uv[0] = -uv[0];
    }
    let offset = count as u16;
    let triangles = mesh.indices.len();
    for t in (0..triangles).step_by(3) {
        let [a, b, c] = [0, 1, 2].map(|k| mesh.indices[t + k] + offset);
        mesh.indices.extend_from_slice(&[a, c, b]);
    }
}

/// The height grid of one chunk, addressed by column and row (−1 is the border ring).
pub struct Grid<'a> {
    heights: &'a [f64],
    stride: usize,
}

impl<'a> Grid<'a> {
    fn new(layout: &ChunkLayout, heights: &'a [f64]) -> Self {
        debug_assert_eq!(heights.len(), layout.columns.len() * (layout.nz + 3));
        Self {
            heights,
            stride: layout.columns.len(),
        }
    }

    #[inline]
    fn at(&self, i: isize, j: isize) -> f64 {
        self.heights[(j + 1) as usize * self.stride + (i + 1) as usize]
    }
}

/// The mesh's ground under any point of a chunk's hills, for standing decorations on it.
pub struct Ground<'a> {
    grid: Grid<'a>,
    layout: &'a ChunkLayout,
}

impl<'a> Ground<'a> {
    pub fn new(layout: &'a ChunkLayout, heights: &'a [f64]) -> Self {
        Self {
            grid: Grid::new(layout, heights),
            layout,
        }
    }

    /// Height of the drawn surface `d` metres out from the track edge (either side: they are
    /// mirror images) at chunk-local `z`, both clamped to the chunk's hills.
    pub fn height(&self, d: f64, z: f64) -> f64 {
        let distances = &self.layout.distances;
        let nx = self.layout.nx;
        let i = distances.partition_point(|&c| c <= d).clamp(1, nx) - 1;
        let s = ((d - distances[i]) / (distances[i + 1] - distances[i])).clamp(0.0, 1.0);
        let (j, t) = cell(z * self.layout.nz as f64 / CHUNK_LENGTH, self.layout.nz);
        let i = i as isize;
        let h = |di: isize, dj: isize| self.grid.at(i + di, j + dj);
        // The same split as the mesh: the diagonal runs from (i, j) to (i + 1, j + 1).
        if s >= t {
            h(0, 0) + s * (h(1, 0) - h(0, 0)) + t * (h(1, 1) - h(1, 0))
        } else {
            h(0, 0) + t * (h(0, 1) - h(0, 0)) + s * (h(1, 1) - h(0, 1))
        }
    }

    /// How far the hills reach out from the track edge.
    pub fn width(&self) -> f64 {
        self.layout.distances[self.layout.nx]
    }
}

/// The cell (0..cells) holding grid coordinate `u`, and where in it (0..=1).
fn cell(u: f64, cells: usize) -> (isize, f64) {
    let u = u.clamp(0.0, cells as f64);
    let index = (u.floor() as usize).min(cells - 1);
    (index as isize, u - index as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_start_fine_at_the_track_and_coarsen_outwards() {
        let config = TerrainConfig::default();
        let d = column_distances(&config);
        assert_eq!(d[0], 0.0);
        assert_eq!(d[1], config.grid_spacing);
        assert_eq!(*d.last().expect("columns"), config.hills_width);
        let steps: Vec<f64> = d.windows(2).map(|w| w[1] - w[0]).collect();
        let last = steps.len() - 1;
        assert!(steps[..last].windows(2).all(|w| w[1] > w[0]), "{steps:?}");
        assert!(steps[last] >= 0.5 * steps[last - 1], "{steps:?}");
        assert!(steps[last - 1] > 2.0 * config.grid_spacing);
    }

    #[test]
    fn infinite_falloff_gives_a_uniform_grid() {
        let config = TerrainConfig {
            detail_falloff: f64::INFINITY,
            hills_width: 176.0,
            ..TerrainConfig::default()
        };
        let d = column_distances(&config);
        assert_eq!(d.len(), 89);
        assert!(
            d.iter().enumerate().all(|(i, &x)| x == 2.0 * i as f64),
            "{d:?}"
        );
    }

    #[test]
    fn absurd_spacing_stops_at_the_vertex_limit() {
        let config = TerrainConfig {
            grid_spacing: 0.0,
            ..TerrainConfig::default()
        };
        assert!(vertex_count(&config) >= MAX_CHUNK_VERTICES as f64);
    }
}
