//! `latu-server admin reports | hide-name NAME | remove-run ID | ban ID | unban ID` and
//! `latu-server backup FILE`: the operator's commands, on the database directly (no HTTP
//! surface to attack). Each says what it did in one line on stdout and is logged in the
//! database's `admin_log` (and on stderr).

use crate::limits::clock::{rfc3339, Clock};
use crate::players::names;
use crate::serve::default_database;
use crate::store::BoardStore;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// The operator's commands (`latu-server admin …`, `latu-server backup FILE`).
#[derive(Debug, Subcommand)]
pub enum Operation {
    /// Act on the boards, on the database directly.
    Admin(AdminArgs),
    /// Write a consistent copy of an SQLite database to FILE while servers use it (PostgreSQL:
    /// use pg_dump). `--database sqlite://FILE` starts a server from it.
    Backup(BackupArgs),
}

#[derive(Debug, Args)]
pub struct AdminArgs {
    /// `postgres://…` or `sqlite://PATH` (default: the server's own SQLite file).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// List the players' reports, one a line.
    Reports,
    /// Show NAME's player as Player-XXXX and keep NAME from anyone for good.
    HideName { name: String },
    /// Remove run ID: its replay, its board entry and its reports.
    RemoveRun { id: i64 },
    /// Ban player ID: its writes are refused (403) and its entries hidden.
    Ban { id: String },
    /// Lift player ID's ban: its entries show again.
    Unban { id: String },
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The copy to write (it must not exist yet).
    file: PathBuf,
    /// `sqlite://PATH` (default: the server's own SQLite file).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
}

/// Run `operation`: success, or exit code 2 with the reason on stderr.
pub async fn run(operation: &Operation) -> ExitCode {
    let done = match operation {
        Operation::Admin(args) => admin(args).await,
        Operation::Backup(args) => backup(args).await,
    };
    match done {
        Ok(said) => {
            println!("{said}");
            tracing::warn!("latu-server operator: {said}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("latu-server: {why}");
            ExitCode::from(2)
        }
    }
}

async fn open(database: Option<&String>) -> Result<BoardStore, String> {
    let url = match database {
        Some(url) => url.clone(),
        None => default_database().map_err(|e| e.to_string())?,
    };
    BoardStore::open(&url)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))
}

async fn admin(args: &AdminArgs) -> Result<String, String> {
    let store = open(args.database.as_ref()).await?;
    let now_us = Clock::default().now_us();
    let failed = |e: crate::store::StoreError| e.to_string();
    match &args.action {
        Action::Reports => {
            let reports = store.reports().await.map_err(failed)?;
            let mut lines: Vec<String> = reports
                .iter()
                .map(|r| {
                    format!(
                        "report {} at {}: run {} ({} by {} {}) from {}: {:?}",
                        r.id,
                        rfc3339(r.at_us),
                        r.run,
                        r.board.as_deref().unwrap_or("removed"),
                        r.name.as_deref().unwrap_or("-"),
                        r.player.as_deref().unwrap_or("-"),
                        r.reporter,
                        r.why
                    )
                })
                .collect();
            lines.push(format!("{} report(s)", reports.len()));
            Ok(lines.join("\n"))
        }
        Action::HideName { name } => {
            let log = format!("hide-name {name:?}");
            let hidden = store
                .hide_name(&names::folded(name), hidden_name, now_us, &log)
                .await
                .map_err(failed)?;
            Ok(match hidden {
                Some(id) => format!(
                    "hid {name:?}: player {id} now shows as {} and the name stays blocked",
                    hidden_name(&id)
                ),
                None => format!("blocked {name:?} (no player had it)"),
            })
        }
        Action::RemoveRun { id } => {
            let log = format!("remove-run {id}");
            match store.remove_run(*id, now_us, &log).await.map_err(failed)? {
                Some((player, board)) => Ok(format!(
                    "removed run {id} (player {player} on {board}) with its replay and reports"
                )),
                None => Err(format!("there is no run {id}")),
            }
        }
        Action::Ban { id } | Action::Unban { id } => {
            let banned = matches!(args.action, Action::Ban { .. });
            let word = if banned { "ban" } else { "unban" };
            let log = format!("{word} {id}");
            match store
                .set_banned(id, banned, now_us, &log)
                .await
                .map_err(failed)?
            {
                Some((name, n)) if banned => Ok(format!(
                    "banned {id} ({name}): its writes are refused (403), {n} entries hidden"
                )),
                Some((name, n)) => Ok(format!(
                    "unbanned {id} ({name}): it may write again, {n} entries shown again"
                )),
                None => Err(format!("there is no player {id}")),
            }
        }
    }
}

/// How a hidden name's player shows: `Player-` and the first four characters of its id.
fn hidden_name(id: &str) -> String {
    let short: String = id.chars().take(4).collect();
    format!("Player-{}", short.to_uppercase())
}

async fn backup(args: &BackupArgs) -> Result<String, String> {
    if args.file.exists() {
        return Err(format!(
            "{} exists already: give a new file for the backup",
            args.file.display()
        ));
    }
    let store = open(args.database.as_ref()).await?;
    let started = std::time::Instant::now();
    store
        .backup(&args.file)
        .await
        .map_err(|e| format!("cannot back up to {}: {e}", args.file.display()))?;
    let now_us = Clock::default().now_us();
    let log = format!("backup {}", args.file.display());
    store
        .log_admin(now_us, &log)
        .await
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "backed up to {} in {} ms: start a server from it with --database sqlite://{}",
        args.file.display(),
        started.elapsed().as_millis(),
        args.file.display()
    ))
}
