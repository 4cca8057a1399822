//! The table's tracks are pinned: a fingerprint of each laid-out course. Replays of the levels
//! depend on their layout, so a change here must be deliberate (then update these fingerprints
//! and the replay goldens together: `cargo test --test library print_the_pinned_fingerprints --
//! --ignored --nocapture` prints them). Also catches a platform laying out differently.

use latu::course::levels::{ENDLESS, LEVELS, TRACKS};
use latu::course::{Course, ObstacleClass, ShootingPosition};
use std::fmt::Write;

/// Fingerprints of level 1 track 1, level 1 track 2, … level 5 track 3.
const FINGERPRINTS: [u64; 15] = [
    17318305027042778556,
    12356634296818425701,
    89837350304073693,
    1751969551213435083,
    13054247988606105810,
    7894112872102412908,
    8003565101551434336,
    9591900126633949632,
    2210665546822533109,
    3684275821760417673,
    12917514796840625164,
    6160741626442110232,
    17312135541492586902,
    17701267307648609428,
    4358808169385591974,
];
/// Fingerprint of the Endless course with the default seed laid out to [`ENDLESS_PINNED`].
const ENDLESS_FINGERPRINT: u64 = 12000128544981889466;
/// How far the pinned Endless course is laid out, metres.
const ENDLESS_PINNED: f64 = 4000.0;

/// FNV-1a over a canonical text of the course (positions to the micrometre).
fn fingerprint(course: &Course) -> u64 {
    let mut text = String::new();
    for o in &course.obstacles {
        let lanes: Vec<u8> = o.lanes.iter().map(|lane| lane.number()).collect();
        let class = match o.class {
            ObstacleClass::Jump => 'J',
            ObstacleClass::Dodge => 'D',
            ObstacleClass::Duck => 'U',
        };
        write!(
            text,
            "{class}{:.6}/{:.6}/{}/{:?};",
            o.z, o.depth, o.look, lanes
        )
        .expect("text");
        if let Some(m) = o.motion {
            let (from, starts, settles) = (m.from, m.starts_ahead, m.settles_ahead);
            write!(text, "m{from:.6}/{starts:.6}/{settles:.6};").expect("text");
        }
    }
    for r in &course.ramps {
        write!(text, "r{:.6}/{};", r.z, r.lane).expect("text");
    }
    for r in &course.routes {
        write!(
            text,
            "w{:.6}/{:.6}/{}/{};",
            r.z,
            r.length,
            r.lane,
            r.kind.name()
        )
        .expect("text");
    }
    for c in &course.coins {
        write!(text, "c{:.6}/{}/{:.6};", c.z, c.lane, c.y).expect("text");
    }
    for p in &course.pickups {
        write!(text, "u{:.6}/{}/{};", p.z, p.lane, p.kind.name()).expect("text");
    }
    for s in &course.stages {
        let p = if s.position == ShootingPosition::Prone {
            'p'
        } else {
            's'
        };
        write!(text, "{p}{:.6};", s.z).expect("text");
    }
    text.bytes().fold(0xCBF2_9CE4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The fingerprints of the table's tracks as they lay out now, level 1 track 1 first: what the
/// test checks and the printer prints.
fn table_fingerprints() -> impl Iterator<Item = u64> {
    LEVELS.iter().flat_map(|spec| {
        (1..=TRACKS).map(|track| {
            let course = Course::level(spec.level, track, None).expect("a table track");
            fingerprint(&course)
        })
    })
}

/// The fingerprint of the Endless course with the default seed laid out to [`ENDLESS_PINNED`].
fn endless_fingerprint() -> u64 {
    let mut course = Course::endless(ENDLESS.seed);
    course.extend_to(ENDLESS_PINNED);
    fingerprint(&course)
}

#[test]
fn the_table_tracks_lay_out_as_pinned() {
    assert_eq!(
        table_fingerprints().collect::<Vec<_>>(),
        FINGERPRINTS.to_vec(),
        "the table's layouts changed; if on purpose, update FINGERPRINTS and the replay goldens"
    );
}

#[test]
fn endless_lays_out_as_pinned() {
    assert_eq!(
        endless_fingerprint(),
        ENDLESS_FINGERPRINT,
        "the Endless layout changed; if on purpose, update ENDLESS_FINGERPRINT"
    );
}

/// Print the fingerprints as they stand, for pasting above after an intended layout change.
#[test]
#[ignore = "prints the fingerprints; run by hand after an intended change"]
fn print_the_pinned_fingerprints() {
    let table: Vec<u64> = table_fingerprints().collect();
    println!("const FINGERPRINTS: [u64; {}] = [", table.len());
    for fingerprint in table {
        println!("    {fingerprint},");
    }
    println!("];");
    println!(
        "const ENDLESS_FINGERPRINT: u64 = {};",
        endless_fingerprint()
    );
}
