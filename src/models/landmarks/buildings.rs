//! The built landmarks: a village of log houses, a ski-jump tower, a chapel.

use super::LANDMARK_SINK;
use crate::mesh::MeshData;
use crate::models::primitives::{beam, block, cone, prism};
use glam::{Mat4, Vec3};

const LOGS: [u8; 4] = [112, 70, 40, 255];
const ROOF_SNOW: [u8; 4] = [236, 240, 248, 255];
const CHIMNEY: [u8; 4] = [90, 84, 80, 255];
const SMOKE: [u8; 4] = [196, 198, 204, 255];
const WINDOW_LIGHT: [u8; 4] = [255, 206, 96, 255];
const CONCRETE: [u8; 4] = [150, 154, 162, 255];
const INRUN: [u8; 4] = [214, 40, 44, 255];
const CABIN: [u8; 4] = [60, 64, 80, 255];
const PLASTER: [u8; 4] = [232, 226, 214, 255];
const CHAPEL_ROOF: [u8; 4] = [120, 44, 36, 255];
const SPIRE: [u8; 4] = [46, 58, 70, 255];

/// A roof slab's thickness and its overhang past the walls, metres.
const ROOF_THICKNESS: f32 = 0.35;
const OVERHANG: f32 = 0.5;

/// A house's walls (centre of the floor, size) under a gable roof whose ridge runs along z.
fn house(mesh: &mut MeshData, floor: Vec3, size: Vec3, walls: [u8; 4], roof: [u8; 4], rise: f32) {
    let sunk = size.y + LANDMARK_SINK;
    block(
        mesh,
        floor + Vec3::Y * (size.y - sunk * 0.5),
        Vec3::new(size.x, sunk, size.z),
        walls,
    );
    let eave = floor.y + size.y;
    let half = 0.5 * size.x + OVERHANG;
    for side in [-1.0, 1.0] {
        let low = Vec3::new(floor.x + side * half, eave, floor.z);
        let ridge = Vec3::new(floor.x, eave + rise, floor.z);
        beam(
            mesh,
            low,
            ridge,
            size.z + 2.0 * OVERHANG,
            ROOF_THICKNESS,
            roof,
        );
    }
}

/// Puffs of smoke rising and drifting from a chimney top.
fn smoke(mesh: &mut MeshData, top: Vec3) {
    for k in 0..4 {
        let rise = k as f32 * 1.6;
        let radius = 0.6 + 0.35 * k as f32;
        let at = top + Vec3::new(0.5 * rise, 1.0 + rise, 0.2 * rise);
        let puff = Mat4::from_translation(at) * Mat4::from_scale(Vec3::splat(radius));
        crate::models::primitives::ball(mesh, puff, SMOKE);
    }
}

/// Three log houses with snowy roofs, lit windows and smoking chimneys.
pub(super) fn village(mesh: &mut MeshData) {
    let houses = [
        (Vec3::new(-5.5, 0.0, -4.0), Vec3::new(6.0, 3.4, 7.0)),
        (Vec3::new(4.5, 0.0, 2.0), Vec3::new(5.0, 3.0, 6.0)),
        (Vec3::new(-3.0, 0.0, 9.0), Vec3::new(5.5, 3.2, 6.5)),
    ];
    for (floor, size) in houses {
        house(mesh, floor, size, LOGS, ROOF_SNOW, 2.2);
        let chimney = floor + Vec3::new(0.25 * size.x, size.y + 2.6, 0.2 * size.z);
        block(mesh, chimney, Vec3::new(0.7, 2.2, 0.7), CHIMNEY);
        smoke(mesh, chimney + Vec3::Y * 1.1);
        for z in [-0.25, 0.25] {
            let window = floor + Vec3::new(0.0, 0.55 * size.y, z * size.z);
            block(
                mesh,
                window,
                Vec3::new(size.x + 0.1, 0.9, 0.9),
                WINDOW_LIGHT,
            );
        }
    }
}

/// A ski-jump: a tall concrete tower, the judges' cabin on top and the red in-run sweeping
/// down from it along the track.
pub(super) fn ski_jump(mesh: &mut MeshData) {
    let height = 24.0;
    let tower = Mat4::from_translation(Vec3::new(0.0, -LANDMARK_SINK, 0.0))
        * Mat4::from_scale(Vec3::new(2.6, height + LANDMARK_SINK, 2.6));
    prism(mesh, tower, 6, CONCRETE);
    block(
        mesh,
        Vec3::new(0.0, height + 1.2, 0.0),
        Vec3::new(5.5, 2.4, 5.5),
        CABIN,
    );
    let top = Vec3::new(0.0, height - 1.0, 1.5);
    let knee = Vec3::new(0.0, 8.0, 24.0);
    let table = Vec3::new(0.0, 5.0, 32.0);
    beam(mesh, top, knee, 3.2, 0.8, INRUN);
    beam(mesh, knee, table, 3.2, 0.8, INRUN);
    for z in [12.0, 22.0, 30.0] {
        let y = if z < 24.0 {
            top.y + (knee.y - top.y) * (z - top.z) / (knee.z - top.z)
        } else {
            knee.y + (table.y - knee.y) * (z - knee.z) / (table.z - knee.z)
        };
        beam(
            mesh,
            Vec3::new(0.0, -LANDMARK_SINK, z),
            Vec3::new(0.0, y - 0.4, z),
            0.8,
            0.8,
            CONCRETE,
        );
    }
}

/// A white chapel with a dark red roof, lit windows and a bell tower with a spire.
pub(super) fn chapel(mesh: &mut MeshData) {
    let nave = Vec3::new(6.0, 5.0, 11.0);
    house(
        mesh,
        Vec3::new(0.0, 0.0, 2.0),
        nave,
        PLASTER,
        CHAPEL_ROOF,
        3.0,
    );
    for z in [-1.5, 2.0, 5.5] {
        block(
            mesh,
            Vec3::new(0.0, 2.8, z),
            Vec3::new(nave.x + 0.1, 1.8, 0.8),
            WINDOW_LIGHT,
        );
    }
    let tower = Vec3::new(3.2, 10.0, 3.2);
    block(
        mesh,
        Vec3::new(0.0, 0.5 * (tower.y - LANDMARK_SINK), -5.0),
        Vec3::new(tower.x, tower.y + LANDMARK_SINK, tower.z),
        PLASTER,
    );
    let spire = Mat4::from_translation(Vec3::new(0.0, tower.y, -5.0))
        * Mat4::from_scale(Vec3::new(2.3, 7.0, 2.3));
    cone(mesh, spire, 8, SPIRE);
    block(
        mesh,
        Vec3::new(0.0, 7.8, -5.0),
        Vec3::new(tower.x + 0.1, 1.2, 1.2),
        WINDOW_LIGHT,
    );
}
