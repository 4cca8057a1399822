//! Land whose character changes along the track: several lands (one noise field each, the
//! same seed) take turns, each holding a stretch and then blending into the next, as Endless
//! passes through the levels' places. Heights blend linearly over the blend, so the ground never
//! steps, and a point outside every blend is exactly its own land's height.

use super::field::HalfField;
use super::surface::ChunkLayout;
use super::TerrainConfig;

/// One land of a passage: its field and its grid's column terms.
#[derive(Debug, Clone)]
struct Land {
    field: HalfField,
    layout: ChunkLayout,
}

/// The lands in turn: each holds `hold_m` from its start, the last `blend_m` of it blending into
/// the next; after the last comes the first again.
#[derive(Debug, Clone)]
pub struct Passage {
    lands: Vec<Land>,
    hold_m: f64,
    blend_m: f64,
}

/// Which lands make the ground at one z, and how far the first has blended into the second.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Turn {
    land: usize,
    next: usize,
    blend: f64,
}

impl Passage {
    /// The lands of `configs` (validated, differing only in noise and valley, so their grids
    /// share one shape) for `seed`, in turn.
    ///
    /// # Panics
    /// If `configs` is empty, `blend_m` is not above 0 and at most `hold_m`, or two configs
    /// differ in anything but noise and valley: bugs in the caller.
    pub fn new(seed: u64, configs: &[TerrainConfig], hold_m: f64, blend_m: f64) -> Self {
        let first = configs.first().expect("a passage has a land");
        assert!(
            blend_m > 0.0 && blend_m <= hold_m,
            "a passage blends within each hold"
        );
        let lands = configs
            .iter()
            .map(|config| {
                let shaped_alike = TerrainConfig {
                    noise: first.noise,
                    valley: first.valley,
                    ..*config
                };
                assert_eq!(shaped_alike, *first, "a passage's lands share their grid");
                let field = HalfField::new(seed, &config.noise, config.valley);
                let layout = ChunkLayout::new(config, &field);
                Land { field, layout }
            })
            .collect();
        Self {
            lands,
            hold_m,
            blend_m,
        }
    }

    fn turn(&self, z: f64) -> Turn {
        let z = z.max(0.0);
        let stretch = (z / self.hold_m).floor();
        let into = z - stretch * self.hold_m;
        let land = stretch as usize % self.lands.len();
        Turn {
            land,
            next: (land + 1) % self.lands.len(),
            blend: ((into - (self.hold_m - self.blend_m)) / self.blend_m).max(0.0),
        }
    }

    /// Height at `d` metres out from the cut edge and world `z`.
    pub fn height(&self, d: f64, z: f64) -> f64 {
        let turn = self.turn(z);
        let here = self.lands[turn.land].field.height(d, z);
        if turn.blend == 0.0 {
            return here;
        }
        let next = self.lands[turn.next].field.height(d, z);
        here + (next - here) * turn.blend
    }

    /// A chunk's heights, as [`ChunkLayout::fill_heights`] gives them for one land: each row
    /// from the land (or the two lands) holding its z.
    pub fn fill_heights(&self, z_start: f64, out: &mut Vec<f64>) {
        let shape = &self.lands[0].layout;
        out.clear();
        for z in shape.row_zs(z_start) {
            let turn = self.turn(z);
            let row_start = out.len();
            let land = &self.lands[turn.land];
            land.layout.push_row(&land.field, z, out);
            if turn.blend > 0.0 {
                let next = &self.lands[turn.next];
                next.layout
                    .blend_row(&next.field, z, turn.blend, &mut out[row_start..]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::{Terrain, CHUNK_LENGTH};

    const HOLD_M: f64 = 640.0;
    const BLEND_M: f64 = 96.0;
    /// Either side of a turn's edge, metres.
    const STEP_M: f64 = 1e-4;

    fn lands() -> [TerrainConfig; 2] {
        let low = TerrainConfig::default();
        let mut tall = low;
        tall.noise.amplitude *= 3.0;
        tall.noise.scale *= 1.5;
        tall.valley.rise += 20.0;
        [low, tall]
    }

    #[test]
    fn each_land_holds_its_stretch_exactly_and_the_blend_never_steps() {
        let [low, tall] = lands();
        let passage = Passage::new(5, &[low, tall], HOLD_M, BLEND_M);
        let (alone_low, alone_tall) = (Terrain::new(5, low), Terrain::new(5, tall));
        for d in [0.0, 12.0, 90.0] {
            let held = [(100.0, &alone_low), (HOLD_M + 100.0, &alone_tall)];
            for (z, alone) in held {
                let own = alone.height(d + alone.config().track_half_width(), z);
                assert_eq!(passage.height(d, z).to_bits(), own.to_bits(), "{d}, {z}");
            }
            // Where a blend starts and where the next land takes over, across two turns.
            for turn in [1.0, 2.0, 3.0] {
                for edge in [turn * HOLD_M - BLEND_M, turn * HOLD_M] {
                    let (before, after) = (edge - STEP_M, edge + STEP_M);
                    let step = passage.height(d, after) - passage.height(d, before);
                    assert!(
                        step.abs() < 0.01,
                        "a step of {step} m at {edge} m, {d} m out"
                    );
                }
            }
        }
    }

    #[test]
    fn a_chunk_in_a_blend_is_built_from_the_same_heights_the_passage_answers() {
        let passage = Passage::new(9, &lands(), HOLD_M, BLEND_M);
        let terrain = Terrain::new(9, lands()[0]);
        // The chunk where the blend starts: its first rows are the first land's alone.
        let index = ((HOLD_M - BLEND_M) / CHUNK_LENGTH) as u64;
        let mut heights = Vec::new();
        passage.fill_heights(index as f64 * CHUNK_LENGTH, &mut heights);
        let mut alone = Vec::new();
        terrain
            .layout
            .fill_heights(&terrain.field, index as f64 * CHUNK_LENGTH, &mut alone);
        assert_eq!(heights.len(), alone.len());
        let points = terrain.layout.sample_points(index as f64 * CHUNK_LENGTH);
        for ((&(d, z), &height), &own) in points.iter().zip(&heights).zip(&alone) {
            assert!((height - passage.height(d, z)).abs() < 1e-9, "({d}, {z})");
            if z < HOLD_M - BLEND_M {
                assert_eq!(height.to_bits(), own.to_bits(), "({d}, {z})");
            }
        }
        assert!(heights.iter().zip(&alone).any(|(a, b)| a != b));
    }
}
