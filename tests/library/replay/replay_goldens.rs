//! Golden replays in `tests/replays/` (see its README): every one reproduces exactly.

use latu::replay::{
    build_course, play_inputs, record_bot, verify, CourseChoice, Replay, Verdict, MAX_TICKS,
};
use std::fs;
use std::path::{Path, PathBuf};

/// Where the goldens live.
fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays")
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("the golden directory is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn name(path: &Path) -> String {
    path.file_stem()
        .expect("a golden file name")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn every_golden_replay_reproduces() {
    for path in json_files(&dir()) {
        let replay = Replay::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let choice = replay.course_choice().expect("a golden names its course");
        let course = build_course(choice).expect("a golden's course exists");
        let recorded = replay.summary.clone().expect("a golden has a summary");
        match verify(&replay, choice, course, &recorded) {
            Verdict::Equal(summary) => assert_eq!(summary, recorded),
            Verdict::Mismatch(m) => panic!(
                "{} diverges at tick {}: {}",
                path.display(),
                m.tick,
                m.detail
            ),
        }
    }
}

#[test]
fn goldens_cover_every_level_row_and_runs_that_hit() {
    let goldens: Vec<(String, Replay)> = json_files(&dir())
        .into_iter()
        .map(|path| {
            (
                name(&path),
                Replay::load(&path).unwrap_or_else(|e| panic!("{e}")),
            )
        })
        .collect();
    let summary = |name: &str| {
        goldens
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, replay)| replay.summary.clone())
            .unwrap_or_else(|| panic!("golden {name} is missing"))
    };
    for level in 1..=5 {
        for track in 1..=3 {
            let bot = summary(&format!("bot-l{level}-t{track}"));
            assert!(bot.finished && bot.hits == 0, "bot-l{level}-t{track}");
        }
    }
    let endless = summary("bot-endless");
    assert!(endless.finished && endless.hits == 0 && endless.level.is_none());
    let scripts: Vec<_> = goldens
        .iter()
        .filter(|(n, _)| n.starts_with("script-"))
        .collect();
    assert!(scripts.len() >= 3);
    for (name, replay) in scripts {
        let summary = replay.summary.as_ref().expect("a golden has a summary");
        assert!(summary.hits > 0, "{name} is a script that hits");
    }
}

/// Rewrite every golden from the current code: `cargo test --test library replay_goldens -- --ignored`.
#[test]
#[ignore = "rewrites the goldens; run by hand after an intended change"]
fn regenerate() {
    for level in 1..=5 {
        for track in 1..=3 {
            let course = latu::course::Course::level(level, track, None).expect("a level row");
            let choice = CourseChoice::Level {
                level,
                track,
                seed: course.seed,
            };
            let path = dir().join(format!("bot-l{level}-t{track}.json"));
            record_bot(choice, course, MAX_TICKS)
                .save(&path)
                .expect("golden written");
        }
    }
    let endless = CourseChoice::Endless {
        seed: 42,
        distance: Some(5_000.0),
    };
    let course = build_course(endless).expect("Endless always exists");
    let path = dir().join("bot-endless.json");
    record_bot(endless, course, MAX_TICKS)
        .save(&path)
        .expect("golden written");
    for script in json_files(&dir().join("scripts")) {
        let replay = Replay::load(&script).unwrap_or_else(|e| panic!("{e}"));
        let choice = replay.course_choice().expect("a script names its course");
        let course = build_course(choice).expect("a script's course exists");
        let path = dir().join(format!("script-{}.json", name(&script)));
        play_inputs(choice, course, &replay.inputs, MAX_TICKS)
            .save(&path)
            .expect("golden written");
    }
}
