//! The `probe` of `--show approach`: how the approached obstacle reads on the frame just drawn.
//! Its box and the lanes' spacing come from projecting its model and the lane centres through
//! the frame's own camera; its contrast from the frame's pixels: the model is rasterised through
//! that camera into a mask of which of its colours covers which pixel, and each colour's drawn
//! luminance is set against the snow drawn around the obstacle.

// Measuring the picture decides nothing in a run: sRGB's transfer curve may use `powf`.
#![allow(clippy::disallowed_methods)]

use crate::app::render::camera::ViewCamera;
use crate::app::render::scene::obstacle_foot;
use crate::course::looks::look;
use crate::course::{Obstacle, ObstacleClass, Route, LANES};
use crate::mesh::MeshData;
use crate::models::obstacle;
use crate::terrain::Terrain;
use glam::{DVec3, Mat4, Vec2};
#[cfg(test)]
use macroquad::color::Color;
use macroquad::texture::get_screen_data;
use serde::Serialize;

/// A colour of the obstacle counts towards its contrast when it covers at least this share of
/// the obstacle's pixels (a sliver of a darker band does not make it readable).
const COUNTED_SHARE: f32 = 0.1;
/// The snow around the obstacle: its box grown by this share of the box's height on every side
/// (at least [`MIN_MARGIN_PX`]), leaving out the obstacle and [`CLEAR_PX`] around it, where
/// multisampling blends the two.
const MARGIN_SHARE: f32 = 0.5;
const MIN_MARGIN_PX: f32 = 4.0;
const CLEAR_PX: i32 = 2;
/// A colour's own pixels (each with its four neighbours the same colour) stand for it when
/// there are this many; fewer, and its edge pixels are counted too.
const MIN_INNER_PIXELS: usize = 4;
/// WCAG's flare term of the luminance ratio.
const FLARE: f32 = 0.05;

/// What `--stats` reports under `probe`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Probe {
    pub kind: ObstacleClass,
    pub look: &'static str,
    /// Distance from the skier's feet to the obstacle's near edge, metres.
    pub ahead_m: f64,
    /// The obstacle's extent on screen, pixels from the top left: `[x0, y0, x1, y1]`.
    #[serde(rename = "box")]
    pub box_px: [f32; 4],
    pub height_px: f32,
    /// Where its base stands on screen (the middle of its lanes on the snow at its near edge),
    /// pixels from the top left: the anchor for comparing obstacles' silhouettes
    /// (`tools/silhouettes.py`), whatever their models reach.
    pub base_px: [f32; 2],
    /// The height on screen of the part of it over its lanes (a jump obstacle's body without
    /// its end boards on the shoulders, a duck obstacle's banner or bar without its posts), pixels.
    pub over_lanes_height_px: f32,
    /// The smallest distance between neighbouring lane centres at the obstacle, pixels.
    pub lane_spacing_px: f32,
    /// The least luminance ratio of the obstacle's colours against the snow around it.
    pub contrast: f32,
    pub snow_luminance: f32,
    pub colours: Vec<ColourReading>,
}

/// One of the obstacle's model colours as drawn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ColourReading {
    pub rgb: [u8; 3],
    /// Share of the obstacle's visible pixels in this colour.
    pub share: f32,
    /// Its median drawn luminance and its ratio against the snow's.
    pub luminance: f32,
    pub contrast: f32,
}

/// What the probe reads from.
pub struct Probed<'a> {
    pub obstacle: &'a Obstacle,
    pub ahead_m: f64,
    pub camera: ViewCamera,
    pub terrain: &'a Terrain,
    /// The course's forks: an obstacle on a high trail stands on its ridge, as it is drawn.
    pub routes: &'a [Route],
}

/// The frame's pixels, top row first, RGBA.
struct Picture {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

impl Picture {
    /// What is on screen now (GL hands the rows over bottom first).
    fn of_screen() -> Self {
        let image = get_screen_data();
        let (width, height) = (usize::from(image.width), usize::from(image.height));
        let rgba = image
            .bytes
            .chunks_exact(width * 4)
            .rev()
            .flatten()
            .copied()
            .collect();
        Self {
            width,
            height,
            rgba,
        }
    }

