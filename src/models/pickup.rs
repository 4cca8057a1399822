//! The power-ups on the track, each told by its shape before its colour, hovering in a halo of
//! its own hue under a pillar of light over a pool of light on the snow (the glow that finds it
//! at 40 m): the wax boost a stick of
//! ski wax, the coin magnet a horseshoe, the shield a heater shield, second wind a heart. Each
//! icon is also the skier's look while it lasts (`power_look`).

use super::builder::MeshBuilder;
use super::primitives::{ball, beam, block, cone, hexahedron, prism};
use crate::course::PickupKind;
use crate::mesh::MeshData;
use glam::{Mat4, Quat, Vec3};
use std::f32::consts::{PI, TAU};

/// Height of the icon's centre above the snow, metres.
pub const PICKUP_HOVER: f32 = 1.3;
/// The icon's height, metres (its width is about as much).
pub const PICKUP_SIZE: f32 = 1.3;
/// Radius of the halo around the icon, metres.
const HALO_RADIUS: f32 = 0.95;
/// Segments of the halo's ring and rays out of it.
const HALO_SEGMENTS: usize = 14;
const HALO_RAYS: usize = 8;
/// The rays' length beyond the ring, metres.
const RAY_LENGTH: f32 = 0.35;
/// The pillar of light: its height above the snow and its radius, metres.
const PILLAR_HEIGHT: f32 = 4.5;
const PILLAR_RADIUS: f32 = 0.11;
/// The pool of light on the snow under it: radius and thickness, metres.
const POOL_RADIUS: f32 = 1.05;
const POOL_THICKNESS: f32 = 0.03;
const WHITE: [u8; 4] = [250, 250, 255, 255];
const STEEL: [u8; 4] = [205, 212, 224, 255];

/// The kind's own colour and the lighter one of its glow.
pub fn pickup_colours(kind: PickupKind) -> ([u8; 4], [u8; 4]) {
    match kind {
        PickupKind::Wax => ([168, 70, 255, 255], [222, 180, 255, 255]),
        PickupKind::Magnet => ([226, 34, 48, 255], [255, 214, 226, 255]),
        PickupKind::Shield => ([40, 150, 255, 255], [170, 225, 255, 255]),
        PickupKind::Breath => ([40, 200, 110, 255], [175, 255, 205, 255]),
    }
}

/// The power-up as it lies on the track: its icon at [`PICKUP_HOVER`] facing the oncoming
/// skier, the halo round it and the pillar of light through it (origin on the snow).
pub fn pickup(kind: PickupKind) -> MeshData {
    let (_, glow) = pickup_colours(kind);
    let centre = Vec3::Y * PICKUP_HOVER;
    let mut mesh = icon(kind);
    let mut builder = MeshBuilder::new();
    let place = Mat4::from_translation(centre) * Mat4::from_scale(Vec3::splat(PICKUP_SIZE));
    append(&mut builder, &mesh, place);
    mesh = MeshData::default();
    for k in 0..HALO_SEGMENTS {
        let at = |k: usize| {
            let angle = TAU * k as f32 / HALO_SEGMENTS as f32;
            centre + HALO_RADIUS * Vec3::new(angle.cos(), angle.sin(), 0.0)
        };
        beam(&mut mesh, at(k), at(k + 1), 0.1, 0.06, glow);
    }
    for k in 0..HALO_RAYS {
        let angle = TAU * (k as f32 + 0.5) / HALO_RAYS as f32;
        let out = Vec3::new(angle.cos(), angle.sin(), 0.0);
        let from = centre + out * (HALO_RADIUS + 0.06);
        beam(&mut mesh, from, from + out * RAY_LENGTH, 0.07, 0.05, glow);
    }
    let pillar = Mat4::from_scale(Vec3::new(PILLAR_RADIUS, PILLAR_HEIGHT, PILLAR_RADIUS));
    prism(&mut mesh, pillar, 6, glow);
    append(&mut builder, &mesh, Mat4::IDENTITY);
    builder.finish()
}

/// The pool of light a power-up casts on the snow under it (origin on the snow; it stays there
/// while the power-up bobs).
pub fn pickup_pool(kind: PickupKind) -> MeshData {
    let (_, glow) = pickup_colours(kind);
    let mut mesh = MeshData::default();
    let pool = Mat4::from_scale(Vec3::new(POOL_RADIUS, POOL_THICKNESS, POOL_RADIUS));
    prism(&mut mesh, pool, 16, glow);
    mesh
}

