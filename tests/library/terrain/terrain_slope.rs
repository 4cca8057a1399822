//! The track stays skiable: with default settings its slope along z never exceeds 25 %.

use latu::terrain::{Terrain, TerrainConfig};

const MAX_SLOPE: f64 = 0.25;
const SEEDS: u64 = 200;
/// Metres of track checked per seed, and the step between samples.
const LENGTH: f64 = 3_000.0;
const STEP: f64 = 0.5;

#[test]
fn track_slope_stays_under_a_quarter_for_many_seeds() {
    let mut steepest = (0.0_f64, 0, 0.0);
    for seed in 0..SEEDS {
        // Spread the seeds and the stretch checked over the range play uses.
        let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let terrain = Terrain::new(seed, TerrainConfig::default());
        let start = (seed % 1_000_000) as f64 * 64.0;
        let mut previous = terrain.track_height(start);
        let samples = (LENGTH / STEP) as u64;
        for k in 1..=samples {
            let z = start + k as f64 * STEP;
            let height = terrain.track_height(z);
            let slope = ((height - previous) / STEP).abs();
            if slope > steepest.0 {
                steepest = (slope, seed, z);
            }
            previous = height;
        }
    }
    let (slope, seed, z) = steepest;
    assert!(
        slope <= MAX_SLOPE,
        "slope {slope:.3} at z = {z} for seed {seed}"
    );
    // A flat world would pass too: make sure the track does go up and down.
    assert!(slope > MAX_SLOPE / 4.0, "steepest slope only {slope:.3}");
}
