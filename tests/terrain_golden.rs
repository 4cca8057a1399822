//! `latu chunk` output pinned at near and far indices: the hashes were taken from the build
//! that sampled the `noise` crate's `Fbm<Perlin>` directly, so the fast evaluation of the same
//! field (`terrain/fbm.rs`) must print the very same bytes. A change to the terrain's rules
//! changes them on purpose: regenerate with the command in each failure message.

use std::process::Command;

/// (seed, chunk index, FNV-1a 64 of the `latu chunk` JSON).
const GOLDEN: [(u64, u64, u64); 10] = [
    (0, 0, 0x05dbdd0fb70554ab),
    (0, 1, 0x9712cf9bc0e969ef),
    (0, 99_999, 0x1c4d39c8ec357693),
    (0, 1_000_000, 0xe63fe80348d3f84f),
    (0, 100_000_000, 0x97f7a2e7d9ce6a57),
    (42, 0, 0x04157a0d35057c8f),
    (42, 1, 0x6886fccdc33f7195),
    (42, 99_999, 0x50e28a5a0c5cdc98),
    (42, 1_000_000, 0xb3f0be056d1b8e13),
    (42, 100_000_000, 0x7832e933dd8149af),
];

/// FNV-1a, 64 bits: a stable hash needing no crate.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn chunks_print_the_same_bytes_as_the_noise_crate_gave() {
    for (seed, index, expected) in GOLDEN {
        let (seed, index) = (seed.to_string(), index.to_string());
        let output = Command::new(env!("CARGO_BIN_EXE_latu"))
            .args(["chunk", "--seed", &seed, "--index", &index])
            .output()
            .expect("latu runs");
        assert!(output.status.success());
        assert_eq!(
            fnv1a(&output.stdout),
            expected,
            "`latu chunk --seed {seed} --index {index}` changed"
        );
    }
}
