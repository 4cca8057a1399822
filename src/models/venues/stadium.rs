//! The finish stadium: stepped stands down both sides of the last stretch with a billboarded
//! crowd on every tier, and a tall arch over the finish line, its beam above the chase
//! camera's eye, so the skier (and the camera behind it) ski under it as the finish fires.

use super::{pole, spectator, Spectator, BESIDE_GAP, SINK};
use crate::mesh::MeshData;
use crate::models::primitives::block;
use glam::Vec3;

const STAND: [u8; 4] = [84, 90, 104, 255];
const STAND_FRONT: [u8; 4] = [200, 40, 44, 255];
const ARCH: [u8; 4] = [200, 36, 40, 255];
const ARCH_BAND: [u8; 4] = [250, 250, 250, 255];

/// The stands: how far before and past the line they run, tiers, each tier's depth and rise,
/// metres; spectators on a tier this far apart.
const STANDS_BEFORE: f32 = 45.0;
const STANDS_PAST: f32 = 15.0;
const TIERS: usize = 5;
const TIER_DEPTH: f32 = 1.4;
const TIER_RISE: f32 = 0.9;
const SEAT_EVERY: f32 = 0.9;
/// Flags over the back row: how many down each side, how far apart, their poles' height and
/// width, metres.
const FLAGS_PER_SIDE: usize = 6;
const FLAG_EVERY: f32 = 10.0;
const FLAG_POLE: f32 = 4.0;
const FLAG_POLE_WIDTH: f32 = 0.08;
/// The arch: its towers' width, the underside of its beam (above the chase camera's eye, with
/// a jump's lift), the beam's height and depth, metres.
const TOWER: f32 = 1.2;
const ARCH_UNDERSIDE: f32 = 7.5;
const ARCH_BEAM: Vec3 = Vec3::new(0.0, 1.6, 1.0);

/// The stadium for a track `track_width` wide, origin on the finish line.
pub fn stadium(track_width: f32) -> MeshData {
    stadium_parts(track_width).0
}

/// The crowd on the stadium's stands ([`stadium`]), moving apart from it.
pub fn stadium_crowd(track_width: f32) -> Vec<Spectator> {
    stadium_parts(track_width).1
}

/// Where the flags over the stands' back row hang from: the tops of their poles (the poles
/// stand in [`stadium`]).
pub fn stadium_flags(track_width: f32) -> Vec<Vec3> {
    let back = 0.5 * track_width + BESIDE_GAP + 1.0 + TIERS as f32 * TIER_DEPTH;
    let top = TIERS as f32 * TIER_RISE + FLAG_POLE;
    [-1.0f32, 1.0]
        .into_iter()
        .flat_map(|side| {
            (0..FLAGS_PER_SIDE).map(move |k| {
                let z = -STANDS_BEFORE + (k as f32 + 0.5) * FLAG_EVERY;
                Vec3::new(side * back, top, z)
            })
        })
        .collect()
}

fn stadium_parts(track_width: f32) -> (MeshData, Vec<Spectator>) {
    let mut mesh = MeshData::default();
    let mut crowd = Vec::new();
    let edge = 0.5 * track_width + BESIDE_GAP;
    let length = STANDS_BEFORE + STANDS_PAST;
    let middle_z = 0.5 * (STANDS_PAST - STANDS_BEFORE);
    for side in [-1.0f32, 1.0] {
        for tier in 0..TIERS {
            let out = edge + 1.0 + tier as f32 * TIER_DEPTH;
            let top = (tier + 1) as f32 * TIER_RISE;
            let centre = Vec3::new(
                side * (out + 0.5 * TIER_DEPTH),
                0.5 * (top - SINK),
                middle_z,
            );
            block(
                &mut mesh,
                centre,
                Vec3::new(TIER_DEPTH, top + SINK, length),
                STAND,
            );
            let seats = (length / SEAT_EVERY) as usize;
            let facing = Vec3::new(-side, 0.0, -0.5).normalize();
            for k in 0..seats {
                let z = -STANDS_BEFORE + (k as f32 + 0.5) * SEAT_EVERY;
                let feet = Vec3::new(side * (out + 0.6), top, z);
                spectator(&mut crowd, feet, facing, k * 5 + tier * 3);
            }
        }
        let front = Vec3::new(side * (edge + 0.5), 0.5 * (TIER_RISE - SINK), middle_z);
        block(
            &mut mesh,
            front,
            Vec3::new(0.1, TIER_RISE + SINK, length),
            STAND_FRONT,
        );
        let tower_x = side * (edge + 0.5 * TOWER);
        pole(
            &mut mesh,
            Vec3::new(tower_x, 0.0, 0.0),
            ARCH_UNDERSIDE + ARCH_BEAM.y,
            TOWER,
        );
    }
    let beam_width = 2.0 * edge + 2.0 * TOWER;
    let beam = Vec3::new(0.0, ARCH_UNDERSIDE + 0.5 * ARCH_BEAM.y, 0.0);
    block(
        &mut mesh,
        beam,
        Vec3::new(beam_width, ARCH_BEAM.y, ARCH_BEAM.z),
        ARCH,
    );
    block(
        &mut mesh,
        beam - Vec3::Z * 0.05,
        Vec3::new(beam_width - 0.4, 0.4, ARCH_BEAM.z),
        ARCH_BAND,
    );
    for foot in stadium_flags(track_width) {
        pole(
            &mut mesh,
            foot - Vec3::Y * FLAG_POLE,
            FLAG_POLE,
            FLAG_POLE_WIDTH,
        );
    }
    (mesh, crowd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    /// The chase camera's eye at its highest above the track (4.5 m up, a jump's lift), and
    /// its furthest sideways, metres.
    const EYE_TOP: f32 = 5.5;
    const EYE_X: f32 = 2.0;

    #[test]
    fn the_camera_skis_under_the_arch_and_beside_the_stands() {
        let mesh = stadium(9.5);
        check(&mesh).expect("a valid mesh");
        for p in &mesh.positions {
            assert!(p[0].abs() >= 4.75 + EYE_X || p[1] > EYE_TOP, "{p:?}");
        }
    }
}
