//! Trees and houses on the hills, placed from (seed, chunk index) and merged into one low-poly,
//! vertex-coloured mesh per chunk.

use super::surface::Ground;
use super::{Decoration, DecorationConfig, DecorationKind, TerrainConfig, CHUNK_LENGTH};
use crate::mesh::flat::{planar_quad, shaded, triangle};
use crate::mesh::MeshData;
use crate::seed::mix;
use glam::{Vec2, Vec3};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Purpose tag mixed into the decoration PCG's seed.
const DECOR_PURPOSE: u64 = 0x6465_636f_725f_7631;

/// Tree heights, metres.
const TREE_HEIGHT_MIN: f32 = 5.0;
const TREE_HEIGHT_MAX: f32 = 10.0;
/// Widest canopy radius as a fraction of the tree's height (the lower cone's base).
const CANOPY_RADIUS: f32 = 0.3;
/// Shades of a tree's green, as a factor of `NEEDLE_COLOUR`.
const TREE_SHADE_MIN: f32 = 0.8;
const TREE_SHADE_MAX: f32 = 1.15;
/// How far trunks and walls reach below the ground so they meet it on a slope, metres.
const SINK: f32 = 0.6;

const TRUNK_COLOUR: [u8; 4] = [86, 60, 40, 255];
const NEEDLE_COLOUR: [u8; 4] = [34, 74, 48, 255];
/// A winter birch: a white trunk and a bare crown of grey-brown twigs.
const BIRCH_TRUNK_COLOUR: [u8; 4] = [226, 224, 216, 255];
const TWIG_COLOUR: [u8; 4] = [128, 112, 98, 255];
/// Share of trees that are birches, percent.
const BIRCH_PERCENT: u32 = 30;
/// A birch's trunk reaches higher up its crown than a spruce's, and its crown is narrower.
const BIRCH_TRUNK_SHARE: f32 = 0.5;
const BIRCH_CROWN_SHARE: f32 = 0.7;
const WALL_COLOUR: [u8; 4] = [146, 46, 36, 255];
const ROOF_COLOUR: [u8; 4] = [70, 66, 70, 255];

/// Vertices and triangles of one tree and one house (flat-shaded: no shared vertices).
const TREE_VERTICES: usize = 4 * 4 + 2 * CONE_SIDES * 3;
const HOUSE_VERTICES: usize = 6 * 4 + 2 * 3;
const TREE_INDICES: usize = 4 * 6 + 2 * CONE_SIDES * 3;
const HOUSE_INDICES: usize = 6 * 6 + 2 * 3;

/// Sides of a tree's cones.
const CONE_SIDES: usize = 6;
/// Unit directions of a hexagon's corners (cos, sin of multiples of 60°), so no platform
/// trigonometry is needed.
const SIN_60: f32 = 0.866_025_4;
const HEXAGON: [[f32; 2]; CONE_SIDES] = [
    [1.0, 0.0],
    [0.5, SIN_60],
    [-0.5, SIN_60],
    [-1.0, 0.0],
    [-0.5, -SIN_60],
    [0.5, -SIN_60],
];

/// House size: half extents of the walls, wall height and roof rise, metres.
const HOUSE_HALF_WIDTH: f32 = 3.0;
const HOUSE_HALF_LENGTH: f32 = 4.0;
const WALL_HEIGHT: f32 = 3.0;
const ROOF_RISE: f32 = 2.4;
const ROOF_OVERHANG: f32 = 0.4;
/// Keep trees this far from a house's centre, metres.
const HOUSE_CLEAR_RADIUS: f64 = 7.0;
/// A house stays this far inside its chunk's hills (its corners need their ground).
const HOUSE_MARGIN: f64 = 5.5;

