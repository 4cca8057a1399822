//! A window run stops at whatever tick the player quits on, so its recorded summary holds
//! arbitrary f64 seconds; the saved replay must read them back bit for bit or `latu replay`
//! reports a mismatch for a run that did reproduce (seen at tick 6014: 100.23333333333333 s).

use latu::course::Course;
use latu::replay::{play_inputs, CourseChoice, Replay};

#[test]
fn a_replay_stopped_at_any_tick_reads_back_its_exact_summary() {
    let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
    let choice = CourseChoice::of(&course);
    let replay = play_inputs(choice, course, &[], 6014);
    let path = std::env::temp_dir().join(format!("latu-roundtrip-{}.json", std::process::id()));
    replay.save(&path).expect("temp dir is writable");
    let loaded = Replay::load(&path).expect("the saved replay loads");
    std::fs::remove_file(&path).expect("temp file removable");
    let (saved, read) = (
        replay.summary.expect("recorded"),
        loaded.summary.expect("kept"),
    );
    assert_eq!(read.time_s.to_bits(), saved.time_s.to_bits());
    assert_eq!(read, saved);
}
