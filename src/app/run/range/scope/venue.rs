//! Each level's range is its own venue in the lens: what stands behind the targets (the
//! village's houses, the frozen lake's ice, the ski jump's inrun, the chapel, the cliffs) and
//! what the berm is faced with (snow, timber boards with a banner, or stone). The level row's
//! landmark names the venue; the place's palette lights it. A new venue is drawn here alone:
//! the diorama asks its venue what stands behind and among the trees and what faces the berm.
//!
//! Sizes are angles from the eye at the backdrop's distance (mrad, y up), as the rest of the
//! diorama: the lens spans under 8 mrad, so the backdrop shows in the band just above the plate.

use super::geometry::{at, Faces, HILL_FOOT, HILL_FOOT_M, HILL_RIDGE, HILL_RIDGE_M, REACH};
use super::palette::{colour, LensPalette};
use crate::course::land::LandmarkKind;
use crate::course::levels::LEVELS;
use crate::course::Course;
use glam::Vec3;

/// What the berm's front is faced with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum BermFace {
    /// Plain snow, the palette's berm.
    Snow,
    /// Timber boards, a banner's stripe along the top.
    Boards { banner: Vec3 },
    /// Stone blocks.
    Stone,
}

const TIMBER: Vec3 = Vec3::new(0.46, 0.30, 0.18);
const STONE: Vec3 = Vec3::new(0.50, 0.50, 0.52);
const BANNER_BLUE: Vec3 = Vec3::new(0.12, 0.32, 0.72);
const BANNER_RED: Vec3 = Vec3::new(0.78, 0.14, 0.12);
/// Walls and roofs of the village's houses (ochre, red, white; dark roofs).
const WALLS: [Vec3; 3] = [
    Vec3::new(0.80, 0.55, 0.22),
    Vec3::new(0.70, 0.18, 0.14),
    Vec3::new(0.90, 0.88, 0.82),
];
const ROOF: Vec3 = Vec3::new(0.22, 0.18, 0.18);
/// The houses: their x, half width and wall height (mrad), their roofs' rise.
const HOUSES: [(f32, f32, f32); 5] = [
    (-6.2, 0.7, 0.55),
    (-3.1, 0.55, 0.45),
    (-0.4, 0.8, 0.6),
    (2.6, 0.6, 0.5),
    (5.4, 0.75, 0.55),
];
const ROOF_RISE: f32 = 0.45;
/// A roof's eaves reach this share of the walls' half width out.
const EAVES: f32 = 1.15;
/// How far the buildings, the spire and the jump's tower stand, metres (just before the trees
/// at the hill's foot, the spire and tower a little nearer still).
const BUILDINGS_M: f32 = HILL_FOOT_M - 1.0;
const SPIRE_M: f32 = HILL_FOOT_M - 1.5;
const TOWER_M: f32 = HILL_FOOT_M - 0.5;
/// Roofs face up and towards the shooter.
const ROOF_NORMAL: Vec3 = Vec3::new(0.0, 0.7, 0.7);
/// The lake's ice from this far (m) to the hill's foot, and its colour; a paler sheen band.
const ICE_FROM_M: f32 = 150.0;
/// The ice ends this far before the hill's foot, and its sheen starts this far beyond the ice's
/// near edge, metres.
const ICE_BEFORE_FOOT_M: f32 = 2.0;
const SHEEN_BEYOND_M: f32 = 60.0;
const ICE_FROM: f32 = 2.05;
const ICE: Vec3 = Vec3::new(0.62, 0.76, 0.86);
const SHEEN: Vec3 = Vec3::new(0.86, 0.93, 0.98);
const SHEEN_FROM: f32 = 2.2;
const SHEEN_TO: f32 = 2.26;
/// The ski jump's inrun: from its take-off to its top (x, y mrad), its width, and its tower.
const INRUN_FROM: (f32, f32) = (1.2, 2.7);
const INRUN_TO: (f32, f32) = (7.5, 6.2);
const INRUN_W: f32 = 0.35;
const TOWER_HALF_W: f32 = 0.45;
const STEEL: Vec3 = Vec3::new(0.62, 0.64, 0.68);
/// The chapel: its x, half width, wall height, roof rise and spire's top (mrad).
const CHAPEL_X: f32 = -2.6;
const CHAPEL_HALF_W: f32 = 0.9;
const CHAPEL_WALL: f32 = 0.8;
const CHAPEL_ROOF: f32 = 0.5;
const SPIRE_HALF_W: f32 = 0.22;
/// The spire's tower stands over this share of the chapel's half width to the right.
const SPIRE_AT: f32 = 0.55;
const SPIRE_TOP: f32 = 2.6;
const CHAPEL_WHITE: Vec3 = Vec3::new(0.92, 0.90, 0.86);
/// The cliffs: their jagged top (x, height above the hill's foot, mrad), and the rock.
const CLIFF_TOP: [(f32, f32); 9] = [
    (-REACH, 1.6),
    (-9.0, 2.4),
    (-6.0, 1.7),
    (-3.5, 3.1),
    (-1.0, 2.2),
    (1.8, 3.4),
    (4.5, 2.0),
    (8.0, 2.9),
    (REACH, 1.8),
];
const ROCK: Vec3 = Vec3::new(0.36, 0.37, 0.40);
/// The cliffs stand this far before the hill's ridge (metres) and reach this far below it
/// (mrad); their faces lean with the slope of their top by this share.
const CLIFFS_BEFORE_RIDGE_M: f32 = 5.0;
const CLIFFS_BELOW_RIDGE: f32 = 0.4;
const CLIFF_LEAN: f32 = 0.3;
const CLIFF_UP: f32 = 0.2;
/// The inrun's face turns up and to the left, to the light.
const INRUN_NORMAL: Vec3 = Vec3::new(-0.5, 0.8, 0.3);
/// The spire's eaves, as a share of its half width, and its roof's face.
const SPIRE_EAVES: f32 = 1.3;
const SPIRE_NORMAL: Vec3 = Vec3::new(0.0, 0.5, 0.9);

