//! Seeded randomness for the layout: one PCG stream per (seed, purpose, index), so every part of a
//! course depends only on its own coordinates, never on what was laid out before it.

use crate::seed::mix;
use rand::Rng;
use rand_pcg::Pcg32;

/// What a random stream is used for; keeps streams of different jobs apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// One obstacle section of a level (between start, stages and finish).
    LevelSection = 1,
    /// One segment of the Endless course.
    EndlessSegment = 2,
    /// The power-ups of one obstacle section of a level.
    LevelPickups = 3,
    /// The power-ups of one segment of the Endless course.
    EndlessPickups = 4,
    /// The moving obstacles of one obstacle section of a level.
    LevelMovers = 5,
    /// The moving obstacles of one segment of the Endless course.
    EndlessMovers = 6,
    /// The ramps of one obstacle section of a level.
    LevelRamps = 7,
    /// The ramps of one segment of the Endless course.
    EndlessRamps = 8,
    /// The routes of one obstacle section of a level.
    LevelRoutes = 9,
    /// The routes of one segment of the Endless course.
    EndlessRoutes = 10,
}

/// The random stream for (seed, purpose, index).
pub(crate) fn stream(seed: u64, purpose: Purpose, index: u64) -> Pcg32 {
    let purpose = purpose as u64;
    let state = mix(mix(seed ^ mix(purpose)) ^ index);
    Pcg32::new(state, mix(purpose.wrapping_add(index)))
}

/// A fraction in [0, 1] in `steps` equal steps (an integer draw: the same on every platform).
pub(crate) fn fraction(rng: &mut Pcg32, steps: u32) -> f64 {
    f64::from(rng.gen_range(0..=steps)) / f64::from(steps)
}

/// One of `items`, drawn evenly. The index is drawn as a `u32` whatever the slice's length type:
/// a `usize` range draws differently on 32-bit CPUs (armv7, i686, wasm32), and every platform
/// must lay the same course.
pub(crate) fn pick<T: Copy>(rng: &mut Pcg32, items: &[T]) -> T {
    let count = u32::try_from(items.len()).expect("a course draws from a short list");
    assert!(count > 0, "a course never draws from an empty list");
    items[rng.gen_range(0..count) as usize]
}

/// True with probability `percent` / 100.
pub(crate) fn chance(rng: &mut Pcg32, percent: u32) -> bool {
    rng.gen_range(0..100u32) < percent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_draws_every_item_and_only_the_list_s() {
        let items = [3u8, 5, 7];
        let mut rng = stream(1, Purpose::LevelSection, 0);
        let mut seen = [false; 3];
        for _ in 0..200 {
            let item = pick(&mut rng, &items);
            let at = items
                .iter()
                .position(|&i| i == item)
                .expect("an item of the list");
            seen[at] = true;
        }
        assert_eq!(seen, [true; 3]);
        assert_eq!(pick(&mut rng, &[9u8]), 9);
    }

    #[test]
    fn pick_is_a_u32_draw() {
        // The same draw as a u32 range over the length: what 32- and 64-bit CPUs both make.
        let (mut a, mut b) = (
            stream(5, Purpose::LevelRoutes, 2),
            stream(5, Purpose::LevelRoutes, 2),
        );
        for _ in 0..100 {
            let items = [0u32, 1, 2, 3, 4];
            assert_eq!(pick(&mut a, &items), b.gen_range(0..5u32));
        }
    }

    #[test]
    fn streams_differ_by_purpose_and_index_and_repeat_by_seed() {
        let first = |p, i| stream(7, p, i).gen::<u64>();
        assert_eq!(
            first(Purpose::LevelSection, 0),
            first(Purpose::LevelSection, 0)
        );
        assert_ne!(
            first(Purpose::LevelSection, 0),
            first(Purpose::LevelSection, 1)
        );
        assert_ne!(
            first(Purpose::LevelSection, 0),
            first(Purpose::EndlessSegment, 0)
        );
    }
}
