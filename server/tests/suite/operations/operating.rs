//! Issue #46, operating it: each `latu-server admin` command on the database while a server
//! serves it, and `latu-server backup FILE` with a server started from the copy.

use crate::board::accounts::{json, write};
use crate::runs::l1;
use crate::support::{named_player, scratch, Databases, Server, SERVER};
use latu_server::client::Connection;
use std::process::Command;
use std::time::Duration;

/// Longer than a server keeps its copy of a board (an admin command is seen after it).
const BOARD_COPY_AGE: Duration = Duration::from_millis(1_200);

/// `latu-server ARGS`: its exit code and its stdout (stderr shown).
fn latu_server(args: &[&str]) -> (i32, String) {
    let out = Command::new(SERVER)
        .args(args)
        .output()
        .expect("latu-server runs");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    eprint!("latu-server {}: {said}", args.join(" "));
    (out.status.code().unwrap_or(-1), said)
}

fn admin(database: &str, args: &[&str]) -> (i32, String) {
    let mut all = vec!["admin", "--database", database];
    all.extend_from_slice(args);
    latu_server(&all)
}

async fn board(conn: &mut Connection) -> serde_json::Value {
    let page = conn
        .send("GET", "/v1/boards/level-1-track-1", &[], b"")
        .await
        .expect("answered");
    assert_eq!(page.status, 200);
    page.json()
}

/// reports, hide-name, ban, unban, remove-run, and the backup.
pub async fn scenario(db: &dyn Databases) {
    let label = db.label();
    let database = db.fresh("operating");
    let server = Server::start(&database, &[]);
    let mut conn = server.connect().await;
    let rude = named_player(&mut conn, 4701, "Rude Name").await;
    let ran = rude.submit(&mut conn, &l1(4701)).await.expect("answered");
    let run = ran.json()["run"].as_i64().expect("a run");
    let fair = named_player(&mut conn, 4702, "Fair").await;
    let fair_run = fair.submit(&mut conn, &l1(4702)).await.expect("answered");
    assert_eq!(fair_run.status, 201, "{label}: {:?}", fair_run.error());
    let report = json(serde_json::json!({ "run": run, "why": "an impossible time" }));
    let reported = write(&mut conn, &fair, "POST", "/v1/reports", &report).await;
    assert_eq!(reported.status, 201, "{label}: {:?}", reported.error());

    let (code, said) = admin(&database, &["reports"]);
    assert_eq!(code, 0, "{label}");
    assert!(
        said.contains("an impossible time") && said.contains("1 report(s)"),
        "{said}"
    );
    assert!(said.contains(&format!("run {run} ")), "{label}: {said}");

    // hide-name: shown as Player-XXXX, and the name stays blocked.
    let (code, said) = admin(&database, &["hide-name", "rude name"]);
    assert_eq!(code, 0, "{label}");
    let shown = format!("Player-{}", rude.key()[..4].to_uppercase());
    assert!(said.contains(&shown), "{label}: {said}");
    tokio::time::sleep(BOARD_COPY_AGE).await;
    let names: Vec<String> = board(&mut conn).await["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["name"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(
        names.contains(&shown) && !names.iter().any(|n| n == "Rude Name"),
        "{names:?}"
    );
    let again = named_player_status(&mut conn, 4703, "RUDE NAME").await;
    assert_eq!(again, 409, "{label}: a hidden name stays blocked");

    // ban: writes 403, entries hidden; unban shows them again.
    let (code, said) = admin(&database, &["ban", &rude.key()]);
    assert_eq!(code, 0, "{label}: {said}");
    assert!(said.contains("1 entries hidden"), "{label}: {said}");
    let refused = rude.submit(&mut conn, &l1(4701)).await.expect("answered");
    assert_eq!(refused.status, 403, "{label}: a banned player's run");
    assert_eq!(refused.json()["reason"], "banned", "{label}");
    let rename = rude.register(&mut conn, "Other").await.expect("answered");
    assert_eq!(rename.status, 403, "{label}: a banned player's rename");
    tokio::time::sleep(BOARD_COPY_AGE).await;
    assert_eq!(
        board(&mut conn).await["of"],
        1,
        "{label}: the banned entry hidden"
    );
    let (code, _) = admin(&database, &["unban", &rude.key()]);
    assert_eq!(code, 0, "{label}");
    tokio::time::sleep(BOARD_COPY_AGE).await;
    assert_eq!(board(&mut conn).await["of"], 2, "{label}: shown again");

    // remove-run: the replay, the entry and its reports go.
    let (code, said) = admin(&database, &["remove-run", &run.to_string()]);
    assert_eq!(code, 0, "{label}: {said}");
    let replay = conn
        .send("GET", &format!("/v1/runs/{run}/replay"), &[], b"")
        .await
        .expect("answered");
    assert_eq!(replay.status, 404, "{label}");
    let (_, said) = admin(&database, &["reports"]);
    assert!(said.contains("0 report(s)"), "{label}: {said}");
    let (code, _) = admin(&database, &["remove-run", &run.to_string()]);
    assert_eq!(code, 2, "{label}: no such run");
    let (code, _) = admin(&database, &["ban", "nobody"]);
    assert_eq!(code, 2, "{label}: no such player");

    backup(label, &database, &server, &mut conn).await;
}

