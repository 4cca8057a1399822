//! `latu-server`: Latu's leaderboard. It ranks only runs it re-played itself with the game's
//! headless core (strict verification), keeps its boards in an embedded SQLite file or in
//! PostgreSQL, and speaks the HTTP contract of `online.md`.

// Who a player is: keys and signatures, names, recovery and link codes.
pub mod players;
// What bounds a client: rate limits, connection caps and time-outs, the UTC clock.
pub mod limits;
// `latu-server admin …` and `latu-server backup FILE`.
pub mod admin;
// Checking and re-playing a submitted run, on the bounded pool of verification workers.
pub mod verify;
// Prometheus counters.
pub mod metrics;
// The store: SQLite or PostgreSQL.
pub mod store;
// The routes and handlers.
pub mod http;
// Starting the server.
pub mod serve;
// A small HTTP client and signed player, for the tests and the bench.
#[cfg(feature = "bench")]
pub mod client;
// `latu-server bench`.
#[cfg(feature = "bench")]
pub mod bench;
