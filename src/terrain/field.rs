//! The seeded height field of one half of the world: fBm Perlin noise plus an optional valley
//! rise, addressed by distance from the cut edge.

use super::fbm::{AxisTerms, Fbm};
use super::{NoiseConfig, ValleyConfig};
use noise::{MultiFractal, Perlin};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Purpose tag mixed into the seed of the PCG that picks the field's offsets and noise seed, so
/// that other seeded choices of the same run draw different numbers.
const FIELD_PURPOSE: u64 = 0x6669_656c_645f_7631;

/// Offsets are drawn from `-OFFSET_RANGE..OFFSET_RANGE` noise units.
const OFFSET_RANGE: f64 = 4096.0;

/// `noise` seeds its octaves `seed, seed + 1, …`; keep clear of `u32` overflow.
const NOISE_SEED_LIMIT: u32 = u32::MAX - 64;

/// The largest noise-lattice coordinate (in absolute value) any octave reaches when the field
/// is sampled out to `reach_d` metres from the cut edge and along the track to `reach_z`. The
/// offsets are taken at their widest, so this holds for every seed.
pub fn largest_lattice_coordinate(noise: &NoiseConfig, reach_d: f64, reach_z: f64) -> f64 {
    let widest = (reach_d.abs().max(reach_z.abs()) / noise.scale) + OFFSET_RANGE;
    // The highest frequency is the last octave's (or the first's, for a lacunarity below one).
    let mut frequency = noise::Fbm::<Perlin>::DEFAULT_FREQUENCY;
    for _ in 1..noise.octaves {
        frequency *= noise.lacunarity.max(1.0);
    }
    widest * frequency
}

/// The half-field: heights at (distance from the cut edge, world z). Built once per run.
#[derive(Debug, Clone)]
pub struct HalfField {
    fbm: Fbm,
    /// The noise seed and settings the field was made from (for the crate's own copy of it).
    noise_seed: u32,
    noise: NoiseConfig,
    offset: [f64; 2],
    inv_scale: f64,
    valley: ValleyConfig,
}

/// Everything about one distance from the cut edge that does not depend on z: a chunk's grid
/// computes it once per column.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColumnTerms {
    noise_x: AxisTerms,
    amplitude: f64,
    rise: f64,
}

impl HalfField {
    /// The field of `seed`: a PCG seeded by it picks the noise seed and the offsets.
    pub fn new(seed: u64, noise: &NoiseConfig, valley: ValleyConfig) -> Self {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ FIELD_PURPOSE);
        let noise_seed = rng.gen_range(0..NOISE_SEED_LIMIT);
        let offset = [
            rng.gen_range(-OFFSET_RANGE..OFFSET_RANGE),
            rng.gen_range(-OFFSET_RANGE..OFFSET_RANGE),
        ];
        let fbm = Fbm::new(
            noise_seed,
            noise.octaves,
            noise.persistence,
            noise.lacunarity,
        );
        Self {
            fbm,
            noise_seed,
            noise: *noise,
            offset,
            inv_scale: 1.0 / noise.scale,
            valley,
        }
    }

    /// The z-independent terms at `d` metres out from the cut edge. Negative `d` continues the
    /// noise under the track, which only normals at the edge use.
    pub fn column(&self, d: f64) -> ColumnTerms {
        let ease = self.valley.ease_at(d);
        ColumnTerms {
            noise_x: self.fbm.axis(self.noise_x(d)),
            amplitude: self.noise.amplitude * (1.0 + self.valley.hill_gain * ease),
            rise: self.valley.rise * ease,
        }
    }

    /// The `noise` crate's own `Fbm<Perlin>` as this field configures it, built on demand, and
    /// the noise point of (`d`, `z`): the peer `latu bench` measures against and tests compare
    /// with.
    pub fn crate_reference(&self) -> (noise::Fbm<Perlin>, impl Fn(f64, f64) -> [f64; 2] + '_) {
        let reference = noise::Fbm::<Perlin>::new(self.noise_seed)
            .set_octaves(self.noise.octaves)
            .set_persistence(self.noise.persistence)
            .set_lacunarity(self.noise.lacunarity);
        let point = |d: f64, z: f64| [self.noise_x(d), self.noise_y(z)];
        (reference, point)
    }

    /// The noise terms of world `z`, shared by every column of a row.
    #[inline]
    pub fn row(&self, z: f64) -> AxisTerms {
        self.fbm.axis(self.noise_y(z))
    }

    /// The noise x of `d` metres out from the cut edge: the generated half is field x <= 0.
    #[inline]
    fn noise_x(&self, d: f64) -> f64 {
        -d * self.inv_scale + self.offset[0]
    }

    /// The noise y of world `z`.
    #[inline]
    fn noise_y(&self, z: f64) -> f64 {
        z * self.inv_scale + self.offset[1]
    }

    /// Height at a column and a row: one noise sample, scaled and raised.
    #[inline]
    pub fn sample(&self, column: &ColumnTerms, row: &AxisTerms) -> f64 {
        self.fbm.at(&column.noise_x, row) * column.amplitude + column.rise
    }

    /// Height at `d` metres out from the cut edge and world `z` (bit-identical to a grid sample).
    pub fn height(&self, d: f64, z: f64) -> f64 {
        self.sample(&self.column(d), &self.row(z))
    }
}

