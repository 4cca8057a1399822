//! The frame's merged models (skier, obstacles, coins, gates, ranges) streamed into one pair of
//! reusable GPU buffers: one draw call for all of them. Only these few thousand vertices are
//! uploaded per frame; terrain never is.

use super::chunk_buffers::{interleave, GpuMesh, Vertex};
use crate::mesh::MeshData;
use crate::models::MAX_VERTICES;
use macroquad::miniquad::{BufferUsage, RenderingBackend};

/// Most indices a merged mesh may use: flat-shaded quads use 6 indices per 4 vertices, so twice
/// the vertex limit leaves room.
const INDEX_CAPACITY: usize = 2 * MAX_VERTICES;

/// GPU buffers reused every frame for the merged models.
pub struct DynamicMesh {
    mesh: GpuMesh,
    vertices: Vec<Vertex>,
}

impl DynamicMesh {
    /// Allocate the stream buffers once.
    pub fn new(ctx: &mut dyn RenderingBackend) -> Self {
        Self {
            mesh: GpuMesh::allocate(ctx, BufferUsage::Stream, MAX_VERTICES, INDEX_CAPACITY),
            vertices: Vec::new(),
        }
    }

    /// Replace the buffers' contents with this frame's mesh; the mesh to draw, `None` if empty.
    pub fn update(&mut self, ctx: &mut dyn RenderingBackend, mesh: &MeshData) -> Option<&GpuMesh> {
        let indices = drawable_indices(&mesh.indices);
        if indices.is_empty() || mesh.positions.len() > MAX_VERTICES {
            return None;
        }
        self.vertices.clear();
        self.vertices.extend(interleave(mesh));
        self.mesh
            .write(ctx, &self.vertices, indices, [indices.len(), 0, 0]);
        Some(&self.mesh)
    }

    /// Free the buffers (the run is over): nothing may be drawn with them afterwards.
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        self.mesh.delete(ctx);
    }
}

/// The indices that fit the buffer, whole triangles only.
fn drawable_indices(indices: &[u16]) -> &[u16] {
    let fitting = indices.len().min(INDEX_CAPACITY);
    &indices[..fitting - fitting % 3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_triangles_within_capacity_are_drawn() {
        assert_eq!(drawable_indices(&[0, 1, 2, 3]).len(), 3);
        let many = vec![0_u16; INDEX_CAPACITY + 7];
        let kept = drawable_indices(&many).len();
        assert!(kept <= INDEX_CAPACITY && kept.is_multiple_of(3));
    }
}
