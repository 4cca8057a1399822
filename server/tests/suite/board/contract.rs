//! The HTTP contract of online.md, end to end: names, runs, boards, replays, the day, health
//! and metrics.

use crate::runs::{bytes, l1, Made};
use crate::support::{named_player, Databases, Server};
use latu_server::client::{request, Player};
use serde_json::Value;

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let server = Server::start(&db.fresh("contract"), &[]);
    let mut conn = server.connect().await;

    let health = conn
        .send("GET", "/healthz", &[], b"")
        .await
        .expect("answered");
    assert_eq!(health.status, 200, "{label}");
    let today = conn
        .send("GET", "/v1/today", &[], b"")
        .await
        .expect("answered")
        .json();
    assert!(
        today["day"].as_str().is_some_and(|d| d.len() == 10),
        "{today}"
    );
    assert!(today["next_in_s"]
        .as_i64()
        .is_some_and(|s| (1..=86_400).contains(&s)));
    assert_eq!(today["rules"], latu::replay::RULES_VERSION);

    // Names: 201 new, 200 the same again, 201 a rename, 409 taken regardless of case.
    let aino = Player::from_number(1);
    let created = aino.register(&mut conn, "Aino").await.expect("answered");
    assert_eq!(created.status, 201, "{label}: {:?}", created.error());
    assert_eq!(created.json()["player"], aino.key());
    assert_eq!(created.json()["name"], "Aino");
    assert_eq!(
        aino.register(&mut conn, "Aino")
            .await
            .expect("answered")
            .status,
        200
    );
    let other = Player::from_number(2);
    let taken = other.register(&mut conn, "aINO").await.expect("answered");
    assert_eq!(taken.status, 409, "{label}");
    assert!(taken.error().is_some_and(|e| e.contains("taken")));
    let renamed = aino.register(&mut conn, "Aino Ä").await.expect("answered");
    assert_eq!(renamed.status, 201, "{label}");
    assert_eq!(renamed.json()["name"], "Aino Ä");
    let freed = other.register(&mut conn, "Aino").await.expect("answered");
    assert_eq!(freed.status, 201, "{label}: the old name is free again");

    // A first run: 201, rank 1 of 1, the server's own figures.
    let run_a = l1(1);
    let first = aino.submit(&mut conn, &run_a).await.expect("answered");
    assert_eq!(first.status, 201, "{label}: {:?}", first.error());
    let first = first.json();
    assert_eq!(first["board"], "level-1-track-1");
    assert_eq!(
        (first["rank"].as_i64(), first["of"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(first["best"], true);
    let replayed = crate::runs::replay(Made::Level {
        level: 1,
        track: 1,
        number: 1,
    });
    let summary = replayed.summary.expect("a summary");
    assert_eq!(first["score"], summary.score);
    // The same run again is not better: 200, best false, the best's rank.
    let again = aino.submit(&mut conn, &run_a).await.expect("answered");
    assert_eq!(again.status, 200, "{label}");
    assert_eq!(again.json()["best"], false);
    assert_eq!(again.json()["run"], first["run"]);
    assert_eq!(again.json()["rank"], 1);

    // A second player on the board; the board lists both, best first, with `around`.
    let run_b = l1(2);
    let second = other
        .submit(&mut conn, &run_b)
        .await
        .expect("answered")
        .json();
    assert_eq!(second["of"], 2, "{second}");
    let path = format!("/v1/boards/level-1-track-1?limit=5&around={}", other.key());
    let board = conn.send("GET", &path, &[], b"").await.expect("answered");
    assert_eq!(board.status, 200);
    let board = board.json();
    assert_eq!(board["board"], "level-1-track-1");
    assert_eq!(board["of"], 2);
    let entries = board["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2);
    assert!(entries[0]["score"].as_i64() >= entries[1]["score"].as_i64());
    for (i, entry) in entries.iter().enumerate() {
        assert_eq!(entry["rank"], i + 1);
        for field in [
            "name",
            "player",
            "score",
            "time_s",
            "misses",
            "distance_m",
            "run",
            "at",
        ] {
            assert!(!entry[field].is_null(), "{field} in {entry}");
        }
    }
    let around = board["around"].as_array().expect("around");
    assert!(around.iter().any(|e| e["player"] == other.key()), "{board}");
    let no_around = conn
        .send("GET", "/v1/boards/endless", &[], b"")
        .await
        .expect("answered")
        .json();
    assert_eq!(no_around["around"], Value::Array(vec![]));
    assert_eq!(no_around["of"], 0);

    // The replay comes back byte for byte.
    let id = first["run"].as_i64().expect("an id");
    let replay = conn
        .send("GET", &format!("/v1/runs/{id}/replay"), &[], b"")
        .await
        .expect("answered");
    assert_eq!(replay.status, 200);
    assert_eq!(replay.body, run_a, "{label}: the replay as submitted");

    // Endless is ranked by distance.
    let endless = bytes(Made::Endless { number: 3 });
    let ranked = aino.submit(&mut conn, &endless).await.expect("answered");
    assert_eq!(ranked.status, 201, "{label}: {:?}", ranked.error());
    assert_eq!(ranked.json()["board"], "endless");
    let board = conn
        .send("GET", "/v1/boards/endless", &[], b"")
        .await
        .expect("answered")
        .json();
    assert!(
        board["entries"][0]["distance_m"]
            .as_f64()
            .is_some_and(|d| d > 100.0),
        "{board}"
    );

    // Unknowns are 404 with a sentence; a key without a name cannot submit (403).
    for path in [
        "/v1/boards/level-9-track-1",
        "/v1/runs/999999/replay",
        "/v1/runs/x/replay",
        "/nope",
    ] {
        let response = conn.send("GET", path, &[], b"").await.expect("answered");
        assert_eq!(response.status, 404, "{path}");
        assert!(response.error().is_some(), "{path}");
    }
    let nameless = Player::from_number(99);
    let refused = nameless.submit(&mut conn, &l1(3)).await.expect("answered");
    assert_eq!(refused.status, 403, "{label}");

    let metrics = request(server.addr, "GET", "/metrics", &[], b"")
        .await
        .expect("answered");
    let text = String::from_utf8_lossy(&metrics.body);
    for name in [
        "latu_runs_verified_total 4",
        "latu_runs_refused_total",
        "latu_verify_seconds_bucket",
    ] {
        assert!(text.contains(name), "{name} in {text}");
    }
    named_player(&mut conn, 7, "Seven").await;
}
