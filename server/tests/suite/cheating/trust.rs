//! Issue #43's cheat table, the rows of contract version 2: time-bound signatures, a captured
//! player-changing write sent again (on the same server and on another of the same database),
//! strict bodies, copies.
//! Each row prints with `--nocapture`.

use crate::runs::{l1, perfect_bot_run};
use crate::support::{board, cheat_answer as row, cheat_row, ranked, refused, Databases, Server};
use latu_server::client::{Connection, Player, RawResponse};

/// Seconds just past the contract's clock window.
const OFF_S: i64 = latu::online::contract::CLOCK_WINDOW_S + 1;

async fn post(
    conn: &mut Connection,
    path: &str,
    headers: &[(String, String)],
    body: &[u8],
) -> RawResponse {
    conn.send("POST", path, headers, body)
        .await
        .expect("answered")
}

/// A time off the server's clock, a signature for another path, a replayed rename (on one
/// server and on a second server of the same database).
pub async fn signatures(db: &dyn Databases) {
    let label = db.label();
    let database = db.fresh("signatures");
    let server = Server::start(&database, &[]);
    let mut conn = server.connect().await;
    let kaisa = Player::from_number(4301);
    let body = br#"{"name": "Kaisa"}"#;

    for (what, time) in [
        ("a write signed 301 s ahead", kaisa.now_s() + OFF_S),
        ("a write signed 301 s behind", kaisa.now_s() - OFF_S),
    ] {
        let headers = kaisa.headers_at("POST", "/v1/players", time, body);
        let off = post(&mut conn, "/v1/players", &headers, body).await;
        row(label, what, &off);
        assert_eq!(off.status, 401, "{label}: {what}");
        let said = off.error().unwrap_or_default();
        assert!(said.contains(&format!("{OFF_S} s")), "{label}: {said}");
        assert_eq!(off.json()["reason"], "clock_off", "{label}");
        assert!(off.json()["server_time_s"].as_i64().is_some(), "{label}");
    }
    let elsewhere = kaisa.headers("POST", "/v1/runs", body);
    let moved = post(&mut conn, "/v1/players", &elsewhere, body).await;
    row(label, "a signature for another path", &moved);
    assert_eq!(moved.status, 401, "{label}");
    let mut no_time = kaisa.headers("POST", "/v1/players", body);
    no_time.retain(|(name, _)| name != "X-Latu-Time");
    let untimed = post(&mut conn, "/v1/players", &no_time, body).await;
    row(label, "a write without X-Latu-Time", &untimed);
    assert_eq!(untimed.status, 401, "{label}");
    assert!(untimed.error().is_some_and(|e| e.contains("X-Latu-Time")));

    // The rename of the issue: "Kaisa" captured, the owner renames to "Kaisa Two", the capture
    // is sent again.
    let captured = kaisa.headers_at("POST", "/v1/players", kaisa.changing_time_s(), body);
    let first = post(&mut conn, "/v1/players", &captured, body).await;
    assert_eq!(first.status, 201, "{label}: {:?}", first.error());
    let renamed = kaisa
        .register(&mut conn, "Kaisa Two")
        .await
        .expect("answered");
    assert_eq!(renamed.status, 201, "{label}: {:?}", renamed.error());
    let again = post(&mut conn, "/v1/players", &captured, body).await;
    row(label, "a captured rename sent again", &again);
    assert_eq!(again.status, 401, "{label}: {:?}", again.error());
    assert!(again.error().is_some_and(|e| e.contains("already used")));
    assert_eq!(again.json()["reason"], "already_used", "{label}");

    // A second server of the same database refuses it too: the last time is in the database.
    let second = Server::start(&database, &[]);
    let mut other = second.connect().await;
    let elsewhere = post(&mut other, "/v1/players", &captured, body).await;
    row(
        label,
        "a captured rename sent again to another server",
        &elsewhere,
    );
    assert_eq!(elsewhere.status, 401, "{label}: {:?}", elsewhere.error());
    // The name is still the owner's latest: the same name again is a 200.
    let same = kaisa
        .register(&mut other, "Kaisa Two")
        .await
        .expect("answered");
    assert_eq!(same.status, 200, "{label}: {:?}", same.error());
    // And "Kaisa" is free for someone else: the replay renamed nobody back.
    let newcomer = Player::from_number(4302);
    let taken = newcomer
        .register(&mut other, "Kaisa")
        .await
        .expect("answered");
    assert_eq!(taken.status, 201, "{label}: {:?}", taken.error());
}

