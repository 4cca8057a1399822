//! A chunk depends only on (seed, config, index): not on build order, thread or instance.

use latu::mesh::MeshData;
use latu::terrain::{Chunk, Terrain, TerrainConfig};
use std::sync::Arc;

const CHUNKS: u64 = 12;

/// Every number of a chunk, bit for bit.
fn bytes(chunk: &Chunk) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend(chunk.index.to_le_bytes());
    out.extend(chunk.z_start.to_le_bytes());
    for mesh in [&chunk.surface, &chunk.props] {
        mesh_bytes(mesh, &mut out);
    }
    for decoration in &chunk.decorations {
        out.push(decoration.kind as u8);
        decoration
            .position
            .iter()
            .for_each(|v| out.extend(v.to_le_bytes()));
    }
    out
}

fn mesh_bytes(mesh: &MeshData, out: &mut Vec<u8>) {
    let floats = mesh.positions.iter().chain(&mesh.normals).flatten();
    floats
        .chain(mesh.uvs.iter().flatten())
        .for_each(|v| out.extend(v.to_le_bytes()));
    mesh.colors.iter().for_each(|c| out.extend(c));
    mesh.indices
        .iter()
        .for_each(|i| out.extend(i.to_le_bytes()));
    out.extend((mesh.positions.len() as u64).to_le_bytes());
}

fn in_order(terrain: &Terrain, indices: impl Iterator<Item = u64>) -> Vec<(u64, Vec<u8>)> {
    let mut built: Vec<(u64, Vec<u8>)> = indices
        .map(|i| (i, bytes(&terrain.build_chunk(i))))
        .collect();
    built.sort_by_key(|(i, _)| *i);
    built
}

#[test]
fn build_order_and_instance_do_not_matter() {
    let first = Terrain::new(99, TerrainConfig::default());
    let second = Terrain::new(99, TerrainConfig::default());
    let forward = in_order(&first, 0..CHUNKS);
    let backward = in_order(&second, (0..CHUNKS).rev());
    let shuffled = in_order(&first, (0..CHUNKS).map(|i| (i * 5) % CHUNKS));
    assert_eq!(forward, backward);
    assert_eq!(forward, shuffled);
}

#[test]
fn threads_build_the_same_bytes() {
    const THREADS: u64 = 4;
    let terrain = Arc::new(Terrain::new(2024, TerrainConfig::default()));
    let expected = in_order(&terrain, 0..CHUNKS);
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let terrain = Arc::clone(&terrain);
            std::thread::spawn(move || {
                // Each thread walks the chunks from a different start.
                let start = t * 3;
                in_order(&terrain, (0..CHUNKS).map(move |i| (i + start) % CHUNKS))
            })
        })
        .collect();
    for handle in handles {
        assert_eq!(handle.join().expect("worker panicked"), expected);
    }
}

#[test]
fn terrain_is_shareable_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Terrain>();
}

#[test]
fn different_seeds_give_different_hills_and_trees() {
    let a = Terrain::new(1, TerrainConfig::default()).build_chunk(4);
    let b = Terrain::new(2, TerrainConfig::default()).build_chunk(4);
    let heights = |c: &Chunk| c.surface.positions.iter().map(|p| p[1]).collect::<Vec<_>>();
    assert_ne!(heights(&a), heights(&b));
    assert_ne!(a.decorations, b.decorations);
}

#[test]
fn neighbouring_chunks_get_different_trees() {
    let terrain = Terrain::new(5, TerrainConfig::default());
    let a = terrain.build_chunk(10);
    let b = terrain.build_chunk(11);
    let spots = |c: &Chunk| c.decorations.iter().map(|d| d.position).collect::<Vec<_>>();
    assert_ne!(spots(&a), spots(&b));
}

#[test]
fn rebuilding_a_recycled_chunk_equals_building_afresh() {
    let terrain = Terrain::new(31, TerrainConfig::default());
    let mut recycled = terrain.build_chunk(500);
    let mut heights = vec![1.0; 17];
    for index in [3, 0, 1_000_000, 3] {
        terrain.rebuild_chunk(index, &mut recycled, &mut heights);
        assert_eq!(bytes(&recycled), bytes(&terrain.build_chunk(index)));
    }
}