/// Whether `config`'s decorations fit on its hills and in one `u16`-indexed mesh.
pub fn fits(config: &TerrainConfig) -> bool {
    let decor = &config.decorations;
    let room = config.hills_width - HOUSE_MARGIN;
    let vertices =
        2.0 * (f64::from(decor.trees_per_side) * TREE_VERTICES as f64 + HOUSE_VERTICES as f64);
    decor.tree_clearance >= f64::from(CANOPY_RADIUS * TREE_HEIGHT_MAX)
        && decor.tree_clearance < config.hills_width
        && decor.house_clearance + HOUSE_MARGIN < room
        && vertices < super::config::MAX_CHUNK_VERTICES as f64
}

/// Place the decorations of chunk `index` into `placed` and their merged mesh (chunk-local)
/// into `mesh`, both emptied first with their buffers reused. Nothing stands where `cleared`
/// (world x, chunk-local z) holds: the random draws are the same, so the rest stand where they
/// would.
pub fn place(
    seed: u64,
    index: u64,
    config: &TerrainConfig,
    ground: &Ground,
    cleared: &dyn Fn(f64, f64) -> bool,
    placed: &mut Vec<Decoration>,
    mesh: &mut MeshData,
) {
    let mut rng = Pcg64Mcg::seed_from_u64(mix(seed ^ mix(index ^ DECOR_PURPOSE)));
    let trees = 2 * config.decorations.trees_per_side as usize;
    placed.clear();
    placed.reserve(trees + 2);
    mesh.clear_reserving(
        trees * TREE_VERTICES + 2 * HOUSE_VERTICES,
        trees * TREE_INDICES + 2 * HOUSE_INDICES,
    );
    for side in [-1.0, 1.0] {
        let half_width = side * config.track_half_width();
        let mut builder = SideBuilder {
            rng: &mut rng,
            config: &config.decorations,
            ground,
            cleared,
            half_width,
            placed,
            mesh,
        };
        let house = builder.house();
        builder.trees(house);
    }
}

/// Places and builds the decorations of one side of a chunk.
struct SideBuilder<'a> {
    rng: &'a mut Pcg64Mcg,
    config: &'a DecorationConfig,
    ground: &'a Ground<'a>,
    /// Ground kept clear (world x, chunk-local z): a penalty loop's field.
    cleared: &'a dyn Fn(f64, f64) -> bool,
    /// Signed world x of this side's track edge.
    half_width: f64,
    placed: &'a mut Vec<Decoration>,
    mesh: &'a mut MeshData,
}

