//! Chunk geometry: borders between chunks, mirror symmetry, the flat track, decorations, mesh
//! limits and winding.

use latu::terrain::{Chunk, DecorationKind, Terrain, TerrainConfig, CHUNK_LENGTH};
use std::collections::BTreeMap;

const SEEDS: [u64; 3] = [0, 42, 9_876_543_210];

fn terrain(seed: u64) -> Terrain {
    Terrain::new(seed, TerrainConfig::default())
}

/// The surface vertices of `chunk` on the row at chunk-local `z`: world position and normal.
fn row(chunk: &Chunk, z: f32) -> Vec<([f64; 3], [f32; 3])> {
    let mesh = &chunk.surface;
    mesh.positions
        .iter()
        .zip(&mesh.normals)
        .filter(|(p, _)| p[2] == z)
        .map(|(p, &n)| {
            let world = [
                f64::from(p[0]),
                f64::from(p[1]),
                chunk.z_start + f64::from(p[2]),
            ];
            (world, n)
        })
        .collect()
}

#[test]
fn neighbouring_chunks_share_their_border_vertices() {
    for seed in SEEDS {
        let terrain = terrain(seed);
        for index in [0, 1, 7, 99_999, 100_000, 999_999, 1_000_000] {
            let near = terrain.build_chunk(index);
            let far = terrain.build_chunk(index + 1);
            let a = row(&near, CHUNK_LENGTH as f32);
            let b = row(&far, 0.0);
            assert!(!a.is_empty(), "chunk {index} has no far-edge row");
            assert_eq!(
                a.len(),
                b.len(),
                "seed {seed} chunk {index}: border rows differ"
            );
            for ((pa, na), (pb, nb)) in a.iter().zip(&b) {
                for k in 0..3 {
                    assert!(
                        (pa[k] - pb[k]).abs() <= 1e-4,
                        "seed {seed} chunk {index}: position {pa:?} vs {pb:?}"
                    );
                    assert!(
                        (na[k] - nb[k]).abs() <= 1e-3,
                        "seed {seed} chunk {index}: normal {na:?} vs {nb:?} at {pa:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn right_hills_mirror_the_left() {
    let chunk = terrain(42).build_chunk(12);
    let mesh = &chunk.surface;
    // Vertices sharing a place (hill and track edges, colour borders on the track) differ in
    // normal or colour.
    let key =
        |p: [f32; 3], n: [f32; 3], c: [u8; 4]| (p[0].to_bits(), p[2].to_bits(), n[1].to_bits(), c);
    let by_place: BTreeMap<_, usize> = (0..mesh.positions.len())
        .map(|k| (key(mesh.positions[k], mesh.normals[k], mesh.colors[k]), k))
        .collect();
    assert_eq!(by_place.len(), mesh.positions.len(), "duplicate vertices");
    let mut mirrored = 0;
    for ((p, n), c) in mesh.positions.iter().zip(&mesh.normals).zip(&mesh.colors) {
        let twin = by_place
            .get(&key([-p[0], p[1], p[2]], *n, *c))
            .unwrap_or_else(|| panic!("no mirror vertex for {p:?} {n:?}"));
        assert_eq!(mesh.positions[*twin][1], p[1], "heights differ at {p:?}");
        assert_eq!(mesh.normals[*twin], [-n[0], n[1], n[2]], "normals at {p:?}");
        mirrored += usize::from(p[0] < 0.0);
    }
    assert!(
        mirrored * 2 >= mesh.positions.len() - 2 * 33,
        "too few left vertices"
    );
}

#[test]
fn track_is_flat_across_at_the_cut_edge_height() {
    for seed in SEEDS {
        let terrain = terrain(seed);
        let half = terrain.config().track_half_width() as f32;
        let chunk = terrain.build_chunk(3);
        let mut track_rows: BTreeMap<u32, Vec<f32>> = BTreeMap::new();
        for (p, n) in chunk.surface.positions.iter().zip(&chunk.surface.normals) {
            if p[0].abs() <= half {
                track_rows.entry(p[2].to_bits()).or_default().push(p[1]);
                let z = chunk.z_start + f64::from(p[2]);
                let edge = terrain.track_height(z) as f32;
                assert!((p[1] - edge).abs() <= 1e-4, "track at {p:?}, edge {edge}");
                if p[0].abs() < half {
                    assert_eq!(n[0], 0.0, "track normal tilts across at {p:?}");
                }
            }
        }
        let rows = (CHUNK_LENGTH / terrain.config().grid_spacing) as usize + 1;
        assert_eq!(track_rows.len(), rows);
        for heights in track_rows.values() {
            assert!(heights.iter().all(|&y| y == heights[0]), "{heights:?}");
        }
    }
}

#[test]
fn mesh_vertices_lie_on_the_height_function() {
    let terrain = terrain(42);
    let chunk = terrain.build_chunk(1_000_000);
    for p in &chunk.surface.positions {
        let z = chunk.z_start + f64::from(p[2]);
        let expected = terrain.height(f64::from(p[0]), z);
        assert!(
            (f64::from(p[1]) - expected).abs() < 1e-4,
            "{p:?} vs {expected}"
        );
    }
}

#[test]
fn height_is_mirrored_and_flat_on_the_track() {
    let terrain = terrain(7);
    let half = terrain.config().track_half_width();
    for k in 0..200 {
        let z = k as f64 * 13.7;
        let x = 0.9 * k as f64;
        assert_eq!(terrain.height(x, z), terrain.height(-x, z));
        let edge = terrain.track_height(z);
        for across in [-half, -1.0, 0.0, 2.5, half] {
            assert_eq!(terrain.height(across, z), edge);
        }
    }
}

#[test]
fn decorations_stay_off_the_track_and_shoulders() {
    for seed in SEEDS {
        let terrain = terrain(seed);
        let config = terrain.config();
        let half = config.track_half_width() as f32;
        let clearance = config.decorations.tree_clearance as f32;
        for index in 0..40 {
            let chunk = terrain.build_chunk(index);
            assert!(!chunk.decorations.is_empty());
            for decoration in &chunk.decorations {
                let [x, _, z] = decoration.position;
                assert!(
                    x.abs() - half >= clearance - 1e-3,
                    "{decoration:?} on the track"
                );
                assert!((0.0..CHUNK_LENGTH as f32).contains(&z), "{decoration:?}");
            }
            for p in &chunk.props.positions {
                assert!(p[0].abs() > half, "prop vertex {p:?} over the track");
            }
        }
    }
}

/// Height of the drawn surface at chunk-local (x, z): the triangle under it, interpolated.
fn surface_height(mesh: &latu::mesh::MeshData, x: f32, z: f32) -> Option<f32> {
    mesh.indices.chunks(3).find_map(|t| {
        let [a, b, c] = [t[0], t[1], t[2]].map(|i| mesh.positions[usize::from(i)]);
        let det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
        let u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / det;
        let v = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / det;
        let inside = u >= -1e-5 && v >= -1e-5 && u + v <= 1.0 + 1e-5;
        inside.then(|| a[1] + u * (b[1] - a[1]) + v * (c[1] - a[1]))
    })
}

#[test]
fn decorations_stand_on_the_drawn_surface() {
    for seed in SEEDS {
        let terrain = terrain(seed);
        for index in [0, 31, 500_000] {
            let chunk = terrain.build_chunk(index);
            for decoration in &chunk.decorations {
                let [x, y, z] = decoration.position;
                let ground = surface_height(&chunk.surface, x, z)
                    .unwrap_or_else(|| panic!("{decoration:?} is off the chunk's surface"));
                assert!(
                    (y - ground).abs() < 1e-3,
                    "{decoration:?}: ground at {ground}"
                );
            }
        }
    }
}

#[test]
fn chunks_hold_trees_and_sometimes_houses() {
    let terrain = terrain(42);
    let kinds: Vec<DecorationKind> = (0..40)
        .flat_map(|index| terrain.build_chunk(index).decorations)
        .map(|decoration| decoration.kind)
        .collect();
    assert!(kinds.contains(&DecorationKind::Tree));
    assert!(kinds.contains(&DecorationKind::House));
}

fn check_mesh_limits(mesh: &latu::mesh::MeshData) {
    let n = mesh.positions.len();
    assert!(n < 65_536, "{n} vertices");
    assert_eq!(mesh.normals.len(), n);
    assert_eq!(mesh.uvs.len(), n);
    assert_eq!(mesh.colors.len(), n);
    assert_eq!(mesh.indices.len() % 3, 0);
    assert!(mesh.indices.iter().all(|&i| usize::from(i) < n));
}

#[test]
fn meshes_fit_u16_indices() {
    for seed in SEEDS {
        let chunk = terrain(seed).build_chunk(5);
        check_mesh_limits(&chunk.surface);
        check_mesh_limits(&chunk.props);
    }
}

#[test]
fn finest_valid_grid_still_fits_u16_indices() {
    let fine = TerrainConfig {
        grid_spacing: 1.0,
        ..TerrainConfig::default()
    };
    let chunk = Terrain::new(1, fine).build_chunk(2);
    check_mesh_limits(&chunk.surface);
    let default_vertices = terrain(1).build_chunk(2).surface.positions.len();
    assert!(chunk.surface.positions.len() > 3 * default_vertices);
}

#[test]
fn surface_triangles_face_up_and_agree_with_the_normals() {
    for seed in SEEDS {
        let chunk = terrain(seed).build_chunk(77);
        let mesh = &chunk.surface;
        for t in mesh.indices.chunks(3) {
            let [a, b, c] =
                [t[0], t[1], t[2]].map(|i| glam::Vec3::from(mesh.positions[usize::from(i)]));
            let face = (b - a).cross(c - a);
            assert!(face.y > 0.0, "triangle {t:?} faces down: {a} {b} {c}");
            let normal = glam::Vec3::from(mesh.normals[usize::from(t[0])]);
            assert!(
                face.normalize().dot(normal) > 0.5,
                "triangle {t:?} vs normal {normal}"
            );
        }
    }
}

#[test]
fn props_triangles_face_outward() {
    let chunk = terrain(42).build_chunk(9);
    let mesh = &chunk.props;
    assert!(!mesh.indices.is_empty());
    for t in mesh.indices.chunks(3) {
        let [a, b, c] =
            [t[0], t[1], t[2]].map(|i| glam::Vec3::from(mesh.positions[usize::from(i)]));
        let normal = glam::Vec3::from(mesh.normals[usize::from(t[0])]);
        assert!(
            (b - a).cross(c - a).dot(normal) > 0.0,
            "triangle {t:?} winds inward"
        );
    }
}

#[test]
fn visible_world_stays_under_the_triangle_budget() {
    const VISIBLE_CHUNKS: usize = 6;
    const BUDGET: usize = 100_000;
    let terrain = terrain(42);
    let triangles: Vec<usize> = (0..60)
        .map(|index| {
            let chunk = terrain.build_chunk(index);
            (chunk.surface.indices.len() + chunk.props.indices.len()) / 3
        })
        .collect();
    let worst = triangles
        .windows(VISIBLE_CHUNKS)
        .map(|window| window.iter().sum::<usize>())
        .max()
        .expect("enough chunks");
    assert!(
        worst < BUDGET,
        "{worst} triangles in {VISIBLE_CHUNKS} chunks"
    );
}
