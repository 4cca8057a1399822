//! GPU buffers recycled between chunks. A chunk that leaves the streaming window hands its
//! buffers back, and the next chunk's meshes are written into them: after the first window the
//! driver allocates and frees nothing per chunk, so its heap cannot fragment and creep over an
//! Endless run ("inactive chunks release or recycle their buffers").

use super::chunk_buffers::{interleave, GpuMesh, Vertex};
use crate::terrain::MeshData;
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
    spare: Vec<GpuMesh>,
    /// Reused for every upload, so interleaving allocates nothing either.
    scratch: Vec<Vertex>,
    /// Buffer pairs created over the pool's life (the rest of the uploads reused one).
    created: u64,
}

impl BufferPool {
    /// Put `mesh` on the GPU in a spare pair that fits it, or a new one; `None` for an empty
    /// mesh (nothing to draw).
    pub fn upload(&mut self, ctx: &mut dyn RenderingBackend, mesh: &MeshData) -> Option<GpuMesh> {
        if mesh.indices.is_empty() {
            return None;
        }
        let need = (mesh.positions.len(), mesh.indices.len());
        let mut gpu = match best_fit(self.spare.iter().map(GpuMesh::capacity), need) {
            Some(index) => self.spare.swap_remove(index),
            None => {
                self.created += 1;
                GpuMesh::allocate(
                    ctx,
                    BufferUsage::Dynamic,
                    rounded_up(need.0, VERTEX_STEP),
                    rounded_up(need.1, INDEX_STEP),
                )
            }
        };
        self.scratch.clear();
        self.scratch.extend(interleave(mesh));
        gpu.write(ctx, &self.scratch, &mesh.indices);
        Some(gpu)
    }

    /// Take back a mesh's buffers for a later upload.
    pub fn recycle(&mut self, ctx: &mut dyn RenderingBackend, mesh: GpuMesh) {
        self.spare.push(mesh);
        if self.spare.len() > MAX_SPARE {
            let smallest = (0..self.spare.len())
                .min_by_key(|&i| self.spare[i].capacity())
                .expect("the pool holds more than MAX_SPARE pairs");
            self.spare.swap_remove(smallest).delete(ctx);
        }
    }

    /// Buffer pairs created so far.
    pub fn created(&self) -> u64 {
        self.created
    }

    /// Delete every spare pair (the run is over).
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        for mesh in self.spare.drain(..) {
            mesh.delete(ctx);
        }
    }
}

/// The spare whose room fits `need` (vertices, indices) with the least to spare.
fn best_fit(
    capacities: impl Iterator<Item = (usize, usize)>,
    need: (usize, usize),
) -> Option<usize> {
    capacities
        .enumerate()
        .filter(|&(_, (vertices, indices))| vertices >= need.0 && indices >= need.1)
        .min_by_key(|&(_, capacity)| capacity)
        .map(|(index, _)| index)
}

/// `count` rounded up to a whole number of `step`s (at least one).
fn rounded_up(count: usize, step: usize) -> usize {
    count.div_ceil(step).max(1) * step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tightest_spare_that_fits_is_chosen() {
        let spares = [(4096, 12288), (5120, 15360), (2048, 6144)];
        assert_eq!(best_fit(spares.into_iter(), (4000, 12000)), Some(0));
        assert_eq!(best_fit(spares.into_iter(), (4100, 12000)), Some(1));
        assert_eq!(best_fit(spares.into_iter(), (1000, 3000)), Some(2));
    }

    #[test]
    fn no_spare_fits_a_mesh_too_large_in_either_count() {
        let spares = [(4096, 12288)];
        assert_eq!(best_fit(spares.into_iter(), (5000, 100)), None);
        assert_eq!(best_fit(spares.into_iter(), (100, 20000)), None);
        assert_eq!(best_fit(std::iter::empty(), (1, 3)), None);
    }

    #[test]
    fn room_is_rounded_up_to_whole_steps() {
        assert_eq!(rounded_up(4620, VERTEX_STEP), 5 * VERTEX_STEP);
        assert_eq!(rounded_up(VERTEX_STEP, VERTEX_STEP), VERTEX_STEP);
        assert_eq!(rounded_up(0, VERTEX_STEP), VERTEX_STEP);
    }
}
