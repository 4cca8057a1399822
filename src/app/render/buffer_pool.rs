//! GPU buffers recycled between chunks. A chunk that leaves the streaming window hands its
//! buffers back, and the next chunk's meshes are written into them: after the first window the
//! driver allocates and frees nothing per chunk, so its heap cannot fragment and creep over an
//! Endless run ("inactive chunks release or recycle their buffers").

use super::chunk_buffers::{interleave, GpuMesh, Vertex};
use crate::mesh::MeshData;
use macroquad::miniquad::{BufferUsage, RenderingBackend};

/// Buffers are made with room rounded up to whole steps of this many vertices (and three times
/// as many indices), so that a freed pair fits most later meshes of the same kind.
const VERTEX_STEP: usize = 1024;
const INDEX_STEP: usize = 3 * VERTEX_STEP;
/// Spare pairs kept for reuse at most; past this the smallest spare is deleted.
const MAX_SPARE: usize = 8;

/// Recycled chunk buffers and the scratch space meshes are interleaved in before upload.
#[derive(Debug, Default)]
pub struct BufferPool {
    spare: Spares<GpuMesh>,
    /// Reused for every upload, so interleaving allocates nothing either.
    scratch: Vec<Vertex>,
    /// The same for the indices (full detail, then the coarser ones).
    index_scratch: Vec<u16>,
    /// Buffer pairs created over the pool's life (the rest of the uploads reused one).
    created: u64,
}

impl BufferPool {
    /// Put `mesh` on the GPU in a spare pair that fits it, or a new one, with `coarser` (the
    /// mesh at half and a quarter of the detail, over the same vertices; may be empty) after
    /// its own indices; `None` for an empty mesh (nothing to draw).
    pub fn upload(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        mesh: &MeshData,
        coarser: [&[u16]; 2],
    ) -> Option<GpuMesh> {
        if mesh.indices.is_empty() {
            return None;
        }
        let counts = [mesh.indices.len(), coarser[0].len(), coarser[1].len()];
        let need = (mesh.positions.len(), counts.iter().sum());
        let mut gpu = self.spare.take_fitting(need).unwrap_or_else(|| {
            self.created += 1;
            let (vertices, indices) = room_for(need);
            GpuMesh::allocate(ctx, BufferUsage::Dynamic, vertices, indices)
        });
        self.scratch.clear();
        self.scratch.extend(interleave(mesh));
        self.index_scratch.clear();
        self.index_scratch.extend_from_slice(&mesh.indices);
        for indices in coarser {
            self.index_scratch.extend_from_slice(indices);
        }
        gpu.write(ctx, &self.scratch, &self.index_scratch, counts);
        Some(gpu)
    }

    /// Take back a mesh's buffers for a later upload.
    pub fn recycle(&mut self, ctx: &mut dyn RenderingBackend, mesh: GpuMesh) {
        if let Some(surplus) = self.spare.put(mesh) {
            surplus.delete(ctx);
        }
    }

    /// Buffer pairs created so far.
    pub fn created(&self) -> u64 {
        self.created
    }

    /// Delete every spare pair (the run is over).
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        for mesh in self.spare.items.drain(..) {
            mesh.delete(ctx);
        }
    }
}

/// Something with room for vertices and indices.
trait Room {
    fn room(&self) -> (usize, usize);
}

impl Room for GpuMesh {
    fn room(&self) -> (usize, usize) {
        self.capacity()
    }
}

/// Spare buffer pairs: the tightest fit is handed out, and at most [`MAX_SPARE`] are kept.
#[derive(Debug)]
struct Spares<T> {
    items: Vec<T>,
}

impl<T> Default for Spares<T> {
    fn default() -> Self {
        Self { items: Vec::new() }
    }
}

impl<T: Room> Spares<T> {
    /// The spare whose room fits `need` (vertices, indices) with the least to spare.
    fn take_fitting(&mut self, need: (usize, usize)) -> Option<T> {
        let index = self
            .items
            .iter()
            .enumerate()
            .filter(|(_, item)| {
                let (vertices, indices) = item.room();
                vertices >= need.0 && indices >= need.1
            })
            .min_by_key(|(_, item)| item.room())
            .map(|(index, _)| index)?;
        Some(self.items.swap_remove(index))
    }

