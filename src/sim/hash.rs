//! A small, stable state hash (64-bit FNV-1a): the same state gives the same value on every
//! platform and in every build, unlike `std`'s randomly keyed hasher.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

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
        for byte in value.to_le_bytes() {
            self.state ^= u64::from(byte);
            self.state = self.state.wrapping_mul(PRIME);
        }
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