    fn luminance(&self, x: usize, y: usize) -> f32 {
        let at = (y * self.width + x) * 4;
        luminance([self.rgba[at], self.rgba[at + 1], self.rgba[at + 2]])
    }
}

/// Measure the obstacle on the frame on screen now; `None` if it has no model or lies outside
/// the picture.
pub fn measure(probed: &Probed) -> Option<Probe> {
    let picture = Picture::of_screen();
    measure_on(probed, &picture)
}

fn measure_on(probed: &Probed, picture: &Picture) -> Option<Probe> {
    let o = probed.obstacle;
    let lane_width = probed.terrain.config().lane_width;
    let look = look(o.class, o.look)?;
    let model = obstacle(
        o.class,
        o.look,
        (o.lanes.len() as f64 * lane_width) as f32,
        look.depth as f32,
    )?;
    let base = obstacle_foot(o, probed.routes, probed.terrain);
    let lane_x = |lane: f64| (lane - f64::from(LANES - 1) / 2.0) * lane_width;
    let lens = Lens::new(&probed.camera, picture.width, picture.height);
    let base_px = lens.pixel(base)?;

    // Only what stands above the snow is seen.
    let seen = |p: &[f32; 3]| {
        let above = DVec3::new(p[0].into(), p[1].max(0.0).into(), p[2].into());
        lens.pixel(base + above)
    };
    let (low, high) = extent(model.positions.iter().filter_map(seen))?;
    let half_span = 0.5 * o.lanes.len() as f32 * lane_width as f32;
    let (lanes_low, lanes_high) = extent(over_lanes(&model, half_span).filter_map(seen))?;
    let lane_centres = (0..LANES).map(|l| DVec3::new(lane_x(f64::from(l)), base.y, o.z));
    let lane_spacing_px = least_spacing_px(&lens, lane_centres);

    let mask = Mask::rasterise(&model, base, &lens);
    let snow = snow_luminance(picture, &mask, [low.x, low.y, high.x, high.y])?;
    let colours = mask.readings(picture, snow);
    Some(Probe {
        kind: o.class,
        look: look.name,
        ahead_m: probed.ahead_m,
        box_px: [low.x, low.y, high.x, high.y],
        height_px: high.y - low.y,
        base_px: base_px.to_array(),
        over_lanes_height_px: lanes_high.y - lanes_low.y,
        lane_spacing_px,
        contrast: least_contrast(&colours),
        snow_luminance: snow,
        colours,
    })
}

/// The corners of the model's faces that reach over the lanes, `half_span` either side of their
/// middle (not the posts or flags beside them).
fn over_lanes(model: &MeshData, half_span: f32) -> impl Iterator<Item = &[f32; 3]> {
    model.indices.chunks_exact(3).flat_map(move |triangle| {
        let corners = triangle.iter().map(|&i| &model.positions[i as usize]);
        let (left, right) =
            corners.fold((f32::MAX, f32::MIN), |(l, r), p| (l.min(p[0]), r.max(p[0])));
        let over = left < half_span && right > -half_span;
        triangle
            .iter()
            .filter(move |_| over)
            .map(|&i| &model.positions[i as usize])
    })
}

/// The smallest distance across the screen between neighbouring lane centres, pixels.
fn least_spacing_px(lens: &Lens, lane_centres: impl Iterator<Item = DVec3>) -> f32 {
    let lanes: Vec<f32> = lane_centres
        .filter_map(|centre| lens.pixel(centre))
        .map(|p| p.x)
        .collect();
    lanes
        .windows(2)
        .map(|pair| (pair[1] - pair[0]).abs())
        .fold(f32::MAX, f32::min)
}

/// The least contrast of the colours that cover enough of the obstacle to count.
fn least_contrast(colours: &[ColourReading]) -> f32 {
    colours
        .iter()
        .filter(|c| c.share >= COUNTED_SHARE)
        .map(|c| c.contrast)
        .fold(f32::MAX, f32::min)
}

/// The smallest and largest corner of the points' bounding box; `None` for no points.
fn extent(points: impl Iterator<Item = Vec2>) -> Option<(Vec2, Vec2)> {
    points.fold(None, |bounds, p| match bounds {
        None => Some((p, p)),
        Some((low, high)) => Some((low.min(p), high.max(p))),
    })
}

/// The frame's camera as a projection to pixels.
struct Lens {
    camera: ViewCamera,
    view_proj: Mat4,
    size: Vec2,
}

impl Lens {
    fn new(camera: &ViewCamera, width: usize, height: usize) -> Self {
        let size = Vec2::new(width as f32, height as f32);
        Self {
            camera: *camera,
            view_proj: camera.view_proj(size.x / size.y.max(1.0)),
            size,
        }
    }

