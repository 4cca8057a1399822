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

/// A run with held aim keys: the aim nudge repeated on consecutive ticks at the range.
fn held_key_run() -> Replay {
    aimed_run(|_| latu::sim::Action::Aim { dx: 5, dy: 0 })
}

/// The bot's run of level 1 track 1 with two seconds of `aim(tick)` before its first press at
/// its first range.
fn aimed_run(aim: impl Fn(u64) -> latu::sim::Action) -> Replay {
    use latu::sim::{Action, Tick};
    let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
    let choice = CourseChoice::of(&course);
    let bot = latu::replay::record_bot(choice, course, latu::replay::MAX_TICKS);
    let mut inputs = bot.inputs.clone();
    // Two seconds of a held key before the bot's first press at its first range.
    let at_range = inputs
        .iter()
        .find(|input| {
            !matches!(
                input.actions[0],
                Action::Left | Action::Right | Action::Jump | Action::Duck
            )
        })
        .expect("the bot shoots")
        .tick
        .get();
    inputs.retain(|input| input.tick.get() < at_range - 120 || input.tick.get() >= at_range);
    inputs.extend(
        (at_range - 120..at_range).map(|tick| latu::replay::TickInput {
            tick: Tick::new(tick),
            actions: vec![aim(tick)],
        }),
    );
    inputs.sort_by_key(|input| input.tick);
    let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
    play_inputs(choice, course, &inputs, latu::replay::MAX_TICKS)
}

#[test]
fn a_format_1_file_is_still_read_and_format_2_packs_held_keys() {
    let replay = held_key_run();
    assert_eq!(replay.format_version, latu::replay::FORMAT_VERSION);
    let mut old = replay.clone();
    old.format_version = 1;
    let (old_text, new_text) = (old.to_json(), replay.to_json());
    // Format 1: one entry per tick; format 2: the held key's ticks in one entry.
    assert!(old_text.contains("\"format_version\": 1"));
    assert!(new_text.contains("\"ticks\":120"), "{new_text}");
    assert!(new_text.len() < old_text.len());
    let read_old = Replay::from_bytes(old_text.as_bytes()).expect("format 1 reads");
    let read_new = Replay::from_bytes(new_text.as_bytes()).expect("format 2 reads");
    assert_eq!(read_old.inputs, replay.inputs);
    assert_eq!(read_new, replay);
    assert!(latu::replay::verify_strictly(&read_old, None).is_ok());
    assert!(latu::replay::verify_strictly(&read_new, None).is_ok());
}

#[test]
fn format_3_writes_touch_drags_compactly_and_formats_1_and_2_are_still_read() {
    // A thumb's drag: a different nudge nearly every tick (format 2 cannot pack it).
    let replay = aimed_run(|tick| latu::sim::Action::Drag {
        dx: (tick % 13) as i32 - 6,
        dy: 4 - (tick % 9) as i32,
    });
    assert_eq!(replay.format_version, 3);
    let written = |format| {
        let mut copy = replay.clone();
        copy.format_version = format;
        copy.to_json()
    };
    let (one, two, three) = (written(1), written(2), written(3));
    assert!(three.contains("\"drags\":"), "{three}");
    assert!(!two.contains("\"drags\":") && two.contains("\"format_version\": 2"));
    // 120 ticks of drags: an entry of ~45 bytes each in format 2, 2 characters each in 3.
    assert!(
        two.len() - three.len() > 120 * 40,
        "{} → {}",
        two.len(),
        three.len()
    );
    for text in [&one, &two, &three] {
        let read = Replay::from_bytes(text.as_bytes()).expect("every format reads");
        assert_eq!(read.inputs, replay.inputs);
        assert!(latu::replay::verify_strictly(&read, None).is_ok());
    }
    // A format 2 file read and written again stays format 2, byte for byte.
    let read_two = Replay::from_bytes(two.as_bytes()).expect("format 2 reads");
    assert_eq!(read_two.to_json(), two);
}