/// The venue of a range whose place has `landmark`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Venue(pub LandmarkKind);

impl Venue {
    /// The venue of the range at `z` of `course`: its level row's landmark.
    pub fn at(course: &Course, z: f64) -> Self {
        Self(LEVELS[course.stretch_at(z).row].land.landmark)
    }

    /// What the berm is faced with here.
    pub(super) fn berm_face(self) -> BermFace {
        match self.0 {
            LandmarkKind::Village => BermFace::Boards { banner: BANNER_RED },
            LandmarkKind::SkiJump => BermFace::Boards {
                banner: BANNER_BLUE,
            },
            LandmarkKind::Cliffs => BermFace::Stone,
            LandmarkKind::FrozenLake | LandmarkKind::Chapel => BermFace::Snow,
        }
    }

    /// The berm face's colour before the light, given the palette's snow berm.
    pub(super) fn berm_colour(self, snow_berm: Vec3) -> Vec3 {
        match self.berm_face() {
            BermFace::Snow => snow_berm,
            BermFace::Boards { .. } => TIMBER,
            BermFace::Stone => STONE,
        }
    }

    /// What stands behind the hill's trees (drawn before them: the lens paints far to near).
    pub(super) fn behind_trees(self, mesh: &mut Faces, palette: &LensPalette) {
        match self.0 {
            LandmarkKind::FrozenLake => ice(mesh, palette),
            LandmarkKind::Cliffs => cliffs(mesh, palette),
            LandmarkKind::Village | LandmarkKind::SkiJump | LandmarkKind::Chapel => {}
        }
    }

    /// What stands among the trees or over them (drawn after them).
    pub(super) fn among_trees(self, mesh: &mut Faces, palette: &LensPalette) {
        match self.0 {
            LandmarkKind::Village => houses(mesh, palette),
            LandmarkKind::SkiJump => inrun(mesh, palette),
            LandmarkKind::Chapel => chapel(mesh, palette),
            LandmarkKind::FrozenLake | LandmarkKind::Cliffs => {}
        }
    }
}

/// A colour in the haze of the hill's foot.
fn far(palette: &LensPalette, base: Vec3, normal: Vec3) -> macroquad::color::Color {
    colour(palette.lit_rgb(base, normal).lerp(palette.haze, HAZE))
}

/// How far the haze takes the backdrop towards the horizon.
const HAZE: f32 = 0.25;

/// An upright face `half_w` either side of `x`, from the hill's foot to `top`, `m` away.
fn upright(x: f32, half_w: f32, top: f32, m: f32) -> [Vec3; 4] {
    [
        at(x - half_w, HILL_FOOT, m),
        at(x + half_w, HILL_FOOT, m),
        at(x + half_w, top, m),
        at(x - half_w, top, m),
    ]
}

/// A roof's (or a spire's) gable over `x`: from its eaves `half_w` either side at `base` up to
/// `top`, `m` away.
fn gable(x: f32, half_w: f32, (base, top): (f32, f32), m: f32) -> [Vec3; 3] {
    [
        at(x - half_w, base, m),
        at(x + half_w, base, m),
        at(x, top, m),
    ]
}

/// A gabled building at the hill's foot: walls `half_w` either side of `x`, `wall` high, a roof
/// rising `rise` above them.
fn gabled(
    mesh: &mut Faces,
    palette: &LensPalette,
    (x, half_w): (f32, f32),
    (wall, rise): (f32, f32),
    walls: Vec3,
) {
    let eaves = HILL_FOOT + wall;
    mesh.quad(
        upright(x, half_w, eaves, BUILDINGS_M),
        far(palette, walls, Vec3::Z),
    );
    mesh.triangle(
        gable(x, half_w * EAVES, (eaves, eaves + rise), BUILDINGS_M),
        far(palette, ROOF, ROOF_NORMAL),
    );
}

