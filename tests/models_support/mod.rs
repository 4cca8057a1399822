//! Measuring models: bounds, centroids, triangle ranges and a well-formedness assertion.

#![allow(dead_code)]

use glam::Vec3;
use latu::mesh::MeshData;
use latu::models::{check, signed_volume};

/// Axis-aligned bounds of the vertices for which `keep` holds, `None` if there are none.
pub fn bounds_where(mesh: &MeshData, keep: impl Fn(Vec3) -> bool) -> Option<(Vec3, Vec3)> {
    mesh.positions
        .iter()
        .map(|&p| Vec3::from(p))
        .filter(|&p| keep(p))
        .fold(None, |acc, p| match acc {
            None => Some((p, p)),
            Some((lo, hi)) => Some((lo.min(p), hi.max(p))),
        })
}

/// Bounds of every vertex.
pub fn bounds(mesh: &MeshData) -> (Vec3, Vec3) {
    bounds_where(mesh, |_| true).expect("the mesh has vertices")
}

/// Mean of the vertices for which `keep` holds.
pub fn centroid_where(mesh: &MeshData, keep: impl Fn(Vec3) -> bool) -> Vec3 {
    let kept: Vec<Vec3> = mesh
        .positions
        .iter()
        .map(|&p| Vec3::from(p))
        .filter(|&p| keep(p))
        .collect();
    assert!(!kept.is_empty(), "no vertex matches");
    kept.iter().sum::<Vec3>() / kept.len() as f32
}

/// A model ready for the GPU: non-empty, passes `check`, encloses a positive volume.
pub fn assert_well_formed(name: &str, mesh: &MeshData) {
    assert!(!mesh.indices.is_empty(), "{name}: empty");
    assert_eq!(check(mesh), Ok(()), "{name}");
    assert!(mesh.positions.len() < 65_536, "{name}: too many vertices");
    let volume = signed_volume(mesh);
    assert!(volume > 0.0, "{name}: signed volume {volume}");
}

/// The x-, y- and z-ranges of every triangle.
pub fn triangle_ranges(mesh: &MeshData) -> Vec<[(f32, f32); 3]> {
    mesh.indices
        .chunks(3)
        .map(|t| {
            let p = [0, 1, 2].map(|k| mesh.positions[usize::from(t[k])]);
            let range = |axis: usize| {
                let values = p.map(|v| v[axis]);
                (
                    values.iter().copied().fold(f32::INFINITY, f32::min),
                    values.iter().copied().fold(f32::NEG_INFINITY, f32::max),
                )
            };
            [range(0), range(1), range(2)]
        })
        .collect()
}
