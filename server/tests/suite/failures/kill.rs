//! Nothing lost: kill -9 during submissions (a bounded loop), and the database going away and
//! coming back.

use crate::postgres::Cluster;
use crate::runs::l1;
use crate::support::{named_player, Databases, Server};
use latu_server::client::{Connection, Player};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Kills.
const KILLS: usize = 100;
/// Submissions in flight when each kill comes.
const AT_ONCE: usize = 3;
/// The loop stops by itself after this long.
const DEADLINE: Duration = Duration::from_secs(900);
/// Players (and distinct runs) the loop has: each player submits one run in the whole loop.
const PLAYERS: usize = KILLS * AT_ONCE;

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let url = db.fresh("kill");
    let runs: Vec<Vec<u8>> = (0..PLAYERS as u64).map(|n| l1(1000 + n)).collect();
    let players: Vec<Player> = (0..PLAYERS as u64)
        .map(|n| Player::from_number(1000 + n))
        .collect();
    {
        let server = Server::start(&url, &[]);
        let mut conn = server.connect().await;
        for (n, _) in players.iter().enumerate() {
            named_player(&mut conn, 1000 + n as u64, &format!("K{n:04}")).await;
        }
    }
    let started = Instant::now();
    // Run id answered 201 → (player, bytes).
    let mut answered: BTreeMap<i64, (String, Vec<u8>)> = BTreeMap::new();
    let mut refused_copies = 0;
    for kill in 0..KILLS {
        assert!(
            started.elapsed() < DEADLINE,
            "{label}: stopped at kill {kill} by the deadline"
        );
        let mut server = Server::start(&url, &[]);
        let mut tasks = Vec::new();
        for slot in 0..AT_ONCE {
            let n = kill * AT_ONCE + slot;
            let (addr, player, run) = (server.addr, players[n].clone(), runs[n].clone());
            tasks.push(tokio::spawn(async move {
                let mut conn = Connection::open(addr).await.ok()?;
                let response = player.submit(&mut conn, &run).await.ok()?;
                Some((player.key(), run, response))
            }));
        }
        // Kill at a moment spread over the submissions' life (parse, re-play, commit, answer).
        tokio::time::sleep(Duration::from_millis(2 + (kill as u64 * 7) % 60)).await;
        server.kill();
        for task in tasks {
            if let Some((key, run, response)) = task.await.expect("joined") {
                match response.status {
                    201 => {
                        let id = response.json()["run"].as_i64().expect("an id");
                        answered.insert(id, (key, run));
                    }
                    409 => refused_copies += 1,
                    other => panic!(
                        "{label}: an answer before the kill was {other}: {:?}",
                        response.error()
                    ),
                }
            }
        }
    }
    // After a restart: every run answered 201 is on its board, as submitted; every entry is a
    // whole run (its replay stored with it); nothing is on the board that was not sent.
    let server = Server::start(&url, &[]);
    let mut conn = server.connect().await;
    let board = conn
        .send("GET", "/v1/boards/level-1-track-1?limit=100", &[], b"")
        .await
        .expect("answered")
        .json();
    let of = board["of"].as_i64().expect("a count") as usize;
    let mut listed = BTreeMap::new();
    // The board lists at most 100: read everyone's own entry with `around`.
    for player in &players {
        let page = conn
            .send(
                "GET",
                &format!("/v1/boards/level-1-track-1?limit=1&around={}", player.key()),
                &[],
                b"",
            )
            .await
            .expect("answered")
            .json();
        if let Some(entry) = page["around"]
            .as_array()
            .and_then(|a| a.iter().find(|e| e["player"] == player.key()))
        {
            listed.insert(entry["run"].as_i64().expect("an id"), player.key());
        }
    }
    assert_eq!(
        listed.len(),
        of,
        "{label}: every entry belongs to a player of the loop"
    );
    for (id, (key, run)) in &answered {
        assert_eq!(
            listed.get(id),
            Some(key),
            "{label}: run {id} was answered 201 and is on the board"
        );
        let stored = conn
            .send("GET", &format!("/v1/runs/{id}/replay"), &[], b"")
            .await
            .expect("answered");
        assert_eq!(&stored.body, run, "{label}: run {id} as submitted");
    }
    for id in listed.keys() {
        let stored = conn
            .send("GET", &format!("/v1/runs/{id}/replay"), &[], b"")
            .await
            .expect("answered");
        assert_eq!(stored.status, 200, "{label}: entry {id} has its replay");
        assert!(
            runs.contains(&stored.body),
            "{label}: entry {id} is a run that was sent"
        );
    }
    eprintln!(
        "{label}: kill -9 loop: {KILLS} kills with {AT_ONCE} submissions in flight each, in {:.1} s: \
         {} answered 201, all on the board after restart; {} on the board in all (the rest \
         committed just before a kill, whole); {refused_copies} refused as copies",
        started.elapsed().as_secs_f64(),
        answered.len(),
        of
    );
}

/// PostgreSQL stopped under the server: 503 with Retry-After; started again: the server
/// answers again by itself.
pub async fn database_away(cluster: &Cluster) {
    let server = Server::start(&cluster.fresh("away"), &[]);
    let mut conn = server.connect().await;
    let player = named_player(&mut conn, 51, "Away").await;
    cluster.stop().expect("PostgreSQL stops");
    for path in ["/v1/boards/endless", "/healthz"] {
        let response = server
            .connect()
            .await
            .send("GET", path, &[], b"")
            .await
            .expect("answered");
        assert_eq!(response.status, 503, "{path}: {:?}", response.error());
        assert!(response.header("retry-after").is_some());
        assert!(
            response.error().is_some_and(|e| e.contains("database")),
            "{:?}",
            response.error()
        );
    }
    let run = l1(51);
    let mut conn = server.connect().await;
    let refused = player.submit(&mut conn, &run).await.expect("answered");
    assert_eq!(refused.status, 503, "{:?}", refused.error());
    cluster.pg_ctl_start().expect("PostgreSQL starts again");
    let back = Instant::now();
    loop {
        let response = server.health().await;
        if response.status == 200 {
            break;
        }
        assert!(
            back.elapsed() < Duration::from_secs(30),
            "the server did not recover: {:?}",
            response.error()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut conn = server.connect().await;
    let stored = player.submit(&mut conn, &run).await.expect("answered");
    assert_eq!(stored.status, 201, "{:?}", stored.error());
    eprintln!(
        "PostgreSQL away: 503 with Retry-After while stopped; recovered {:.1} s after it came back",
        back.elapsed().as_secs_f64()
    );
}
