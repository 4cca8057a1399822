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

/// (level, chunk index, FNV-1a 64 of the `latu chunk --level` JSON): each level's ground (its
/// land and its landmarks, on track 1's seed), pinned when the land moved from the window into
/// the terrain. A change to a level's land changes them on purpose: regenerate with the command
/// in each failure message.
const LEVEL_GOLDEN: [(u8, u64, u64); 15] = [
    (1, 0, 0x80df402512cbbe44),
    (1, 2, 0x7e6001e65327bfc5),
    (1, 99_999, 0xd1290554bb889790),
    (2, 0, 0xec4b0b40976815b2),
    (2, 2, 0x3b0c49b5ae08e457),
    (2, 99_999, 0x7d652ba81b210776),
    (3, 0, 0xbf570f356e267e3c),
    (3, 2, 0x65fa4932f36b3a69),
    (3, 99_999, 0xc11a87b5da347490),
    (4, 0, 0x5d66378af915e110),
    (4, 2, 0xb1b23536e95d964f),
    (4, 99_999, 0x2e2ad21942689522),
    (5, 0, 0x273859c623856b15),
    (5, 2, 0xb998ec257645b9c8),
    (5, 99_999, 0xaf7d3e8fe26cb4d2),
];

#[test]
fn each_levels_ground_prints_its_pinned_bytes() {
    for (level, index, expected) in LEVEL_GOLDEN {
        let (level, index) = (level.to_string(), index.to_string());
        let output = Command::new(env!("CARGO_BIN_EXE_latu"))
            .args(["chunk", "--level", &level, "--index", &index])
            .output()
            .expect("latu runs");
        assert!(output.status.success());
        assert_eq!(
            fnv1a(&output.stdout),
            expected,
            "`latu chunk --level {level} --index {index}` changed"
        );
    }
}
