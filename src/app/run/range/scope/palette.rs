//! The colours and light of the picture in the scope, from the place the range stands in: its
//! sky (the horizon's colour in the lens's sky and in the haze over the far hill; the sun's
//! direction and colour and the ambient light that light the range's faces) and its snow's and
//! trees' tints. So each level's range looks like its place — warm at dusk, grey in the
//! snowfall — as the world does.

use crate::app::render::world::place::{look_at, PlaceLook};
use crate::course::levels::LEVELS;
use crate::course::sky::Sky;
use crate::course::Course;
use glam::Vec3;
use macroquad::color::Color;

/// Colours as level 1's light shows them on flat snow, before the place's tints.
const SNOW: Vec3 = Vec3::new(0.90, 0.93, 0.96);
const BERM: Vec3 = Vec3::new(0.80, 0.85, 0.91);
const TREES: Vec3 = Vec3::new(0.14, 0.24, 0.23);
const FRAME: Vec3 = Vec3::new(0.93, 0.93, 0.90);
/// The lens looks near the horizon: this much of the zenith's colour shows in its sky.
const SKY_ZENITH_SHARE: f32 = 0.2;
/// The far hill: snow in shade, taken this far towards the horizon's colour by the haze.
const HILL_SHADE: f32 = 0.72;
const HILL_HAZE: f32 = 0.5;
/// Light never dims a colour below this share of level 1's on flat snow, nor raises it above
/// this.
const LIGHT_RANGE: (f32, f32) = (0.4, 1.15);

/// The picture's colours and light at one range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LensPalette {
    /// The sky in the lens, and the horizon's colour the haze takes things towards.
    pub sky: Color,
    pub haze: Vec3,
    pub hill: Color,
    /// The place's snow, berm, trees and target plate, before the light.
    pub snow: Vec3,
    pub berm: Vec3,
    pub trees: Vec3,
    pub frame: Vec3,
    light: Light,
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
        let reference = light_on_snow(&LEVELS[0].scenery.sky);
        // The shooter faces down the track (+z) with −x on the right.
        let [x, y, z] = sky.sun_towards;
        let light = Light {
            ambient: Vec3::from(sky.ambient) / reference,
            sun: Vec3::from(sky.sun) / reference,
            towards_sun: Vec3::new(-x, y, -z).normalize_or_zero(),
        };
        let haze = Vec3::from(sky.horizon);
        let snow = tinted(SNOW, place.snow);
        let shaded_snow = light.on(snow, Vec3::Y) * HILL_SHADE;
        Self {
            sky: colour(haze.lerp(Vec3::from(sky.zenith), SKY_ZENITH_SHARE)),
            haze,
            hill: colour(shaded_snow.lerp(haze, HILL_HAZE)),
            snow,
            berm: tinted(BERM, place.snow),
            trees: tinted(TREES, place.trees),
            frame: FRAME,
            light,
            snowfall: sky.snowfall,
        }
    }

    /// `base` lit on a face turned to `normal` (the range's frame, as [`Light::towards_sun`]).
    pub fn lit_rgb(&self, base: Vec3, normal: Vec3) -> Vec3 {
        self.light.on(base, normal)
    }

    /// [`Self::lit_rgb`] as a colour.
    pub fn lit(&self, base: Vec3, normal: Vec3) -> Color {
        colour(self.lit_rgb(base, normal))
    }
}

/// The ambient light and the sun's, as shares of level 1's light on flat snow, and the way to
/// the sun as the shooter faces the targets (x right, y up, z back towards the shooter).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Light {
    ambient: Vec3,
    sun: Vec3,
    towards_sun: Vec3,
}

impl Light {
    /// `base` lit on a face turned to `normal` (Lambert, held within [`LIGHT_RANGE`]).
    fn on(&self, base: Vec3, normal: Vec3) -> Vec3 {
        let light = self.ambient + self.sun * normal.dot(self.towards_sun).max(0.0);
        base * light.clamp(Vec3::splat(LIGHT_RANGE.0), Vec3::splat(LIGHT_RANGE.1))
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

/// An opaque colour of `rgb`, each channel held to 0–1.
pub(super) fn colour(rgb: Vec3) -> Color {
    let rgb = rgb.clamp(Vec3::ZERO, Vec3::ONE);
    Color::new(rgb.x, rgb.y, rgb.z, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette(level: u8) -> LensPalette {
        LensPalette::at(&Course::level(level, 1, None).expect("a level"), 0.0)
    }

    fn rgb(c: Color) -> Vec3 {
        Vec3::new(c.r, c.g, c.b)
    }

    fn luma(c: Color) -> f32 {
        0.3 * c.r + 0.59 * c.g + 0.11 * c.b
    }

    /// Mean distance of the picture's main colours (sky, hill, lit snow), in 0–255 RGB.
    fn distance(a: &LensPalette, b: &LensPalette) -> f32 {
        let snow = |p: &LensPalette| p.lit(p.snow, Vec3::Y);
        let pairs = [(a.sky, b.sky), (a.hill, b.hill), (snow(a), snow(b))];
        pairs
            .iter()
            .map(|&(x, y)| (rgb(x) - rgb(y)).length() * 255.0)
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
    fn faces_towards_the_sun_are_lighter_and_the_snow_lighter_than_the_trees() {
        for level in 1..=5 {
            let p = palette(level);
            let snow = luma(p.lit(p.snow, Vec3::Y));
            // Level 5's snow-loaded spruce are the palest trees: still a fifth darker.
            let trees = luma(p.lit(p.trees, Vec3::Y));
            assert!(snow > trees + 0.2, "level {level}: {snow} {trees}");
            assert!(snow > luma(p.hill), "level {level}");
            let sun = p.light.towards_sun;
            assert!(
                luma(p.lit(p.snow, sun)) > luma(p.lit(p.snow, -sun)),
                "level {level}"
            );
        }
    }
}
