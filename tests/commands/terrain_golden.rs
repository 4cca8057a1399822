//! `latu chunk` output pinned at near and far indices: the hashes were taken from the build
//! that sampled the `noise` crate's `Fbm<Perlin>` directly, so the fast evaluation of the same
//! field (`terrain/fbm.rs`) must print the very same bytes. A change to the terrain's rules
//! changes them on purpose: regenerate with the command in each failure message. (Re-pinned
//! once since, for the decorations alone: 30 trees a side with birches among them; the surface's
//! positions, normals and indices were compared with the old build and are unchanged.)

use std::process::Command;

/// (seed, chunk index, FNV-1a 64 of the `latu chunk` JSON).
const GOLDEN: [(u64, u64, u64); 10] = [
    (0, 0, 0xc60fd6e570a5f8ec),
    (0, 1, 0x6f0ff92f6db820fc),
    (0, 99_999, 0x84c32284cdaf89bb),
    (0, 1_000_000, 0x6e61a362bf51e84b),
    (0, 100_000_000, 0x36ea95f0cd365a35),
    (42, 0, 0xf30c9ed5d981c738),
    (42, 1, 0xc608cb9fa0e43466),
    (42, 99_999, 0x832fa7f357377800),
    (42, 1_000_000, 0x1b8e9796e52446a7),
    (42, 100_000_000, 0xfcae1fd10e056413),
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
