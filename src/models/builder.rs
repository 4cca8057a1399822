//! Merging placed models into one mesh, so many objects go to the GPU in one draw call.

use crate::mesh::MeshData;
use glam::{Mat3, Mat4, Vec3};
use std::fmt;

/// Most vertices one mesh may hold: its indices are `u16`.
pub const MAX_VERTICES: usize = u16::MAX as usize + 1;

/// An append that would take a mesh past [`MAX_VERTICES`]; nothing was added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyVertices {
    /// Vertices the mesh would have held.
    pub vertices: usize,
}

impl fmt::Display for TooManyVertices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a merged mesh would hold {} vertices, more than the {MAX_VERTICES} u16 indices reach",
            self.vertices
        )
    }
}

impl std::error::Error for TooManyVertices {}

/// Collects transformed copies of models into one [`MeshData`].
#[derive(Debug, Clone, Default)]
pub struct MeshBuilder {
    mesh: MeshData,
}

impl MeshBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder that reuses `mesh`'s buffers (their contents are dropped): a frame loop that
    /// hands back last frame's mesh allocates nothing.
    pub fn reusing(mut mesh: MeshData) -> Self {
        mesh.positions.clear();
        mesh.normals.clear();
        mesh.uvs.clear();
        mesh.colors.clear();
        mesh.indices.clear();
        Self { mesh }
    }

    /// Vertices collected so far.
    pub fn vertex_count(&self) -> usize {
        self.mesh.positions.len()
    }

    /// Add `part` moved by `transform`: positions transformed as points, normals by the inverse
    /// transpose (renormalised), triangles rewound if `transform` mirrors.
    pub fn append(&mut self, part: &MeshData, transform: Mat4) -> Result<(), TooManyVertices> {
        let first = self.vertex_count();
        let vertices = first + part.positions.len();
        if vertices > MAX_VERTICES {
            return Err(TooManyVertices { vertices });
        }
        let linear = Mat3::from_mat4(transform);
        let normal_matrix = linear.inverse().transpose();
        let mesh = &mut self.mesh;
        mesh.positions.extend(
            part.positions
                .iter()
                .map(|&p| transform.transform_point3(Vec3::from(p)).to_array()),
        );
        mesh.normals.extend(part.normals.iter().map(|&n| {
            (normal_matrix * Vec3::from(n))
                .normalize_or_zero()
                .to_array()
        }));
        mesh.uvs.extend_from_slice(&part.uvs);
        mesh.colors.extend_from_slice(&part.colors);
        let offset = first as u16;
        let mirrored = linear.determinant() < 0.0;
        for triangle in part.indices.chunks_exact(3) {
            let [a, b, c] = [triangle[0], triangle[1], triangle[2]].map(|i| i + offset);
            let wound = if mirrored { [a, c, b] } else { [a, b, c] };
            mesh.indices.extend_from_slice(&wound);
        }
        Ok(())
    }

    /// The merged mesh.
    pub fn finish(self) -> MeshData {
        self.mesh
    }
}

/// What is wrong with a mesh (see [`check`]).
#[derive(Debug, Clone, PartialEq)]
pub enum MeshFault {
    /// The vertex buffers differ in length.
    BufferLengths,
    TooManyVertices(usize),
    /// The index count is not a multiple of three.
    PartialTriangle,
    IndexOutOfRange(u16),
    /// A vertex position or normal is not finite.
    NotFinite(usize),
    /// A normal is not of unit length.
    NormalLength(usize),
    /// A triangle's winding disagrees with its vertices' normals (it faces inward).
    FacesInward(usize),
}

/// Check that a model is ready for the GPU: matching buffers, `u16` indices in range, whole
/// triangles, finite positions, unit normals, and triangles wound counter-clockwise seen from
/// the side their normals point to.
pub fn check(mesh: &MeshData) -> Result<(), MeshFault> {
    let count = mesh.positions.len();
    if [mesh.normals.len(), mesh.uvs.len(), mesh.colors.len()] != [count; 3] {
        return Err(MeshFault::BufferLengths);
    }
    if count > MAX_VERTICES {
        return Err(MeshFault::TooManyVertices(count));
    }
    if !mesh.indices.len().is_multiple_of(3) {
        return Err(MeshFault::PartialTriangle);
    }
    if let Some(&index) = mesh.indices.iter().find(|&&i| usize::from(i) >= count) {
        return Err(MeshFault::IndexOutOfRange(index));
    }
    for (k, (p, n)) in mesh.positions.iter().zip(&mesh.normals).enumerate() {
        let (p, n) = (Vec3::from(*p), Vec3::from(*n));
        if !p.is_finite() || !n.is_finite() {
            return Err(MeshFault::NotFinite(k));
        }
        if (n.length() - 1.0).abs() > 1e-3 {
            return Err(MeshFault::NormalLength(k));
        }
    }
    for (k, t) in mesh.indices.chunks_exact(3).enumerate() {
        let [a, b, c] = [t[0], t[1], t[2]].map(|i| Vec3::from(mesh.positions[usize::from(i)]));
        let face = (b - a).cross(c - a);
        let normals: Vec3 = [t[0], t[1], t[2]]
            .iter()
            .map(|&i| Vec3::from(mesh.normals[usize::from(i)]))
            .sum();
        if face.dot(normals) <= 0.0 {
            return Err(MeshFault::FacesInward(k));
        }
    }
    Ok(())
}

/// Volume enclosed by the triangles, cubic metres: positive when a closed solid faces outward.
pub fn signed_volume(mesh: &MeshData) -> f32 {
    mesh.indices
        .chunks(3)
        .map(|t| {
            let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(mesh.positions[usize::from(t[k])]));
            a.dot(b.cross(c)) / 6.0
        })
        .sum()
}
