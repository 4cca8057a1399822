//! A chunk's surface at half detail: a second triangle list over the same vertices, for chunks
//! far from the camera. Every second row and column of the hill grid (and always the last), and
//! every second row of the track; the chunk's two border rows keep every column, stitched to the
//! coarser rows inside, so a coarse chunk meets a fine neighbour — or a coarse one — along the
//! very same edges: no crack, no T-junction, and the vertices (normals, colours) are the fine
//! mesh's own, so lighting does not change either.

/// Track vertices per row (as the surface lays them out).
const TRACK_COLUMNS: usize = 6;

/// The surface's vertex layout, as `surface` builds it: the −x hill grid (`nx + 1` columns by
/// `nz + 1` rows, row by row), its mirror image right after it, then the track rows.
#[derive(Debug, Clone, Copy)]
pub struct SurfaceLayout {
    pub nx: usize,
    pub nz: usize,
}

impl SurfaceLayout {
    fn side(&self) -> usize {
        (self.nx + 1) * (self.nz + 1)
    }

    fn hill(&self, i: usize, j: usize) -> u16 {
        u16::try_from(j * (self.nx + 1) + i).expect("a chunk's vertices fit u16 indices")
    }

    fn track(&self, k: usize, j: usize) -> u16 {
        u16::try_from(2 * self.side() + j * TRACK_COLUMNS + k)
            .expect("a chunk's vertices fit u16 indices")
    }
}

/// Every second index from 0 to `last`, and `last` itself.
fn every_second(last: usize) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..=last).step_by(2).collect();
    if picked.last() != Some(&last) {
        picked.push(last);
    }
    picked
}

/// Fill `out` with the half-detail triangles of a surface laid out as `layout`, wound as the
/// fine ones are. A grid with fewer than three rows has no inside to thin: `fine` is copied.
pub fn coarse_indices(layout: SurfaceLayout, fine: &[u16], out: &mut Vec<u16>) {
    out.clear();
    let rows = every_second(layout.nz);
    if rows.len() < 3 {
        out.extend_from_slice(fine);
        return;
    }
    let columns = every_second(layout.nx);
    let last_band = rows.len() - 2;
    for (band, pair) in rows.windows(2).enumerate() {
        let (j0, j1) = (pair[0], pair[1]);
        for span in columns.windows(2) {
            let (i0, i1) = (span[0], span[1]);
            let v = |i, j| layout.hill(i, j);
            let middle = (i1 - i0 == 2).then_some(i0 + 1);
            // Triangles counter-clockwise in (column, row), as the fine grid's.
            match middle {
                Some(m) if band == 0 => out.extend_from_slice(&[
                    v(i0, j0),
                    v(m, j0),
                    v(i0, j1),
                    v(m, j0),
                    v(i1, j0),
                    v(i1, j1),
                    v(m, j0),
                    v(i1, j1),
                    v(i0, j1),
                ]),
                Some(m) if band == last_band => out.extend_from_slice(&[
                    v(i0, j0),
                    v(i1, j0),
                    v(m, j1),
                    v(i0, j0),
                    v(m, j1),
                    v(i0, j1),
                    v(i1, j0),
                    v(i1, j1),
                    v(m, j1),
                ]),
                _ => out.extend_from_slice(&[
                    v(i0, j0),
                    v(i1, j0),
                    v(i1, j1),
                    v(i0, j0),
                    v(i1, j1),
                    v(i0, j1),
                ]),
            }
        }
    }
    mirror(layout, out);
    for pair in rows.windows(2) {
        let (j0, j1) = (pair[0], pair[1]);
        for k in (0..TRACK_COLUMNS).step_by(2) {
            let t = |k, j| layout.track(k, j);
            out.extend_from_slice(&[
                t(k, j0),
                t(k, j1),
                t(k + 1, j0),
                t(k + 1, j1),
                t(k + 1, j0),
                t(k, j1),
            ]);
        }
    }
}

/// Append the +x hills: every triangle so far, on the mirrored vertices, winding flipped.
fn mirror(layout: SurfaceLayout, out: &mut Vec<u16>) {
    let offset = u16::try_from(layout.side()).expect("a chunk's vertices fit u16 indices");
    for t in (0..out.len()).step_by(3) {
        let [a, b, c] = [0, 1, 2].map(|k| out[t + k] + offset);
        out.extend_from_slice(&[a, c, b]);
    }
}
