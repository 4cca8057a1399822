//! Issue #43's cheat table, the rows of contract version 2: time-bound signatures, a captured
//! player-changing write sent again (on the same server and on another of the same database),
//! strict bodies.
//! Each row prints with `--nocapture`.

use super::runs::l1;
use super::support::{Databases, Server};
use latu_server::client::{Connection, Player, Response};

/// Seconds just past the contract's clock window.
const OFF_S: i64 = latu::online::contract::CLOCK_WINDOW_S + 1;

fn row(label: &str, what: &str, response: &Response) {
    eprintln!(
        "| {label} | {what} | {} | {} |",
        response.status,
        response.error().unwrap_or_default()
    );
}

async fn post(
    conn: &mut Connection,
    path: &str,
    headers: &[(String, String)],
    body: &[u8],
) -> Response {
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
    let board = conn
        .send("GET", "/v1/boards/level-1-track-1", &[], b"")
        .await
        .expect("answered")
        .json();
    assert_eq!(board["of"], 0, "{label}: nothing ranked: {board}");
    assert_eq!(
        player
            .submit(&mut conn, &run)
            .await
            .expect("answered")
            .status,
        201,
        "{label}: the run itself is ranked"
    );
}

/// Levels of the deep array the issue ranked (121 068 in its case; this many fits the body).
const DEEP: usize = 100_000;
