//! The server's integration suite: each scenario runs against a fresh SQLite file always, and
//! against a throwaway PostgreSQL cluster when one can be started (required in CI with
//! `LATU_POSTGRES_TESTS=required`; elsewhere the PostgreSQL half says why it did not run).

mod cheats;
mod contract;
mod faults;
mod full;
mod fuzz;
mod haproxy;
mod kill;
mod postgres;
mod ranks;
mod runs;
mod support;
mod trust;
mod together;

use support::{Databases, Sqlite};

/// Every scenario, on one kind of database.
async fn every_scenario(db: &dyn Databases) {
    contract::scenario(db).await;
    ranks::scenario(db).await;
    cheats::scenario(db).await;
    cheats::daily_window(db).await;
    cheats::limits(db).await;
    fuzz::scenario(db).await;
    kill::scenario(db).await;
    trust::signatures(db).await;
    trust::strict_bodies(db).await;
    trust::copies(db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite() {
    every_scenario(&Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_disk_on_sqlite() {
    full::on_sqlite().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres() {
    let Some(cluster) = postgres::cluster_or_skip("on_postgres") else {
        return;
    };
    every_scenario(&cluster).await;
    kill::database_away(&cluster).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_start_together_on_sqlite() {
    together::scenario(&Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn servers_start_together_on_postgres() {
    let Some(cluster) = postgres::cluster_or_skip("servers_start_together_on_postgres") else {
        return;
    };
    together::scenario(&cluster).await;
}

#[test]
fn impossible_flags_and_memory_databases_are_refused_at_start() {
    faults::impossible_flags();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_sqlite_file_is_named_at_start() {
    faults::damaged_file().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_slow_and_too_many_connections_are_closed_and_told() {
    faults::connections().await;
}
