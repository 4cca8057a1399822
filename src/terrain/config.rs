//! Defaults and validation of the terrain's tunables.

use super::{
    decor, field, surface, DecorationConfig, NoiseConfig, TerrainConfig, ValleyConfig,
    CHUNK_LENGTH, MAX_CHUNK_INDEX,
};
use noise::{Fbm, Perlin};
use std::fmt;

/// Lanes on the track (matches `course::LANES`).
const LANES: f64 = crate::course::model::LANES as f64;

/// Largest vertex count a chunk mesh may have: its indices are `u16`.
pub const MAX_CHUNK_VERTICES: usize = u16::MAX as usize + 1;

/// The largest noise-lattice coordinate a 32-bit phone (armv7) can sample: the `noise` crate
/// turns lattice coordinates into `isize` with `unwrap` and steps one cell beyond (`+ 1`, or
/// `- 1` below zero), so a coordinate must stay that far inside `i32`.
pub const MAX_LATTICE_COORDINATE_32_BIT: f64 = (i32::MAX - 2) as f64;

/// Chunks sample the field a little beyond their own ends and the hills' outer edge (normals
/// across borders), metres.
const SAMPLING_MARGIN: f64 = CHUNK_LENGTH;

impl Default for NoiseConfig {
    /// Gentle noise: at 1.3 m over 35.873 m the cut edge (the track) stays under a 25 % slope
    /// for every seed tried; the valley makes the far hills taller.
    fn default() -> Self {
        Self {
            scale: 35.873,
            amplitude: 1.3,
            octaves: 4,
            persistence: 0.5,
            lacunarity: Fbm::<Perlin>::DEFAULT_LACUNARITY,
        }
    }
}

impl Default for ValleyConfig {
    fn default() -> Self {
        Self {
            rise: 14.0,
            width: 120.0,
            hill_gain: 3.0,
        }
    }
}

impl Default for DecorationConfig {
    fn default() -> Self {
        Self {
            trees_per_side: 30,
            house_chance: 0.35,
            tree_clearance: 3.5,
            house_clearance: 20.0,
        }
    }
}

impl Default for TerrainConfig {
    /// Hills out to 240 m each side, the fog distance: a wide landscape view sees no edge.
    fn default() -> Self {
        Self {
            noise: NoiseConfig::default(),
            grid_spacing: 2.0,
            detail_falloff: 120.0,
            hills_width: 240.0,
            lane_width: 2.5,
            shoulder_width: 1.25,
            valley: ValleyConfig::default(),
            decorations: DecorationConfig::default(),
        }
    }
}

impl TerrainConfig {
    /// Half the track's width: one and a half lanes plus a shoulder, metres.
    pub fn track_half_width(&self) -> f64 {
        LANES * 0.5 * self.lane_width + self.shoulder_width
    }

    /// The largest noise-lattice coordinate any chunk up to [`MAX_CHUNK_INDEX`] samples.
    pub fn largest_lattice_coordinate(&self) -> f64 {
        let reach_z = (MAX_CHUNK_INDEX + 1) as f64 * CHUNK_LENGTH + SAMPLING_MARGIN;
        let reach_d = self.hills_width + SAMPLING_MARGIN;
        field::largest_lattice_coordinate(&self.noise, reach_d, reach_z)
    }