    /// A world point's position on screen, pixels from the top left, and its depth; `None`
    /// behind the eye.
    fn project(&self, world: DVec3) -> Option<(Vec2, f32)> {
        let clip = self.view_proj * self.camera.relative(world).extend(1.0);
        if clip.w <= f32::EPSILON {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        let pixel = Vec2::new(0.5 * (ndc.x + 1.0), 0.5 * (1.0 - ndc.y)) * self.size;
        Some((pixel, ndc.z))
    }

    fn pixel(&self, world: DVec3) -> Option<Vec2> {
        self.project(world).map(|(pixel, _)| pixel)
    }
}

/// Which of the model's colours covers each pixel (the nearest face's), above the snow only.
struct Mask {
    width: usize,
    height: usize,
    colour: Vec<Option<usize>>,
    palette: Vec<[u8; 3]>,
}

impl Mask {
    fn rasterise(model: &MeshData, base: DVec3, lens: &Lens) -> Self {
        let (width, height) = (lens.size.x as usize, lens.size.y as usize);
        let mut mask = Self {
            width,
            height,
            colour: vec![None; width * height],
            palette: Vec::new(),
        };
        let mut depth = vec![f32::MAX; width * height];
        for triangle in model.indices.chunks_exact(3) {
            let corners: Option<Vec<(Vec2, f32, f32)>> = triangle
                .iter()
                .map(|&i| {
                    let p = model.positions[i as usize];
                    let world = base + DVec3::new(p[0].into(), p[1].into(), p[2].into());
                    lens.project(world).map(|(pixel, z)| (pixel, z, p[1]))
                })
                .collect();
            let Some(corners) = corners else { continue };
            let [r, g, b, _] = model.colors[triangle[0] as usize];
            let id = mask.palette_id([r, g, b]);
            mask.fill(&corners, id, &mut depth);
        }
        mask
    }

    fn palette_id(&mut self, rgb: [u8; 3]) -> usize {
        self.palette
            .iter()
            .position(|&c| c == rgb)
            .unwrap_or_else(|| {
                self.palette.push(rgb);
                self.palette.len() - 1
            })
    }

    /// Cover the pixels whose centres lie in the triangle of `corners` (screen position, depth,
    /// height above the snow) with colour `id` where it is the nearest face so far.
    fn fill(&mut self, corners: &[(Vec2, f32, f32)], id: usize, depth: &mut [f32]) {
        let [(a, za, ya), (b, zb, yb), (c, zc, yc)] = [corners[0], corners[1], corners[2]];
        let area = edge(a, b, c);
        if area.abs() <= f32::EPSILON {
            return;
        }
        let low = a.min(b).min(c).max(Vec2::ZERO).floor();
        let high = a
            .max(b)
            .max(c)
            .min(Vec2::new(self.width as f32 - 1.0, self.height as f32 - 1.0));
        for y in low.y as usize..=high.y.max(0.0) as usize {
            for x in low.x as usize..=high.x.max(0.0) as usize {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let (wa, wb, wc) = (
                    edge(b, c, p) / area,
                    edge(c, a, p) / area,
                    edge(a, b, p) / area,
                );
                if wa < 0.0 || wb < 0.0 || wc < 0.0 {
                    continue;
                }
                let above_snow = wa * ya + wb * yb + wc * yc >= 0.0;
                let z = wa * za + wb * zb + wc * zc;
                let at = y * self.width + x;
                if above_snow && z < depth[at] {
                    depth[at] = z;
                    self.colour[at] = Some(id);
                }
            }
        }
    }

    fn covered(&self, x: i32, y: i32) -> Option<usize> {
        let inside = (0..self.width as i32).contains(&x) && (0..self.height as i32).contains(&y);
        inside
            .then(|| self.colour[y as usize * self.width + x as usize])
            .flatten()
    }

    /// Whether the obstacle covers any pixel within `reach` of (x, y).
    fn near(&self, x: i32, y: i32, reach: i32) -> bool {
        (-reach..=reach).any(|dy| (-reach..=reach).any(|dx| self.covered(x + dx, y + dy).is_some()))
    }

    /// Each colour's share of the obstacle's pixels and its median drawn luminance against
    /// `snow`.
    fn readings(&self, picture: &Picture, snow: f32) -> Vec<ColourReading> {
        let mut all = vec![Vec::new(); self.palette.len()];
        let mut inner = vec![Vec::new(); self.palette.len()];
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                let Some(id) = self.covered(x, y) else {
                    continue;
                };
                let lum = picture.luminance(x as usize, y as usize);
                all[id].push(lum);
                let neighbours = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                if neighbours
                    .iter()
                    .all(|(dx, dy)| self.covered(x + dx, y + dy) == Some(id))
                {
                    inner[id].push(lum);
                }
            }
        }
        let total = all.iter().map(Vec::len).sum::<usize>().max(1) as f32;
        self.palette
            .iter()
            .zip(all.into_iter().zip(inner))
            .filter(|(_, (all, _))| !all.is_empty())
            .map(|(&rgb, (all, inner))| {
                let share = all.len() as f32 / total;
                let luminance = median(if inner.len() >= MIN_INNER_PIXELS {
                    inner
                } else {
                    all
                });
                ColourReading {
                    rgb,
                    share,
                    luminance,
                    contrast: ratio(luminance, snow),
                }
            })
            .collect()
    }
}