    /// Keep `item`; the smallest spare comes back when one too many are kept, to be deleted.
    fn put(&mut self, item: T) -> Option<T> {
        self.items.push(item);
        if self.items.len() <= MAX_SPARE {
            return None;
        }
        let smallest = (0..self.items.len())
            .min_by_key(|&i| self.items[i].room())
            .expect("more than MAX_SPARE items are kept");
        Some(self.items.swap_remove(smallest))
    }
}

/// The room a new pair is made with for `need`: whole steps, at least one.
fn room_for(need: (usize, usize)) -> (usize, usize) {
    (
        rounded_up(need.0, VERTEX_STEP),
        rounded_up(need.1, INDEX_STEP),
    )
}

/// `count` rounded up to a whole number of `step`s (at least one).
fn rounded_up(count: usize, step: usize) -> usize {
    count.div_ceil(step).max(1) * step
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg32;
    use std::collections::VecDeque;

    impl Room for (usize, usize) {
        fn room(&self) -> (usize, usize) {
            *self
        }
    }

    fn spares(rooms: &[(usize, usize)]) -> Spares<(usize, usize)> {
        Spares {
            items: rooms.to_vec(),
        }
    }

    #[test]
    fn the_tightest_spare_that_fits_is_handed_out() {
        let rooms = [(4096, 12288), (5120, 15360), (2048, 6144)];
        assert_eq!(spares(&rooms).take_fitting((4000, 12000)), Some(rooms[0]));
        assert_eq!(spares(&rooms).take_fitting((4100, 12000)), Some(rooms[1]));
        assert_eq!(spares(&rooms).take_fitting((1000, 3000)), Some(rooms[2]));
    }

    #[test]
    fn no_spare_fits_a_mesh_too_large_in_either_count() {
        let mut pool = spares(&[(4096, 12288)]);
        assert_eq!(pool.take_fitting((5000, 100)), None);
        assert_eq!(pool.take_fitting((100, 20000)), None);
        assert_eq!(spares(&[]).take_fitting((1, 3)), None);
        assert_eq!(pool.items.len(), 1, "nothing was taken");
    }

    #[test]
    fn past_the_limit_the_smallest_spare_is_given_up() {
        let mut pool = spares(&[(2048, 6144); MAX_SPARE]);
        assert_eq!(pool.put((1024, 3072)), Some((1024, 3072)));
        assert_eq!(pool.put((4096, 12288)), Some((2048, 6144)));
        assert_eq!(pool.items.len(), MAX_SPARE);
    }

    #[test]
    fn room_is_rounded_up_to_whole_steps() {
        assert_eq!(rounded_up(4620, VERTEX_STEP), 5 * VERTEX_STEP);
        assert_eq!(rounded_up(VERTEX_STEP, VERTEX_STEP), VERTEX_STEP);
        assert_eq!(rounded_up(0, VERTEX_STEP), VERTEX_STEP);
    }

    /// A window of chunks streamed along a long track, their surfaces (all one size) and their
    /// trees (of varying size) in two pools, as `ChunkBuffers` keeps them: after warming up,
    /// no new pair is ever made.
    #[test]
    fn a_long_stream_of_chunks_stops_making_buffers() {
        const WINDOW: usize = 8;
        const CHUNKS: usize = 4000;
        let surface = (4620, 25920);
        let mut surfaces: Spares<(usize, usize)> = Spares::default();
        let mut props: Spares<(usize, usize)> = Spares::default();
        let mut resident: VecDeque<[(usize, usize); 2]> = VecDeque::new();
        let mut made = [0; CHUNKS];
        let mut rng = Pcg32::seed_from_u64(1);
        for made_now in &mut made {
            if resident.len() == WINDOW {
                let [old_surface, old_props] = resident.pop_front().expect("the window is full");
                surfaces.put(old_surface);
                props.put(old_props);
            }
            let trees: usize = rng.gen_range(1500..6500);
            let mut upload = |pool: &mut Spares<(usize, usize)>, need: (usize, usize)| {
                pool.take_fitting(need).unwrap_or_else(|| {
                    *made_now += 1;
                    room_for(need)
                })
            };
            let chunk = [
                upload(&mut surfaces, surface),
                upload(&mut props, (trees, 3 * trees)),
            ];
            resident.push_back(chunk);
        }
        let total: usize = made.iter().sum();
        let late: usize = made[CHUNKS / 2..].iter().sum();
        assert!(total <= 2 * (WINDOW + MAX_SPARE), "{total} pairs made");
        assert_eq!(late, 0, "pairs still made after {} chunks", CHUNKS / 2);
    }
}
