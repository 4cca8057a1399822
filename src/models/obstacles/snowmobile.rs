//! The moving obstacle: a red snowmobile with its rider, driving across the track (along +x in
//! its own space) and stopping in one lane. A dodge obstacle, so red like the others, but told
//! apart by shape at 40 m: long and low across the lane with a rider on it, a tall whip with an
//! amber flag and lamp above (a working machine on a ski track carries one).
//!
//! Origin at the centre of its footprint on the track; it faces +x (turn it half round to drive
//! towards −x) and is `depth` metres deep along z.

use super::{DODGE_DARK, DODGE_RED, GROUND_SINK};
use crate::mesh::MeshData;
use crate::models::primitives::{ball, beam, block, hexahedron};
use glam::{Mat4, Vec3};

/// Length of the machine across the track, metres (inside one lane's width).
pub const SNOWMOBILE_LENGTH: f32 = 2.1;
/// Height of the hood, the seat and the rider's head, metres.
const HOOD_TOP: f32 = 0.75;
const SEAT_TOP: f32 = 0.85;
const RIDER_HEAD: f32 = 1.75;
/// The whip with its flag and lamp: its top (above every dodge obstacle, so the flag reads over
/// the machine at 40 m on a phone), metres, and the flag's size.
const WHIP_TOP: f32 = 2.8;
const FLAG: Vec3 = Vec3::new(0.9, 0.55, 0.04);
/// The amber lamp on the whip's top, metres across.
const LAMP: f32 = 0.22;
/// Amber: the lamp and flag of a working machine.
const AMBER: [u8; 4] = [255, 170, 20, 255];
const TRACK_BLACK: [u8; 4] = [26, 24, 26, 255];
const HEADLAMP: [u8; 4] = [255, 246, 210, 255];
const SUIT: [u8; 4] = [40, 44, 60, 255];
const HELMET: [u8; 4] = [230, 230, 236, 255];
/// The skis in front and the track behind: their heights, metres.
const SKI: f32 = 0.08;
const TRACK_HEIGHT: f32 = 0.35;

/// The snowmobile, facing +x, `depth` metres deep along the track.
pub fn snowmobile(depth: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let half = 0.5 * SNOWMOBILE_LENGTH;
    let mid = 0.5 * depth;
    let width = depth.clamp(0.5, 1.2);
    // Track and skis on the snow.
    block(
        &mut mesh,
        Vec3::new(-0.35 * half, 0.5 * TRACK_HEIGHT - GROUND_SINK, mid),
        Vec3::new(1.1 * half, TRACK_HEIGHT + GROUND_SINK, 0.7 * width),
        TRACK_BLACK,
    );
    for side in [-0.35, 0.35] {
        let z = mid + side * width;
        beam(
            &mut mesh,
            Vec3::new(0.1 * half, SKI, z),
            Vec3::new(1.05 * half, 1.5 * SKI, z),
            0.12,
            SKI,
            TRACK_BLACK,
        );
    }
    // The body: a wedge rising from the nose to the seat.
    let (w, b) = (0.5 * width, TRACK_HEIGHT * 0.6);
    let nose = half;
    let back = -half;
    hexahedron(
        &mut mesh,
        [
            Vec3::new(back, b, mid - w),
            Vec3::new(nose, b + 0.1, mid - w),
            Vec3::new(nose, b + 0.1, mid + w),
            Vec3::new(back, b, mid + w),
            Vec3::new(back, SEAT_TOP - 0.1, mid - w),
            Vec3::new(0.55 * half, HOOD_TOP, mid - w),
            Vec3::new(0.55 * half, HOOD_TOP, mid + w),
            Vec3::new(back, SEAT_TOP - 0.1, mid + w),
        ],
        DODGE_RED,
    );
    // Seat, windscreen and headlamp.
    block(
        &mut mesh,
        Vec3::new(-0.5 * half, SEAT_TOP - 0.05, mid),
        Vec3::new(0.9 * half, 0.12, 0.8 * width),
        DODGE_DARK,
    );
    beam(
        &mut mesh,
        Vec3::new(0.45 * half, HOOD_TOP, mid),
        Vec3::new(0.3 * half, HOOD_TOP + 0.35, mid),
        0.9 * width,
        0.04,
        DODGE_DARK,
    );
    block(
        &mut mesh,
        Vec3::new(nose, b + 0.3, mid),
        Vec3::new(0.06, 0.16, 0.5 * width),
        HEADLAMP,
    );
    rider(&mut mesh, -0.35 * half, mid);
    // The whip at the back, its amber flag and lamp on top.
    let whip_x = back + 0.1;
    beam(
        &mut mesh,
        Vec3::new(whip_x, SEAT_TOP - 0.1, mid - 0.6 * w),
        Vec3::new(whip_x, WHIP_TOP, mid - 0.6 * w),
        0.04,
        0.04,
        TRACK_BLACK,
    );
    block(
        &mut mesh,
        Vec3::new(
            whip_x + 0.5 * FLAG.x,
            WHIP_TOP - 0.5 * FLAG.y,
            mid - 0.6 * w,
        ),
        FLAG,
        AMBER,
    );
    ball(
        &mut mesh,
        Mat4::from_translation(Vec3::new(whip_x, WHIP_TOP, mid - 0.6 * w))
            * Mat4::from_scale(Vec3::splat(LAMP)),
        AMBER,
    );
    mesh
}

/// The rider sitting at `x`, leaning to the bars.
fn rider(mesh: &mut MeshData, x: f32, z: f32) {
    let hips = Vec3::new(x, SEAT_TOP + 0.1, z);
    let shoulders = Vec3::new(x + 0.3, RIDER_HEAD - 0.35, z);
    beam(mesh, hips, shoulders, 0.45, 0.3, SUIT);
    for side in [-0.18, 0.18] {
        let hand = Vec3::new(x + 0.75, HOOD_TOP + 0.3, z + side);
        beam(mesh, shoulders + Vec3::Z * side, hand, 0.1, 0.1, SUIT);
        let knee = Vec3::new(x + 0.35, SEAT_TOP + 0.15, z + side);
        beam(mesh, hips + Vec3::Z * side, knee, 0.14, 0.14, SUIT);
    }
    ball(
        mesh,
        Mat4::from_translation(Vec3::new(x + 0.35, RIDER_HEAD - 0.12, z))
            * Mat4::from_scale(Vec3::splat(0.17)),
        HELMET,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    #[test]
    fn the_snowmobile_is_a_sound_mesh_inside_its_lane_and_as_tall_as_a_dodge_obstacle() {
        let mesh = snowmobile(1.2);
        check(&mesh).expect("a sound mesh");
        let xs = mesh.positions.iter().map(|p| p[0]);
        let reach = xs.fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(reach < 1.25, "{reach}");
        let top = mesh.positions.iter().map(|p| p[1]).fold(0.0f32, f32::max);
        assert!(top >= 2.0, "{top}");
    }
}
