//! Online: the world boards of `latu-server` (`shared/design/online.md`), offline first. Headless:
//! the window's screens and the command line's `latu send` drive the same [`Client`].
//!
//! - [`Keys`]: the player's Ed25519 key pair, kept in `identity.json` ([`crate::storage::Identity`]).
//! - [`Outbox`]: finished runs queued in the data directory until the server answers for them.
//! - [`Client`]: registers the name, sends the queue one run at a time with [`backoff`], and
//!   fetches boards and replays — polled once a frame, never waiting on the network.
//! - [`contract`]: the requests and what each answer means, as plain data; [`verdict`]: what
//!   an answer to a write means for the queue, by the contract's table.
//! - A downloaded replay is untrusted: [`crate::replay::untrusted::check`] re-plays it before it
//!   drives a ghost.
//! - [`http`]: the desktop's transport (a thread with a blocking HTTP client); a browser's and a
//!   phone's live with the window's platform glue.

mod address;
pub mod backoff;
mod client;
pub mod contract;
#[cfg(not(target_arch = "wasm32"))]
pub mod http;
mod keys;
mod outbox;
mod player;
pub mod verdict;
mod world_run;

pub use address::server_address;
// The flow's online tests (a window build's) share the client's test transport.
#[cfg(all(test, feature = "window"))]
pub(crate) use client::tests::Asked;
pub use client::{Client, OnlineEvent, Reach, Transport, TOP_ENTRIES};
pub use contract::{Board, BoardPage, Entry, Ranked, Request, Response, Today};
pub use keys::{fresh_secret, Keys, SECRET_BYTES};
pub use outbox::{Outbox, OUTBOX_FOLDER};
pub use player::{board_to_send, player_keys, rank_line, OnlineError};
pub use world_run::check_world_run;
