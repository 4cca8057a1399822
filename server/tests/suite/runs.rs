//! Real runs for the suite, made once per test process by the game's human-model bot (a few
//! seconds of simulation each) and shared.

use latu::course::daily::Date;
use latu::replay::Replay;
use latu_server::client::{daily_run, endless_run, level_run};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// The replay bytes of a made run, by what made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Made {
    Level { level: u8, track: u8, number: u64 },
    Daily { day: &'static str, number: u64 },
    Endless { number: u64 },
}

/// The bytes of the run `made` describes (made on first use, then kept).
pub fn bytes(made: Made) -> Vec<u8> {
    static RUNS: OnceLock<Mutex<BTreeMap<Made, Vec<u8>>>> = OnceLock::new();
    let runs = RUNS.get_or_init(Mutex::default);
    if let Some(bytes) = runs.lock().expect("not poisoned").get(&made) {
        return bytes.clone();
    }
    let bytes = replay(made).to_json().into_bytes();
    runs.lock()
        .expect("not poisoned")
        .insert(made, bytes.clone());
    bytes
}

/// The run `made` describes.
pub fn replay(made: Made) -> Replay {
    match made {
        Made::Level {
            level,
            track,
            number,
        } => level_run(level, track, number),
        Made::Daily { day, number } => daily_run(Date::parse(day).expect("a date"), number),
        Made::Endless { number } => endless_run(number),
    }
}

/// Level 1 track 1 by bot `number`.
pub fn l1(number: u64) -> Vec<u8> {
    bytes(Made::Level {
        level: 1,
        track: 1,
        number,
    })
}

/// The game's own perfect bot's run of level `level` track `track` (`latu simulate --level L
/// --track T --bot`).
pub fn perfect_bot_run(level: u8, track: u8) -> Replay {
    let course = latu::course::Course::level(level, track, None).expect("a level");
    let choice = latu::replay::CourseChoice::of(&course);
    let bot = latu::sim::Bot::new();
    let brought = latu::sim::Brought::default();
    latu::replay::record_player(choice, course, latu::replay::MAX_TICKS, bot, brought)
}
