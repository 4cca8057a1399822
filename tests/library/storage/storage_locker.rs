//! The shop's locker lasts: what was bought and what is in use come back in the next session
//! with the purse that paid for it; a damaged locker is kept aside and the player told; an item
//! this version does not sell is dropped (said), the rest kept.

use crate::storage_support;

use latu::shooting::Rifle;
use latu::shop::athlete::Athlete;
use latu::shop::outfit::Suit;
use latu::shop::{Item, Locker};
use latu::storage::{player_messages, Outcome, Purse, Store};
use std::fs;
use storage_support::scratch;

#[test]
fn a_rifle_bought_with_the_purse_is_kept_between_sessions() {
    let dir = scratch("locker-kept");
    let mut store = Store::new(&dir);
    let mut purse = Purse { coins: 400 };
    let mut locker = store.load_locker().value;
    locker
        .buy(Item::Rifle(Rifle::StraightPull), &mut purse.coins)
        .expect("affordable");
    store.save_locker(&locker).expect("saved");
    store.save_purse(&purse).expect("saved");
    let mut later = Store::new(&dir);
    let loaded = later.load_locker();
    assert!(loaded.notices.is_empty());
    assert_eq!(loaded.value.rifle(), Rifle::StraightPull);
    assert_eq!(later.load_purse().value.coins, 150);
}

#[test]
fn an_athlete_bought_skis_in_the_next_session_and_an_older_locker_still_reads() {
    let dir = scratch("locker-athlete");
    let mut store = Store::new(&dir);
    let mut purse = Purse { coins: 300 };
    let mut locker = store.load_locker().value;
    assert_eq!(locker.outfit().athlete, Athlete::Aino);
    locker
        .buy(Item::Athlete(Athlete::Veikko), &mut purse.coins)
        .expect("affordable");
    store.save_locker(&locker).expect("saved");
    let later = Store::new(&dir).load_locker();
    assert!(later.notices.is_empty());
    assert_eq!(later.value.outfit().athlete, Athlete::Veikko);
    // A locker written before there were athletes: no "athlete" key. It reads, everything kept,
    // and the first athlete skis.
    let older = scratch("locker-before-athletes");
    fs::create_dir_all(&older).expect("the folder");
    let file = r#"{"bought":["suit/violet"],"rifle":null,"suit":"suit/violet","skis":null}"#;
    fs::write(older.join("locker.json"), file).expect("written");
    let loaded = Store::new(&older).load_locker();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    let outfit = loaded.value.outfit();
    assert_eq!((outfit.athlete, outfit.suit), (Athlete::Aino, Suit::Violet));
}

#[test]
fn a_damaged_locker_is_kept_aside_and_the_player_told() {
    let dir = scratch("locker-damaged");
    fs::create_dir_all(&dir).expect("the folder");
    fs::write(dir.join("locker.json"), b"[\"rifle/match\"").expect("written");
    let mut store = Store::new(&dir);
    let loaded = store.load_locker();
    assert_eq!(loaded.value, Locker::default());
    assert!(matches!(
        loaded.notices[0].outcome,
        Outcome::KeptAsideUsingDefaults(_)
    ));
    assert!(
        dir.join("locker.json.corrupt-1").is_file(),
        "nothing is lost"
    );
    let told = player_messages(&loaded.notices).join(" ");
    assert!(told.contains("Your rifles, suits and skis"), "{told}");
}

#[test]
fn an_item_this_version_does_not_sell_is_dropped_and_the_rest_kept() {
    let dir = scratch("locker-unknown");
    fs::create_dir_all(&dir).expect("the folder");
    fs::write(
        dir.join("locker.json"),
        br#"{"bought":["rifle/match","rifle/laser"],"rifle":"rifle/match"}"#,
    )
    .expect("written");
    let mut store = Store::new(&dir);
    let loaded = store.load_locker();
    assert_eq!(loaded.value.rifle(), Rifle::Match);
    assert!(loaded.value.owns(Item::Rifle(Rifle::Match)));
    assert_eq!(loaded.notices.len(), 1, "{:?}", loaded.notices);
    assert!(matches!(
        loaded.notices[0].outcome,
        Outcome::KeptAsideUsingTheRest(_)
    ));
    // The developers' line names the item dropped; the player hears the file was mended.
    assert!(
        loaded.notices[0].to_string().contains("laser"),
        "{}",
        loaded.notices[0]
    );
    let told = player_messages(&loaded.notices).join(" ");
    assert!(told.contains("what could be read is kept"), "{told}");
    // The usable rest was saved back in place: the next start finds it clean.
    let again = Store::new(&dir).load_locker();
    assert!(again.notices.is_empty(), "{:?}", again.notices);
    assert_eq!(again.value.rifle(), Rifle::Match);
}