fn houses(mesh: &mut Faces, palette: &LensPalette) {
    for (k, &(x, half_w, wall)) in HOUSES.iter().enumerate() {
        let walls = WALLS[k % WALLS.len()];
        gabled(mesh, palette, (x, half_w), (wall, ROOF_RISE), walls);
    }
}

/// The frozen lake: ice from the middle distance to the hill's foot, a paler sheen across it.
fn ice(mesh: &mut Faces, palette: &LensPalette) {
    let far_m = HILL_FOOT_M - ICE_BEFORE_FOOT_M;
    let band = |low: f32, low_m: f32, high: f32| {
        [
            at(-REACH, low, low_m),
            at(REACH, low, low_m),
            at(REACH, high, far_m),
            at(-REACH, high, far_m),
        ]
    };
    mesh.quad(
        band(ICE_FROM, ICE_FROM_M, HILL_FOOT),
        far(palette, ICE, Vec3::Y),
    );
    mesh.quad(
        band(SHEEN_FROM, ICE_FROM_M + SHEEN_BEYOND_M, SHEEN_TO),
        far(palette, SHEEN, Vec3::Y),
    );
}

/// The ski jump's inrun rising over the trees on the right, on its steel tower.
fn inrun(mesh: &mut Faces, palette: &LensPalette) {
    let m = BUILDINGS_M;
    let ((x0, y0), (x1, y1)) = (INRUN_FROM, INRUN_TO);
    mesh.quad(
        [
            at(x0, y0, m),
            at(x1, y1, m),
            at(x1, y1 + INRUN_W, m),
            at(x0, y0 + INRUN_W, m),
        ],
        far(palette, CHAPEL_WHITE, INRUN_NORMAL),
    );
    mesh.quad(
        upright(x1, TOWER_HALF_W, y1 + INRUN_W, TOWER_M),
        far(palette, STEEL, Vec3::Z),
    );
}

/// A white chapel among the trees, its spire above them.
fn chapel(mesh: &mut Faces, palette: &LensPalette) {
    let walls = (CHAPEL_X, CHAPEL_HALF_W);
    gabled(
        mesh,
        palette,
        walls,
        (CHAPEL_WALL, CHAPEL_ROOF),
        CHAPEL_WHITE,
    );
    let x = CHAPEL_X + CHAPEL_HALF_W * SPIRE_AT;
    let tower_top = HILL_FOOT + CHAPEL_WALL + CHAPEL_ROOF;
    mesh.quad(
        upright(x, SPIRE_HALF_W, tower_top, SPIRE_M),
        far(palette, CHAPEL_WHITE, Vec3::Z),
    );
    mesh.triangle(
        gable(
            x,
            SPIRE_HALF_W * SPIRE_EAVES,
            (tower_top, HILL_FOOT + SPIRE_TOP),
            SPIRE_M,
        ),
        far(palette, ROOF, SPIRE_NORMAL),
    );
}

/// Grey cliffs standing over the hill, their top jagged.
fn cliffs(mesh: &mut Faces, palette: &LensPalette) {
    let m = HILL_RIDGE_M - CLIFFS_BEFORE_RIDGE_M;
    let low = HILL_RIDGE - CLIFFS_BELOW_RIDGE;
    for pair in CLIFF_TOP.windows(2) {
        let [(x0, h0), (x1, h1)] = [pair[0], pair[1]];
        let quad = [
            at(x0, low, m),
            at(x1, low, m),
            at(x1, HILL_FOOT + h1, m),
            at(x0, HILL_FOOT + h0, m),
        ];
        // Faces leaning one way or the other catch the light differently.
        let normal = Vec3::new((h0 - h1) * CLIFF_LEAN, CLIFF_UP, 1.0).normalize_or_zero();
        mesh.quad(quad, far(palette, ROCK, normal));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_s_range_is_its_own_venue() {
        let venues: Vec<Venue> = LEVELS
            .iter()
            .map(|spec| {
                let course = Course::level(spec.level, 1, None).expect("a level");
                let stage_z = course.stages[0].z;
                Venue::at(&course, stage_z)
            })
            .collect();
        for (k, venue) in venues.iter().enumerate() {
            assert_eq!(venue.0, LEVELS[k].land.landmark, "level {}", k + 1);
            assert!(
                !venues[..k].contains(venue),
                "level {} repeats a venue",
                k + 1
            );
        }
        let faces: Vec<BermFace> = venues.iter().map(|venue| venue.berm_face()).collect();
        assert!(faces.contains(&BermFace::Snow) && faces.contains(&BermFace::Stone));
        assert!(faces
            .iter()
            .any(|face| matches!(face, BermFace::Boards { .. })));
    }
}
