//! Far chunks are drawn at half or a quarter of the detail (`Chunk::half_surface`,
//! `Chunk::quarter_surface`): fewer triangles over the same vertices, facing up like the fine
//! ones, covering the same ground, and meeting a neighbour of any detail along the very same
//! border edges, so no crack opens between detail levels.

use latu::terrain::{Chunk, Terrain, TerrainConfig, CHUNK_LENGTH};
use std::collections::BTreeSet;

const SEEDS: [u64; 3] = [0, 42, 9_876_543_210];

/// An edge as the two world positions of its ends (exact bits, smaller end first).
type Edge = [[u64; 3]; 2];

/// The edges of `triangles` that lie on the row at chunk-local `z`, in world coordinates.
fn border_edges(chunk: &Chunk, triangles: &[u16], z: f32) -> BTreeSet<Edge> {
    let mesh = &chunk.surface;
    let world = |i: u16| {
        let p = mesh.positions[usize::from(i)];
        [
            f64::from(p[0]).to_bits(),
            f64::from(p[1]).to_bits(),
            (chunk.z_start + f64::from(p[2])).to_bits(),
        ]
    };
    let on_row = |i: u16| mesh.positions[usize::from(i)][2] == z;
    let mut edges = BTreeSet::new();
    for t in triangles.chunks(3) {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            if on_row(a) && on_row(b) {
                let (a, b) = (world(a), world(b));
                edges.insert(if a <= b { [a, b] } else { [b, a] });
            }
        }
    }
    edges
}

#[test]
fn no_crack_opens_between_chunks_of_any_two_details() {
    for seed in SEEDS {
        let terrain = Terrain::new(seed, TerrainConfig::default());
        for index in [0, 1, 99_999, 1_000_000] {
            let (near, far) = (terrain.build_chunk(index), terrain.build_chunk(index + 1));
            let end = CHUNK_LENGTH as f32;
            let details = |chunk: &Chunk| {
                [
                    chunk.surface.indices.clone(),
                    chunk.half_surface.clone(),
                    chunk.quarter_surface.clone(),
                ]
            };
            for near_triangles in &details(&near) {
                for far_triangles in &details(&far) {
                    let behind = border_edges(&near, near_triangles, end);
                    let ahead = border_edges(&far, far_triangles, 0.0);
                    assert!(!behind.is_empty());
                    assert_eq!(
                        behind,
                        ahead,
                        "seed {seed}, chunks {index} and {}",
                        index + 1
                    );
                }
            }
        }
    }
}

#[test]
fn coarser_details_draw_far_fewer_triangles_and_face_up() {
    for seed in SEEDS {
        let chunk = Terrain::new(seed, TerrainConfig::default()).build_chunk(77);
        let mesh = &chunk.surface;
        let (fine, half, quarter) = (
            mesh.indices.len(),
            chunk.half_surface.len(),
            chunk.quarter_surface.len(),
        );
        assert!(
            half * 3 < fine && quarter * 8 < fine,
            "{fine}, {half}, {quarter} indices"
        );
        for t in chunk
            .half_surface
            .chunks(3)
            .chain(chunk.quarter_surface.chunks(3))
        {
            let [a, b, c] =
                [t[0], t[1], t[2]].map(|i| glam::Vec3::from(mesh.positions[usize::from(i)]));
            let face = (b - a).cross(c - a);
            assert!(face.y > 0.0, "triangle {t:?} faces down: {a} {b} {c}");
        }
    }
}

#[test]
fn every_detail_covers_the_whole_chunk() {
    // The coarse triangles' projected area equals the fine ones' (the same ground, no hole).
    let chunk = Terrain::new(42, TerrainConfig::default()).build_chunk(5);
    let area = |triangles: &[u16]| -> f64 {
        triangles
            .chunks(3)
            .map(|t| {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| chunk.surface.positions[usize::from(i)]);
                let (ab, ac) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
                f64::from((ab[0] * ac[1] - ab[1] * ac[0]).abs()) / 2.0
            })
            .sum()
    };
    let fine = area(&chunk.surface.indices);
    for coarse in [area(&chunk.half_surface), area(&chunk.quarter_surface)] {
        assert!((fine - coarse).abs() < fine * 1e-4, "{fine} vs {coarse} m²");
    }
}