/// A banned player may still leave (the deletion every account must offer), but the ban keeps
/// the name blocked: nobody registers it again, by the game or after the web's deletion. And
/// every player holds its recovery code's hash from its first row on.
pub async fn banned_leaver(db: &dyn Databases) {
    let label = db.label();
    let database = db.fresh("banned-leaver");
    let server = Server::start(&database, &[]);
    let mut conn = server.connect().await;
    let banned = named_player(&mut conn, 4711, "Banned Leaver").await;
    let (code, said) = admin(&database, &["ban", &banned.key()]);
    assert_eq!(code, 0, "{label}: {said}");
    let path = format!("/v1/players/{}", banned.key());
    let gone = write(&mut conn, &banned, "DELETE", &path, b"").await;
    assert_eq!(gone.status, 200, "{label}: {:?}", gone.error());
    let again = named_player_status(&mut conn, 4712, "banned leaver").await;
    assert_eq!(again, 409, "{label}: the banned name stays blocked");

    let web = latu_server::client::Player::from_number(4713);
    let made = web
        .register(&mut conn, "Web Banned")
        .await
        .expect("answered");
    let recovery = made.json()["recovery"].as_str().expect("a code").to_owned();
    let (code, _) = admin(&database, &["ban", &web.key()]);
    assert_eq!(code, 0, "{label}");
    let form = json(serde_json::json!({ "name": "Web Banned", "recovery": recovery }));
    let gone = conn
        .send("POST", "/v1/delete-requests", &[], &form)
        .await
        .expect("answered");
    assert_eq!(gone.status, 200, "{label}: {:?}", gone.error());
    let again = named_player_status(&mut conn, 4714, "Web Banned").await;
    assert_eq!(again, 409, "{label}: blocked after the web's deletion too");
    let free = named_player_status(&mut conn, 4715, "Never Banned").await;
    assert_eq!(free, 201, "{label}");

    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database)
        .await
        .expect("the database");
    let (without,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM players WHERE recovery_sha256 IS NULL")
            .fetch_one(&pool)
            .await
            .expect("counted");
    assert_eq!(without, 0, "{label}: a player without a recovery code");
    pool.close().await;
}

async fn named_player_status(conn: &mut Connection, number: u64, name: &str) -> u16 {
    let player = latu_server::client::Player::from_number(number);
    player.register(conn, name).await.expect("answered").status
}

/// `backup FILE` while the server serves; a server from the copy shows the same boards.
async fn backup(label: &str, database: &str, server: &Server, conn: &mut Connection) {
    let file = scratch("backup").join("copy.sqlite3");
    let file_arg = file.display().to_string();
    let (code, said) = latu_server(&["backup", &file_arg, "--database", database]);
    if !database.starts_with("sqlite:") {
        assert_eq!(code, 2, "{label}: PostgreSQL is backed up with pg_dump");
        return;
    }
    assert_eq!(code, 0, "{label}: {said}");
    let (code, _) = latu_server(&["backup", &file_arg, "--database", database]);
    assert_eq!(code, 2, "{label}: an existing file is not overwritten");
    let copy = Server::start(&format!("sqlite://{file_arg}"), &[]);
    let mut copy_conn = copy.connect().await;
    tokio::time::sleep(BOARD_COPY_AGE).await;
    let original = board(conn).await;
    assert_eq!(board(&mut copy_conn).await, original, "{label}");
    assert_eq!(original["of"], 1, "{label}");
    drop(copy);
    let _ = server;
}
