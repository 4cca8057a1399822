//! The player's account through the game's own client (what the Account screen does), headless
//! against a real `latu-server` on 127.0.0.1: a new name's recovery code comes once; a second
//! device joins by a link code and takes the name at once, its run queued before the join goes
//! under the player it was played by and the next under the joined one; a third device joins
//! by the recovery code (a new code replaces it); a run is reported; the player is deleted by a
//! signed `DELETE` and its keys write for no one after. Without the server built it says it did
//! not run (a failure with `LATU_ONLINE_TESTS=required`).

use crate::real_server::{self, RealServer};
use crate::{bot_replay, scratch};
use latu::online::http::ThreadTransport;
use latu::online::{Client, Keys, OnlineEvent};
use latu::storage::Identity;
use std::path::Path;
use std::time::{Duration, Instant};

/// The longest wait for one answer from 127.0.0.1: bounded, never a measure.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);
/// How often the client is polled while waiting.
const POLL_EVERY: Duration = Duration::from_millis(5);

// The client signs with the wall clock, as the game does; nothing here decides an outcome.
#[allow(clippy::disallowed_methods)]
fn wall_clock_s() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() as i64)
}

/// A client of `server` for a device keeping its files in `data`, with the key of `seed`,
/// wanting the name `name` (empty: none chosen).
fn device(server: &RealServer, data: &Path, seed: u8, name: &str) -> Client {
    let keys = Keys::from_secret([seed; 32]);
    Client::new(
        &server.url(),
        keys,
        data,
        "",
        name,
        Box::new(ThreadTransport::new()),
    )
    .with_wall_clock(wall_clock_s)
}

/// Poll `client` until an event `wanted` picks comes; every event heard on the way, in order.
// The wait is bounded by the wall clock; it measures nothing.
#[allow(clippy::disallowed_methods)]
fn until(client: &mut Client, wanted: impl Fn(&OnlineEvent) -> bool) -> Vec<OnlineEvent> {
    let start = Instant::now();
    let mut heard = Vec::new();
    while start.elapsed() < ANSWER_WITHIN {
        client.poll(start.elapsed().as_secs_f64());
        let events = client.take_events();
        let done = events.iter().any(&wanted);
        heard.extend(events);
        if done {
            return heard;
        }
        std::thread::sleep(POLL_EVERY);
    }
    panic!("no answer in {ANSWER_WITHIN:?}; heard {heard:?}");
}

/// Poll `client` until nothing waits (its queue sent).
#[allow(clippy::disallowed_methods)]
fn settle(client: &mut Client) -> Vec<OnlineEvent> {
    let start = Instant::now();
    let mut heard = Vec::new();
    while client.busy() && start.elapsed() < ANSWER_WITHIN {
        client.poll(start.elapsed().as_secs_f64());
        heard.extend(client.take_events());
        std::thread::sleep(POLL_EVERY);
    }
    assert!(!client.busy(), "still busy; heard {heard:?}");
    heard
}

/// A board's entries: (name, player, run).
fn entries(server: &RealServer, board: &str) -> Vec<(String, String, String)> {
    let url = format!("{}/v1/boards/{board}?limit=100", server.url());
    let text = ureq::get(&url)
        .call()
        .expect("the board answers")
        .into_string()
        .expect("text");
    let page: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    page["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|entry| {
            let text = |field: &str| match &entry[field] {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            (text("name"), text("player"), text("run"))
        })
        .collect()
}

fn queue(client: &mut Client, replay: &Path) -> String {
    let bytes = std::fs::read(replay).expect("the replay");
    let replay = latu::replay::Replay::from_bytes(&bytes).expect("a replay");
    client
        .queue_run(replay.to_json().as_bytes())
        .expect("queued")
}

fn code_of(heard: &[OnlineEvent]) -> Option<String> {
    heard.iter().find_map(|event| match event {
        OnlineEvent::RecoveryCode(code) => Some(code.clone()),
        _ => None,
    })
}

