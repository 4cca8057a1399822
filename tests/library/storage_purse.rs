//! The purse lasts: coins saved after a run come back in the next session, a damaged purse file
//! is kept aside (the player told) and the game goes on with an empty purse, and a run that
//! brought a purse replays exactly — only with that purse.

use crate::storage_support;

use latu::course::Course;
use latu::replay::{build_course, verify, CourseChoice, Replay, ReplayRecorder, Verdict};
use latu::sim::{Bot, Run};
use latu::storage::{player_messages, Outcome, Purse, Store};
use std::fs;
use storage_support::scratch;

#[test]
fn the_purse_is_kept_between_sessions() {
    let dir = scratch("purse-kept");
    let store = Store::new(&dir);
    store.save_purse(&Purse { coins: 321 }).expect("saved");
    let mut later = Store::new(&dir);
    let loaded = later.load_purse();
    assert_eq!(loaded.value, Purse { coins: 321 });
    assert!(loaded.notices.is_empty());
    assert_eq!(
        Store::new(scratch("purse-none")).load_purse().value,
        Purse::default()
    );
}

#[test]
fn a_damaged_purse_is_kept_aside_and_the_player_told() {
    let dir = scratch("purse-damaged");
    fs::create_dir_all(&dir).expect("the folder");
    let path = dir.join("purse.json");
    fs::write(&path, b"{\"coins\": \"lots\"").expect("written");
    let mut store = Store::new(&dir);
    let loaded = store.load_purse();
    assert_eq!(loaded.value, Purse::default());
    assert_eq!(loaded.notices.len(), 1);
    assert!(matches!(
        loaded.notices[0].outcome,
        Outcome::KeptAsideUsingDefaults(_)
    ));
    assert!(
        dir.join("purse.json.corrupt-1").is_file(),
        "nothing is lost"
    );
    let told = player_messages(&loaded.notices).join(" ");
    assert!(told.contains("Your purse"), "{told}");
    // Too many coins for any purse: capped, and said.
    fs::write(&path, b"{\"coins\": 4000000000}").expect("written");
    let loaded = store.load_purse();
    assert_eq!(loaded.value.coins, latu::storage::purse::MAX_PURSE);
}

#[test]
fn a_run_that_brought_a_purse_replays_with_it_and_not_without() {
    let course = Course::level(2, 1, None).expect("a table level");
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course).with_purse(150);
    let mut bot = Bot::new();
    let mut recorder = ReplayRecorder::new(choice);
    while !run.is_finished() {
        let actions = bot.actions(&run);
        recorder.step(&mut run, &actions);
    }
    let replay = recorder.replay(&run);
    assert_eq!(replay.purse, 150);
    let summary = replay.summary.clone().expect("a summary");
    assert!(
        summary.coins >= 150 || summary.shots > 10,
        "the purse is in the coins"
    );
    let path = scratch("purse-replay").join("run.json");
    fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
    replay.save(&path).expect("saved");
    let loaded = Replay::load(&path).expect("loaded");
    let check = |replay: &Replay| {
        let course = build_course(choice).expect("the course");
        verify(replay, choice, course, &summary)
    };
    assert_eq!(check(&loaded), Verdict::Equal(summary.clone()));
    let without = Replay { purse: 0, ..loaded };
    assert!(matches!(check(&without), Verdict::Mismatch(_)));
}

/// Two games on one data directory, each with the purse it read at start: what one banks and
/// what the other spends both land (#26: a purchase in one game wiped what the other banked).
#[test]
fn two_games_never_lose_each_others_coins() {
    use latu::shooting::Rifle;
    use latu::shop::Item;
    use latu::storage::{Deal, FinishedRun};
    let dir = scratch("purse-two-games");
    Store::new(&dir)
        .save_purse(&Purse { coins: 300 })
        .expect("saved");
    let (mut first, mut second) = (Store::new(&dir), Store::new(&dir));
    assert_eq!(first.load_purse().value.coins, 300);
    assert_eq!(second.load_purse().value.coins, 300);
    // The first game finishes a run that won 132 coins …
    let kept = first
        .keep_run(FinishedRun {
            coins_change: 132,
            result: None,
            replay: None,
            missions: None,
        })
        .expect("banked");
    assert_eq!(kept.purse.coins, 432);
    // … while the second buys a rifle with the 300 it read at start.
    let rifle = Item::Rifle(Rifle::StraightPull);
    let shopped = second.buy_or_equip(rifle).expect("saved");
    assert_eq!(shopped.deal, Ok(Deal::Bought));
    assert_eq!(shopped.purse.coins, 432 - rifle.price());
    let mut later = Store::new(&dir);
    assert_eq!(later.load_purse().value.coins, 432 - rifle.price());
    assert!(later.load_locker().value.owns(rifle));
    // The first game banks a run that lost coins to hits: taken from what is there now.
    let kept = first
        .keep_run(FinishedRun {
            coins_change: -40,
            result: None,
            replay: None,
            missions: None,
        })
        .expect("banked");
    assert_eq!(kept.purse.coins, 432 - rifle.price() - 40);
}

