//! The range in 3D, as the scope sees it: the target plate at 50 m with its dark edge and
//! shaded lip, the rounded snow berm in front of it, wind flags on poles behind it (their cloth
//! rippling and leaning with the gusts), the snow rising to a hill of spruces in the haze. Its
//! faces are lit by the place's sun and ambient light (Lambert, per face) and drawn by a
//! perspective camera at the shooter's eye that turns as the sight sways and kicks.
//!
//! The scope's field is under a degree wide, so a shape's size on screen is its angle: each is
//! laid out by the angles (mrad) it spans from the eye at its distance, and the picture agrees
//! with [`Lens::at`] (the faces, marks and shots drawn over it) to well under a pixel.

use super::geometry::{
    at, hash_share, Faces, Lens, HILL_FOOT, HILL_FOOT_M, HILL_RIDGE, HILL_RIDGE_M, MRAD, REACH,
};
use super::palette::{colour, LensPalette};
use super::venue::{BermFace, Venue};
use glam::Vec3;
use macroquad::camera::{set_camera, set_default_camera, Camera3D};
use macroquad::math::{vec2, Vec2};
use macroquad::window::{clear_background, screen_height, screen_width};

/// Distances from the eye, metres: the berm's face, top and back, the plate, the flag poles
/// (the hill's in [`super::geometry`]). Nothing is nearer than the camera's near plane, so a phone's
/// 16-bit depth still tells the plate from its lip.
const BERM_FRONT_M: f32 = 46.0;
const BERM_CREST_M: f32 = 47.6;
const BERM_BACK_M: f32 = 49.0;
const PLATE_M: f32 = 50.0;
const PLATE_EDGE_M: f32 = 50.02;
const LIP_M: f32 = 0.03;
const POLES_M: f32 = 52.0;
const NEAR_M: f32 = 10.0;
const FAR_M: f32 = 1000.0;
/// The scene, mrad from the range's centre (y up): the plate, its dark edge, its lip, the
/// berm's crest.
const PLATE_HALF_W: f32 = 6.6;
const PLATE_TOP: f32 = 1.6;
const PLATE_BOTTOM: f32 = -2.1;
const PLATE_EDGE: f32 = 0.08;
const PLATE_LIP: f32 = 0.18;
const BERM_CREST: f32 = -1.8;
/// The berm's profile below its crest, mrad, from its face to its back.
const BERM_PROFILE: [(f32, f32); 6] = [
    (BERM_FRONT_M, -40.0),
    (46.6, -6.0),
    (47.2, -2.2),
    (BERM_CREST_M, BERM_CREST),
    (48.2, -1.95),
    (BERM_BACK_M, -2.6),
];
/// A boarded berm's banner: its bottom and top on the face (mrad), and how much nearer than
/// the boards it is drawn (metres).
const BANNER_LOW: f32 = -3.3;
const BANNER_HIGH: f32 = -2.6;
const BANNER_NEARER_M: f32 = 0.01;
/// The spruces on the hill: spacing, half width, heights (mrad), sides of their cones, and how
/// far the haze takes them towards the horizon.
const TREE_PITCH: f32 = 0.8;
const TREE_HALF_W: f32 = 0.45;
const TREE_MIN_H: f32 = 1.4;
const TREE_VARIES_H: f32 = 1.3;
const TREE_SIDES: usize = 6;
const TREE_HAZE: f32 = 0.2;
/// Flag poles: their x, top and width (mrad); the cloth's length and height (mrad), its
/// segments along the length, and its ripple's depth (metres), waves and rate.
const FLAG_POLES: [f32; 4] = [-7.6, -3.75, 3.75, 7.6];
const POLE_TOP: f32 = 3.2;
const POLE_W: f32 = 0.08;
const FLAG_LEN: f32 = 1.3;
const FLAG_H: f32 = 0.55;
const FLAG_SEGMENTS: usize = 8;
const RIPPLE_M: f32 = 0.012;
const RIPPLE_WAVES: f32 = 1.5;
const RIPPLE_RATE: f32 = 9.0;
/// The crosswind that blows a flag straight out, m/s (a light flag is out at a moderate breeze).
const FLAG_OUT_MPS: f32 = 5.0;
/// The least lean of a flag, so that a calm still shows which side it hangs from.
const FLAG_CALM_LEAN: f32 = 0.05;
const POLE: Vec3 = Vec3::new(0.25, 0.22, 0.20);
const FLAG: Vec3 = Vec3::new(0.92, 0.22, 0.16);
const FLAG_STRIPE: Vec3 = Vec3::new(0.99, 0.84, 0.18);
const PLATE_EDGE_COLOUR: Vec3 = Vec3::new(0.30, 0.32, 0.34);