#[test]
fn a_player_links_recovers_reports_and_deletes_through_the_game_s_client() {
    let Some(binary) = real_server::binary() else {
        println!("did not run: latu-server is not built");
        return;
    };
    let dir = scratch("account");
    let db = dir.join("server");
    std::fs::create_dir_all(&db).expect("a database folder");
    let server = RealServer::start(binary, &db);

    // The phone registers Aino: the recovery code comes once.
    let mut phone = device(&server, &dir.join("phone"), 1, "Aino");
    let heard = until(&mut phone, |e| matches!(e, OnlineEvent::Registered(_)));
    let recovery = code_of(&heard).expect("a new player's recovery code");
    assert_eq!(recovery.len(), 23, "{recovery}");
    let aino = phone.player_id();
    assert_eq!(aino, Keys::from_secret([1; 32]).public_hex());

    // The browser plays as Bea and queues a run it has not sent yet.
    let browser_data = dir.join("browser");
    let mut browser = device(&server, &browser_data, 2, "Bea");
    until(&mut browser, |e| matches!(e, OnlineEvent::Registered(_)));
    let played_as_bea = queue(&mut browser, &bot_replay(&dir, 1));

    // The phone asks a link code; the browser joins with it (a new key), before its run goes.
    phone.ask_link_code();
    let heard = until(&mut phone, |e| matches!(e, OnlineEvent::LinkCode(_)));
    let Some(OnlineEvent::LinkCode(link)) = heard.last() else {
        panic!("{heard:?}");
    };
    assert_eq!(link.expires_in_s, 600);
    browser
        .join(&link.code.to_lowercase(), Keys::from_secret([3; 32]))
        .expect("a link code's shape");
    let heard = until(&mut browser, |e| matches!(e, OnlineEvent::Joined(_)));
    assert!(
        heard.contains(&OnlineEvent::Joined("Aino".to_owned())),
        "{heard:?}"
    );
    assert_eq!(browser.registered(), "Aino", "the name at once");
    assert_eq!(browser.player_id(), aino);
    let mut kept = Identity::default();
    browser.keep_in(&mut kept);
    assert_eq!(kept.player, aino);
    assert_eq!(kept.former.len(), 1, "Bea's key kept for her queued run");
    assert_eq!(kept.former[0].runs, [played_as_bea]);

    // Bea's run goes under Bea; the next run, played after the join, under Aino.
    let heard = settle(&mut browser);
    assert!(
        heard.iter().any(|e| matches!(e, OnlineEvent::Sent { .. })),
        "{heard:?}"
    );
    let track_1 = entries(&server, "level-1-track-1");
    assert_eq!(track_1.len(), 1, "{track_1:?}");
    assert_eq!(
        track_1[0].0, "Bea",
        "sent under the player it was played by"
    );
    browser.keep_in(&mut kept);
    assert!(
        kept.former.is_empty(),
        "the former key forgotten once its runs went"
    );
    queue(&mut browser, &bot_replay(&dir, 2));
    settle(&mut browser);
    let track_2 = entries(&server, "level-1-track-2");
    assert_eq!(track_2.len(), 1, "{track_2:?}");
    assert_eq!((track_2[0].0.as_str(), &track_2[0].1), ("Aino", &aino));

    // A used link code, and a code of neither shape, are refused in a sentence.
    let mut late = device(&server, &dir.join("late"), 4, "");
    late.join(&link.code, Keys::from_secret([5; 32]))
        .expect("shape");
    let heard = until(&mut late, |e| matches!(e, OnlineEvent::AccountRefused(_)));
    assert!(
        matches!(heard.last(), Some(OnlineEvent::AccountRefused(_))),
        "{heard:?}"
    );
    assert!(late.join("ABC", Keys::from_secret([5; 32])).is_err());

    // The tablet recovers Aino with the recovery code; a new code replaces it.
    let mut tablet = device(&server, &dir.join("tablet"), 6, "");
    tablet
        .join(&recovery, Keys::from_secret([7; 32]))
        .expect("shape");
    let heard = until(&mut tablet, |e| matches!(e, OnlineEvent::Joined(_)));
    let renewed = code_of(&heard).expect("the recovery's new code");
    assert_ne!(renewed, recovery);
    assert_eq!(tablet.player_id(), aino);
    late.join(&recovery, Keys::from_secret([8; 32]))
        .expect("shape");
    let heard = until(&mut late, |e| matches!(e, OnlineEvent::AccountRefused(_)));
    assert!(
        !heard.iter().any(|e| matches!(e, OnlineEvent::Joined(_))),
        "the old code is spent"
    );

    // A report of Bea's run, by the tablet.
    tablet.report(&track_1[0].2, "an impossible time");
    until(&mut tablet, |e| matches!(e, OnlineEvent::Reported(_)));

    // The tablet deletes Aino (a signed DELETE): the boards lose the entry, and the phone's key
    // writes for no one after.
    tablet.delete_player();
    let heard = until(&mut tablet, |e| matches!(e, OnlineEvent::Deleted(_)));
    assert!(
        heard.contains(&OnlineEvent::Deleted(aino.clone())),
        "{heard:?}"
    );
    assert_eq!(tablet.registered(), "");
    assert!(entries(&server, "level-1-track-2").is_empty());
    assert_eq!(entries(&server, "level-1-track-1").len(), 1, "Bea's stays");
    phone.ask_link_code();
    let heard = until(&mut phone, |e| matches!(e, OnlineEvent::AccountRefused(_)));
    assert!(
        !heard.iter().any(|e| matches!(e, OnlineEvent::LinkCode(_))),
        "{heard:?}"
    );
}
