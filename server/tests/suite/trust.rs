//! Issue #43's cheat table, the rows of contract version 2: time-bound signatures, a captured
//! player-changing write sent again (on the same server and on another of the same database).
//! Each row prints with `--nocapture`.

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
