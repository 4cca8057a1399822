//! Issue #46, the server: a player's devices (link codes), recovery, deletion (signed, and by
//! the web page's form), reports, and their refusals; every table emptied of a deleted player,
//! checked by query.

use crate::runs::l1;
use crate::support::{named_player, Databases, Server};
use latu_server::client::{Connection, Player, RawResponse};
use latu_server::limits::clock::rfc3339;
use sqlx::AnyPool;
use std::sync::atomic::{AtomicI64, Ordering};

/// A write by `player`, signed now or later: later than any this process signed with
/// [`write`], as a player's devices each sign its player-changing writes later than the last.
pub async fn write(
    conn: &mut Connection,
    player: &Player,
    method: &str,
    path: &str,
    body: &[u8],
) -> RawResponse {
    let headers = player.headers_at(method, path, later_time(player), body);
    conn.send(method, path, &headers, body)
        .await
        .expect("answered")
}

/// A time for `player`'s player-changing write, later than any [`write`] signed before.
fn later_time(player: &Player) -> i64 {
    static LAST: AtomicI64 = AtomicI64::new(0);
    let time = player
        .changing_time_s()
        .max(LAST.load(Ordering::SeqCst) + 1);
    LAST.fetch_max(time, Ordering::SeqCst);
    time
}

/// A JSON body.
pub fn json(value: serde_json::Value) -> Vec<u8> {
    serde_json::to_vec(&value).expect("JSON")
}

/// Whether `code` is groups of five letters and digits without look-alikes.
fn is_code(code: &str, groups: usize) -> bool {
    code.split('-').count() == groups
        && code.split('-').all(|g| {
            g.len() == 5
                && g.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                && !g.contains(['0', 'O', '1', 'I', 'L'])
        })
}

