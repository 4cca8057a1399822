//! The colours of the picture in the scope, from the place the range stands in: its sky (the
//! horizon's colour in the lens's sky and in the haze over the far hill, the sun and ambient
//! light on the snow, the trees and the target frame) and its snow's and trees' tints. So each
//! level's range looks like its place — warm at dusk, grey in the snowfall — as the world does.

use crate::app::render::world::place::{look_at, PlaceLook};
use crate::course::sky::{Sky, SKIES};
use crate::course::Course;
use glam::Vec3;
use macroquad::color::Color;

/// Colours as level 1's light shows them, before the place's light and tints.
const SNOW: Vec3 = Vec3::new(0.90, 0.93, 0.96);
const BERM: Vec3 = Vec3::new(0.80, 0.85, 0.91);
const TREES: Vec3 = Vec3::new(0.14, 0.24, 0.23);
const FRAME: Vec3 = Vec3::new(0.93, 0.93, 0.90);
/// The lens looks near the horizon: this much of the zenith's colour shows in its sky.
const SKY_ZENITH_SHARE: f32 = 0.2;
/// The far hill: snow in shade, taken this far towards the horizon's colour by the haze.
const HILL_SHADE: f32 = 0.72;
const HILL_HAZE: f32 = 0.5;
/// A shape's side turned from the sun keeps this share of the lit side's light.
const SHADE_SHARE: f32 = 0.72;
/// The berm's rounded top catches this much more light than its face.
const BERM_EDGE_GAIN: f32 = 1.12;
/// Light never dims a colour below this share of level 1's, nor raises it above this.
const LIGHT_RANGE: (f32, f32) = (0.45, 1.12);

/// The picture's colours at one range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LensPalette {
    pub sky: Color,
    pub hill: Color,
    /// The trees' sunlit side and their shaded side.
    pub trees: Color,
    pub trees_shade: Color,
    pub snow: Color,
    pub berm: Color,
    pub berm_edge: Color,
    /// The target frame's face and the shaded lip along its bottom.
    pub frame: Color,
    pub frame_shade: Color,
    /// Whether the sun comes from the left of the targets (their left sides are lit).
    pub sun_from_left: bool,
    /// Falling snow in front of the targets, 0 (none) to 1 (a heavy fall).
    pub snowfall: f32,
}

impl LensPalette {
    /// The colours of the range at `z` of `course`.
    pub fn at(course: &Course, z: f64) -> Self {
        Self::of(&course.sky_at(z), &look_at(course, z))
    }

    /// The colours of a range under `sky` in a place that looks like `place`.
    pub fn of(sky: &Sky, place: &PlaceLook) -> Self {
        let light = (light_on_snow(sky) / light_on_snow(&SKIES[0]))
            .clamp(Vec3::splat(LIGHT_RANGE.0), Vec3::splat(LIGHT_RANGE.1));
        let snow = tinted(SNOW, place.snow) * light;
        let trees = tinted(TREES, place.trees) * light;
        let horizon = Vec3::from(sky.horizon);
        Self {
            sky: colour(horizon.lerp(Vec3::from(sky.zenith), SKY_ZENITH_SHARE)),
            hill: colour((snow * HILL_SHADE).lerp(horizon, HILL_HAZE)),
            trees: colour(trees),
            trees_shade: colour(trees * SHADE_SHARE),
            snow: colour(snow),
            berm: colour(tinted(BERM, place.snow) * light),
            berm_edge: colour(snow * BERM_EDGE_GAIN),
            frame: colour(FRAME * light),
            frame_shade: colour(FRAME * light * SHADE_SHARE),
            // The targets face the shooter down the track (+z): the sun's x decides the side.
            sun_from_left: sky.sun_towards[0] < 0.0,
            snowfall: sky.snowfall,
        }
    }
}

/// The light on flat snow: the ambient and the sun by its height.
fn light_on_snow(sky: &Sky) -> Vec3 {
    let height = Vec3::from(sky.sun_towards).normalize_or_zero().y.max(0.0);
    Vec3::from(sky.ambient) + Vec3::from(sky.sun) * height
}

/// `base` cast by `tint`'s rgb and taken its alpha's share towards white, as the world's shader
/// tints the place's snow and trees.
fn tinted(base: Vec3, tint: [f32; 4]) -> Vec3 {
    let [r, g, b, white] = tint;
    (base * Vec3::new(r, g, b)).lerp(Vec3::ONE, white)
}

fn colour(rgb: Vec3) -> Color {
    let rgb = rgb.clamp(Vec3::ZERO, Vec3::ONE);
    Color::new(rgb.x, rgb.y, rgb.z, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette(level: u8) -> LensPalette {
        LensPalette::at(&Course::level(level, 1, None).expect("a level"), 0.0)
    }

    /// Mean distance of the picture's main colours, in 0–255 RGB.
    fn distance(a: &LensPalette, b: &LensPalette) -> f32 {
        let rgb = |c: Color| Vec3::new(c.r, c.g, c.b) * 255.0;
        let pairs = [(a.sky, b.sky), (a.hill, b.hill), (a.snow, b.snow)];
        pairs
            .iter()
            .map(|&(x, y)| rgb(x).distance(rgb(y)))
            .sum::<f32>()
            / pairs.len() as f32
    }

    #[test]
    fn each_levels_range_has_its_own_colours() {
        let palettes: Vec<LensPalette> = (1..=5).map(palette).collect();
        for (i, a) in palettes.iter().enumerate() {
            for (j, b) in palettes.iter().enumerate().skip(i + 1) {
                let apart = distance(a, b);
                assert!(apart >= 10.0, "levels {} and {}: {apart}", i + 1, j + 1);
            }
        }
    }

    #[test]
    fn the_snow_stays_lighter_than_the_trees_and_the_hill_in_every_light() {
        for level in 1..=5 {
            let p = palette(level);
            let luma = |c: Color| 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
            let (snow, trees) = (luma(p.snow), luma(p.trees));
            // Level 5's snow-loaded spruce are the palest trees: still a fifth darker.
            assert!(snow > trees + 0.2, "level {level}: {snow} {trees}");
            assert!(luma(p.snow) > luma(p.hill), "level {level}");
            assert!(luma(p.trees_shade) < luma(p.trees), "level {level}");
        }
    }
}
