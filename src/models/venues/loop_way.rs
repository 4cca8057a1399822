//! The penalty loop's groomed way on its field beside a range: the 150 m oval, the S-bends
//! from each lane's mat out to it and back, and low marker boards round the oval's outside, as
//! a stadium's loop is roped. It lies on the ground it is given (the terrain's heights), a
//! little above it.

use super::SINK;
use crate::mesh::MeshData;
use crate::models::primitives::block;
use crate::models::skier::{oval, LoopWay, WayPoint};
use crate::shooting::reward::PENALTY_LOOP_M;
use crate::terrain::loop_field::SIDE;
use glam::Vec3;

/// The groomed way's colour: a shade bluer than the track's lanes, so the loop reads on the
/// untouched snow around it.
const GROOMED: [u8; 4] = [188, 200, 224, 255];
/// Half the groomed way's width, and how far above the ground it lies, metres.
const HALF_WIDTH: f64 = 1.3;
const LIFT: f64 = 0.05;
/// One sample of the way every this many metres.
const SAMPLE_M: f64 = 1.0;
/// Marker boards: one every this many metres round the oval, this far outside its centre
/// line, this size; they take turns in two colours.
const MARKER_EVERY_M: f64 = 5.0;
const MARKER_OUT: f64 = 2.0;
const MARKER_SIZE: Vec3 = Vec3::new(0.06, 0.35, 0.6);
const MARKERS: [[u8; 4]; 2] = [[30, 84, 180, 255], [214, 40, 44, 255]];

/// The way for the three lanes' mats `lane_xs`, its points at world x, `height(x, z)` and z
/// from the stage (`z` relative to the mats: the mesh's origin is the stage on the centre
/// line at height 0).
pub fn loop_way(lane_xs: &[f64], height: &dyn Fn(f64, f64) -> f64) -> MeshData {
    let mut mesh = MeshData::default();
    let samples = (PENALTY_LOOP_M / SAMPLE_M).round() as usize;
    let ring: Vec<WayPoint> = (0..=samples)
        .map(|k| oval(k as f64 * SAMPLE_M % PENALTY_LOOP_M))
        .collect();
    ribbon(&mut mesh, &ring, height);
    for &lane_x in lane_xs {
        let way = LoopWay::from_lane(lane_x);
        let bend = way.bend_m();
        let count = (bend / SAMPLE_M).ceil().max(1.0) as usize;
        let total = way.length(1);
        let out: Vec<WayPoint> = (0..=count)
            .map(|k| way.point(bend * k as f64 / count as f64, 1))
            .collect();
        let back: Vec<WayPoint> = (0..=count)
            .map(|k| way.point(total - bend + bend * k as f64 / count as f64, 1))
            .collect();
        ribbon(&mut mesh, &out, height);
        ribbon(&mut mesh, &back, height);
    }
    let markers = (PENALTY_LOOP_M / MARKER_EVERY_M).round() as usize;
    for k in 0..markers {
        let point = oval(k as f64 * MARKER_EVERY_M);
        // Outside the oval: to the left of the way, which runs round it clockwise seen from
        // above on the +x side.
        let (dx, dz) = (-point.direction.1, point.direction.0);
        let (x, z) = (
            SIDE * (point.out + dx * MARKER_OUT),
            point.along + dz * MARKER_OUT,
        );
        let y = height(x, z) as f32 + 0.5 * (MARKER_SIZE.y - SINK);
        let size = if dx.abs() > dz.abs() {
            Vec3::new(MARKER_SIZE.x, MARKER_SIZE.y + SINK, MARKER_SIZE.z)
        } else {
            Vec3::new(MARKER_SIZE.z, MARKER_SIZE.y + SINK, MARKER_SIZE.x)
        };
        block(
            &mut mesh,
            Vec3::new(x as f32, y, z as f32),
            size,
            MARKERS[k % MARKERS.len()],
        );
    }
    mesh
}

/// A strip of groomed snow along `points`, on the ground.
fn ribbon(mesh: &mut MeshData, points: &[WayPoint], height: &dyn Fn(f64, f64) -> f64) {
    let first = mesh.positions.len() as u16;
    for point in points {
        // Across the way, in world x and z.
        let (across_x, across_z) = (SIDE * point.direction.1, -point.direction.0);
        for side in [-1.0, 1.0] {
            let x = point.x() + side * HALF_WIDTH * across_x;
            let z = point.along + side * HALF_WIDTH * across_z;
            mesh.positions
                .push([x as f32, (height(x, z) + LIFT) as f32, z as f32]);
            mesh.normals.push([0.0, 1.0, 0.0]);
            mesh.uvs.push([0.0, 0.0]);
            mesh.colors.push(GROOMED);
        }
    }
    for k in 0..points.len().saturating_sub(1) as u16 {
        let (a, b) = (first + 2 * k, first + 2 * k + 1);
        let (c, d) = (a + 2, b + 2);
        // Both windings: the way is seen from above whichever way it turns.
        mesh.indices.extend_from_slice(&[a, b, c, b, d, c]);
        mesh.indices.extend_from_slice(&[a, c, b, b, c, d]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_way_lies_on_the_ground_it_is_given_on_its_side() {
        let ground = |x: f64, z: f64| 0.1 * x + 0.05 * z;
        let mesh = loop_way(&[-2.5, 0.0, 2.5], &ground);
        assert!(!mesh.indices.is_empty());
        assert_eq!(mesh.positions.len(), mesh.colors.len());
        let ribbons = mesh.colors.iter().filter(|&&c| c == GROOMED).count();
        for p in &mesh.positions[..ribbons] {
            let (x, z) = (f64::from(p[0]), f64::from(p[2]));
            let above = f64::from(p[1]) - ground(x, z);
            assert!((above - LIFT).abs() < 1e-3, "{above} at ({x}, {z})");
        }
        let far = mesh.positions.iter().map(|p| p[0] * SIDE as f32);
        assert!(
            far.fold(f32::MIN, f32::max) > 15.0,
            "the oval lies out on its side"
        );
    }
}
