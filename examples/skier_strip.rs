//! Draw the skier's motion as frames for an animator's look: twelve frames of each action
//! (the diagonal stride, double poling, a lane change's lean, a jump, a landing, a duck, the
//! forgiven stumble, a crash's tumble and get-up, the victory at the finish), side-on from the skier's right, as PNGs
//! `DIR/<action>_<frame>.png` (a flat-shaded software drawing of the game's own mesh); and each
//! athlete of the shop mid-stride, `DIR/athlete_<id>.png`.
//!
//! `cargo run --example skier_strip -- DIR`, then e.g.
//! `montage DIR/stride_*.png -tile 12x1 -geometry +2+2 stride.png`.
//! Exit code 2 when a file cannot be written.

// A picture for people to look at: the platform's trigonometry decides nothing here.
#![allow(clippy::disallowed_methods)]

use glam::{Mat4, Vec3};
use latu::mesh::MeshData;
use latu::models::{skier, Outfit, SkierPose, VerticalPose};
use latu::shop::athlete::Athlete;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Frame size, pixels, and metres shown across it.
const WIDTH: usize = 200;
const HEIGHT: usize = 240;
const VIEW_M: f32 = 2.6;
/// Frames per strip.
const FRAMES: usize = 12;
/// The athletes are drawn at this phase of the stride (a leg and a pole forward).
const ATHLETE_STRIDE: f32 = 0.25;
const SKY: [u8; 3] = [214, 226, 238];
const SNOW: [u8; 3] = [246, 248, 252];
/// Light from the front-left and above, and the share of light in shadow.
const LIGHT: Vec3 = Vec3::new(0.4, 0.8, 0.45);
const AMBIENT: f32 = 0.45;
/// The view: turned this far from side-on towards the skier's front, looking a little down.
const VIEW_YAW: f32 = -1.25;
const VIEW_PITCH: f32 = 0.18;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("strips"), PathBuf::from);
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("skier_strip: cannot create {}: {error}", dir.display());
        return ExitCode::from(2);
    }
    for (name, pose_at) in actions() {
        for frame in 0..FRAMES {
            let t = frame as f32 / FRAMES as f32;
            let path = dir.join(format!("{name}_{frame:02}.png"));
            let image = draw(&skier(&pose_at(t), Outfit::default()));
            if let Err(error) = write_png(&path, &image) {
                eprintln!("skier_strip: cannot write {}: {error}", path.display());
                return ExitCode::from(2);
            }
        }
        println!("{}", dir.join(format!("{name}_*.png")).display());
    }
    for athlete in Athlete::all() {
        let path = dir.join(format!("athlete_{}.png", athlete.spec().id));
        let outfit = Outfit {
            athlete,
            ..Outfit::default()
        };
        let image = draw(&skier(&SkierPose::skiing(ATHLETE_STRIDE), outfit));
        if let Err(error) = write_png(&path, &image) {
            eprintln!("skier_strip: cannot write {}: {error}", path.display());
            return ExitCode::from(2);
        }
    }
    println!("{}", dir.join("athlete_*.png").display());
    ExitCode::SUCCESS
}

type PoseAt = fn(f32) -> SkierPose;

/// Each action's pose at a share `t` of its strip.
fn actions() -> Vec<(&'static str, PoseAt)> {
    vec![
        ("stride", |t| SkierPose::skiing(t)),
        ("double_pole", |t| SkierPose {
            poling: 1.0,
            ..SkierPose::skiing(t)
        }),
        ("lean", |t| SkierPose {
            lean: (std::f32::consts::PI * t).sin(),
            ..SkierPose::skiing(t)
        }),
        ("jump", |t| SkierPose {
            vertical: VerticalPose::Jump { progress: t },
            ..SkierPose::skiing(0.0)
        }),
        ("landing", |t| SkierPose {
            landing: Some(t),
            ..SkierPose::skiing(t)
        }),
        ("duck", |t| SkierPose {
            vertical: VerticalPose::Duck { progress: t },
            ..SkierPose::skiing(t)
        }),
        ("stumble", |t| SkierPose {
            stumble: Some(t),
            ..SkierPose::skiing(t)
        }),
        ("tumble", |t| SkierPose {
            tumble: Some(t),
            ..SkierPose::skiing(t)
        }),
        ("victory", |t| SkierPose {
            victory: Some(t),
            ..SkierPose::skiing(0.0)
        }),
    ]
}

