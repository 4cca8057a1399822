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

/// Every `step`-th index from 0 to `last`, and `last` itself.
fn every(step: usize, last: usize) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..=last).step_by(step).collect();
    if picked.last() != Some(&last) {
        picked.push(last);
    }
    picked
}

/// Fill `out` with the triangles of a surface laid out as `layout` drawn with every `step`-th
/// row and column (2: half detail, 4: a quarter), wound as the fine ones are. A grid with too
/// few rows to thin inside its border bands is drawn at full detail: `fine` is copied.
pub fn coarse_indices(layout: SurfaceLayout, step: usize, fine: &[u16], out: &mut Vec<u16>) {
    out.clear();
    let rows = every(step, layout.nz);
    if rows.len() < 3 {
        out.extend_from_slice(fine);
        return;
    }
    let columns = every(step, layout.nx);
    let last_band = rows.len() - 2;
    for (band, pair) in rows.windows(2).enumerate() {
        let (j0, j1) = (pair[0], pair[1]);
        for span in columns.windows(2) {
            let (i0, i1) = (span[0], span[1]);
            let edge = if band == 0 {
                Some(Edge::Near)
            } else if band == last_band {
                Some(Edge::Far)
            } else {
                None
            };
            push_cell(layout, (i0, i1), (j0, j1), edge, out);
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

/// Which border row of the chunk a band of cells lies on: that row keeps every column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edge {
    /// Row 0, the chunk's near border.
    Near,
    /// Row `nz`, the far border.
    Far,
}

/// One coarse cell, columns `i0..i1` by rows `j0..j1`: a quad, or on a border row a fan from
/// the coarse row to every fine vertex of the border. Triangles counter-clockwise in
/// (column, row), as the fine grid's.
fn push_cell(
    layout: SurfaceLayout,
    (i0, i1): (usize, usize),
    (j0, j1): (usize, usize),
    edge: Option<Edge>,
    out: &mut Vec<u16>,
) {
    let v = |i, j| layout.hill(i, j);
    let middle = (i0 + i1).div_ceil(2);
    match edge {
        Some(Edge::Near) => {
            for k in i0..i1 {
                let corner = if k < middle { i0 } else { i1 };
                out.extend_from_slice(&[v(k, j0), v(k + 1, j0), v(corner, j1)]);
            }
            out.extend_from_slice(&[v(middle, j0), v(i1, j1), v(i0, j1)]);
        }
        Some(Edge::Far) => {
            for k in i0..i1 {
                let corner = if k < middle { i0 } else { i1 };
                out.extend_from_slice(&[v(corner, j0), v(k + 1, j1), v(k, j1)]);
            }
            out.extend_from_slice(&[v(i0, j0), v(i1, j0), v(middle, j1)]);
        }
        None => out.extend_from_slice(&[
            v(i0, j0),
            v(i1, j0),
            v(i1, j1),
            v(i0, j0),
            v(i1, j1),
            v(i0, j1),
        ]),
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