impl SideBuilder<'_> {
    /// Maybe one house; returns its (d, z) to keep trees out of it.
    fn house(&mut self) -> Option<(f64, f64)> {
        if !self.rng.gen_bool(self.config.house_chance) {
            return None;
        }
        let far = self.ground.width() - HOUSE_MARGIN;
        let d = self
            .rng
            .gen_range(self.config.house_clearance + HOUSE_MARGIN..far);
        let z = self
            .rng
            .gen_range(HOUSE_MARGIN..CHUNK_LENGTH - HOUSE_MARGIN);
        let facing = self.unit_direction();
        let centre = self.local_point(d, z);
        let reach = f64::from(HOUSE_HALF_LENGTH + ROOF_OVERHANG);
        let x = f64::from(centre.x);
        if [
            (-reach, -reach),
            (-reach, reach),
            (reach, -reach),
            (reach, reach),
        ]
        .iter()
        .any(|&(dx, dz)| (self.cleared)(x + dx, z + dz))
        {
            return None;
        }
        let floor = [-1.0, 1.0]
            .iter()
            .flat_map(|&a| [-1.0, 1.0].map(|b| facing_offset(facing, a, b)))
            .map(|offset| self.ground_at_offset(d, z, offset))
            .fold(f32::INFINITY, f32::min);
        self.placed.push(Decoration {
            kind: DecorationKind::House,
            position: centre.to_array(),
        });
        push_house(self.mesh, centre, floor - SINK, facing);
        Some((d, z))
    }

    fn trees(&mut self, house: Option<(f64, f64)>) {
        let clearance = self.config.tree_clearance;
        let reach = self.ground.width() - clearance;
        for _ in 0..self.config.trees_per_side {
            // Trees crowd towards the track (where they are seen): d grows with the square of a
            // uniform draw, written as the product (exact everywhere, unlike libm's `powi`).
            let draw = self.rng.gen::<f64>();
            let d = clearance + reach * (draw * draw);
            let z = self.rng.gen_range(0.0..CHUNK_LENGTH);
            let height = self.rng.gen_range(TREE_HEIGHT_MIN..TREE_HEIGHT_MAX);
            let shade = self.rng.gen_range(TREE_SHADE_MIN..TREE_SHADE_MAX);
            let facing = self.unit_direction();
            let species = if self.rng.gen_range(0..100) < BIRCH_PERCENT {
                Species::Birch
            } else {
                Species::Spruce
            };
            let in_house = house.is_some_and(|(hd, hz)| {
                (hd - d) * (hd - d) + (hz - z) * (hz - z) < HOUSE_CLEAR_RADIUS * HOUSE_CLEAR_RADIUS
            });
            let base = self.local_point(d, z);
            if in_house || (self.cleared)(f64::from(base.x), z) {
                continue;
            }
            self.placed.push(Decoration {
                kind: DecorationKind::Tree,
                position: base.to_array(),
            });
            push_tree(self.mesh, base, height, shade, facing, species);
        }
    }

    /// Chunk-local point on the ground `d` out from this side's track edge at local `z`.
    fn local_point(&self, d: f64, z: f64) -> Vec3 {
        let x = self.half_width + d * self.half_width.signum();
        Vec3::new(x as f32, self.ground.height(d, z) as f32, z as f32)
    }

    /// Ground under a point offset (x, z) from (d, z) in chunk-local metres.
    fn ground_at_offset(&self, d: f64, z: f64, offset: Vec2) -> f32 {
        let d = d + f64::from(offset.x) * self.half_width.signum();
        self.ground.height(d, z + f64::from(offset.y)) as f32
    }

    /// A random horizontal unit vector (x, z), from a point in the unit disc: no trigonometry.
    fn unit_direction(&mut self) -> Vec2 {
        loop {
            let v = Vec2::new(self.rng.gen_range(-1.0..1.0), self.rng.gen_range(-1.0..1.0));
            let length_squared = v.length_squared();
            if length_squared > 0.01 && length_squared <= 1.0 {
                return v / length_squared.sqrt();
            }
        }
    }
}

/// Offset of a house corner: `a`, `b` = ±1 along the house's width and length.
fn facing_offset(facing: Vec2, a: f32, b: f32) -> Vec2 {
    let across = Vec2::new(facing.y, -facing.x);
    across * (a * HOUSE_HALF_WIDTH) + facing * (b * HOUSE_HALF_LENGTH)
}

/// The trees of the hills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Species {
    /// A dark conifer.
    Spruce,
    /// A white-trunked birch, bare in winter.
    Birch,
}

