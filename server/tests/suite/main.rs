//! The server's integration suite: each scenario is one test on a fresh SQLite file
//! (`on_sqlite::NAME`) and one on a throwaway PostgreSQL cluster (`on_postgres::NAME`, required
//! with `LATU_REQUIRED_TESTS=postgres` as in CI; elsewhere it says why it did not run), so the
//! first failure hides nothing and one can run alone:
//! `cargo test -p latu-server --test suite on_postgres::kill`.

mod accounts;
mod cheats;
mod contract;
mod faults;
mod full;
mod fuzz;
mod haproxy;
mod kill;
mod names;
mod near_copies;
#[path = "../../../tests/not_run/mod.rs"]
mod not_run;
mod operating;
mod postgres;
mod ranks;
mod runs;
mod support;
mod together;
mod trust;

/// One test per scenario and database: `on_sqlite::NAME` and `on_postgres::NAME`.
macro_rules! on_each_database {
    ($($name:ident: $scenario:path),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $scenario(&crate::support::Sqlite).await;
                }
            )*
        }

        mod on_postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let what = concat!("on_postgres::", stringify!($name));
                    let Some(cluster) = crate::postgres::cluster_or_skip(what) else {
                        return;
                    };
                    $scenario(&cluster).await;
                }
            )*
        }
    };
}

on_each_database! {
    contract: crate::contract::scenario,
    ranks: crate::ranks::scenario,
    cheats: crate::cheats::scenario,
    daily_window: crate::cheats::daily_window,
    limits: crate::cheats::limits,
    fuzz: crate::fuzz::scenario,
    kill: crate::kill::scenario,
    servers_start_together: crate::together::scenario,
    signatures: crate::trust::signatures,
    strict_bodies: crate::trust::strict_bodies,
    copies: crate::trust::copies,
    near_copies: crate::near_copies::scenario,
    names: crate::names::scenario,
    accounts: crate::accounts::scenario,
    operating: crate::operating::scenario,
    banned_leaver: crate::operating::banned_leaver,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_away_on_postgres() {
    let Some(cluster) = postgres::cluster_or_skip("database_away_on_postgres") else {
        return;
    };
    kill::database_away(&cluster).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_disk_on_sqlite() {
    full::on_sqlite().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_disk_on_postgres() {
    full::on_postgres().await;
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
