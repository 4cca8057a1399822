//! Merging placed models: positions, normals, winding and the u16 limit.

use crate::models_support;

use glam::{Mat4, Quat, Vec3};
use latu::models::{
    check, coin, signed_volume, skier, MeshBuilder, Outfit, SkierPose, TooManyVertices,
    MAX_VERTICES,
};
use models_support::assert_well_formed;

#[test]
fn appends_offset_indices_and_move_positions() {
    let part = coin(0.0);
    let n = part.positions.len();
    let shift = Vec3::new(2.0, 0.5, -3.0);
    let mut builder = MeshBuilder::new();
    builder.append(&part, Mat4::IDENTITY).unwrap();
    builder
        .append(&part, Mat4::from_translation(shift))
        .unwrap();
    assert_eq!(builder.vertex_count(), 2 * n);
    let merged = builder.finish();
    assert_well_formed("merged", &merged);
    assert_eq!(merged.indices.len(), 2 * part.indices.len());
    for (k, &i) in part.indices.iter().enumerate() {
        assert_eq!(merged.indices[part.indices.len() + k], i + n as u16);
    }
    for k in 0..n {
        let moved = Vec3::from(merged.positions[n + k]);
        assert!((moved - Vec3::from(part.positions[k]) - shift).length() < 1e-5);
        let turned = Vec3::from(merged.normals[n + k]) - Vec3::from(part.normals[k]);
        assert!(turned.length() < 1e-5);
        assert_eq!(merged.colors[n + k], part.colors[k]);
    }
}

#[test]
fn normals_stay_perpendicular_under_stretching_and_mirroring() {
    let part = skier(&SkierPose::skiing(0.3), Outfit::default());
    let stretch = Mat4::from_scale_rotation_translation(
        Vec3::new(2.0, 0.5, 1.5),
        Quat::from_rotation_y(0.7),
        Vec3::X,
    );
    let mirror = Mat4::from_scale(Vec3::new(-1.0, 1.0, 1.0));
    for transform in [stretch, mirror, mirror * stretch] {
        let mut builder = MeshBuilder::new();
        builder.append(&part, transform).unwrap();
        let mesh = builder.finish();
        assert_well_formed("transformed", &mesh);
        for t in mesh.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| Vec3::from(mesh.positions[usize::from(t[k])]));
            let face = (b - a).cross(c - a);
            if face.length() < 1e-5 {
                continue;
            }
            let normal = Vec3::from(mesh.normals[usize::from(t[0])]);
            assert!(face.normalize().dot(normal) > 0.999, "normal off the face");
        }
        let scale = transform.determinant().abs();
        let expected = signed_volume(&part) * scale;
        assert!((signed_volume(&mesh) - expected).abs() < 1e-3 * expected.max(1.0));
    }
}

#[test]
fn refuses_to_pass_the_u16_limit_and_keeps_what_it_has() {
    let part = coin(0.0);
    let mut builder = MeshBuilder::new();
    let mut appended = 0;
    let error = loop {
        match builder.append(&part, Mat4::from_translation(Vec3::X * appended as f32)) {
            Ok(()) => appended += 1,
            Err(error) => break error,
        }
    };
    let n = part.positions.len();
    assert_eq!(appended, MAX_VERTICES / n);
    assert_eq!(
        error,
        TooManyVertices {
            vertices: (appended + 1) * n
        }
    );
    assert_eq!(builder.vertex_count(), appended * n);
    let mesh = builder.finish();
    assert_eq!(check(&mesh), Ok(()));
    let highest = mesh.indices.iter().copied().max().unwrap();
    assert_eq!(usize::from(highest), appended * n - 1);
}

#[test]
fn reusing_a_mesh_starts_empty() {
    let mut builder = MeshBuilder::reusing(coin(0.0));
    assert_eq!(builder.vertex_count(), 0);
    builder.append(&coin(0.5), Mat4::IDENTITY).unwrap();
    let mesh = builder.finish();
    let fresh = coin(0.5);
    assert_eq!(mesh.positions, fresh.positions);
    assert_eq!(mesh.indices, fresh.indices);
    assert_eq!(mesh.colors, fresh.colors);
}
