//! A full disk: SQLite on a 1 MiB tmpfs (mounted when the tests run as root; elsewhere this says
//! it did not run). Submissions that no longer fit get a 503 saying the disk is full; every
//! run answered 201 before stays on the board, and the store still reads.

use super::postgres::required;
use super::runs::l1;
use super::support::{scratch, Server};
use latu_server::client::Player;
use std::process::Command;

/// The tmpfs's size: a few dozen runs.
const SIZE: &str = "size=1m";

pub async fn on_sqlite() {
    let dir = scratch("full-disk");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", SIZE, "tmpfs"])
        .arg(&dir)
        .output()
        .is_ok_and(|o| o.status.success());
    if !mounted {
        let why = "cannot mount a small tmpfs (needs root)";
        assert!(
            !required(),
            "LATU_POSTGRES_TESTS=required (CI) but the full-disk test {why}"
        );
        eprintln!("full disk: did not run: {why}");
        return;
    }
    let url = format!("sqlite://{}", dir.join("boards.sqlite3").display());
    let server = Server::start(&url, &[]);
    let mut conn = server.connect().await;
    let mut stored = Vec::new();
    let mut full = None;
    for n in 0..200_u64 {
        let player = Player::from_number(5000 + n);
        let named = player
            .register(&mut conn, &format!("Filler{n}"))
            .await
            .expect("answered");
        let response = match named.status {
            201 => player
                .submit(&mut conn, &l1(5000 + n))
                .await
                .expect("answered"),
            _ => named,
        };
        match response.status {
            200 | 201 => stored.push(response.json()["run"].as_i64().expect("an id")),
            503 => {
                full = Some(response);
                break;
            }
            other => panic!("full disk: {other} {:?}", response.error()),
        }
    }
    let full = full.expect("1 MiB fills up within 200 runs");
    assert!(
        full.error().is_some_and(|e| e.contains("disk is full")),
        "{:?}",
        full.error()
    );
    assert!(full.header("retry-after").is_some());
    for id in &stored {
        let replay = conn
            .send("GET", &format!("/v1/runs/{id}/replay"), &[], b"")
            .await
            .expect("answered");
        assert_eq!(replay.status, 200, "run {id} is still there");
    }
    eprintln!(
        "full disk: {} runs stored, then 503 {:?}; every stored run still reads",
        stored.len(),
        full.error().unwrap_or_default()
    );
    drop(server);
    let _ = Command::new("umount").arg(&dir).output();
}