/// A tree: a square trunk and two stacked hexagonal cones, turned by `facing` (a spruce's green
/// and wide, a birch's trunk white and taller, its crown narrow and twig-grey).
fn push_tree(
    mesh: &mut MeshData,
    base: Vec3,
    height: f32,
    shade: f32,
    facing: Vec2,
    species: Species,
) {
    let (trunk_colour, crown_colour, trunk_share, crown_share) = match species {
        Species::Spruce => (TRUNK_COLOUR, NEEDLE_COLOUR, 0.25, 1.0),
        Species::Birch => (
            BIRCH_TRUNK_COLOUR,
            TWIG_COLOUR,
            BIRCH_TRUNK_SHARE,
            BIRCH_CROWN_SHARE,
        ),
    };
    let trunk_radius = 0.05 * height;
    let trunk_top = trunk_share * height;
    let ring = |radius: f32, y: f32, k: usize| {
        let [c, s] = HEXAGON[k % CONE_SIDES];
        let dir = rotate(Vec2::new(c, s), facing);
        base + Vec3::new(dir.x * radius, y, dir.y * radius)
    };
    for k in 0..4 {
        let corner = |k: usize| {
            let dir = rotate(square_corner(k), facing) * trunk_radius;
            Vec3::new(dir.x, 0.0, dir.y)
        };
        let (a, b) = (base + corner(k), base + corner(k + 1));
        let low = Vec3::Y * -SINK;
        let high = Vec3::Y * trunk_top;
        push_quad(
            mesh,
            [a + low, b + low, b + high, a + high],
            base,
            trunk_colour,
        );
    }
    let needles = shaded(crown_colour, shade);
    let low_cone = if species == Species::Birch {
        trunk_top * 0.6
    } else {
        0.15 * height
    };
    let cones = [
        (CANOPY_RADIUS * height * crown_share, low_cone, 0.7 * height),
        (0.2 * height * crown_share, 0.45 * height, height),
    ];
    for (radius, bottom, top) in cones {
        let apex = base + Vec3::Y * top;
        let centre = base + Vec3::Y * bottom;
        for k in 0..CONE_SIDES {
            let (a, b) = (ring(radius, bottom, k), ring(radius, bottom, k + 1));
            triangle(mesh, [a, b, apex], centre, needles);
        }
    }
}

/// Corner `k` (mod 4) of a unit square's outline, as a direction from its centre.
fn square_corner(k: usize) -> Vec2 {
    const CORNERS: [[f32; 2]; 4] = [[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]];
    Vec2::from(CORNERS[k % 4])
}

/// A house: four walls from `floor` up and a gabled roof, its ridge along `facing`.
fn push_house(mesh: &mut MeshData, centre: Vec3, floor: f32, facing: Vec2) {
    let eave = centre.y + WALL_HEIGHT;
    let ridge = eave + ROOF_RISE;
    let point = |a: f32, b: f32, y: f32| {
        let offset = facing_offset(facing, a, b);
        Vec3::new(centre.x + offset.x, y, centre.z + offset.y)
    };
    let inside = Vec3::new(centre.x, (floor + eave) * 0.5, centre.z);
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    for k in 0..4 {
        let (a0, b0) = corners[k];
        let (a1, b1) = corners[(k + 1) % 4];
        let wall = [
            point(a0, b0, floor),
            point(a1, b1, floor),
            point(a1, b1, eave),
            point(a0, b0, eave),
        ];
        push_quad(mesh, wall, inside, WALL_COLOUR);
    }
    for b in [-1.0, 1.0] {
        let gable = [
            point(-1.0, b, eave),
            point(1.0, b, eave),
            point(0.0, b, ridge),
        ];
        triangle(mesh, gable, inside, WALL_COLOUR);
    }
    let over_a = 1.0 + ROOF_OVERHANG / HOUSE_HALF_WIDTH;
    let over_b = 1.0 + ROOF_OVERHANG / HOUSE_HALF_LENGTH;
    let below = inside - Vec3::Y * WALL_HEIGHT;
    for a in [-over_a, over_a] {
        let slope = [
            point(a, -over_b, eave),
            point(a, over_b, eave),
            point(0.0, over_b, ridge),
            point(0.0, -over_b, ridge),
        ];
        push_quad(mesh, slope, below, ROOF_COLOUR);
    }
}

/// Turn `v` so that +x goes to `facing`.
fn rotate(v: Vec2, facing: Vec2) -> Vec2 {
    Vec2::new(
        v.x * facing.x - v.y * facing.y,
        v.x * facing.y + v.y * facing.x,
    )
}

/// One flat-shaded planar quad (corners in order around it) facing away from `inside`. Its
/// normal is its first half's: the models' `quad`, which averages both halves, would move the
/// chunks' normals by a rounding step.
fn push_quad(mesh: &mut MeshData, corners: [Vec3; 4], inside: Vec3, colour: [u8; 4]) {
    let [a, b, c, _] = corners;
    let normal = (b - a).cross(c - a).normalize();
    planar_quad(mesh, corners, normal, a - inside, colour);
}