/// The skier's look while a power-up lasts (origin at the skier's feet, facing along the
/// track): the icon small above the head, and for the wax glowing streaks along the skis, for
/// the shield a hoop round the body turned by `spin` radians.
pub fn power_look(kind: PickupKind, spin: f32) -> MeshData {
    let (_, glow) = pickup_colours(kind);
    let mut builder = MeshBuilder::new();
    let above_head = Mat4::from_translation(Vec3::Y * 2.35)
        * Mat4::from_rotation_y(spin)
        * Mat4::from_scale(Vec3::splat(0.42));
    append(&mut builder, &icon(kind), above_head);
    let mut extra = MeshData::default();
    match kind {
        PickupKind::Wax => {
            for x in [-0.16, 0.16] {
                let (front, back) = (Vec3::new(x, 0.06, 0.9), Vec3::new(x, 0.06, -2.2));
                beam(&mut extra, back, front, 0.07, 0.05, glow);
            }
        }
        PickupKind::Shield => {
            let turn = Quat::from_rotation_y(spin);
            for k in 0..HALO_SEGMENTS {
                let at = |k: usize| {
                    let angle = TAU * k as f32 / HALO_SEGMENTS as f32;
                    Vec3::Y * 1.0
                        + turn * (0.85 * Vec3::new(angle.cos(), 0.25 * angle.sin(), angle.sin()))
                };
                beam(&mut extra, at(k), at(k + 1), 0.06, 0.05, glow);
            }
        }
        PickupKind::Magnet | PickupKind::Breath => {}
    }
    append(&mut builder, &extra, Mat4::IDENTITY);
    builder.finish()
}

fn append(builder: &mut MeshBuilder, mesh: &MeshData, transform: Mat4) {
    builder
        .append(mesh, transform)
        .expect("a power-up is far below the u16 vertex limit");
}

/// The kind's icon, about one unit tall and wide, centred on the origin, facing −z.
fn icon(kind: PickupKind) -> MeshData {
    let (colour, _) = pickup_colours(kind);
    let mut mesh = MeshData::default();
    match kind {
        PickupKind::Wax => wax_stick(&mut mesh, colour),
        PickupKind::Magnet => horseshoe(&mut mesh, colour),
        PickupKind::Shield => heater_shield(&mut mesh, colour),
        PickupKind::Breath => heart(&mut mesh, colour),
    }
    mesh
}

/// A stick of ski wax: an upright hexagonal tube with a white cap and a white band.
fn wax_stick(mesh: &mut MeshData, colour: [u8; 4]) {
    let tube = |y0: f32, height: f32, radius: f32| {
        Mat4::from_translation(Vec3::Y * y0) * Mat4::from_scale(Vec3::new(radius, height, radius))
    };
    prism(mesh, tube(-0.5, 0.78, 0.24), 6, colour);
    prism(mesh, tube(0.28, 0.22, 0.27), 6, WHITE);
    prism(mesh, tube(-0.12, 0.12, 0.255), 6, WHITE);
}

/// A horseshoe magnet, open downwards, with steel tips.
fn horseshoe(mesh: &mut MeshData, colour: [u8; 4]) {
    let (radius, half_gap) = (0.3, 0.3);
    let arc = |k: usize| {
        let angle = PI * k as f32 / 6.0;
        Vec3::new(radius * angle.cos(), 0.15 + radius * angle.sin(), 0.0)
    };
    for k in 0..6 {
        beam(mesh, arc(k), arc(k + 1), 0.2, 0.2, colour);
    }
    for x in [-half_gap, half_gap] {
        beam(
            mesh,
            Vec3::new(x, 0.15, 0.0),
            Vec3::new(x, -0.25, 0.0),
            0.2,
            0.2,
            colour,
        );
        block(
            mesh,
            Vec3::new(x, -0.37, 0.0),
            Vec3::new(0.2, 0.24, 0.2),
            STEEL,
        );
    }
}

/// A heater shield: a broad top tapering to a point, with a white cross on its face.
fn heater_shield(mesh: &mut MeshData, colour: [u8; 4]) {
    let (half, depth) = (0.42, 0.06);
    let corner = |x: f32, y: f32, z: f32| Vec3::new(x, y, z);
    let slab = |top: f32, top_half: f32, bottom: f32, bottom_half: f32| {
        [
            corner(-bottom_half, bottom, -depth),
            corner(bottom_half, bottom, -depth),
            corner(bottom_half, bottom, depth),
            corner(-bottom_half, bottom, depth),
            corner(-top_half, top, -depth),
            corner(top_half, top, -depth),
            corner(top_half, top, depth),
            corner(-top_half, top, depth),
        ]
    };
    hexahedron(mesh, slab(0.5, half, 0.0, half), colour);
    hexahedron(mesh, slab(0.0, half, -0.5, 0.03), colour);
    block(
        mesh,
        Vec3::new(0.0, 0.05, -depth),
        Vec3::new(0.12, 0.7, 0.04),
        WHITE,
    );
    block(
        mesh,
        Vec3::new(0.0, 0.2, -depth),
        Vec3::new(0.55, 0.12, 0.04),
        WHITE,
    );
}

/// A heart: two round lobes over a point.
fn heart(mesh: &mut MeshData, colour: [u8; 4]) {
    for x in [-0.21, 0.21] {
        let lobe = Mat4::from_translation(Vec3::new(x, 0.22, 0.0))
            * Mat4::from_scale(Vec3::new(0.27, 0.27, 0.2));
        ball(mesh, lobe, colour);
    }
    let point = Mat4::from_translation(Vec3::new(0.0, 0.2, 0.0))
        * Mat4::from_rotation_z(PI)
        * Mat4::from_scale(Vec3::new(0.62, 0.68, 0.25));
    cone(mesh, point, 4, colour);
}
