//! Seeding and hashing, one home for the whole game: SplitMix64's finaliser spreads nearby seeds,
//! purposes and indices over the whole `u64` range (every seeded stream starts from it), a unit
//! scatter for drawing, and a small, stable state hash (64-bit FNV-1a) that gives the same value
//! on every platform and in every build, unlike `std`'s randomly keyed hasher.

/// SplitMix64's increment (the golden ratio's fraction).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser alone (no increment first): the daily course's seed.
pub fn finalise(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One SplitMix64 step of `x`: its increment, then the finaliser.
pub fn mix(x: u64) -> u64 {
    finalise(x.wrapping_add(GOLDEN))
}

/// [`mix`] of `seed` as a number in [0, 1): a fixed scatter for drawing (the same every frame,
/// unrelated between seeds).
pub fn unit_hash(seed: u64) -> f64 {
    const MANTISSA_BITS: u32 = 53;
    (mix(seed) >> (u64::BITS - MANTISSA_BITS)) as f64 / (1u64 << MANTISSA_BITS) as f64
}

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// 64-bit FNV-1a of `bytes`: a stable key or name for the same bytes on every platform.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(OFFSET, bytes)
}

/// FNV-1a's fold of `bytes` into `state`.
fn fnv1a_from(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

/// Feeds integers into an FNV-1a hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateHasher {
    state: u64,
}

impl Default for StateHasher {
    fn default() -> Self {
        Self { state: OFFSET }
    }
}

impl StateHasher {
    /// Add one integer (as 8 little-endian bytes).
    pub fn add(&mut self, value: i64) {
        self.state = fnv1a_from(self.state, &value.to_le_bytes());
    }

    /// Add an unsigned integer.
    pub fn add_u64(&mut self, value: u64) {
        self.add(i64::from_le_bytes(value.to_le_bytes()));
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_is_splitmix64() {
        // SplitMix64's first output from state 0 (Vigna's reference implementation).
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix(0), finalise(GOLDEN));
    }

    #[test]
    fn the_scatter_stays_in_the_unit_interval_and_spreads() {
        let draws: Vec<f64> = (0..1000).map(unit_hash).collect();
        assert!(draws.iter().all(|&u| (0.0..1.0).contains(&u)));
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        assert!((mean - 0.5).abs() < 0.05);
    }

    #[test]
    fn order_and_values_change_the_hash() {
        let mut a = StateHasher::default();
        a.add(1);
        a.add(2);
        let mut b = StateHasher::default();
        b.add(2);
        b.add(1);
        assert_ne!(a.finish(), b.finish());
        let mut c = StateHasher::default();
        c.add(1);
        c.add(2);
        assert_eq!(a.finish(), c.finish());
    }
}