/// Games banking and spending at once, each from its own thread and handle on the files: every
/// coin lands (the count is the "two-game coin test" of #26).
#[test]
fn games_banking_at_once_lose_no_coin() {
    const GAMES: i64 = 2;
    const RUNS: i64 = 150;
    /// Coins at the start: a spend is never refused for want of coins, whatever the order.
    const START: i64 = 1_000;
    let dir = scratch("purse-many-games");
    Store::new(&dir)
        .save_purse(&Purse {
            coins: START as u32,
        })
        .expect("saved");
    let games: Vec<_> = (0..GAMES)
        .map(|game| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let mut store = Store::new(&dir);
                let _ = store.load_purse();
                for run in 0..RUNS {
                    // One game also spends now and then.
                    let change = if game == 1 && run % 3 == 0 { -1 } else { 2 };
                    store.bank(change).expect("banked");
                }
            })
        })
        .collect();
    for game in games {
        game.join().expect("a game finished");
    }
    let spent = (0..RUNS).filter(|run| run % 3 == 0).count() as i64;
    let expected = START + GAMES * RUNS * 2 - spent * 3;
    let coins = Store::new(&dir).load_purse().value.coins;
    assert_eq!(i64::from(coins), expected);
}

/// A purse over the cap is capped once, when it is saved, not reported at every start (#26).
#[test]
fn a_purse_over_the_cap_is_capped_when_saved_not_at_every_start() {
    use latu::storage::purse::MAX_PURSE;
    let dir = scratch("purse-capped");
    let store = Store::new(&dir);
    store
        .save_purse(&Purse {
            coins: MAX_PURSE + 5_000,
        })
        .expect("saved");
    let loaded = Store::new(&dir).load_purse();
    assert_eq!(loaded.value.coins, MAX_PURSE);
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert_eq!(Purse { coins: MAX_PURSE }.plus(10).coins, MAX_PURSE);
    assert_eq!(Purse { coins: 5 }.plus(-10).coins, 0);
}

/// A rich player's run is listed, with the coins the run won, not the purse it brought (#26:
/// results refused more than 999 999 coins while a purse may hold 1 000 000).
#[test]
fn a_rich_players_run_is_listed_with_its_own_coins() {
    use latu::storage::purse::MAX_PURSE;
    use latu::storage::NewResult;
    let course = Course::level(1, 1, None).expect("a table level");
    let choice = CourseChoice::of(&course);
    let mut run = Run::new(course).with_purse(MAX_PURSE);
    let mut bot = Bot::new();
    while !run.is_finished() {
        let actions = bot.actions(&run);
        run.step(&actions);
    }
    let summary = run.summary();
    assert!(
        summary.coins > MAX_PURSE,
        "the run won coins on a full purse"
    );
    let entry = NewResult::of(&summary, choice, None, "Rich").expect("a table track is listed");
    let NewResult::Run(listed) = &entry else {
        panic!("a level run: {entry:?}");
    };
    assert_eq!(listed.coins, summary.coins - MAX_PURSE);
    let merged = Store::new(scratch("purse-rich"))
        .add_result(entry)
        .expect("listed");
    assert_eq!(merged.place, Some(0));
}

/// An Endless run bringing `purse`: the bot steers for `steered_ticks`, then the skier runs
/// straight on, crashing until its lives are gone, and declines the second chance.
fn endless_to_its_end(purse: u32, steered_ticks: u64) -> latu::sim::Summary {
    use latu::sim::Action;
    let mut run = Run::new(Course::endless(latu::course::levels::ENDLESS.seed)).with_purse(purse);
    let mut bot = Bot::new();
    while !run.is_finished() {
        let actions = if run.second_chance_offer_s().is_some() {
            vec![Action::GiveUp]
        } else if run.tick().get() < steered_ticks {
            bot.actions(&run)
        } else {
            Vec::new()
        };
        run.step(&actions);
    }
    run.summary()
}

/// Issue #34's Retry repro, in the purse's terms: purse 200, Endless to its end, banked; Retry
/// brings the purse as it is now (the flow banks the results before a run starts from them),
/// and after the second run the purse holds both runs' coins. Crashes took no banked coin.
#[test]
fn retry_brings_the_purse_as_it_is_now_and_banks_both_runs() {
    let dir = scratch("purse-retry");
    let mut store = Store::new(&dir);
    store.save_purse(&Purse { coins: 200 }).expect("saved");
    let keep = |store: &mut Store, summary: &latu::sim::Summary| {
        let change = i64::from(summary.coins) - i64::from(summary.purse_brought);
        assert!(change >= 0, "a crash took banked coins: {summary:?}");
        store
            .keep_run(latu::storage::FinishedRun {
                coins_change: change,
                result: None,
                replay: None,
                missions: None,
            })
            .expect("kept")
            .purse
            .coins
    };
    let first = endless_to_its_end(store.load_purse().value.coins, 1200);
    assert_eq!(first.purse_brought, 200);
    assert!(first.hits > 0 && first.coins > 200, "{first:?}");
    let after_first = keep(&mut store, &first);
    assert_eq!(after_first, first.coins);
    // Retry: the new run brings the purse as the file has it now.
    let second = endless_to_its_end(store.load_purse().value.coins, 600);
    assert_eq!(second.purse_brought, after_first);
    let after_second = keep(&mut store, &second);
    assert_eq!(after_second, after_first + second.coins_won());
    assert!(second.coins_won() > 0, "{second:?}");
    assert_eq!(Store::new(&dir).load_purse().value.coins, after_second);
    println!(
        "purse 200 -> first run brought {} won {} -> {after_first}; retry brought {} won {} -> {after_second}",
        first.purse_brought,
        first.coins_won(),
        second.purse_brought,
        second.coins_won()
    );
}
