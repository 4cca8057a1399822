//! The terrain's noise: the fractal Brownian motion field of the `noise` crate's
//! `Fbm<Perlin>` (0.9), evaluated the same way bit for bit but fast.
//!
//! The crate samples each octave through a hasher behind a reference, walks 13 indirect
//! branches per call, and recomputes every lattice term at every sample. Here each octave's
//! permutation table (read from the crate itself) sits in a flat array, a gradient is a sign
//! table instead of a `match`, and a grid's columns and rows compute their lattice terms once
//! ([`AxisTerms`]): a row of samples then costs eight table reads and a dozen multiply-adds per
//! octave. Every operation is the crate's own, in its order (no fused multiply-add, no SIMD), so
//! the result is the same `f64` on every target — the tests compare with the crate.

use noise::permutationtable::{NoiseHasher, PermutationTable};
use noise::{Fbm as CrateFbm, Perlin};

/// Entries in a permutation table.
const TABLE_SIZE: usize = 256;
/// The lattice coordinate's low byte indexes a table.
const TABLE_MASK: i64 = 0xff;
/// The crate's scale of 2D Perlin noise into −1 … 1: 1 / (√2 / 2).
const PERLIN_SCALE: f64 = 2.0 / std::f64::consts::SQRT_2;
/// Gradient signs by hash & 3: (1, 1), (−1, 1), (1, −1), (−1, −1), as the crate's `match`.
const SIGN_X: [f64; 4] = [1.0, -1.0, 1.0, -1.0];
const SIGN_Y: [f64; 4] = [1.0, 1.0, -1.0, -1.0];

/// Most octaves a field may have (the crate's own limit).
pub const MAX_OCTAVES: usize = CrateFbm::<Perlin>::MAX_OCTAVES;

/// One octave: its permutation table and the weight its signal is multiplied by.
#[derive(Debug, Clone)]
struct Octave {
    table: [u8; TABLE_SIZE],
    attenuation: f64,
}

/// The field of `Fbm::<Perlin>::new(seed)` with the given octaves, persistence and lacunarity.
#[derive(Debug, Clone)]
pub struct Fbm {
    octaves: Vec<Octave>,
    frequency: f64,
    lacunarity: f64,
    scale_factor: f64,
}

/// One lattice coordinate's terms in one octave: the cell's two table indices, the distances
/// to its two corners and the quintic weight.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AxisTerm {
    cell: usize,
    next: usize,
    near: f64,
    far: f64,
    curve: f64,
}

/// A coordinate's terms in every octave: computed once for a grid's column or row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AxisTerms {
    terms: [AxisTerm; MAX_OCTAVES],
}

impl Fbm {
    /// The field the crate builds as `Fbm::<Perlin>::new(seed).set_octaves(octaves)
    /// .set_persistence(persistence).set_lacunarity(lacunarity)`.
    pub fn new(seed: u32, octaves: usize, persistence: f64, lacunarity: f64) -> Self {
        let octaves = octaves.clamp(1, MAX_OCTAVES);
        let mut attenuation = persistence;
        let octaves = (0..octaves)
            .map(|k| {
                let octave = Octave {
                    table: table_of(seed + k as u32),
                    attenuation,
                };
                attenuation *= persistence;
                octave
            })
            .collect::<Vec<_>>();
        Self {
            scale_factor: scale_factor(persistence, octaves.len()),
            octaves,
            frequency: CrateFbm::<Perlin>::DEFAULT_FREQUENCY,
            lacunarity,
        }
    }

    /// The terms of noise coordinate `coordinate` (x or y) in every octave.
    pub fn axis(&self, coordinate: f64) -> AxisTerms {
        let mut terms = [AxisTerm::default(); MAX_OCTAVES];
        let mut scaled = coordinate * self.frequency;
        for term in terms.iter_mut().take(self.octaves.len()) {
            *term = axis_term(scaled);
            scaled *= self.lacunarity;
        }
        AxisTerms { terms }
    }

    /// The field at the point whose x and y terms are given.
    #[inline]
    pub fn at(&self, x: &AxisTerms, y: &AxisTerms) -> f64 {
        let mut result = 0.0;
        for ((octave, x), y) in self.octaves.iter().zip(&x.terms).zip(&y.terms) {
            result += perlin(&octave.table, x, y) * octave.attenuation;
        }
        result * self.scale_factor
    }

    /// The field at `[x, y]` (the tests' way in; chunks go through [`Self::axis`]).
    #[cfg(test)]
    pub fn get(&self, point: [f64; 2]) -> f64 {
        self.at(&self.axis(point[0]), &self.axis(point[1]))
    }
}

/// The crate's permutation table for `seed`, read through its public hasher: hashing a single
/// coordinate returns the table's entry at it.
fn table_of(seed: u32) -> [u8; TABLE_SIZE] {
    let crate_table = PermutationTable::new(seed);
    let mut table = [0; TABLE_SIZE];
    for (i, entry) in table.iter_mut().enumerate() {
        *entry =
            u8::try_from(crate_table.hash(&[i as isize])).expect("a permutation table holds bytes");
    }
    table
}