/// Rows naming `player` (or one of `keys`, or one of `runs`) in every table that can.
async fn rows_of(database: &str, player: &str, keys: &[String], runs: &[i64]) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect(database).await.expect("the database");
    let mut found = Vec::new();
    let count = |table: &'static str, sql: String| {
        let pool = pool.clone();
        async move {
            let (n,): (i64,) = sqlx::query_as(&sql)
                .fetch_one(&pool)
                .await
                .expect("counted");
            (n > 0).then(|| format!("{table}: {n}"))
        }
    };
    let quoted = |values: &[String]| {
        values
            .iter()
            .map(|v| format!("'{v}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let keys = quoted(keys);
    let runs = runs
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let checks = [
        (
            "players",
            format!("SELECT COUNT(*) FROM players WHERE key = '{player}'"),
        ),
        (
            "player_keys",
            format!(
                "SELECT COUNT(*) FROM player_keys WHERE player = '{player}' OR key IN ({keys})"
            ),
        ),
        (
            "links",
            format!("SELECT COUNT(*) FROM links WHERE player = '{player}'"),
        ),
        (
            "runs",
            format!("SELECT COUNT(*) FROM runs WHERE player = '{player}' OR id IN ({runs})"),
        ),
        (
            "entries",
            format!("SELECT COUNT(*) FROM entries WHERE player = '{player}' OR run IN ({runs})"),
        ),
        (
            "run_prints",
            format!("SELECT COUNT(*) FROM run_prints WHERE player = '{player}'"),
        ),
        (
            "reports",
            format!("SELECT COUNT(*) FROM reports WHERE reporter IN ({keys}) OR run IN ({runs})"),
        ),
    ];
    for (table, sql) in checks {
        if let Some(left) = count(table, sql).await {
            found.push(left);
        }
    }
    pool.close().await;
    found
}

/// Link, recover, delete, web deletion, reports and their refusals.
pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let database = db.fresh("accounts");
    let server = Server::start(&database, &[]);
    let mut conn = server.connect().await;

    // A new player's recovery code, once.
    let phone = Player::from_number(4601);
    let made = phone.register(&mut conn, "Aino").await.expect("answered");
    assert_eq!(made.status, 201, "{label}: {:?}", made.error());
    let recovery = made.json()["recovery"].as_str().expect("a code").to_owned();
    assert!(is_code(&recovery, 4), "{label}: {recovery}");
    let again = phone.register(&mut conn, "Aino").await.expect("answered");
    assert_eq!(again.status, 200, "{label}");
    assert!(
        again.json().get("recovery").is_none(),
        "{label}: shown once"
    );
    let ran = phone.submit(&mut conn, &l1(4601)).await.expect("answered");
    assert_eq!(ran.status, 201, "{label}: {:?}", ran.error());
    let phone_run = ran.json()["run"].as_i64().expect("a run id");

    // A second device joins by a link code; the code works once.
    let link = write(&mut conn, &phone, "POST", "/v1/links", b"").await;
    assert_eq!(link.status, 201, "{label}: {:?}", link.error());
    assert_eq!(link.json()["expires_in_s"], 600, "{label}");
    let code = link.json()["code"].as_str().expect("a code").to_owned();
    assert!(is_code(&code, 2), "{label}: {code}");
    let browser = Player::from_number(4602);
    let joined = write(
        &mut conn,
        &browser,
        "POST",
        &format!("/v1/links/{code}"),
        b"",
    )
    .await;
    assert_eq!(joined.status, 201, "{label}: {:?}", joined.error());
    assert_eq!(joined.json()["player"], phone.key(), "{label}");
    assert_eq!(joined.json()["name"], "Aino", "{label}");
    let late = Player::from_number(4603);
    let used = write(&mut conn, &late, "POST", &format!("/v1/links/{code}"), b"").await;
    assert_eq!(used.status, 404, "{label}: a used code");
    let unknown = write(&mut conn, &late, "POST", "/v1/links/ABCDE-FGHJK", b"").await;
    assert_eq!(unknown.status, 404, "{label}: an unknown code");

    // A code past its 10 minutes is a 404 (a second server of the database, its clock 11
    // minutes on).
    let expiring = write(&mut conn, &phone, "POST", "/v1/links", b"").await;
    let expiring = expiring.json()["code"].as_str().expect("a code").to_owned();
    let later_us = (late.now_s() + 11 * 60) * 1_000_000;
    let later = Server::start(&database, &["--clock-start", &rfc3339(later_us)]);
    let mut later_conn = later.connect().await;
    let late_then = late.clone().with_clock_at(later_us);
    let path = format!("/v1/links/{expiring}");
    let headers = late_then.headers("POST", &path, b"");
    let expired = later_conn
        .send("POST", &path, &headers, b"")
        .await
        .expect("answered");
    assert_eq!(
        expired.status,
        404,
        "{label}: an expired code: {:?}",
        expired.error()
    );
    drop(later);

    // A key that belongs to a player cannot join one (409); the replayed request is a 401.
    let second = write(&mut conn, &phone, "POST", "/v1/links", b"").await;
    let second_code = second.json()["code"].as_str().expect("a code").to_owned();
    let taken = write(
        &mut conn,
        &browser,
        "POST",
        &format!("/v1/links/{second_code}"),
        b"",
    )
    .await;
    assert_eq!(taken.status, 409, "{label}: {:?}", taken.error());
    assert_eq!(taken.json()["reason"], "key_taken", "{label}");
    let captured = phone.headers_at("POST", "/v1/links", later_time(&phone), b"");
    let first = conn
        .send("POST", "/v1/links", &captured, b"")
        .await
        .expect("answered");
    assert_eq!(first.status, 201, "{label}");
    let replayed = conn
        .send("POST", "/v1/links", &captured, b"")
        .await
        .expect("answered");
    assert_eq!(replayed.status, 401, "{label}: a link request sent again");
    assert_eq!(replayed.json()["reason"], "already_used", "{label}");

    // The joined key writes for the player: a rename and a run both land on the player's id.
    let aino_b = json(serde_json::json!({ "name": "Aino B" }));
    let renamed = write(&mut conn, &browser, "POST", "/v1/players", &aino_b).await;
    assert_eq!(renamed.status, 201, "{label}: {:?}", renamed.error());
    assert_eq!(renamed.json()["player"], phone.key(), "{label}");
    let from_browser = browser
        .submit(&mut conn, &l1(4602))
        .await
        .expect("answered");
    assert!(
        [200, 201].contains(&from_browser.status),
        "{label}: {:?}",
        from_browser.error()
    );
    let board = conn
        .send("GET", "/v1/boards/level-1-track-1", &[], b"")
        .await
        .expect("answered");
    let entries = board.json()["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(entries.len(), 1, "{label}: one player, one entry");
    assert_eq!(entries[0]["player"], phone.key(), "{label}");
    assert_eq!(entries[0]["name"], "Aino B", "{label}");
    let browser_run = from_browser.json()["run"].as_i64().expect("a run id");

    // Recovery: a new key joins; the old code stops working; a wrong code is a 404.
    let new_phone = Player::from_number(4604);
    let body = json(serde_json::json!({ "code": recovery.to_lowercase() }));
    let recovered = write(&mut conn, &new_phone, "POST", "/v1/recover", &body).await;
    assert_eq!(recovered.status, 201, "{label}: {:?}", recovered.error());
    assert_eq!(recovered.json()["player"], phone.key(), "{label}");
    let fresh = recovered.json()["recovery"]
        .as_str()
        .expect("a code")
        .to_owned();
    assert!(is_code(&fresh, 4) && fresh != recovery, "{label}");
    let stale = write(&mut conn, &late, "POST", "/v1/recover", &body).await;
    assert_eq!(stale.status, 404, "{label}: the replaced recovery code");
    let wrong = json(serde_json::json!({ "code": "ABCDE-FGHJK-MNPQR-STUVW" }));
    let wrong = write(&mut conn, &late, "POST", "/v1/recover", &wrong).await;
    assert_eq!(wrong.status, 404, "{label}: a wrong recovery code");

    // Reports: a few a day per key, a reason of at most 200 characters, a run that exists.
    let kaisa = named_player(&mut conn, 4605, "Kaisa").await;
    let why = |why: &str| json(serde_json::json!({ "run": phone_run, "why": why }));
    let long = "x".repeat(201);
    let too_long = write(&mut conn, &kaisa, "POST", "/v1/reports", &why(&long)).await;
    assert_eq!(too_long.status, 400, "{label}");
    let nowhere = json(serde_json::json!({ "run": 999_999, "why": "gone" }));
    let nowhere = write(&mut conn, &kaisa, "POST", "/v1/reports", &nowhere).await;
    assert_eq!(nowhere.status, 404, "{label}");
    for n in 0..5 {
        let made = write(
            &mut conn,
            &kaisa,
            "POST",
            "/v1/reports",
            &why(&format!("odd {n}")),
        )
        .await;
        assert_eq!(made.status, 201, "{label}: report {n}: {:?}", made.error());
    }
    let sixth = write(&mut conn, &kaisa, "POST", "/v1/reports", &why("once more")).await;
    assert_eq!(sixth.status, 429, "{label}: a sixth report in a day");
    assert!(sixth.header("retry-after").is_some(), "{label}");
    // Aino reports Kaisa's... nothing ranked: a report by one of Aino's keys, erased with Aino.
    let own = write(&mut conn, &browser, "POST", "/v1/reports", &why("test")).await;
    assert_eq!(own.status, 201, "{label}: {:?}", own.error());

    // Deletion by another player's key is refused; by any of the player's keys it goes.
    let path = format!("/v1/players/{}", phone.key());
    let not_yours = write(&mut conn, &kaisa, "DELETE", &path, b"").await;
    assert_eq!(not_yours.status, 403, "{label}");
    let deleted = write(&mut conn, &new_phone, "DELETE", &path, b"").await;
    assert_eq!(deleted.status, 200, "{label}: {:?}", deleted.error());
    assert_eq!(deleted.json()["deleted"], phone.key(), "{label}");
    let keys = [phone.key(), browser.key(), new_phone.key()];
    let left = rows_of(&database, &phone.key(), &keys, &[phone_run, browser_run]).await;
    assert!(
        left.is_empty(),
        "{label}: rows left of a deleted player: {left:?}"
    );
    eprintln!("{label}: rows of the deleted player left in every table: {left:?}");

    // A deleted player's keys write nothing; its names are free again.
    let after = phone.submit(&mut conn, &l1(4601)).await.expect("answered");
    assert_eq!(after.status, 403, "{label}: a deleted player's key");
    let link_after = write(&mut conn, &browser, "POST", "/v1/links", b"").await;
    assert_eq!(link_after.status, 403, "{label}: a deleted player's key");
    let replay = conn
        .send("GET", &format!("/v1/runs/{phone_run}/replay"), &[], b"")
        .await
        .expect("answered");
    assert_eq!(replay.status, 404, "{label}: the replay went");
    named_player(&mut conn, 4606, "Aino B").await;

    web_deletion(label, &database, &mut conn).await;
}

/// `GET /delete`'s form and `POST /v1/delete-requests`, as the form and as JSON.
async fn web_deletion(label: &str, database: &str, conn: &mut Connection) {
    let page = conn
        .send("GET", "/delete", &[], b"")
        .await
        .expect("answered");
    assert_eq!(page.status, 200, "{label}");
    assert!(page
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/html")));
    let html = String::from_utf8_lossy(&page.body).into_owned();
    for part in [
        "<form method=\"post\" action=\"/v1/delete-requests\"",
        "name=\"name\"",
        "name=\"recovery\"",
    ] {
        assert!(html.contains(part), "{label}: {part} in {html}");
    }
    assert!(!html.contains("<script"), "{label}: no script");
    let privacy = conn
        .send("GET", "/privacy", &[], b"")
        .await
        .expect("answered");
    assert_eq!(privacy.status, 200, "{label}");
    let said = String::from_utf8_lossy(&privacy.body).into_owned();
    for part in ["Public keys", "player name", "ranked runs", "IP address"] {
        assert!(said.contains(part), "{label}: {part}");
    }

    let leaver = Player::from_number(4607);
    let made = leaver.register(conn, "Web Leaver").await.expect("answered");
    let code = made.json()["recovery"].as_str().expect("a code").to_owned();
    let ran = leaver.submit(conn, &l1(4607)).await.expect("answered");
    let run = ran.json()["run"].as_i64().expect("a run");
    let form = [(
        "Content-Type".to_owned(),
        "application/x-www-form-urlencoded".to_owned(),
    )];
    let wrong = b"name=Web+Leaver&recovery=ABCDE-FGHJK-MNPQR-STUVW";
    let refused = conn
        .send("POST", "/v1/delete-requests", &form, wrong)
        .await
        .expect("answered");
    assert_eq!(refused.status, 404, "{label}: a wrong recovery code");
    assert!(String::from_utf8_lossy(&refused.body).contains("Nothing was deleted"));
    let right = format!("name=web+leaver&recovery={}", code.replace('-', "+"));
    let gone = conn
        .send("POST", "/v1/delete-requests", &form, right.as_bytes())
        .await
        .expect("answered");
    assert_eq!(gone.status, 200, "{label}");
    assert!(String::from_utf8_lossy(&gone.body).contains("Your account is deleted"));
    let left = rows_of(database, &leaver.key(), &[leaver.key()], &[run]).await;
    assert!(
        left.is_empty(),
        "{label}: rows left after the web deletion: {left:?}"
    );

    let json_leaver = Player::from_number(4608);
    let made = json_leaver
        .register(conn, "Json Leaver")
        .await
        .expect("answered");
    let code = made.json()["recovery"].as_str().expect("a code").to_owned();
    let unknown = json(serde_json::json!({ "name": "Json Leaver", "recovery": "ABCDE" }));
    let refused = conn
        .send("POST", "/v1/delete-requests", &[], &unknown)
        .await
        .expect("answered");
    assert_eq!(refused.status, 404, "{label}");
    assert!(refused.error().is_some(), "{label}");
    let right = json(serde_json::json!({ "name": "Json Leaver", "recovery": code }));
    let gone = conn
        .send("POST", "/v1/delete-requests", &[], &right)
        .await
        .expect("answered");
    assert_eq!(gone.status, 200, "{label}: {:?}", gone.error());
    assert_eq!(gone.json()["deleted"], json_leaver.key(), "{label}");
    let left = rows_of(database, &json_leaver.key(), &[json_leaver.key()], &[0]).await;
    assert!(
        left.is_empty(),
        "{label}: rows left after the JSON deletion: {left:?}"
    );
}
