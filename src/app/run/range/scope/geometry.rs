//! The scope's geometry, which every part of its picture is drawn by: the lens (where a point of
//! the range, given as angles from the eye in mrad, lands on screen), the point in 3D at such
//! angles and a distance, the backdrop's distances and angles the diorama and the venues share,
//! and the flat-coloured faces the 3D picture is built of.

use crate::app::run::range::layout::StageLayout;
use crate::shooting::StageView;
use glam::Vec3;
use macroquad::color::Color;
use macroquad::math::Vec2;
use macroquad::models::{draw_mesh, Mesh, Vertex};

/// The hill behind the range: its foot's and ridge's distances from the eye (metres) and
/// heights (mrad, y up), and how far across the scene reaches (mrad).
pub(super) const HILL_FOOT_M: f32 = 300.0;
pub(super) const HILL_RIDGE_M: f32 = 330.0;
pub(super) const HILL_FOOT: f32 = 2.4;
pub(super) const HILL_RIDGE: f32 = 3.4;
pub(super) const REACH: f32 = 40.0;
/// A milliradian, in radians.
pub(super) const MRAD: f32 = 0.001;
/// The rifle's kick: how far the picture jumps, mrad (up and a little right).
const KICK_MRAD: Vec2 = Vec2::new(0.5, 2.4);

/// Where the picture is drawn: the lens's centre and radius, pixels per mrad, and the point of
/// the scene (mrad) at the lens's centre.
#[derive(Debug, Clone, Copy)]
pub(in crate::app::run::range) struct Lens {
    pub centre: Vec2,
    pub radius: f32,
    pub px_per_mrad: f32,
    pub looking_at: Vec2,
}

impl Lens {
    /// The lens of `layout` looking where the sight points, kicked by `recoil` (0–1).
    pub(in crate::app::run::range) fn new(
        layout: &StageLayout,
        view: &StageView,
        recoil: f32,
    ) -> Self {
        Self {
            centre: layout.centre,
            radius: layout.radius,
            px_per_mrad: layout.px_per_mrad(),
            looking_at: view.sight_mrad.as_vec2() + KICK_MRAD * recoil,
        }
    }

    /// Where the scene's point `mrad` is on screen.
    pub(in crate::app::run::range) fn at(&self, mrad: Vec2) -> Vec2 {
        let offset = (mrad - self.looking_at) * self.px_per_mrad;
        // Screen y grows downwards, the sight's upwards.
        self.centre + Vec2::new(offset.x, -offset.y)
    }

    pub(super) fn px(&self, mrad: f32) -> f32 {
        mrad * self.px_per_mrad
    }
}

/// The point `metres` from the eye at the angles (`x`, `y`) mrad.
pub(super) fn at(x: f32, y: f32, metres: f32) -> Vec3 {
    Vec3::new(x * MRAD * metres, y * MRAD * metres, -metres)
}

/// A fixed share 0–1 from a number (the trees' heights, the flakes' places: the same every
/// frame).
pub(super) fn hash_share(k: i32) -> f32 {
    let mixed = (k as u32).wrapping_mul(0x9E37_79B9).rotate_left(13) ^ 0x5bd1_e995;
    (mixed.wrapping_mul(0x85EB_CA6B) >> 8) as f32 / (1u32 << 24) as f32
}

/// Flat-coloured triangles, built each frame (a few hundred: the flags move).
#[derive(Default)]
pub(super) struct Faces {
    vertices: Vec<Vertex>,
    indices: Vec<u16>,
}

impl Faces {
    pub(super) fn triangle(&mut self, corners: [Vec3; 3], colour: Color) {
        self.polygon(&corners, colour);
    }

    pub(super) fn quad(&mut self, corners: [Vec3; 4], colour: Color) {
        self.polygon(&corners, colour);
    }

    /// A convex polygon as a fan of triangles.
    fn polygon(&mut self, corners: &[Vec3], colour: Color) {
        let first = u16::try_from(self.vertices.len()).expect("the diorama fits u16 indices");
        self.vertices.extend(
            corners
                .iter()
                .map(|p| Vertex::new(p.x, p.y, p.z, 0.0, 0.0, colour)),
        );
        for k in 1..corners.len() as u16 - 1 {
            self.indices.extend([first, first + k, first + k + 1]);
        }
    }

    pub(super) fn draw(self) {
        draw_mesh(&Mesh {
            vertices: self.vertices,
            indices: self.indices,
            texture: None,
        });
    }
}
