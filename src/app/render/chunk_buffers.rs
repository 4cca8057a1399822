//! GPU buffers for chunks: each chunk's meshes are uploaded once when the chunk arrives, and
//! their buffers go back to a [`BufferPool`] when it leaves the streaming window. Nothing is
//! re-uploaded per frame.

use super::buffer_pool::BufferPool;
use crate::mesh::MeshData;
use crate::terrain::{Chunk, DecorationKind};
use macroquad::miniquad::{
    BufferId, BufferLayout, BufferSource, BufferType, BufferUsage, RenderingBackend,
    VertexAttribute, VertexFormat,
};
use std::collections::BTreeMap;

/// One interleaved vertex as the world shader reads it.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Vertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub color: [u8; 4],
}

/// The vertex layout matching [`Vertex`] and the world shader's attributes.
pub fn vertex_layout() -> (Vec<BufferLayout>, Vec<VertexAttribute>) {
    (
        vec![BufferLayout::default()],
        vec![
            VertexAttribute::new("position", VertexFormat::Float3),
            VertexAttribute::new("normal", VertexFormat::Float3),
            VertexAttribute::new("color", VertexFormat::Byte4),
        ],
    )
}

/// How finely a chunk's surface is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    Full,
    /// Every second row and column inside the chunk (`Chunk::half_surface`).
    Half,
    /// Every fourth (`Chunk::quarter_surface`).
    Quarter,
}

/// A mesh in a pair of GPU buffers that may have room to spare.
#[derive(Debug)]
pub struct GpuMesh {
    pub vertex_buffer: BufferId,
    pub index_buffer: BufferId,
    /// Indices of the mesh at full detail, from the buffer's start.
    pub index_count: i32,
    /// Indices of the mesh at half and at a quarter of the detail, each right after the one
    /// before (0: it has none).
    pub coarser_counts: [i32; 2],
    vertex_capacity: usize,
    index_capacity: usize,
}

impl GpuMesh {
    /// Create empty buffers with room for this many vertices and indices.
    pub fn allocate(
        ctx: &mut dyn RenderingBackend,
        usage: BufferUsage,
        vertex_capacity: usize,
        index_capacity: usize,
    ) -> Self {
        Self {
            vertex_buffer: ctx.new_buffer(
                BufferType::VertexBuffer,
                usage,
                BufferSource::empty::<Vertex>(vertex_capacity),
            ),
            index_buffer: ctx.new_buffer(
                BufferType::IndexBuffer,
                usage,
                BufferSource::empty::<u16>(index_capacity),
            ),
            index_count: 0,
            coarser_counts: [0; 2],
            vertex_capacity,
            index_capacity,
        }
    }

    /// Room, in vertices and indices.
    pub fn capacity(&self) -> (usize, usize) {
        (self.vertex_capacity, self.index_capacity)
    }

    /// Replace the contents: `indices` holds the full-detail triangles, then any coarser ones;
    /// `counts` says how many indices each detail has (full first). All must fit the room (a
    /// bug in the caller otherwise).
    pub fn write(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        vertices: &[Vertex],
        indices: &[u16],
        counts: [usize; 3],
    ) {
        assert!(
            vertices.len() <= self.vertex_capacity
                && indices.len() <= self.index_capacity
                && counts.iter().sum::<usize>() == indices.len(),
            "a mesh was written into buffers too small for it, or miscounted"
        );
        ctx.buffer_update(self.vertex_buffer, BufferSource::slice(vertices));
        ctx.buffer_update(self.index_buffer, BufferSource::slice(indices));
        let count = |n: usize| i32::try_from(n).expect("u16-indexed mesh fits in i32");
        self.index_count = count(counts[0]);
        self.coarser_counts = [count(counts[1]), count(counts[2])];
    }

    /// The indices one draw at this detail covers: (first, count). A detail the mesh lacks
    /// falls back to the next finer one it has.
    pub fn range(&self, detail: Detail) -> (i32, i32) {
        let [half, quarter] = self.coarser_counts;
        match detail {
            Detail::Quarter if quarter > 0 => (self.index_count + half, quarter),
            Detail::Quarter | Detail::Half if half > 0 => (self.index_count, half),
            _ => (0, self.index_count),
        }
    }

