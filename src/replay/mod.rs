//! Replays: the inputs of a run by tick, saved as JSON, and their headless verification.
//!
//! A replay names its course (level/track/seed, or Endless with the distance it stops at), holds
//! every tick's actions (only ticks with actions are written), a state hash every
//! [`HASH_EVERY`] ticks and the summary the run ended with. Re-simulating the inputs must give
//! the same hashes and the same summary; the first checkpoint that differs names the tick by
//! which the runs had diverged.

pub mod bench;
mod drags;
mod file;
pub mod ghost;
mod packing;
mod recorder;
mod stretches;
mod strict;
pub mod untrusted;
mod verify;
pub mod worst;

pub use file::{
    rules_sentence, Checkpoint, CourseChoice, ErrorKind, Replay, ReplayError, TickInput,
    FORMAT_VERSION, MAX_ACTIONS_PER_TICK, MAX_REPLAY_BYTES, OLDEST_FORMAT_READ,
};
pub use ghost::{Ghost, GhostError, SplitPoints, SplitTicks};
pub use recorder::ReplayRecorder;
pub use stretches::Stretch;
pub use strict::{check_strictly, verify_strictly, verify_strictly_skied, StrictError};
pub use verify::{
    build_course, play_inputs, play_inputs_bringing, record_bot, record_player,
    record_player_skied, verify, verify_skied, Mismatch, Verdict, MAX_TICKS,
};

/// The rules a replay was played by: the simulation, the course layout and everything else that
/// decides how its inputs play out. Bump it whenever the goldens in `tests/replays/` are
/// regenerated on purpose (a rule changed): a replay of other rules is refused by name instead
/// of failing to reproduce with no reason given. (2: the brisk, forgiving run of #34; 3: wind
/// at the range, sight clicks and the brisk range of #37; 4: power-ups on the track, #42; 5: the
/// touch aim assist — a drag recorded as such, friction and a slowed sight over a standing
/// target — and the speed bonus waiting while the arrival card is up, #44; 6: a ranked score
/// depends on nothing a server cannot check, #43 — a run brings no purse, rounds are paid from
/// the run's own coins, and the rifles are side-grades retuned to within ±1 % of the training
/// rifle's human-model score; 7: snowmobiles crossing the lanes, ramps with tricks in their
/// air, #42; 8: routes, #42; 9: a fork on every level track and in Endless, every index drawn
/// as a u32, #42; and every run fits a server's body limit, #43 — a range closes after a minute
/// on its mat, Endless's mats a run hold six minutes in all, a tick's touch drags play as one,
/// and a state hash every ten seconds instead of every second.)
pub const RULES_VERSION: u32 = 9;

/// The game version a replay written by this build names.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Ticks between two recorded state hashes (ten seconds: an hour's run holds 360, about 16 KB
/// of its file; at one a second they were 160 KB, most of the 256 KiB a server takes). A
/// divergence is still named to within ten seconds; the summary is compared as well.
pub const HASH_EVERY: u64 = 600;

/// How far an Endless run goes when nothing else stops it, metres (`latu simulate --endless`).
pub const ENDLESS_DISTANCE: f64 = 5_000.0;
