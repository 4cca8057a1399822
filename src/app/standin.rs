//! TEMPORARY: a synchronous stand-in chunk source until `terrain`/`stream` land on main.

use crate::terrain::{Chunk, MeshData, CHUNK_LENGTH};

pub struct StandinStream {
    next: u64,
    loaded: std::collections::BTreeSet<u64>,
}

pub fn height(x: f64, z: f64) -> f64 {
    let side = (x.abs() - 6.0).max(0.0);
    track_height(z) + side * 0.25 * (1.0 + (x * 0.05).sin() * (z * 0.03).cos())
}

pub fn track_height(z: f64) -> f64 {
    -z * 0.1 + (z * 0.02).sin() * 4.0
}

impl StandinStream {
    pub fn new() -> Self {
        Self {
            next: 0,
            loaded: Default::default(),
        }
    }

    pub fn update(&mut self, focus_z: f64, view: f64) -> (Vec<u64>, Vec<u64>) {
        let first = (focus_z / CHUNK_LENGTH).floor().max(0.0) as u64;
        let last = ((focus_z + view) / CHUNK_LENGTH).floor().max(0.0) as u64;
        let evicted: Vec<u64> = self
            .loaded
            .iter()
            .copied()
            .filter(|&i| i < first || i > last)
            .collect();
        for i in &evicted {
            self.loaded.remove(i);
        }
        let mut wanted = Vec::new();
        for i in first..=last {
            if !self.loaded.contains(&i) {
                wanted.push(i);
            }
        }
        self.next = first;
        (evicted, wanted)
    }

    pub fn build(&mut self, index: u64) -> Chunk {
        self.loaded.insert(index);
        let z_start = index as f64 * CHUNK_LENGTH;
        let mut mesh = MeshData::default();
        let n = 65u16;
        for iz in 0..n {
            for ix in 0..n {
                let x = (ix as f64 - 32.0) * 3.0;
                let lz = iz as f64;
                let h = height(x, z_start + lz);
                let dx = height(x + 0.5, z_start + lz) - height(x - 0.5, z_start + lz);
                let dz = height(x, z_start + lz + 0.5) - height(x, z_start + lz - 0.5);
                let nrm = glam::DVec3::new(-dx, 1.0, -dz).normalize().as_vec3();
                mesh.positions.push([x as f32, h as f32, lz as f32]);
                mesh.normals.push(nrm.to_array());
                mesh.uvs.push([0.0, 0.0]);
                mesh.colors.push(if x.abs() < 6.0 {
                    [200, 210, 225, 255]
                } else {
                    [245, 248, 255, 255]
                });
            }
        }
        for iz in 0..n - 1 {
            for ix in 0..n - 1 {
                let a = iz * n + ix;
                mesh.indices
                    .extend_from_slice(&[a, a + n, a + 1, a + 1, a + n, a + n + 1]);
            }
        }
        Chunk {
            index,
            z_start,
            surface: mesh,
            props: MeshData::default(),
            decorations: Vec::new(),
        }
    }
}
