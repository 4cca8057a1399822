//! Many servers starting at the same moment on one fresh database: every one comes up (the
//! migrations take the database's lock), and they serve one set of boards.

use crate::runs::l1;
use crate::support::{cheat_row, named_player, Databases, Server};
use std::sync::{Arc, Barrier};

/// Servers started at once, as `deploy/` runs them.
pub const SERVERS: usize = 3;
/// Fresh databases tried: the race was lost on every try before the lock.
const ROUNDS: usize = 4;

/// `count` servers on `url`, started at the same moment (one thread each, released together).
pub fn start_together(url: &str, count: usize, extra: &[&str]) -> Vec<Server> {
    let barrier = Arc::new(Barrier::new(count));
    let starting: Vec<_> = (0..count)
        .map(|_| {
            let (barrier, url) = (Arc::clone(&barrier), url.to_string());
            let extra: Vec<String> = extra.iter().map(|a| a.to_string()).collect();
            std::thread::spawn(move || {
                let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
                barrier.wait();
                Server::try_start(&url, &extra)
            })
        })
        .collect();
    let started: Vec<Result<Server, String>> = starting
        .into_iter()
        .map(|thread| thread.join().expect("the starting thread ends"))
        .collect();
    let up = started.iter().filter(|s| s.is_ok()).count();
    started
        .into_iter()
        .map(|server| {
            server.unwrap_or_else(|why| {
                panic!("{up} of {count} servers started together came up; another: {why}")
            })
        })
        .collect()
}

pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    for round in 0..ROUNDS {
        let servers = start_together(&db.fresh("together"), SERVERS, &[]);
        for server in &servers {
            let health = server.health().await;
            assert_eq!(health.status, 200, "{label}: {:?}", health.error());
        }
        // One set of boards: a name registered on the first, a run sent to the second, the
        // board read from the third.
        let number = 700 + round as u64;
        let player = named_player(&mut servers[0].connect().await, number, "Together").await;
        let sent = player
            .submit(&mut servers[1].connect().await, &l1(number))
            .await
            .expect("answered");
        assert_eq!(sent.status, 201, "{label}: {:?}", sent.error());
        let board = servers[2]
            .connect()
            .await
            .send("GET", "/v1/boards/level-1-track-1", &[], b"")
            .await
            .expect("answered")
            .json();
        assert_eq!(board["entries"][0]["run"], sent.json()["run"], "{label}");
    }
    cheat_row(
        label,
        &format!("{SERVERS} servers started at the same moment on a fresh database, {ROUNDS} times"),
        "all up every time",
        "a name registered on the first, a run sent to the second, the board read from the third agree",
    );
}