/// The crate's `calc_scale_factor`: 1 / Σ persistenceᵏ, k = 1 … octaves.
#[allow(clippy::disallowed_methods)]
fn scale_factor(persistence: f64, octaves: usize) -> f64 {
    // The crate's own formula, so the same value: `powi` is compiled to the runtime's integer
    // power loop (compiler-builtins' `__powidf2`, plain multiplications, the same on every
    // target), not to the platform's libm.
    let sum = (1..=octaves).fold(0.0, |acc, k| acc + persistence.powi(k as i32));
    1.0 / sum
}

/// The crate's `floor_to_isize` and distance: the corner at or below, except that zero and the
/// negative integers take the corner one lower (distance 1), as the crate does.
#[inline]
fn axis_term(coordinate: f64) -> AxisTerm {
    // `as` truncates towards zero, as the crate's `NumCast` does for coordinates in range
    // (`TerrainConfig::validate` keeps them inside 32 bits).
    let truncated = coordinate as i64;
    let corner = if coordinate <= 0.0 {
        truncated - 1
    } else {
        truncated
    };
    let near = coordinate - corner as f64;
    let x = near.clamp(0.0, 1.0);
    AxisTerm {
        cell: (corner & TABLE_MASK) as usize,
        next: ((corner + 1) & TABLE_MASK) as usize,
        near,
        far: near - 1.0,
        curve: x * x * x * (x * (x * 6.0 - 15.0) + 10.0),
    }
}

/// One octave of 2D Perlin noise, as the crate's `perlin_2d`.
#[inline(always)]
fn perlin(table: &[u8; TABLE_SIZE], x: &AxisTerm, y: &AxisTerm) -> f64 {
    let row0 = usize::from(table[x.cell]);
    let row1 = usize::from(table[x.next]);
    let gradient = |row: usize, column: usize, dx: f64, dy: f64| {
        let hash = usize::from(table[row ^ column]) & 0b11;
        SIGN_X[hash] * dx + SIGN_Y[hash] * dy
    };
    let g00 = gradient(row0, y.cell, x.near, y.near);
    let g10 = gradient(row1, y.cell, x.far, y.near);
    let g01 = gradient(row0, y.next, x.near, y.far);
    let g11 = gradient(row1, y.next, x.far, y.far);
    let result = linear(
        linear(g00, g01, y.curve),
        linear(g10, g11, y.curve),
        x.curve,
    );
    (result * PERLIN_SCALE).clamp(-1.0, 1.0)
}

/// The crate's `interpolate::linear`.
#[inline(always)]
fn linear(a: f64, b: f64, alpha: f64) -> f64 {
    b * alpha + a * (1.0 - alpha)
}

#[cfg(test)]
mod tests {
    use super::*;
    use noise::{MultiFractal, NoiseFn};
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    fn crate_fbm(seed: u32, octaves: usize, persistence: f64, lacunarity: f64) -> CrateFbm<Perlin> {
        CrateFbm::<Perlin>::new(seed)
            .set_octaves(octaves)
            .set_persistence(persistence)
            .set_lacunarity(lacunarity)
    }

    #[test]
    fn the_same_bits_as_the_crate_at_random_points_and_settings() {
        let mut rng = Pcg64Mcg::seed_from_u64(17);
        for _ in 0..40 {
            let seed = rng.gen_range(0..u32::MAX - 64);
            let octaves = rng.gen_range(1..=8);
            let persistence = rng.gen_range(0.2..0.9);
            let lacunarity = rng.gen_range(1.5..2.5);
            let ours = Fbm::new(seed, octaves, persistence, lacunarity);
            let theirs = crate_fbm(seed, octaves, persistence, lacunarity);
            for _ in 0..2_000 {
                let point = [rng.gen_range(-5e3..5e3), rng.gen_range(-1e6..1e6)];
                assert_eq!(
                    ours.get(point).to_bits(),
                    theirs.get(point).to_bits(),
                    "seed {seed}, {octaves} octaves, at {point:?}"
                );
            }
        }
    }

    #[test]
    fn the_same_bits_on_lattice_points_zero_and_negative_integers() {
        let ours = Fbm::new(3, 4, 0.5, CrateFbm::<Perlin>::DEFAULT_LACUNARITY);
        let theirs = crate_fbm(3, 4, 0.5, CrateFbm::<Perlin>::DEFAULT_LACUNARITY);
        for x in -8..=8 {
            for y in -8..=8 {
                for point in [
                    [f64::from(x), f64::from(y)],
                    [f64::from(x) * 0.5, f64::from(y) * 0.25],
                    [-0.0, f64::from(y)],
                ] {
                    assert_eq!(
                        ours.get(point).to_bits(),
                        theirs.get(point).to_bits(),
                        "{point:?}"
                    );
                }
            }
        }
    }
}
