//! `latu-server`: Latu's leaderboard. It ranks only runs it re-played itself with the game's
//! headless core (strict verification), keeps its boards in an embedded SQLite file or in
//! PostgreSQL, and speaks the HTTP contract of `online.md`.

// The UTC clock (shiftable for tests).
pub mod clock;
// Ed25519 keys and signatures over method, path, time and body (contract version 2).
pub mod identity;
// Player names.
pub mod names;
// Recovery and link codes.
pub mod codes;
// `latu-server admin …` and `latu-server backup FILE`.
pub mod admin;
// Checking and re-playing a submitted run.
pub mod ranking;
// The bounded pool of verification workers.
pub mod pool;
// Rate limits per key and per address.
pub mod limits;
// Prometheus counters.
pub mod metrics;
// The store: SQLite or PostgreSQL.
pub mod store;
// The routes and handlers.
pub mod http;
// Connections: caps, time-outs, hyper.
pub mod connections;
// Starting the server.
pub mod serve;
// A small HTTP client and signed player, for the tests and the bench.
#[cfg(feature = "bench")]
pub mod client;
// `latu-server bench`.
#[cfg(feature = "bench")]
pub mod bench;