/// An RGB picture.
struct Image {
    pixels: Vec<[u8; 3]>,
}

/// The mesh drawn side-on, flat-shaded, with a depth buffer, over sky and a strip of snow.
fn draw(mesh: &MeshData) -> Image {
    let mut pixels = vec![SKY; WIDTH * HEIGHT];
    let ground_row = (HEIGHT as f32 * 0.85) as usize;
    for row in pixels.chunks_mut(WIDTH).skip(ground_row) {
        row.fill(SNOW);
    }
    let mut depth = vec![f32::INFINITY; WIDTH * HEIGHT];
    let view = Mat4::from_rotation_x(VIEW_PITCH) * Mat4::from_rotation_y(VIEW_YAW);
    let scale = WIDTH as f32 / VIEW_M;
    let project = |p: [f32; 3]| {
        let v = view.transform_point3(Vec3::from(p) - Vec3::Y * 0.9);
        Vec3::new(
            WIDTH as f32 * 0.5 + v.x * scale,
            ground_row as f32 - 0.9 * scale * VIEW_PITCH.cos() - v.y * scale,
            v.z,
        )
    };
    let light = LIGHT.normalize();
    for triangle in mesh.indices.chunks_exact(3) {
        let [a, b, c] = [0, 1, 2].map(|k| usize::from(triangle[k]));
        let world = [a, b, c].map(|i| Vec3::from(mesh.positions[i]));
        let normal = (world[1] - world[0])
            .cross(world[2] - world[0])
            .normalize_or_zero();
        let shade = AMBIENT + (1.0 - AMBIENT) * normal.dot(light).max(0.0);
        let colour = mesh.colors[a];
        let lit = [0, 1, 2].map(|k| (f32::from(colour[k]) * shade).min(255.0) as u8);
        let screen = [a, b, c].map(|i| project(mesh.positions[i]));
        fill(&mut pixels, &mut depth, screen, lit);
    }
    Image { pixels }
}

/// Fill one screen-space triangle where it is nearer than what is drawn.
fn fill(pixels: &mut [[u8; 3]], depth: &mut [f32], p: [Vec3; 3], colour: [u8; 3]) {
    let area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y);
    if area.abs() < 1e-6 {
        return;
    }
    let min_x = p.iter().map(|v| v.x).fold(f32::MAX, f32::min).max(0.0) as usize;
    let max_x = p
        .iter()
        .map(|v| v.x)
        .fold(f32::MIN, f32::max)
        .min(WIDTH as f32 - 1.0) as usize;
    let min_y = p.iter().map(|v| v.y).fold(f32::MAX, f32::min).max(0.0) as usize;
    let max_y = p
        .iter()
        .map(|v| v.y)
        .fold(f32::MIN, f32::max)
        .min(HEIGHT as f32 - 1.0) as usize;
    for y in min_y..=max_y {
        for x in min_x..=max_x {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let w0 = ((p[1].x - px) * (p[2].y - py) - (p[2].x - px) * (p[1].y - py)) / area;
            let w1 = ((p[2].x - px) * (p[0].y - py) - (p[0].x - px) * (p[2].y - py)) / area;
            let w2 = 1.0 - w0 - w1;
            if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                continue;
            }
            let z = w0 * p[0].z + w1 * p[1].z + w2 * p[2].z;
            let at = y * WIDTH + x;
            if z < depth[at] {
                depth[at] = z;
                pixels[at] = colour;
            }
        }
    }
}

fn write_png(path: &Path, image: &Image) -> std::io::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(std::io::Error::other)?;
    let bytes: Vec<u8> = image.pixels.iter().flatten().copied().collect();
    writer
        .write_image_data(&bytes)
        .map_err(std::io::Error::other)
}