/// Draw the range in 3D into the lens, over a screen cleared to the sky (the eyepiece drawn
/// afterwards covers all but the lens).
/// `venue` stands behind the range and faces its berm; `wind_mps` is the stage's crosswind now
/// (+ blowing to the right), which the flags show.
pub(super) fn draw_diorama(
    lens: &Lens,
    (palette, venue): (&LensPalette, Venue),
    wind_s: f64,
    wind_mps: f64,
) {
    clear_background(palette.sky);
    let mut mesh = Faces::default();
    land(&mut mesh, palette);
    venue.behind_trees(&mut mesh, palette);
    trees(&mut mesh, lens, palette);
    venue.among_trees(&mut mesh, palette);
    flags(&mut mesh, palette, wind_s as f32, wind_mps as f32);
    plate(&mut mesh, palette);
    berm(&mut mesh, palette, venue);
    set_camera(&scope_camera(lens, vec2(screen_width(), screen_height())));
    mesh.draw();
    set_default_camera();
}

/// The eye at the origin looking down −z (x to the right, y up) where the screen's centre
/// lies, so that the lens's centre shows where the sight points.
fn scope_camera(lens: &Lens, screen: Vec2) -> Camera3D {
    let per_radian = lens.px_per_mrad / MRAD;
    let centre = screen / 2.0 - lens.centre;
    let looking = (lens.looking_at + vec2(centre.x, -centre.y) / lens.px_per_mrad) * MRAD;
    Camera3D {
        position: Vec3::ZERO,
        target: Vec3::new(looking.x.tan(), looking.y.tan(), -1.0),
        up: Vec3::Y,
        fovy: 2.0 * (screen.y / 2.0 / per_radian).atan(),
        aspect: Some(screen.x / screen.y),
        z_near: NEAR_M,
        z_far: FAR_M,
        ..Default::default()
    }
}

/// The snow rising from behind the plate to the hill's foot, and the hill in its haze.
fn land(mesh: &mut Faces, palette: &LensPalette) {
    let (left, right) = (-REACH, REACH);
    let snow = palette.lit(palette.snow, Vec3::Y);
    mesh.quad(
        [
            at(left, BERM_CREST, PLATE_M),
            at(right, BERM_CREST, PLATE_M),
            at(right, HILL_FOOT, HILL_FOOT_M),
            at(left, HILL_FOOT, HILL_FOOT_M),
        ],
        snow,
    );
    mesh.quad(
        [
            at(left, HILL_FOOT, HILL_FOOT_M),
            at(right, HILL_FOOT, HILL_FOOT_M),
            at(right, HILL_RIDGE, HILL_RIDGE_M),
            at(left, HILL_RIDGE, HILL_RIDGE_M),
        ],
        palette.hill,
    );
}