    /// Check every tunable is usable: positive sizes, a chunk mesh within `u16` indices,
    /// decorations that fit on the hills, noise that a 32-bit phone samples out to the last
    /// chunk.
    pub fn validate(&self) -> Result<(), InvalidConfig> {
        let n = &self.noise;
        let checks = [
            (n.scale > 0.0, "noise scale must be positive"),
            (n.amplitude >= 0.0, "noise amplitude must not be negative"),
            (
                (1..=Fbm::<Perlin>::MAX_OCTAVES).contains(&n.octaves),
                "noise octaves must be 1 to 32",
            ),
            (n.persistence > 0.0, "noise persistence must be positive"),
            (n.lacunarity > 0.0, "noise lacunarity must be positive"),
            (
                self.largest_lattice_coordinate() <= MAX_LATTICE_COORDINATE_32_BIT,
                "noise too fine for 32-bit phones: out to the last chunk its highest octave would \
                 leave a 32-bit integer (use fewer octaves, a smaller lacunarity or a larger scale)",
            ),
            (self.grid_spacing > 0.0, "grid spacing must be positive"),
            (self.detail_falloff > 0.0, "detail falloff must be positive"),
            (
                self.hills_width >= self.grid_spacing,
                "hills must be at least one grid step wide",
            ),
            (self.lane_width > 0.0, "lane width must be positive"),
            (
                self.shoulder_width >= 0.0,
                "shoulder width must not be negative",
            ),
            (
                self.valley.width >= 0.0,
                "valley width must not be negative",
            ),
            (
                self.valley.hill_gain >= 0.0,
                "valley hill gain must not be negative",
            ),
            (
                surface::vertex_count(self) < MAX_CHUNK_VERTICES as f64,
                "grid spacing too fine: a chunk would exceed 65 536 vertices",
            ),
            (
                (0.0..=1.0).contains(&self.decorations.house_chance),
                "house chance must be between 0 and 1",
            ),
            (
                decor::fits(self),
                "decorations do not fit: clearances must lie inside the hills and a chunk's props \
                 within 65 536 vertices",
            ),
        ];
        match checks.iter().find(|(ok, _)| !ok) {
            Some((_, message)) => Err(InvalidConfig(message)),
            None => Ok(()),
        }
    }
}

/// Why a [`TerrainConfig`] cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidConfig(&'static str);

impl fmt::Display for InvalidConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for InvalidConfig {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid() {
        assert_eq!(TerrainConfig::default().validate(), Ok(()));
    }

    #[test]
    fn track_is_three_lanes_and_two_shoulders() {
        let config = TerrainConfig::default();
        assert_eq!(config.track_half_width(), 1.5 * 2.5 + 1.25);
    }

    #[test]
    fn too_fine_a_grid_is_rejected() {
        let config = TerrainConfig {
            grid_spacing: 0.25,
            ..TerrainConfig::default()
        };
        assert!(config.validate().is_err());
    }

    /// The octave counts the default noise allows, found by trying each.
    fn octaves_allowed() -> Vec<usize> {
        (1..=Fbm::<Perlin>::MAX_OCTAVES)
            .filter(|&octaves| {
                let mut config = TerrainConfig::default();
                config.noise.octaves = octaves;
                config.validate().is_ok()
            })
            .collect()
    }

    #[test]
    fn the_32_bit_bound_allows_four_default_octaves_and_refuses_five() {
        // Four octaves at the default scale and lacunarity reach 1.64e9 at the last chunk, five
        // 3.4e9: beyond 2^31, where armv7 and i686 panicked (seen at chunk 63 000 000).
        assert_eq!(octaves_allowed(), vec![1, 2, 3, 4]);
        let config = TerrainConfig::default();
        let reach = config.largest_lattice_coordinate();
        assert!(
            reach > 1.6e9 && reach < MAX_LATTICE_COORDINATE_32_BIT,
            "{reach}"
        );
    }

    #[test]
    fn the_32_bit_bound_refuses_a_fine_scale_and_many_octaves_even_at_chunk_zero() {
        let mut config = TerrainConfig::default();
        config.noise.scale = 1.0;
        assert!(config.validate().is_err());
        let mut config = TerrainConfig::default();
        config.noise.octaves = Fbm::<Perlin>::MAX_OCTAVES;
        assert!(config.validate().is_err());
    }

    #[test]
    fn the_last_chunk_builds_near_the_bound() {
        // Run under qemu for armv7 by the cross-platform check: on a 32-bit `isize` a
        // coordinate past 2^31 would panic here. 30 m is the settings' smallest hill size,
        // which reaches 1.96e9.
        for scale in [NoiseConfig::default().scale, 30.0] {
            let mut config = TerrainConfig::default();
            config.noise.scale = scale;
            assert!(config.largest_lattice_coordinate() > 1.6e9);
            let terrain = crate::terrain::Terrain::new(7, config);
            let last = terrain.build_chunk(MAX_CHUNK_INDEX);
            assert!(!last.surface.positions.is_empty());
        }
    }

    #[test]
    fn nan_sizes_are_rejected() {
        let mut config = TerrainConfig::default();
        config.noise.scale = f64::NAN;
        assert!(config.validate().is_err());
    }
}
