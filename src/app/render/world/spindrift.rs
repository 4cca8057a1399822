//! Snow blown off the land: now and then a gust shakes a puff of snow off a tree beside the
//! track, and plumes stream off the crests of the hills ahead, like spindrift off a ridge.
//! Flakes placed each frame into the scene's one mesh (no draw call of their own); drawn only,
//! from the run's clock and each tree's or crest's place, so a frame never changes the run.

use crate::seed::unit_hash;
use crate::terrain::Terrain;
use glam::DVec3;

/// Trees between these distances ahead of the skier may shed snow, and this share of them
/// does, once every period (seconds, between the two figures) for the puff's time.
const TREES_FROM_M: f64 = 8.0;
const TREES_TO_M: f64 = 90.0;
const SHEDDING_SHARE: f64 = 0.3;
const PERIOD_S: (f64, f64) = (5.0, 10.0);
const PUFF_S: f64 = 2.2;
/// Flakes in a puff, where it starts (above the tree's foot), how it drifts and falls (metres a
/// second) and spreads (metres), and how large its flakes are (times a snowflake).
const PUFF_FLAKES: usize = 14;
const CROWN_M: (f64, f64) = (3.5, 7.0);
const DRIFT_M_PER_S: f64 = 1.6;
const FALL_M_PER_S: f64 = 1.4;
const SPREAD_M: f64 = 1.2;
pub const PUFF_SCALE: f32 = 3.0;
/// Crests: looked for every this many metres ahead up to the second figure, this far out
/// (the first figure plus up to the second) on each side; a crest stands higher than the land
/// this far either side of it.
const CREST_EVERY_M: f64 = 30.0;
const CREST_AHEAD_M: (f64, f64) = (40.0, 190.0);
const CREST_OUT_M: (f64, f64) = (45.0, 50.0);
const CREST_SIDE_M: f64 = 10.0;
/// A plume: its flakes, how far and how fast it streams outwards and up, its flakes' size.
const PLUME_FLAKES: usize = 18;
const PLUME_REACH_M: f64 = 14.0;
const PLUME_RISE_M: f64 = 3.0;
const PLUME_S: f64 = 3.0;
pub const PLUME_SCALE: f32 = 8.0;

/// A number in [0, 1) for a place (its metres rounded) and a salt.
fn unit_at(at: DVec3, salt: u64) -> f64 {
    let key = (at.x.round() as i64 as u64).wrapping_mul(0x9E37_79B9) ^ (at.z.round() as i64 as u64);
    unit_hash(key.wrapping_mul(31).wrapping_add(salt))
}

/// Where the flakes of the puffs shaken off `trees` (their feet) are at `time_s`, with the
/// skier at `skier_z`.
pub fn puffs(trees: &[DVec3], skier_z: f64, time_s: f64) -> Vec<DVec3> {
    let mut flakes = Vec::new();
    for &foot in trees {
        let ahead = foot.z - skier_z;
        if !(TREES_FROM_M..=TREES_TO_M).contains(&ahead) || unit_at(foot, 1) > SHEDDING_SHARE {
            continue;
        }
        let period = PERIOD_S.0 + (PERIOD_S.1 - PERIOD_S.0) * unit_at(foot, 2);
        let age = (time_s + period * unit_at(foot, 3)).rem_euclid(period);
        if age > PUFF_S {
            continue;
        }
        let crown = foot + DVec3::Y * (CROWN_M.0 + (CROWN_M.1 - CROWN_M.0) * unit_at(foot, 4));
        for k in 0..PUFF_FLAKES {
            let salt = 10 + 3 * k as u64;
            let spread = DVec3::new(
                unit_at(foot, salt) - 0.5,
                unit_at(foot, salt + 1) - 0.5,
                unit_at(foot, salt + 2) - 0.5,
            ) * (SPREAD_M * (0.3 + age / PUFF_S));
            let drift = DVec3::new(DRIFT_M_PER_S * age, -FALL_M_PER_S * age, 0.0);
            flakes.push(crown + spread + drift);
        }
    }
    flakes
}

/// Where the flakes of the plumes off the crests ahead of `skier_z` are at `time_s`.
pub fn plumes(terrain: &Terrain, skier_z: f64, time_s: f64) -> Vec<DVec3> {
    let mut flakes = Vec::new();
    let first = ((skier_z + CREST_AHEAD_M.0) / CREST_EVERY_M).ceil() as i64;
    let last = ((skier_z + CREST_AHEAD_M.1) / CREST_EVERY_M).floor() as i64;
    for step in first..=last {
        let z = step as f64 * CREST_EVERY_M;
        for side in [-1.0, 1.0] {
            let probe = DVec3::new(side, 0.0, z);
            let x = side * (CREST_OUT_M.0 + CREST_OUT_M.1 * unit_at(probe, 5));
            let height = terrain.height(x, z);
            let crest = height > terrain.height(x - CREST_SIDE_M, z)
                && height > terrain.height(x + CREST_SIDE_M, z);
            if !crest {
                continue;
            }
            let top = DVec3::new(x, height, z);
            for k in 0..PLUME_FLAKES {
                let share =
                    (time_s / PLUME_S + k as f64 / PLUME_FLAKES as f64 + unit_at(top, 6)).fract();
                let wobble = unit_at(top, 20 + k as u64) - 0.5;
                flakes.push(
                    top + DVec3::new(
                        side * PLUME_REACH_M * share,
                        PLUME_RISE_M * share * (1.0 - 0.5 * share),
                        3.0 * wobble,
                    ),
                );
            }
        }
    }
    flakes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puffs_come_and_go_off_the_trees_ahead_only() {
        let trees: Vec<DVec3> = (0..200)
            .map(|k| DVec3::new(if k % 2 == 0 { -12.0 } else { 14.0 }, 3.0, k as f64 * 2.0))
            .collect();
        let shaken = |t: f64| puffs(&trees, 0.0, t);
        assert!(!shaken(1.0).is_empty());
        assert_ne!(shaken(1.0), shaken(1.1), "they move");
        for flake in shaken(1.0) {
            assert!(flake.z >= TREES_FROM_M - SPREAD_M && flake.z <= TREES_TO_M + SPREAD_M);
        }
        assert!(puffs(&trees, 1_000.0, 1.0).is_empty(), "none behind");
    }
}
