//! The set pieces that mark a course's places: the start's banners and clock
//! ([`start_dressing`]), each range's berms, wind flags, spectators' fence and numbered frames
//! ([`range_sides`], [`range_numbers`]), the penalty loop's way beside it ([`loop_way`]), the
//! finish stadium's stands, crowd and arch ([`stadium`]). Everything stands beside the track or, overhead, higher than the chase
//! camera's eye, so the camera passes beside or under it, never through. Origins on the
//! track's centre line at the place's z (the start line, the stage, the targets, the finish
//! line).

mod crowd;
mod loop_way;
mod range;
mod stadium;

pub use crowd::{flag_cloth, spectator_figure, Spectator, ARM_POSES, COATS, FLAG_SEGMENTS};
pub use loop_way::loop_way;
pub use range::{range_crowd, range_numbers, range_sides};
pub use stadium::{stadium, stadium_crowd, stadium_flags};

use super::primitives::block;
use crate::mesh::MeshData;
use glam::Vec3;

/// Nearest anything beside the track stands to its edge, metres: clear of the lanes, the
/// skier's poles and the chase camera (which follows half the skier's sideways offset).
pub const BESIDE_GAP: f32 = 2.0;
/// How far bases reach below the snow, metres.
const SINK: f32 = 0.3;

const POLE: [u8; 4] = [70, 72, 80, 255];
const BANNER_COLOURS: [[u8; 4]; 3] = [[214, 40, 44, 255], [250, 250, 250, 255], [30, 90, 200, 255]];
const CLOCK_CASE: [u8; 4] = [24, 26, 32, 255];
const CLOCK_LIGHT: [u8; 4] = [255, 70, 40, 255];
const CROWD_COLOURS: [[u8; 4]; 6] = [
    [210, 44, 48, 255],
    [36, 96, 204, 255],
    [240, 200, 40, 255],
    [30, 150, 80, 255],
    [240, 240, 240, 255],
    [120, 40, 160, 255],
];
const FACE: [u8; 4] = [232, 190, 160, 255];

/// Feather banners: height of the pole, the banner's size, and how many stand on each side of
/// the start, metres.
const FEATHER_TOP: f32 = 4.5;
const FEATHER: Vec3 = Vec3::new(0.05, 3.0, 0.9);
const FEATHERS_PER_SIDE: usize = 4;
const FEATHER_EVERY: f32 = 8.0;
/// The first feathers stand this far beyond the line: a portrait phone's narrow view sees
/// the track's sides only some way ahead.
const FEATHERS_FROM: f32 = 12.0;
/// The clock: its pole's height, its case and its lights, metres.
const CLOCK_HEIGHT: f32 = 4.2;
const CLOCK_CASE_SIZE: Vec3 = Vec3::new(1.6, 1.6, 0.3);
const CLOCK_LIGHTS: usize = 12;
/// The digits of the clock's seconds: their height, and how far before the case's face they
/// stand (on it, not in it), metres.
const CLOCK_DIGIT_HEIGHT: f32 = 0.7;
const CLOCK_DIGIT_LIFT: f32 = 0.03;
const CLOCK_DIGIT: [u8; 4] = [255, 214, 60, 255];

/// The start's dressing for a track `track_width` wide: feather banners down both sides
/// beyond the line, and a stopwatch clock on a pole past them on the right.
pub fn start_dressing(track_width: f32) -> MeshData {
    let mut mesh = MeshData::default();
    let x = 0.5 * track_width + BESIDE_GAP + 0.5;
    for side in [-1.0, 1.0] {
        for k in 0..FEATHERS_PER_SIDE {
            let z = FEATHERS_FROM + k as f32 * FEATHER_EVERY;
            let at = Vec3::new(side * x, 0.0, z);
            pole(&mut mesh, at, FEATHER_TOP, 0.08);
            let colour = BANNER_COLOURS[k % BANNER_COLOURS.len()];
            let centre = at + Vec3::new(0.0, FEATHER_TOP - 0.5 * FEATHER.y, 0.5 * FEATHER.z);
            block(&mut mesh, centre, FEATHER, colour);
        }
    }
    let face = clock_face(track_width);
    pole(&mut mesh, face.with_y(0.0), CLOCK_HEIGHT, 0.15);
    block(&mut mesh, face, CLOCK_CASE_SIZE, CLOCK_CASE);
    for k in 0..CLOCK_LIGHTS {
        let angle = std::f32::consts::TAU * k as f32 / CLOCK_LIGHTS as f32;
        let (sin, cos) = angle.sin_cos();
        let at = face + Vec3::new(0.6 * sin, 0.6 * cos, -0.5 * CLOCK_CASE_SIZE.z - 0.02);
        block(&mut mesh, at, Vec3::new(0.14, 0.14, 0.04), CLOCK_LIGHT);
    }
    mesh
}

/// The middle of the start clock's case for a track `track_width` wide.
fn clock_face(track_width: f32) -> Vec3 {
    let x = 0.5 * track_width + BESIDE_GAP + 1.0;
    // Beyond the last feather: the farther down the track, the nearer a portrait screen's
    // middle, so the countdown on it is in sight from the start line.
    let z = FEATHERS_FROM + FEATHERS_PER_SIDE as f32 * FEATHER_EVERY + 0.5;
    Vec3::new(x, CLOCK_HEIGHT + 0.5 * CLOCK_CASE_SIZE.y, z)
}

