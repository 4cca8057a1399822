//! Each kind of mission counted from a recorded run (`tests/replays/`, and a human-model bot's
//! run recorded here): the run's events alone move it, and a run that does what it asks
//! completes it, pays and hands out the next.

use crate::storage_support::scratch;
use latu::course::{Course, Lane, ObstacleClass, ShootingPosition, START_LANE};
use latu::missions::{replay_events, Goal, Mission, MissionBook, MissionWatch, RunTally, TABLE};
use latu::replay::{play_inputs, CourseChoice, Replay, TickInput};
use latu::sim::{Action, Tick};
use latu::storage::{KeptRun, Store};
use std::path::Path;

fn recorded(name: &str) -> Replay {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(format!("{name}.json"));
    Replay::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// What `replay` did towards the missions.
fn tally_of_replay(replay: &Replay) -> RunTally {
    let endless = matches!(replay.course_choice(), Ok(CourseChoice::Endless { .. }));
    let mut tally = RunTally::new(endless);
    replay_events(replay, |_, event| tally.note(event)).expect("a recorded course");
    tally
}

/// What the golden `name` did towards the missions.
fn tally_of(name: &str) -> RunTally {
    tally_of_replay(&recorded(name))
}

/// The first mission of the table with this goal and target.
fn mission(goal: Goal, target: u32) -> Mission {
    let number = TABLE
        .iter()
        .position(|row| row.goal == goal && row.target == target)
        .unwrap_or_else(|| panic!("the table has {goal:?} {target}"));
    Mission::nth(number as u32)
}

/// A book holding `mission` first (and two missions after it).
fn holding(mission: Mission) -> MissionBook {
    let mut book = MissionBook::default();
    for (slot, held) in book.slots.iter_mut().enumerate() {
        held.number = mission.number + slot as u32;
        held.progress = 0;
    }
    book.next = mission.number + 3;
    book
}

/// The progress `runs` (goldens, in order) leave on `mission`, and whether they completed it.
fn after_runs(mission: Mission, runs: &[&str]) -> (u32, bool) {
    let mut book = holding(mission);
    for run in runs {
        let change = book.after(&tally_of(run));
        if change.completed.iter().any(|done| done.mission == mission) {
            return (mission.target, true);
        }
        book = change.book;
    }
    (book.slots[0].progress, false)
}

#[test]
fn coins_in_one_run_complete_in_a_run_that_takes_them_not_over_two_short_ones() {
    let goal = mission(Goal::CoinsInRun, 50);
    assert!(tally_of("script-idle-level1").coins < 50);
    assert_eq!(
        after_runs(goal, &["script-idle-level1"]),
        (tally_of("script-idle-level1").coins, false)
    );
    assert!(
        !after_runs(goal, &["script-idle-level1", "script-idle-level1"]).1,
        "one run's best, not a sum"
    );
    assert!(after_runs(goal, &["bot-l1-t1"]).1);
    let far = mission(Goal::CoinsInRun, 150);
    assert!(after_runs(far, &["bot-l5-t3"]).1);
}

#[test]
fn coins_over_runs_add_up() {
    let goal = mission(Goal::CoinsInAll, 1000);
    let (progress, done) = after_runs(goal, &["bot-l1-t1", "bot-l5-t3"]);
    let taken = tally_of("bot-l1-t1").coins + tally_of("bot-l5-t3").coins;
    assert_eq!((progress, done), (taken, false));
    let five = [
        "bot-endless",
        "bot-l5-t3",
        "bot-l5-t2",
        "bot-l4-t1",
        "bot-l3-t3",
    ];
    assert!(after_runs(goal, &five).1);
}

#[test]
fn a_coin_line_counts_the_longest_run_of_coins_taken_in_a_row() {
    let goal = mission(Goal::CoinLine, 25);
    let broken = tally_of("script-weave-endless");
    assert!(
        broken.longest_coin_line < broken.coins,
        "a line broken by coins left behind"
    );
    assert_eq!(
        after_runs(goal, &["script-weave-endless"; 2]),
        (broken.longest_coin_line, false),
        "the best line of a run, not a sum"
    );
    assert!(after_runs(goal, &["bot-l1-t1"]).1);
}

#[test]
fn hurdles_jumped_and_bars_ducked_add_up_over_runs() {
    let hurdles = mission(Goal::Hurdles, 10);
    let jumped = tally_of("bot-l1-t1").hurdles;
    assert!(jumped > 0 && jumped < 10);
    assert_eq!(after_runs(hurdles, &["bot-l1-t1"]), (jumped, false));
    assert!(after_runs(hurdles, &["bot-l5-t3"]).1);
    assert_eq!(
        tally_of("script-jumps-level2").hurdles,
        0,
        "a crash clears nothing"
    );
    let bars = mission(Goal::Bars, 8);
    let ducked = tally_of("bot-l1-t1").bars;
    assert_eq!(after_runs(bars, &["bot-l1-t1"]), (ducked, false));
    assert!(after_runs(bars, &["bot-l1-t1", "bot-l3-t1"]).1);
}

/// A run on level 1 that changes lane away from its first dodge block at `tick` (and nothing
/// else), recorded.
fn late_dodge(tick: u64) -> Replay {
    let course = Course::level(1, 1, None).expect("level 1");
    let block = course
        .obstacles
        .iter()
        .find(|o| o.class == ObstacleClass::Dodge && o.lanes.contains(&START_LANE))
        .expect("level 1 has a block in the start lane");
    let away = match block.lanes.contains(&Lane::LEFT) {
        true => Action::Right,
        false => Action::Left,
    };
    let stop = tick + u64::from(latu::sim::TICK_HZ);
    let inputs = [TickInput {
        tick: Tick::new(tick),
        actions: vec![away],
    }];
    play_inputs(CourseChoice::of(&course), course, &inputs, stop)
}

/// The tick the skier reaches level 1's first block in the start lane, roughly.
fn first_block_tick() -> u64 {
    let course = Course::level(1, 1, None).expect("level 1");
    let block = course
        .obstacles
        .iter()
        .find(|o| o.class == ObstacleClass::Dodge && o.lanes.contains(&START_LANE))
        .expect("a block");
    (block.z / course.skier.speed * f64::from(latu::sim::TICK_HZ)) as u64
}

#[test]
fn near_misses_count_late_dodges_and_early_ones_do_not() {
    let goal = mission(Goal::NearMisses, 5);
    let reach = first_block_tick();
    let tallies: Vec<(u64, RunTally)> = (reach.saturating_sub(40)..reach + 5)
        .map(|tick| (tick, tally_of_replay(&late_dodge(tick))))
        .collect();
    let late = tallies.iter().find(|(_, tally)| tally.near_misses == 1);
    let (tick, tally) = late.expect("a dodge just in time is a near miss");
    assert_eq!(tally.crashes, 0, "tick {tick}: it did not crash");
    let early = &tallies[0].1;
    assert_eq!(
        (early.near_misses, early.crashes),
        (0, 0),
        "an early dodge is no near miss"
    );
    assert_eq!(
        tally_of("bot-l4-t1").near_misses,
        0,
        "the perfect bot is never late"
    );
    let mut book = holding(goal);
    book.slots[0].progress = 4;
    let change = book.after(tally);
    assert_eq!(change.completed.len(), 1, "the fifth completes it");
    assert_eq!(holding(goal).after(tally).book.slots[0].progress, 1);
}

#[test]
fn targets_and_clean_stages_count_from_the_range() {
    assert!(after_runs(mission(Goal::Targets, 5), &["bot-l1-t1"]).1);
    let prone = mission(Goal::CleanStages(Some(ShootingPosition::Prone)), 1);
    assert!(after_runs(prone, &["bot-l1-t1"]).1);
    assert_eq!(
        after_runs(prone, &["script-jumps-level2"]),
        (0, false),
        "2 targets of 5"
    );
    let standing = mission(Goal::CleanStages(Some(ShootingPosition::Standing)), 1);
    assert_eq!(
        after_runs(standing, &["bot-l1-t1"]),
        (0, false),
        "level 1 is prone only"
    );
    assert!(after_runs(standing, &["bot-l2-t1"]).1);
    let any = mission(Goal::CleanStages(None), 3);
    assert_eq!(after_runs(any, &["bot-l2-t1"]), (2, false));
    assert!(after_runs(any, &["bot-l2-t1", "bot-l1-t1"]).1);
}

#[test]
fn a_clean_finish_needs_a_finished_level_without_a_crash() {
    let goal = mission(Goal::CleanFinishes, 1);
    assert!(after_runs(goal, &["bot-l1-t1"]).1);
    assert_eq!(
        after_runs(goal, &["script-idle-level1"]),
        (0, false),
        "it crashed"
    );
    assert_eq!(
        after_runs(goal, &["bot-endless"]),
        (0, false),
        "Endless is no level"
    );
}

#[test]
fn endless_without_a_crash_counts_the_longest_stretch_and_metres_add_up() {
    let goal = mission(Goal::EndlessWithoutCrash, 2000);
    assert!(after_runs(goal, &["bot-endless"]).1);
    let crashing = tally_of("script-weave-endless");
    assert!(crashing.crashes > 0 && crashing.longest_without_crash < crashing.metres);
    assert_eq!(
        after_runs(goal, &["script-weave-endless"]),
        (crashing.longest_without_crash, false)
    );
    assert_eq!(
        after_runs(goal, &["bot-l5-t3"]),
        (0, false),
        "a level is not Endless"
    );
    let metres = mission(Goal::MetresInAll, 20_000);
    let skied = tally_of("bot-l5-t3").metres;
    assert_eq!(after_runs(metres, &["bot-l5-t3"]), (skied, false));
    assert!(after_runs(metres, &["bot-endless"; 4]).1);
}

#[test]
fn every_kind_of_goal_in_the_table_is_tested_above() {
    let kinds = TABLE.map(|row| std::mem::discriminant(&row.goal));
    let tested = [
        Goal::CoinsInRun,
        Goal::CoinsInAll,
        Goal::CoinLine,
        Goal::Hurdles,
        Goal::Bars,
        Goal::NearMisses,
        Goal::Targets,
        Goal::CleanStages(None),
        Goal::CleanFinishes,
        Goal::EndlessWithoutCrash,
        Goal::MetresInAll,
    ]
    .map(|goal| std::mem::discriminant(&goal));
    assert!(kinds.iter().all(|kind| tested.contains(kind)));
}

/// A mission's life from a recorded run: its first progress and the moment it completes, told
/// by the run's events as they happen, then its payout banked with the run and the next
/// mission handed out. `--nocapture` prints it.
#[test]
fn a_mission_s_life_from_first_progress_to_payout() {
    let replay = recorded("bot-l2-t1");
    let mut watch = MissionWatch::new(MissionBook::default(), false);
    let mut first_progress = [None; 3];
    let mut completed = Vec::new();
    replay_events(&replay, |tick, event| {
        for mission in watch.note(event) {
            println!(
                "tick {tick}: completed \"{}\" (+{} coins)",
                mission.text(),
                mission.reward
            );
            completed.push((tick, mission));
        }
        for (slot, first) in first_progress.iter_mut().enumerate() {
            let progress = watch.book().progress_with(slot, watch.tally());
            if first.is_none() && progress > 0 {
                let mission = watch.book().slots[slot].mission();
                println!(
                    "tick {tick}: first progress on \"{}\": {progress}/{}",
                    mission.text(),
                    mission.target
                );
                *first = Some(tick);
            }
        }
    })
    .expect("a golden's course");
    assert_eq!(
        completed.len(),
        3,
        "level 2's bot run completes the first three"
    );
    for (slot, (tick, _)) in completed.iter().enumerate() {
        assert!(
            first_progress.iter().flatten().any(|first| first <= tick),
            "slot {slot}"
        );
    }
    let dir = scratch("mission-life");
    let mut store = Store::new(&dir);
    store.bank(100).expect("a purse");
    let kept = store
        .keep_run(KeptRun {
            coins_change: 0,
            result: None,
            replay: None,
            missions: Some(watch.tally().clone()),
        })
        .expect("kept");
    let change = kept.missions.expect("missions kept");
    let paid: u32 = completed.iter().map(|(_, mission)| mission.reward).sum();
    println!(
        "banked: purse 100 -> {} (+{paid} for missions, +{} multiplier bonus); set done: multiplier {}",
        kept.purse.coins,
        change.bonus,
        change.book.multiplier_text()
    );
    for slot in &change.book.slots {
        println!(
            "next: \"{}\" pays {}",
            slot.mission().text(),
            slot.mission().reward
        );
    }
    assert_eq!(kept.purse.coins, 100 + paid, "a first set has no bonus yet");
    assert_eq!(change.book.multiplier_text(), "×1.1");
    let reopened = Store::new(&dir).load_missions().value;
    assert_eq!(reopened, change.book);
    assert_eq!(reopened.slots.map(|slot| slot.number), [3, 4, 5]);
}

#[test]
fn a_damaged_missions_file_is_kept_aside_and_said_once() {
    let dir = scratch("missions-damaged");
    std::fs::create_dir_all(&dir).expect("a data folder");
    std::fs::write(dir.join(latu::storage::MISSIONS_FILE), "{ not json").expect("written");
    let mut store = Store::new(&dir);
    let loaded = store.load_missions();
    assert_eq!(loaded.value, MissionBook::default());
    let told = latu::storage::player_messages(&loaded.notices);
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].starts_with("Your missions"), "{told:?}");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder")
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().contains("corrupt"))
        .collect();
    assert_eq!(kept.len(), 1, "the damaged bytes are kept aside");
    assert!(
        Store::new(&dir).load_missions().notices.is_empty(),
        "said once"
    );
    let inconsistent = r#"{"slots":[{"number":0},{"number":0},{"number":1}],"next":3}"#;
    std::fs::write(dir.join(latu::storage::MISSIONS_FILE), inconsistent).expect("written");
    let loaded = Store::new(&dir).load_missions();
    assert_eq!(
        (loaded.value, loaded.notices.len()),
        (MissionBook::default(), 1)
    );
}