    /// Free the buffers; the mesh must not be drawn or written afterwards.
    pub fn delete(&self, ctx: &mut dyn RenderingBackend) {
        ctx.delete_buffer(self.vertex_buffer);
        ctx.delete_buffer(self.index_buffer);
    }
}

/// Zip a mesh's separate attribute arrays into vertices.
pub fn interleave(mesh: &MeshData) -> impl Iterator<Item = Vertex> + '_ {
    mesh.positions
        .iter()
        .zip(&mesh.normals)
        .zip(&mesh.colors)
        .map(|((&position, &normal), &color)| Vertex {
            position,
            normal,
            color,
        })
}

/// A chunk on the GPU.
#[derive(Debug)]
pub struct UploadedChunk {
    /// World z of the chunk's origin.
    pub z_start: f64,
    pub surface: Option<GpuMesh>,
    pub props: Option<GpuMesh>,
    /// Where its trees stand (chunk-local feet), for their contact shadows.
    pub trees: Vec<[f32; 3]>,
}

/// Every chunk currently on the GPU, by index, and the buffers they recycle: one pool for
/// the surfaces (all the same size) and one for the props (trees and houses, of varying size),
/// so that a surface's buffers never go to a chunk's trees and leave the next surface short.
#[derive(Debug, Default)]
pub struct ChunkBuffers {
    chunks: BTreeMap<u64, UploadedChunk>,
    surfaces: BufferPool,
    props: BufferPool,
}

impl ChunkBuffers {
    /// Upload a built chunk (replacing nothing: a chunk arrives once while it stays in range).
    pub fn upload(&mut self, ctx: &mut dyn RenderingBackend, chunk: &Chunk) {
        let uploaded = UploadedChunk {
            z_start: chunk.z_start,
            surface: self.surfaces.upload(
                ctx,
                &chunk.surface,
                [&chunk.half_surface, &chunk.quarter_surface],
            ),
            props: self.props.upload(ctx, &chunk.props, [&[], &[]]),
            trees: chunk
                .decorations
                .iter()
                .filter(|d| d.kind == DecorationKind::Tree)
                .map(|d| d.position)
                .collect(),
        };
        if let Some(old) = self.chunks.insert(chunk.index, uploaded) {
            self.recycle(ctx, old);
        }
    }

    /// Hand the buffers of a chunk that left the streaming window back to the pool.
    pub fn evict(&mut self, ctx: &mut dyn RenderingBackend, index: u64) {
        if let Some(old) = self.chunks.remove(&index) {
            self.recycle(ctx, old);
        }
    }

    /// The chunks on the GPU, nearest index first.
    pub fn iter(&self) -> impl Iterator<Item = (&u64, &UploadedChunk)> {
        self.chunks.iter()
    }

    /// Buffer pairs created so far (uploads beyond these reused recycled ones).
    pub fn pairs_created(&self) -> u64 {
        self.surfaces.created() + self.props.created()
    }

    /// Delete every buffer (the run is over).
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        let chunks = std::mem::take(&mut self.chunks);
        for chunk in chunks.into_values() {
            for mesh in [chunk.surface, chunk.props].into_iter().flatten() {
                mesh.delete(ctx);
            }
        }
        self.surfaces.release(ctx);
        self.props.release(ctx);
    }

    fn recycle(&mut self, ctx: &mut dyn RenderingBackend, chunk: UploadedChunk) {
        if let Some(surface) = chunk.surface {
            self.surfaces.recycle(ctx, surface);
        }
        if let Some(props) = chunk.props {
            self.props.recycle(ctx, props);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaving_keeps_every_vertex_in_order() {
        let mesh = MeshData {
            positions: vec![[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]],
            normals: vec![[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]],
            uvs: vec![[0.0, 0.0], [1.0, 1.0]],
            colors: vec![[1, 2, 3, 4], [5, 6, 7, 8]],
            indices: vec![0, 1, 0],
        };
        let vertices: Vec<Vertex> = interleave(&mesh).collect();
        assert_eq!(vertices.len(), 2);
        assert_eq!(vertices[1].position, [3.0, 4.0, 5.0]);
        assert_eq!(vertices[1].normal, [1.0, 0.0, 0.0]);
        assert_eq!(vertices[1].color, [5, 6, 7, 8]);
    }

    #[test]
    fn vertex_is_tightly_packed_for_the_layout() {
        assert_eq!(std::mem::size_of::<Vertex>(), 28);
    }
}