/// Spruces standing on the hill's foot, those the lens can show.
fn trees(mesh: &mut Faces, lens: &Lens, palette: &LensPalette) {
    let half_view = lens.radius / lens.px_per_mrad + TREE_HALF_W;
    let count = (2.0 * REACH / TREE_PITCH) as i32;
    for k in 0..=count {
        let x = -REACH + k as f32 * TREE_PITCH;
        if (x - lens.looking_at.x).abs() > half_view {
            continue;
        }
        let height = TREE_MIN_H + TREE_VARIES_H * hash_share(k);
        let foot = HILL_FOOT + 0.3 * hash_share(k + 1000);
        let apex = at(x, foot + height, HILL_FOOT_M);
        let base = at(x, foot, HILL_FOOT_M);
        let radius = TREE_HALF_W * MRAD * HILL_FOOT_M;
        let rim = |side: usize| {
            let angle = std::f32::consts::TAU * side as f32 / TREE_SIDES as f32;
            base + Vec3::new(angle.sin(), 0.0, angle.cos()) * radius
        };
        for side in 0..TREE_SIDES {
            let (a, b) = (rim(side), rim(side + 1));
            let normal = (b - a).cross(apex - a).normalize_or_zero();
            let lit = palette.lit_rgb(palette.trees, normal);
            mesh.triangle([a, b, apex], colour(lit.lerp(palette.haze, TREE_HAZE)));
        }
    }
}

/// Poles behind the plate, their flags leaning downwind as far as the wind blows them, and
/// rippling.
fn flags(mesh: &mut Faces, palette: &LensPalette, t: f32, wind_mps: f32) {
    let downwind = if wind_mps < 0.0 { -1.0 } else { 1.0 };
    let lean = (wind_mps.abs() / FLAG_OUT_MPS).clamp(FLAG_CALM_LEAN, 1.0);
    for (k, &x) in FLAG_POLES.iter().enumerate() {
        let half = POLE_W / 2.0;
        let pole = palette.lit(POLE, Vec3::Z);
        mesh.quad(
            [
                at(x - half, BERM_CREST, POLES_M),
                at(x + half, BERM_CREST, POLES_M),
                at(x + half, POLE_TOP, POLES_M),
                at(x - half, POLE_TOP, POLES_M),
            ],
            pole,
        );
        let phase = k as f32 * 1.7;
        // Straight out at lean 1, hanging down the pole at 0; the cloth ripples in depth.
        let point = |along: f32, down: f32| {
            let ripple = RIPPLE_M
                * along
                * (RIPPLE_WAVES * std::f32::consts::TAU * along - RIPPLE_RATE * t + phase).sin();
            let droop = (1.0 - lean) * FLAG_LEN * along;
            let spot = at(
                x + downwind * FLAG_LEN * lean * along,
                POLE_TOP - down - droop,
                POLES_M,
            );
            spot + Vec3::Z * ripple
        };
        for s in 0..FLAG_SEGMENTS {
            let (a, b) = (
                s as f32 / FLAG_SEGMENTS as f32,
                (s + 1) as f32 / FLAG_SEGMENTS as f32,
            );
            // The flag narrows to its tip: its height shrinks along it.
            let (ha, hb) = (FLAG_H * (1.0 - a), FLAG_H * (1.0 - b));
            for (top, bottom, base) in [(0.0, 0.5, FLAG), (0.5, 1.0, FLAG_STRIPE)] {
                let quad = [
                    point(a, ha * bottom),
                    point(b, hb * bottom),
                    point(b, hb * top),
                    point(a, ha * top),
                ];
                mesh.quad(quad, palette.lit(base, face_normal(&quad)));
            }
        }
    }
}

/// The target plate facing the shooter, its dark edge behind it and its lip in shade.
fn plate(mesh: &mut Faces, palette: &LensPalette) {
    let (w, top, bottom) = (PLATE_HALF_W, PLATE_TOP, PLATE_BOTTOM);
    let edge = PLATE_EDGE;
    let rect = |left: f32, right: f32, low: f32, high: f32, metres: f32| {
        [
            at(left, low, metres),
            at(right, low, metres),
            at(right, high, metres),
            at(left, high, metres),
        ]
    };
    let edge_colour = palette.lit(PLATE_EDGE_COLOUR, Vec3::Z);
    mesh.quad(
        rect(-w - edge, w + edge, bottom - edge, top + edge, PLATE_EDGE_M),
        edge_colour,
    );
    let face = palette.lit(palette.frame, Vec3::Z);
    mesh.quad(rect(-w, w, bottom + PLATE_LIP, top, PLATE_M), face);
    // The lip slants back under the plate's face: it turns from a high sun.
    let lip = [
        at(-w, bottom, PLATE_M) + Vec3::Z * LIP_M,
        at(w, bottom, PLATE_M) + Vec3::Z * LIP_M,
        at(w, bottom + PLATE_LIP, PLATE_M),
        at(-w, bottom + PLATE_LIP, PLATE_M),
    ];
    mesh.quad(lip, palette.lit(palette.frame, face_normal(&lip)));
}

