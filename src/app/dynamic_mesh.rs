//! Small moving things (skier, obstacles, coins) merged into one mesh per frame and streamed into
//! one pair of reusable GPU buffers: one draw call for all of them. Positions are relative to a
//! frame origin near the camera, so they stay precise anywhere on the track.

use super::chunk_buffers::{GpuMesh, Vertex};
use macroquad::math::{Quat, Vec3};
use macroquad::miniquad::{BufferSource, BufferType, BufferUsage, RenderingBackend};

/// Most vertices the objects of one frame may use (boxes are 24 vertices each).
const VERTEX_CAPACITY: usize = 24 * 1024;
/// Most indices the objects of one frame may use (boxes are 36 indices each).
const INDEX_CAPACITY: usize = 36 * 1024;

/// A mesh being assembled on the CPU this frame.
#[derive(Debug, Default)]
pub struct ShapeMesh {
    vertices: Vec<Vertex>,
    indices: Vec<u16>,
}

/// The unit cube's faces: outward normal and the two axes spanning the face.
const FACES: [([f32; 3], [f32; 3], [f32; 3]); 6] = [
    ([1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]),
    ([-1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]),
    ([0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
    ([0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]),
    ([0.0, 0.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
    ([0.0, 0.0, -1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
];

impl ShapeMesh {
    /// Start an empty frame.
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.indices.clear();
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// Add a box: centre and half extents in frame coordinates, turned by `rotation`.
    /// Boxes beyond the frame's capacity are dropped (the capacity is sized for the busiest view).
    pub fn add_box(&mut self, center: Vec3, half: Vec3, rotation: Quat, color: [u8; 4]) {
        if self.vertices.len() + 24 > VERTEX_CAPACITY || self.indices.len() + 36 > INDEX_CAPACITY {
            return;
        }
        for (normal, u, v) in FACES {
            let (normal, u, v) = (Vec3::from(normal), Vec3::from(u), Vec3::from(v));
            let base = u16::try_from(self.vertices.len()).expect("capacity keeps indices in u16");
            for (su, sv) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let local = (normal + u * su + v * sv) * half;
                self.vertices.push(Vertex {
                    position: (center + rotation * local).to_array(),
                    normal: (rotation * normal).to_array(),
                    color,
                });
            }
            self.indices
                .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        }
    }

    /// Triangles in the mesh.
    #[cfg(test)]
    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }
}

/// GPU buffers reused every frame for the merged objects.
pub struct DynamicMesh {
    mesh: GpuMesh,
}

impl DynamicMesh {
    /// Allocate the stream buffers once.
    pub fn new(ctx: &mut dyn RenderingBackend) -> Self {
        let vertex_buffer = ctx.new_buffer(
            BufferType::VertexBuffer,
            BufferUsage::Stream,
            BufferSource::empty::<Vertex>(VERTEX_CAPACITY),
        );
        let index_buffer = ctx.new_buffer(
            BufferType::IndexBuffer,
            BufferUsage::Stream,
            BufferSource::empty::<u16>(INDEX_CAPACITY),
        );
        Self {
            mesh: GpuMesh {
                vertex_buffer,
                index_buffer,
                index_count: 0,
            },
        }
    }

    /// Replace the buffers' contents with this frame's shapes; the mesh to draw.
    pub fn update(&mut self, ctx: &mut dyn RenderingBackend, shapes: &ShapeMesh) -> &GpuMesh {
        if !shapes.is_empty() {
            ctx.buffer_update(
                self.mesh.vertex_buffer,
                BufferSource::slice(&shapes.vertices),
            );
            ctx.buffer_update(self.mesh.index_buffer, BufferSource::slice(&shapes.indices));
        }
        self.mesh.index_count =
            i32::try_from(shapes.indices.len()).expect("index capacity fits in i32");
        &self.mesh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_has_six_outward_faces_within_its_extents() {
        let mut shapes = ShapeMesh::default();
        let center = Vec3::new(1.0, 2.0, 3.0);
        let half = Vec3::new(0.5, 1.0, 2.0);
        shapes.add_box(center, half, Quat::IDENTITY, [255; 4]);
        assert_eq!(shapes.triangles(), 12);
        for vertex in &shapes.vertices {
            let offset = Vec3::from(vertex.position) - center;
            assert!((offset.abs() - half).abs().max_element() < 1e-6);
            // Each vertex lies on the face its normal points out of.
            let normal = Vec3::from(vertex.normal);
            assert!((offset.dot(normal) - (half * normal.abs()).element_sum()).abs() < 1e-6);
        }
    }

    #[test]
    fn shapes_beyond_capacity_are_dropped_not_wrapped() {
        let mut shapes = ShapeMesh::default();
        for _ in 0..(VERTEX_CAPACITY / 24 + 5) {
            shapes.add_box(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY, [255; 4]);
        }
        assert_eq!(shapes.vertices.len(), VERTEX_CAPACITY);
    }
}
