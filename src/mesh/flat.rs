//! Flat-shaded pieces written straight into a [`MeshData`], shared by the terrain's decorations
//! and the game's models: every face has its own vertices and one normal.

use super::MeshData;
use glam::Vec3;

/// A face whose area is below this (square metres) is dropped: it has no usable normal.
pub(crate) const DEGENERATE_AREA: f32 = 1e-10;

/// One flat triangle, turned to face away from `inside`.
pub(crate) fn triangle(mesh: &mut MeshData, corners: [Vec3; 3], inside: Vec3, colour: [u8; 4]) {
    let [a, mut b, mut c] = corners;
    let cross = (b - a).cross(c - a);
    if cross.length_squared() < DEGENERATE_AREA * DEGENERATE_AREA {
        return;
    }
    let mut normal = cross.normalize();
    if normal.dot((a + b + c) / 3.0 - inside) < 0.0 {
        std::mem::swap(&mut b, &mut c);
        normal = -normal;
    }
    let first = mesh.positions.len() as u16;
    push_vertices(mesh, &[a, b, c], normal, colour);
    mesh.indices
        .extend_from_slice(&[first, first + 1, first + 2]);
}

/// One planar quad (corners in order around it) with `normal`, turned around with its winding
/// when `normal` points against `outward` (from a point inside the solid to one on the quad).
pub(crate) fn planar_quad(
    mesh: &mut MeshData,
    corners: [Vec3; 4],
    normal: Vec3,
    outward: Vec3,
    colour: [u8; 4],
) {
    let first = mesh.positions.len() as u16;
    let (normal, order) = if normal.dot(outward) < 0.0 {
        (-normal, [0, 2, 1, 0, 3, 2])
    } else {
        (normal, [0, 1, 2, 0, 2, 3])
    };
    push_vertices(mesh, &corners, normal, colour);
    mesh.indices.extend(order.map(|k| first + k));
}

/// One vertex per point, all with `normal` and `colour` (and no texture).
fn push_vertices(mesh: &mut MeshData, points: &[Vec3], normal: Vec3, colour: [u8; 4]) {
    for p in points {
        mesh.positions.push(p.to_array());
        mesh.normals.push(normal.to_array());
        mesh.uvs.push([0.0, 0.0]);
        mesh.colors.push(colour);
    }
}

/// Scale a colour's red, green and blue by `shade`.
pub(crate) fn shaded(colour: [u8; 4], shade: f32) -> [u8; 4] {
    let channel = |c: u8| (f32::from(c) * shade).clamp(0.0, 255.0) as u8;
    [
        channel(colour[0]),
        channel(colour[1]),
        channel(colour[2]),
        colour[3],
    ]
}
