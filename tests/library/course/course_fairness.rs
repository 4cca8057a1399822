//! Every laid-out course passes the fairness validator: 1 000 seeds of every level, 20 km of
//! Endless, and the table's own tracks.

use latu::course::fairness::validate;
use latu::course::levels::{LEVELS, TRACKS};
use latu::course::Course;

/// Seeds checked per level.
const SEEDS_PER_LEVEL: u64 = 1000;
/// Endless distance checked per seed, metres.
const ENDLESS_CHECK: f64 = 20_000.0;

#[test]
fn every_table_track_is_fair() {
    for spec in &LEVELS {
        for track in 1..=TRACKS {
            let course = Course::level(spec.level, track, None).expect("a table track");
            if let Err(e) = validate(&course) {
                panic!("level {} track {track}: {e}", spec.level);
            }
        }
    }
}

#[test]
fn a_thousand_seeds_of_every_level_are_fair() {
    for spec in &LEVELS {
        let mut rows_seen = 0;
        for seed in 0..SEEDS_PER_LEVEL {
            let course = Course::level(spec.level, 1, Some(seed)).expect("level from the table");
            if let Err(e) = validate(&course) {
                panic!("level {} seed {seed}: {e}", spec.level);
            }
            rows_seen += course.obstacles.len();
        }
        assert!(rows_seen > 0, "level {} laid out no obstacles", spec.level);
    }
}

#[test]
fn twenty_km_of_endless_are_fair() {
    for seed in (0..10).chain([0xDEAD_BEEF]) {
        let mut course = Course::endless(seed);
        course.extend_to(ENDLESS_CHECK);
        assert!(course.laid_out >= ENDLESS_CHECK);
        assert!(course
            .obstacles
            .last()
            .is_some_and(|o| o.z > ENDLESS_CHECK * 0.9));
        if let Err(e) = validate(&course) {
            panic!("Endless seed {seed}: {e}");
        }
    }
}
