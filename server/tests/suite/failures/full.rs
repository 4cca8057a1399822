//! A full disk: SQLite on a 1 MiB tmpfs, and PostgreSQL with its tables in a tablespace on one
//! (mounted when the tests run as root; elsewhere this says it did not run). Submissions that
//! no longer fit get a 503 saying the disk is full; every run answered 201 before stays on the
//! board, and the store still reads. Registrations sent after the disk filled are answered 201
//! only when stored: readers see them at once, and after a restart on a grown disk every one is
//! still there.

use crate::not_run::{not_run, Need};
use crate::postgres::cluster_or_skip;
use crate::runs::l1;
use crate::support::{cheat_row, scratch, Server};
use latu_server::client::{Connection, Player};
use std::path::Path;
use std::process::Command;

/// The tmpfs's size: a few dozen runs.
const SIZE: &str = "size=1m";
/// Its size after the restart, so the check itself can write.
const GROWN: &str = "remount,size=16m";
/// Runs sent at most before the disk must be full (PostgreSQL's log is not on it: its rows
/// alone fill it, a few kilobytes a run).
const MOST_RUNS: u64 = 1000;
/// Registrations tried once the disk is full.
const AFTER_FULL: u64 = 12;
/// The cheat table's row (the same on both databases).
const ROW: &str = "a full disk (a 1 MiB tmpfs), runs then registrations sent";

/// A small tmpfs on `dir`; whether it could be mounted (it needs root).
fn mounted_small(dir: &Path) -> bool {
    Command::new("mount")
        .args(["-t", "tmpfs", "-o", SIZE, "tmpfs"])
        .arg(dir)
        .output()
        .is_ok_and(|o| o.status.success())
}

pub async fn on_sqlite() {
    let dir = scratch("full-disk");
    if !mounted_small(&dir) {
        not_run(
            Need::Tools,
            "full disk",
            "cannot mount a small tmpfs (needs root)",
        );
        return;
    }
    let url = format!("sqlite://{}", dir.join("boards.sqlite3").display());
    fill_then_grow("SQLite", &url, &dir).await;
    let _ = Command::new("umount").arg(&dir).output();
}

/// PostgreSQL's tables in a tablespace on a small tmpfs (the cluster's user cannot mount one:
/// the test mounts it as root and hands it over, as an operator would a disk).
pub async fn on_postgres() {
    let Some(cluster) = cluster_or_skip("full_disk_on_postgres") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("latu-pg-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory for the tablespace");
    if !mounted_small(&dir) {
        not_run(
            Need::Tools,
            "full disk on PostgreSQL",
            "cannot mount a small tmpfs (needs root)",
        );
        return;
    }
    let url = cluster
        .fresh_on(&dir, "full_disk")
        .expect("a database on the small disk");
    fill_then_grow("PostgreSQL", &url, &dir).await;
    drop(cluster);
    let _ = Command::new("umount").arg(&dir).output();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fill the disk under `url` with runs until a 503, check what was stored, register on the
/// full disk, grow it (`dir`'s tmpfs), restart and check every 201 is still there.
async fn fill_then_grow(label: &str, url: &str, dir: &Path) {
    let server = Server::start(url, &[]);
    let mut conn = server.connect().await;
    let mut stored = Vec::new();
    let mut full = None;
    for n in 0..MOST_RUNS {
        let player = Player::from_number(5000 + n);
        let named = player
            .register(&mut conn, &format!("Filler{n}"))
            .await
            .expect("answered");
        let submitted = named.status == 201;
        let response = match named.status {
            201 => player
                .submit(&mut conn, &l1(5000 + n))
                .await
                .expect("answered"),
            _ => named,
        };
        match response.status {
            200 | 201 => stored.push(response.json()["run"].as_i64().expect("an id")),
            // A near-copy of an earlier filler's run, not stored: the short runs' rule pairs
            // two human-model level-1 runs about once in 50 000 (`Prints`'s module).
            409 if submitted => continue,
            503 => {
                full = Some(response);
                break;
            }
            other => panic!("full disk: {other} {:?}", response.error()),
        }
    }
    let full = full.expect("1 MiB fills up within MOST_RUNS runs");
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
    let registered = register_on_full_disk(&mut conn).await;
    drop(conn);
    drop(server);
    let grown = Command::new("mount")
        .args(["-o", GROWN])
        .arg(dir)
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(grown, "the tmpfs grows");
    let server = Server::start(url, &[]);
    let mut conn = server.connect().await;
    for (number, name) in &registered {
        let again = Player::from_number(*number)
            .register(&mut conn, name)
            .await
            .expect("answered");
        assert_eq!(
            again.status, 200,
            "{name} was answered 201 on the full disk and is still registered after a restart"
        );
    }
    cheat_row(
        label,
        ROW,
        full.status,
        &format!(
            "{}; {} runs stored before it, every one still reads; {} of {AFTER_FULL} \
             registrations sent on the full disk were answered 201, each seen by readers at \
             once and still there after a restart",
            full.error().unwrap_or_default(),
            stored.len(),
            registered.len()
        ),
    );
    drop(server);
}

/// Registrations on the full disk: each is a 201 (then readers see the name: its run is not
/// refused for want of one) or a 503 saying the disk is full. The (number, name) answered 201.
async fn register_on_full_disk(conn: &mut Connection) -> Vec<(u64, String)> {
    let mut registered = Vec::new();
    for n in 0..AFTER_FULL {
        let number = 6000 + n;
        let (player, name) = (Player::from_number(number), format!("Late{n}"));
        let named = player.register(conn, &name).await.expect("answered");
        match named.status {
            201 => {
                let run = player.submit(conn, &l1(number)).await.expect("answered");
                assert_ne!(
                    run.status,
                    403,
                    "{name} answered 201 has a name for readers: {:?}",
                    run.error()
                );
                registered.push((number, name));
            }
            503 => assert!(
                named.error().is_some_and(|e| e.contains("disk is full")),
                "{:?}",
                named.error()
            ),
            other => panic!("a registration on a full disk: {other} {:?}", named.error()),
        }
    }
    registered
}