/// The median luminance of the snow drawn around the obstacle's box (see [`MARGIN_SHARE`]);
/// `None` when none of it is on screen.
fn snow_luminance(picture: &Picture, mask: &Mask, box_px: [f32; 4]) -> Option<f32> {
    let margin = (MARGIN_SHARE * (box_px[3] - box_px[1])).max(MIN_MARGIN_PX);
    let clamp = |v: f32, side: usize| (v.max(0.0) as usize).min(side.saturating_sub(1));
    let (x0, x1) = (
        clamp(box_px[0] - margin, picture.width),
        clamp(box_px[2] + margin, picture.width),
    );
    let (y0, y1) = (
        clamp(box_px[1] - margin, picture.height),
        clamp(box_px[3] + margin, picture.height),
    );
    let around: Vec<f32> = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
        .filter(|&(x, y)| !mask.near(x as i32, y as i32, CLEAR_PX))
        .map(|(x, y)| picture.luminance(x, y))
        .collect();
    (!around.is_empty()).then(|| median(around))
}

/// Twice the signed area of the triangle (a, b, p).
fn edge(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}

fn median(mut values: Vec<f32>) -> f32 {
    values.sort_by(f32::total_cmp);
    values[values.len() / 2]
}

/// Relative luminance of an sRGB colour (WCAG 2).
pub fn luminance(rgb: [u8; 3]) -> f32 {
    let linear = |channel: u8| {
        let c = f32::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2])
}

/// The luminance ratio of two luminances, the lighter over the darker (WCAG 2), 1 to 21.
pub fn ratio(a: f32, b: f32) -> f32 {
    (a.max(b) + FLARE) / (a.min(b) + FLARE)
}

/// `top` blended over the opaque `under` as the GPU does (in sRGB values).
#[cfg(test)]
pub fn over(top: Color, under: Color) -> Color {
    let mix = |t: f32, u: f32| t * top.a + u * (1.0 - top.a);
    Color::new(
        mix(top.r, under.r),
        mix(top.g, under.g),
        mix(top.b, under.b),
        1.0,
    )
}

/// The contrast of two opaque colours as the screen's bytes show them (WCAG 2), 1 to 21.
#[cfg(test)]
pub fn contrast(a: Color, b: Color) -> f32 {
    let bytes = |c: Color| [c.r, c.g, c.b].map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
    ratio(luminance(bytes(a)), luminance(bytes(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_on_white_is_twenty_one_to_one_and_a_colour_on_itself_one() {
        let (white, black) = (luminance([255; 3]), luminance([0; 3]));
        assert!((ratio(white, black) - 21.0).abs() < 1e-3);
        assert!((ratio(black, white) - 21.0).abs() < 1e-3);
        let red = luminance([214, 40, 36]);
        assert_eq!(ratio(red, red), 1.0);
    }

    #[test]
    fn a_triangle_covers_the_pixels_inside_it_and_the_nearer_face_wins() {
        let mut mask = Mask {
            width: 8,
            height: 8,
            colour: vec![None; 64],
            palette: vec![[0; 3], [255; 3]],
        };
        let mut depth = vec![f32::MAX; 64];
        let square = |z: f32| {
            [
                [
                    (Vec2::new(0.0, 0.0), z, 1.0),
                    (Vec2::new(8.0, 0.0), z, 1.0),
                    (Vec2::new(0.0, 8.0), z, 1.0),
                ],
                [
                    (Vec2::new(8.0, 0.0), z, 1.0),
                    (Vec2::new(8.0, 8.0), z, 1.0),
                    (Vec2::new(0.0, 8.0), z, 1.0),
                ],
            ]
        };
        for triangle in square(0.5) {
            mask.fill(&triangle, 0, &mut depth);
        }
        let front = [
            (Vec2::new(0.0, 0.0), 0.1, 1.0),
            (Vec2::new(4.0, 0.0), 0.1, 1.0),
            (Vec2::new(0.0, 4.0), 0.1, 1.0),
        ];
        mask.fill(&front, 1, &mut depth);
        for triangle in square(0.9) {
            mask.fill(&triangle, 1, &mut depth);
        }
        assert!(
            mask.colour.iter().all(Option::is_some),
            "the square is covered"
        );
        assert_eq!(mask.covered(0, 0), Some(1), "the nearer triangle");
        assert_eq!(mask.covered(6, 6), Some(0), "the far square stays behind");
        let below = [
            (Vec2::new(0.0, 0.0), 0.0, -0.1),
            (Vec2::new(8.0, 0.0), 0.0, -0.1),
            (Vec2::new(0.0, 8.0), 0.0, -0.1),
        ];
        let mut under = Mask {
            width: 8,
            height: 8,
            colour: vec![None; 64],
            palette: vec![[0; 3]],
        };
        under.fill(&below, 0, &mut vec![f32::MAX; 64]);
        assert!(
            under.colour.iter().all(Option::is_none),
            "under the snow nothing shows"
        );
    }
}