/// The seconds the start clock shows (`seconds` % 10): a digit lit on its face, inside the
/// ring of lights, in the same place as [`start_dressing`]'s clock.
pub fn clock_seconds(track_width: f32, seconds: u8) -> MeshData {
    let mut mesh = MeshData::default();
    let at = clock_face(track_width) - Vec3::Z * (0.5 * CLOCK_CASE_SIZE.z + CLOCK_DIGIT_LIFT);
    digit(
        &mut mesh,
        at,
        CLOCK_DIGIT_HEIGHT,
        usize::from(seconds),
        CLOCK_DIGIT,
    );
    mesh
}

/// A square pole from below the snow to `top`.
fn pole(mesh: &mut MeshData, foot: Vec3, top: f32, width: f32) {
    let centre = foot + Vec3::Y * (0.5 * (top - SINK));
    block(mesh, centre, Vec3::new(width, top + SINK, width), POLE);
}

/// A spectator standing at `feet` facing `facing`; `k` picks the coat's colour. The crowd is
/// drawn apart from the set piece, moving ([`spectator_figure`]).
fn spectator(crowd: &mut Vec<Spectator>, feet: Vec3, facing: Vec3, k: usize) {
    crowd.push(Spectator {
        feet,
        facing,
        coat: k % COATS,
    });
}

/// Which segments of a seven-segment digit are lit: a, b, c, d, e, f, g.
const SEGMENTS: [[bool; 7]; 10] = [
    [true, true, true, true, true, true, false],
    [false, true, true, false, false, false, false],
    [true, true, false, true, true, false, true],
    [true, true, true, true, false, false, true],
    [false, true, true, false, false, true, true],
    [true, false, true, true, false, true, true],
    [true, false, true, true, true, true, true],
    [true, true, true, false, false, false, false],
    [true, true, true, true, true, true, true],
    [true, true, true, true, false, true, true],
];

/// A seven-segment `digit` `height` tall, centred on `centre` in the xy plane, facing −z (back
/// along the track, towards the skier).
fn digit(mesh: &mut MeshData, centre: Vec3, height: f32, value: usize, colour: [u8; 4]) {
    let (w, h, t) = (0.5 * height, 0.5 * height, 0.12 * height);
    let depth = 0.04;
    let across = Vec3::new(w, t, depth);
    let upright = Vec3::new(t, h, depth);
    // Seen from −z the world's +x is on the viewer's right: a, b, c, d, e, f, g.
    let places = [
        (Vec3::new(0.0, h, 0.0), across),
        (Vec3::new(0.5 * w, 0.5 * h, 0.0), upright),
        (Vec3::new(0.5 * w, -0.5 * h, 0.0), upright),
        (Vec3::new(0.0, -h, 0.0), across),
        (Vec3::new(-0.5 * w, -0.5 * h, 0.0), upright),
        (Vec3::new(-0.5 * w, 0.5 * h, 0.0), upright),
        (Vec3::ZERO, across),
    ];
    for (lit, (offset, size)) in SEGMENTS[value % 10].iter().zip(places) {
        if *lit {
            block(mesh, centre + offset, size, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    /// The chase camera's eye: within this of the track's centre line, metres.
    const EYE_X: f32 = 2.0;

    #[test]
    fn the_start_dressing_stands_beside_the_track() {
        let mesh = start_dressing(9.5);
        check(&mesh).expect("a valid mesh");
        assert!(mesh.positions.iter().all(|p| p[0].abs() >= 4.75 + EYE_X));
    }

    #[test]
    fn the_clocks_seconds_stand_on_its_face_inside_its_lights() {
        let dressing = start_dressing(9.5);
        let face = clock_face(9.5);
        let front = face.z - 0.5 * CLOCK_CASE_SIZE.z;
        for seconds in 0..=3 {
            let mesh = clock_seconds(9.5, seconds);
            check(&mesh).expect("a valid mesh");
            assert!(!mesh.positions.is_empty());
            for p in &mesh.positions {
                let p = Vec3::from(*p);
                assert!(p.z < front && p.z > front - 0.1, "{p}");
                assert!((p.truncate() - face.truncate()).length() < 0.6, "{p}");
            }
        }
        // The case stands where the dressing puts it.
        assert!(dressing
            .positions
            .iter()
            .any(|p| (Vec3::from(*p) - (face - Vec3::Z * 0.5 * CLOCK_CASE_SIZE.z)).length() < 0.8));
    }

    #[test]
    fn every_digit_lights_its_segments() {
        for (value, segments) in SEGMENTS.iter().enumerate() {
            let mut mesh = MeshData::default();
            digit(&mut mesh, Vec3::ZERO, 1.0, value, CLOCK_LIGHT);
            check(&mesh).expect("a valid mesh");
            let lit = segments.iter().filter(|&&s| s).count();
            assert_eq!(mesh.positions.len(), lit * 24, "{value}");
        }
    }
}