/// Bytes nobody checks: unknown fields, a deep array in one, an input given as a list, a key
/// given twice (in a run and in a name): each a 400 before any re-play, nothing ranked.
pub async fn strict_bodies(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("strict"), &[]);
    let mut conn = server.connect().await;
    let player = Player::from_number(4311);
    let named = player
        .register(&mut conn, "Strict")
        .await
        .expect("answered");
    assert_eq!(named.status, 201, "{label}: {:?}", named.error());
    let run = l1(4311);
    let text = String::from_utf8(run.clone()).expect("UTF-8");
    let end = text.rfind('}').expect("the run's end");
    let with = |field: &str| format!("{},{field}\n}}\n", text[..end].trim_end()).into_bytes();
    let deep = format!("\"note\": {}{}", "[".repeat(DEEP), "]".repeat(DEEP));
    let listed_input = {
        let mut value: serde_json::Value = serde_json::from_slice(&run).expect("JSON");
        let first = value["inputs"][0].clone();
        value["inputs"][0] = serde_json::json!([first["tick"], first["actions"]]);
        serde_json::to_vec(&value).expect("JSON")
    };
    let seed_twice = with(&format!(
        "\"seed\": {}",
        serde_json::from_slice::<serde_json::Value>(&run).expect("JSON")["seed"]
    ));
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "a run with a field the format lacks",
            with("\"note\": \"hi\""),
            "unknown field",
        ),
        (
            "a run with a deep array in a field the format lacks",
            with(&deep),
            "unknown field",
        ),
        (
            "a run with an input given as a list",
            listed_input,
            "not shaped as the format has it",
        ),
        ("a run with \"seed\" twice", seed_twice, "duplicate field"),
    ];
    for (what, body, says) in cases {
        let response = player.submit(&mut conn, &body).await.expect("answered");
        row(label, what, &response);
        assert_eq!(
            response.status,
            400,
            "{label}: {what}: {:?}",
            response.error()
        );
        assert!(
            response.error().is_some_and(|e| e.contains(says)),
            "{label}: {what}: {:?}",
            response.error()
        );
    }
    for (what, body) in [
        (
            "a name body with \"name\" twice",
            &br#"{"name": "Strict", "name": "Other"}"#[..],
        ),
        (
            "a name body with a field more",
            br#"{"name": "Other", "colour": "red"}"#,
        ),
        ("a name body as a list", br#"["Other"]"#),
    ] {
        let headers = player.headers_at("POST", "/v1/players", player.changing_time_s(), body);
        let response = post(&mut conn, "/v1/players", &headers, body).await;
        row(label, what, &response);
        assert_eq!(
            response.status,
            400,
            "{label}: {what}: {:?}",
            response.error()
        );
    }
    let board = board(&mut conn, "level-1-track-1").await;
    assert_eq!(board["of"], 0, "{label}: nothing ranked: {board}");
    // The run itself is ranked.
    ranked(&mut conn, &player, &run, label).await;
}

/// Levels of the deep array the issue ranked (121 068 in its case; this many fits the body).
const DEEP: usize = 100_000;

/// Copies: the exact bytes of a superseded run, the game's own perfect bot's run, and one run
/// sent at once by several players (ranked once).
pub async fn copies(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("copies"), &[]);
    let mut conn = server.connect().await;
    let mut players = Vec::new();
    for (n, name) in [(4321, "Owner"), (4322, "Copier"), (4323, "Botter")] {
        let player = Player::from_number(n);
        let named = player.register(&mut conn, name).await.expect("answered");
        assert_eq!(named.status, 201, "{label}: {:?}", named.error());
        players.push(player);
    }
    let (owner, copier, botter) = (&players[0], &players[1], &players[2]);
    // The owner's first run, then a better one: the first is superseded, still served.
    let (first, second) = better_pair();
    for run in [&first, &second] {
        ranked(&mut conn, owner, run, label).await;
    }
    let superseded = (label, "the exact bytes of a superseded run");
    refused(&mut conn, copier, &first, superseded, (409, "copied ghost")).await;
    drop(second);
    let bot = perfect_bot_run(1, 1).to_json().into_bytes();
    let botted = (
        label,
        "the game's own perfect bot's run (latu simulate --bot)",
    );
    refused(&mut conn, botter, &bot, botted, (409, "perfect bot")).await;
    let board = board(&mut conn, "level-1-track-1").await;
    assert_eq!(board["of"], 1, "{label}: only the owner is ranked: {board}");

    // One new run sent at once by several players, in rounds: ranked once each round.
    let racers: Vec<Player> = (0..RACERS).map(|n| Player::from_number(4400 + n)).collect();
    for (n, racer) in racers.iter().enumerate() {
        let named = racer
            .register(&mut conn, &format!("Racer {n}"))
            .await
            .expect("answered");
        assert_eq!(named.status, 201, "{label}");
    }
    let mut ranked_twice = 0;
    for round in 0..ROUNDS {
        let run = crate::runs::bytes(crate::runs::Made::Level {
            level: 2,
            track: 1 + (round % 3) as u8,
            number: 4500 + round,
        });
        let mut sent = Vec::new();
        for racer in racers.clone() {
            let (addr, run) = (server.addr, run.clone());
            sent.push(tokio::spawn(async move {
                let mut conn = Connection::open(addr).await.expect("connected");
                racer
                    .submit(&mut conn, &run)
                    .await
                    .expect("answered")
                    .status
            }));
        }
        let mut statuses = Vec::new();
        for status in sent {
            statuses.push(status.await.expect("joined"));
        }
        // Accepted once: ranked (201), or not better than that player's best (200).
        let ranked = statuses.iter().filter(|&&s| s == 200 || s == 201).count();
        assert!(
            statuses.iter().all(|&s| matches!(s, 200 | 201 | 409)),
            "{label}: {statuses:?}"
        );
        if ranked != 1 {
            ranked_twice += 1;
        }
    }
    cheat_row(
        label,
        &format!("the same run sent at once by {RACERS} players, {ROUNDS} rounds"),
        format!("ranked more than once in {ranked_twice} of {ROUNDS} rounds"),
        "",
    );
    assert_eq!(ranked_twice, 0, "{label}");
}

/// Players sending one run at once, and rounds of it.
const RACERS: u64 = 3;
const ROUNDS: u64 = 12;

/// Two runs of level 1 track 1 by the human-model bot, worse first.
fn better_pair() -> (Vec<u8>, Vec<u8>) {
    let score = |run: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(run).expect("JSON")["summary"]["score"]
            .as_u64()
            .expect("a score")
    };
    let mut runs: Vec<Vec<u8>> = (4330..4350).map(l1).collect();
    runs.sort_by_key(|run| score(run));
    let worst = runs.first().expect("runs").clone();
    let best = runs.last().expect("runs").clone();
    assert!(score(&worst) < score(&best), "twenty runs differ");
    (worst, best)
}