/// The berm: its rounded profile swept across the range.
fn berm(mesh: &mut Faces, palette: &LensPalette, venue: Venue) {
    for pair in BERM_PROFILE.windows(2) {
        let [(near_m, near_y), (far_m, far_y)] = [pair[0], pair[1]];
        let quad = [
            at(-REACH, near_y, near_m),
            at(REACH, near_y, near_m),
            at(REACH, far_y, far_m),
            at(-REACH, far_y, far_m),
        ];
        let face = venue.berm_colour(palette.berm);
        mesh.quad(quad, palette.lit(face, face_normal(&quad)));
    }
    if let BermFace::Boards { banner } = venue.berm_face() {
        // The banner along the boards' face, a hair nearer than them.
        let on_face = |y: f32| {
            let (low, high) = (BERM_PROFILE[1], BERM_PROFILE[2]);
            low.0 + (y - low.1) / (high.1 - low.1) * (high.0 - low.0) - BANNER_NEARER_M
        };
        let quad = [
            at(-REACH, BANNER_LOW, on_face(BANNER_LOW)),
            at(REACH, BANNER_LOW, on_face(BANNER_LOW)),
            at(REACH, BANNER_HIGH, on_face(BANNER_HIGH)),
            at(-REACH, BANNER_HIGH, on_face(BANNER_HIGH)),
        ];
        mesh.quad(quad, palette.lit(banner, face_normal(&quad)));
    }
}

/// The normal of a quad given anticlockwise as seen from its front.
fn face_normal(quad: &[Vec3; 4]) -> Vec3 {
    (quad[1] - quad[0])
        .cross(quad[3] - quad[0])
        .normalize_or_zero()
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Mat4;

    /// Where the camera puts a point of the scene, in screen pixels (y down): macroquad's
    /// perspective `Camera3D::matrix`, which reads the window's size, so is written out here.
    fn on_screen(camera: &Camera3D, screen: Vec2, point: Vec3) -> Vec2 {
        let aspect = camera.aspect.expect("the scope's camera sets its aspect");
        let projection = Mat4::perspective_rh_gl(camera.fovy, aspect, camera.z_near, camera.z_far);
        let view = Mat4::look_at_rh(camera.position, camera.target, camera.up);
        let clip = projection * view * point.extend(1.0);
        let ndc = clip.truncate() / clip.w;
        vec2(
            (ndc.x + 1.0) / 2.0 * screen.x,
            (1.0 - ndc.y) / 2.0 * screen.y,
        )
    }

    #[test]
    fn the_3d_picture_agrees_with_the_faces_and_shots_to_a_fraction_of_a_pixel() {
        for (screen, centre, radius, px_per_mrad) in [
            (vec2(360.0, 800.0), vec2(180.0, 240.0), 170.0, 31.0),
            (vec2(1280.0, 720.0), vec2(420.0, 360.0), 330.0, 45.0),
        ] {
            for looking_at in [Vec2::ZERO, vec2(4.5, -2.0), vec2(-6.0, 3.1)] {
                let lens = Lens {
                    centre,
                    radius,
                    px_per_mrad,
                    looking_at,
                };
                let camera = scope_camera(&lens, screen);
                for angles in [
                    vec2(0.0, 0.0),
                    vec2(2.5, 0.0),
                    vec2(-5.0, 1.15),
                    vec2(6.6, -2.1),
                ] {
                    for metres in [PLATE_M, HILL_FOOT_M] {
                        let drawn = on_screen(&camera, screen, at(angles.x, angles.y, metres));
                        let miss = drawn.distance(lens.at(angles));
                        assert!(
                            miss < 0.5,
                            "{angles} at {metres} m, {looking_at}: {miss} px"
                        );
                    }
                }
            }
        }
    }
}
