//! Defaults and validation of the terrain's tunables.

use super::{decor, surface, DecorationConfig, NoiseConfig, TerrainConfig, ValleyConfig};
use noise::{Fbm, Perlin};
use std::fmt;

/// Lanes on the track (matches `course::LANES`).
const LANES: f64 = crate::course::model::LANES as f64;

/// Largest vertex count a chunk mesh may have: its indices are `u16`.
pub const MAX_CHUNK_VERTICES: usize = u16::MAX as usize + 1;

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
            trees_per_side: 40,
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

    /// Check every tunable is usable: positive sizes, a chunk mesh within `u16` indices,
    /// decorations that fit on the hills.
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

    #[test]
    fn nan_sizes_are_rejected() {
        let mut config = TerrainConfig::default();
        config.noise.scale = f64::NAN;
        assert!(config.validate().is_err());
    }
}
