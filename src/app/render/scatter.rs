//! Seeded scatter for the frame's small moving things (snowflakes, spray): a number in [0, 1)
//! from a seed, the same every frame, unrelated between seeds.

/// SplitMix64 of `seed`, as a number in [0, 1).
pub fn unit_hash(seed: u64) -> f64 {
    let mut x = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scatter_stays_in_the_unit_interval_and_spreads() {
        let draws: Vec<f64> = (0..1000).map(unit_hash).collect();
        assert!(draws.iter().all(|&u| (0.0..1.0).contains(&u)));
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        assert!((mean - 0.5).abs() < 0.05, "{mean}");
    }
}