impl ValleyConfig {
    /// How far the valley has eased in at `d` metres out from the cut edge: 0 with zero slope
    /// at the edge (and on the track side), 1 from `width` on (smoothstep, no transcendentals).
    pub fn ease_at(&self, d: f64) -> f64 {
        if d <= 0.0 || self.width <= 0.0 {
            return 0.0;
        }
        let t = (d / self.width).min(1.0);
        t * t * (3.0 - 2.0 * t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terrain::TerrainConfig;

    fn field(seed: u64) -> HalfField {
        let config = TerrainConfig::default();
        HalfField::new(seed, &config.noise, config.valley)
    }

    #[test]
    fn heights_match_the_noise_crate_bit_for_bit_near_and_far() {
        use noise::NoiseFn;
        for seed in [0, 42, 9_876_543_210] {
            let field = field(seed);
            let (reference, point) = field.crate_reference();
            for (d, z) in [
                (0.0, 0.0),
                (-3.5, 10.25),
                (17.0, -64.0),
                (240.0, 1e6),
                (55.5, 6.4e9),
                (120.0, 123_456.789),
            ] {
                let column = field.column(d);
                let expected = reference.get(point(d, z)) * column.amplitude + column.rise;
                assert_eq!(
                    field.height(d, z).to_bits(),
                    expected.to_bits(),
                    "at ({d}, {z})"
                );
            }
        }
    }

    #[test]
    fn same_seed_same_heights_other_seed_differs() {
        let (a, b, c) = (field(7), field(7), field(8));
        let samples = [(0.0, 0.0), (13.5, 100.25), (80.0, -3.0e6)];
        for (d, z) in samples {
            assert_eq!(a.height(d, z).to_bits(), b.height(d, z).to_bits());
        }
        assert!(samples
            .iter()
            .any(|&(d, z)| a.height(d, z) != c.height(d, z)));
    }

    #[test]
    fn valley_eases_in_flat_from_the_edge_and_caps() {
        let valley = ValleyConfig {
            rise: 10.0,
            width: 100.0,
            hill_gain: 2.0,
        };
        assert_eq!(valley.ease_at(-5.0), 0.0);
        assert_eq!(valley.ease_at(0.0), 0.0);
        assert!(valley.ease_at(1.0) < 0.001);
        assert!((valley.ease_at(50.0) - 0.5).abs() < 1e-12);
        assert_eq!(valley.ease_at(100.0), 1.0);
        assert_eq!(valley.ease_at(500.0), 1.0);
    }

    #[test]
    fn hills_grow_away_from_the_edge_only() {
        let config = TerrainConfig::default();
        let field = field(3);
        let edge = field.column(0.0);
        assert_eq!(edge.amplitude, config.noise.amplitude);
        assert_eq!(edge.rise, 0.0);
        let far = field.column(config.valley.width);
        assert_eq!(
            far.amplitude,
            config.noise.amplitude * (1.0 + config.valley.hill_gain)
        );
        assert_eq!(far.rise, config.valley.rise);
    }
}
