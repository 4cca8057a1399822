//! The server's integration suite: each scenario runs against a fresh SQLite file always, and
//! against a throwaway PostgreSQL cluster when one can be started (required in CI with
//! `LATU_POSTGRES_TESTS=required`; elsewhere the PostgreSQL half says why it did not run).

mod accounts;
mod cheats;
mod contract;
mod full;
mod fuzz;
mod kill;
mod operating;
mod postgres;
mod ranks;
mod runs;
mod support;
mod trust;

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
    accounts::scenario(db).await;
    operating::scenario(db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite() {
    every_scenario(&Sqlite).await;
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
