//! A ramp: a green wedge in one lane, rising to its lip, with white chevrons across its face
//! and a yellow flag on a tall pole at each side of the lip, a yellow banner with a green
//! up-chevron between their tops (a gate: it reads by shape at 40 m on a phone) — green, the colour no obstacle family
//! uses, for "go this way" (and a shape no obstacle has: low at the front, climbing).
//!
//! Origin at the centre of the lip on the track; the wedge reaches back along −z.

use super::GROUND_SINK;
use crate::course::ramps::{RAMP_HEIGHT, RAMP_LENGTH};
use crate::mesh::MeshData;
use crate::models::primitives::{beam, block, hexahedron};
use glam::Vec3;

/// The wedge's face (green: no obstacle family's colour, dark enough to stand out on snow), its
/// sides and white chevrons.
const FACE: [u8; 4] = [30, 130, 66, 255];
const SIDE: [u8; 4] = [16, 80, 40, 255];
const CHEVRON: [u8; 4] = [244, 244, 240, 255];
/// The flags on the lip: yellow (the trees behind are green), the poles' height, the cloth's
/// size.
const FLAG_YELLOW: [u8; 4] = [250, 200, 30, 255];
const POLE_DARK: [u8; 4] = [30, 30, 34, 255];
const POLE_TOP: f32 = 3.0;
const CLOTH: Vec3 = Vec3::new(0.05, 0.7, 0.9);
/// The banner across the lip between the poles' tops: its height, metres, and its colour with
/// the green up-chevron on it (a gate to go through, read by shape at 40 m).
const BANNER: f32 = 0.6;
/// Chevrons across the face, and how thick the wedge stays at its front edge, metres.
const CHEVRONS: usize = 3;
const FRONT_EDGE: f32 = 0.03;

/// The ramp, `width` metres across (inside its lane).
pub fn ramp(width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let (w, length, height) = (0.5 * width, RAMP_LENGTH as f32, RAMP_HEIGHT as f32);
    let down = -GROUND_SINK;
    hexahedron(
        &mut mesh,
        [
            Vec3::new(-w, down, -length),
            Vec3::new(w, down, -length),
            Vec3::new(w, down, 0.0),
            Vec3::new(-w, down, 0.0),
            Vec3::new(-w, FRONT_EDGE, -length),
            Vec3::new(w, FRONT_EDGE, -length),
            Vec3::new(w, height, 0.0),
            Vec3::new(-w, height, 0.0),
        ],
        FACE,
    );
    // Side boards, proud of the face.
    for sign in [-1.0, 1.0] {
        beam(
            &mut mesh,
            Vec3::new(sign * w, FRONT_EDGE, -length),
            Vec3::new(sign * w, height + 0.05, 0.0),
            0.12,
            0.12,
            SIDE,
        );
    }
    // Chevrons across the face, each lying on it.
    for k in 1..=CHEVRONS {
        let share = k as f32 / (CHEVRONS + 1) as f32;
        let z = -length * (1.0 - share);
        let y = FRONT_EDGE + (height - FRONT_EDGE) * share + 0.02;
        beam(
            &mut mesh,
            Vec3::new(-0.8 * w, y, z),
            Vec3::new(0.8 * w, y, z),
            0.25,
            0.03,
            CHEVRON,
        );
    }
    // A banner between the poles' tops, with an up-chevron: the ramp reads as a gate.
    let top = POLE_TOP - 0.5 * BANNER;
    block(
        &mut mesh,
        Vec3::new(0.0, top, 0.0),
        Vec3::new(2.0 * (w + 0.1), BANNER, 0.05),
        FLAG_YELLOW,
    );
    for sign in [-1.0, 1.0] {
        beam(
            &mut mesh,
            Vec3::new(sign * 0.45 * w, top - 0.18, -0.04),
            Vec3::new(0.0, top + 0.18, -0.04),
            0.12,
            0.03,
            FACE,
        );
    }
    // A flag on a pole at each side of the lip.
    for sign in [-1.0, 1.0] {
        let x = sign * (w + 0.1);
        block(
            &mut mesh,
            Vec3::new(x, 0.5 * (POLE_TOP + down), 0.0),
            Vec3::new(0.06, POLE_TOP - down, 0.06),
            POLE_DARK,
        );
        block(
            &mut mesh,
            Vec3::new(x, POLE_TOP - 0.5 * CLOTH.y, -0.5 * CLOTH.z),
            CLOTH,
            FLAG_YELLOW,
        );
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    #[test]
    fn the_ramp_is_a_sound_mesh_rising_to_its_lip() {
        let mesh = ramp(2.0);
        check(&mesh).expect("a sound mesh");
        let highest = |near: fn(&[f32; 3]) -> bool| {
            mesh.positions
                .iter()
                .filter(|p| near(p))
                .map(|p| p[1])
                .fold(f32::MIN, f32::max)
        };
        let front = highest(|p| p[2] < -2.9);
        let lip = highest(|p| p[2].abs() < 0.1 && p[0].abs() < 1.05);
        assert!(front < 0.3, "{front}");
        assert!(lip >= RAMP_HEIGHT as f32, "{lip}");
    }
}
