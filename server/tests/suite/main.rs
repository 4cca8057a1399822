//! The server's integration suite: each scenario is one test on a fresh SQLite file
//! (`on_sqlite::NAME`) and one on a throwaway PostgreSQL cluster (`on_postgres::NAME`, required
//! with `LATU_REQUIRED_TESTS=postgres` as in CI; elsewhere it says why it did not run), so the
//! first failure hides nothing and one can run alone:
//! `cargo test -p latu-server --test suite on_postgres::kill`. The scenarios live in rooms by
//! job (ARCHITECTURE.md, "The tests"): `board`, `cheating`, `failures` and `operations`.

mod board;
mod cheating;
mod failures;
#[path = "../../../tests/not_run/mod.rs"]
mod not_run;
mod operations;
mod postgres;
mod runs;
mod support;

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
    contract: crate::board::contract::scenario,
    ranks: crate::board::ranks::scenario,
    cheats: crate::cheating::cheats::scenario,
    daily_window: crate::cheating::cheats::daily_window,
    limits: crate::cheating::cheats::limits,
    fuzz: crate::cheating::fuzz::scenario,
    kill: crate::failures::kill::scenario,
    servers_start_together: crate::operations::together::scenario,
    signatures: crate::cheating::trust::signatures,
    strict_bodies: crate::cheating::trust::strict_bodies,
    copies: crate::cheating::trust::copies,
    near_copies: crate::cheating::near_copies::scenario,
    short_near_copies: crate::cheating::near_copies::short_course,
    names: crate::board::names::scenario,
    accounts: crate::board::accounts::scenario,
    operating: crate::operations::operating::scenario,
    banned_leaver: crate::operations::operating::banned_leaver,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_away_on_postgres() {
    let Some(cluster) = postgres::cluster_or_skip("database_away_on_postgres") else {
        return;
    };
    failures::kill::database_away(&cluster).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_disk_on_sqlite() {
    failures::full::on_sqlite().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_disk_on_postgres() {
    failures::full::on_postgres().await;
}

#[test]
fn impossible_flags_and_memory_databases_are_refused_at_start() {
    failures::faults::impossible_flags();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_sqlite_file_is_named_at_start() {
    failures::faults::damaged_file().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_slow_and_too_many_connections_are_closed_and_told() {
    failures::faults::connections().await;
}
