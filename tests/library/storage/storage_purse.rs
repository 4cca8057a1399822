//! The purse lasts: coins saved after a run come back in the next session, a damaged purse file
//! is kept aside (the player told) and the game goes on with an empty purse, and what runs win
//! is banked (a run brings no purse: it buys in the Shop only).

use crate::storage_support;

use latu::course::Course;
use latu::sim::{Bot, Run};
use latu::storage::{player_messages, Outcome, Purse, Store};
use std::fs;
use storage_support::{games_bank_at_once, scratch};

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

/// Two games on one data directory, each with the purse it read at start: what one banks and
/// what the other spends both land (#26: a purchase in one game wiped what the other banked).
#[test]
fn two_games_never_lose_each_others_coins() {
    use latu::shooting::Rifle;
    use latu::shop::Item;
    use latu::storage::{Deal, KeptRun};
    let dir = scratch("purse-two-games");
    Store::new(&dir)
        .save_purse(&Purse { coins: 300 })
        .expect("saved");
    let (mut first, mut second) = (Store::new(&dir), Store::new(&dir));
    assert_eq!(first.load_purse().value.coins, 300);
    assert_eq!(second.load_purse().value.coins, 300);
    // The first game finishes a run that won 132 coins …
    let kept = first
        .keep_run(KeptRun {
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
        .keep_run(KeptRun {
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
    let change = games_bank_at_once(&dir, GAMES, RUNS, |dir| {
        let mut store = Store::new(dir);
        let _ = store.load_purse();
        store
    });
    let expected = START + change;
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

/// An Endless run: the bot steers for `steered_ticks`, then the skier runs straight on,
/// crashing until its lives are gone, and declines the second chance.
fn endless_to_its_end(steered_ticks: u64) -> latu::sim::Summary {
    use latu::sim::Action;
    let mut run = Run::new(Course::endless(latu::course::levels::ENDLESS.seed));
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
/// (the flow banks the results before a run starts from them), and after the second run the
/// purse holds both runs' coins. A run brings no purse, so crashes took no banked coin.
#[test]
fn retry_banks_both_runs_and_crashes_take_no_banked_coin() {
    let dir = scratch("purse-retry");
    let mut store = Store::new(&dir);
    store.save_purse(&Purse { coins: 200 }).expect("saved");
    let keep = |store: &mut Store, summary: &latu::sim::Summary| {
        let change = i64::from(summary.coins);
        store
            .keep_run(latu::storage::KeptRun {
                coins_change: change,
                result: None,
                replay: None,
                missions: None,
            })
            .expect("kept")
            .purse
            .coins
    };
    let first = endless_to_its_end(1200);
    assert!(first.hits > 0 && first.coins > 0, "{first:?}");
    let after_first = keep(&mut store, &first);
    assert_eq!(after_first, 200 + first.coins);
    // Retry: the second run starts with none of the purse's coins, and banks what it won.
    let second = endless_to_its_end(600);
    let after_second = keep(&mut store, &second);
    assert_eq!(after_second, after_first + second.coins);
    assert!(second.coins > 0, "{second:?}");
    assert_eq!(Store::new(&dir).load_purse().value.coins, after_second);
    println!(
        "purse 200 -> first run won {} -> {after_first}; retry won {} -> {after_second}",
        first.coins, second.coins
    );
}
