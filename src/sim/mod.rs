//! The fixed-tick world: the skier on three lanes, jumps and ducks, collisions by obstacle
//! class, coins, the hit penalty, shooting-stage hand-over, time, distance and finish.
//!
//! Everything here is deterministic: integer ticks at [`TICK_HZ`], positions in integer
//! micrometres ([`units`]), no clock, no RNG, no `HashMap`, no transcendental functions. The
//! world height of the track is not used here: the simulation works in height above the track.
//!
//! Driving a run (the app, the bot, replays): build a [`Run`] from a course, call
//! [`Run::step`] once per 60 Hz tick with that tick's [`Action`]s (through a
//! [`crate::replay::ReplayRecorder`] to record it), read the skier and the run's coins through its
//! accessors (`lane_position`, `lateral_x`, `z`, `height_above_track`, `state`,
//! `action_progress`, `coins`, `coins_remaining`, `hits`, `time_s`, and at a shooting stage
//! `stage_view`, after it `penalty_left_m`), and end with
//! [`Run::summary`]. [`Run::state_hash`] fingerprints the state for replays. A [`Bot`] produces
//! the same per-tick actions a player does.
//!
//! Rules (the app, the bot and the tests rely on them):
//! - **Tick order.** `Run::step` takes the actions pressed during one tick. It starts (or
//!   buffers) them, moves the skier forward, then checks obstacles and coins against the skier's
//!   state *during* that tick, then advances action timers.
//! - **Channels.** A lane change is the lateral channel; a jump or a duck is the vertical one.
//!   The two run independently (a skier may change lane while in the air). An action whose
//!   channel is busy is buffered: one slot, the latest press wins, kept for
//!   [`skier::BUFFER_TICKS`] (≈ 120 ms) and started on the first tick its channel is free. A lane
//!   change off the track's edge is ignored.
//! - **In a lane.** The skier is in lane `L` when its lateral position `p` (in lanes, moving
//!   linearly during a change) satisfies `|p − L| < 3/4`: its body is half a lane wide. So
//!   during a change it is in the lane it left until 3/4 of the way, and in the lane it moves to
//!   from 1/4 of the way; in the middle half it is in both, and either may hit it.
//! - **Collisions.** The skier occupies `z ± SKIER_HALF_LENGTH` along the track, swept over the
//!   tick. An obstacle it overlaps hits it if the skier is in one of the obstacle's lanes, unless
//!   the class is cleared: jumping (for the whole jump) clears a jump obstacle, ducking clears a
//!   duck obstacle; nothing but being out of its lanes clears a dodge obstacle.
//! - **Hit.** Counts once per obstacle, costs [`run::HIT_COIN_LOSS`] of the run's coins
//!   (a run brings none from the banked purse, so a crash never takes a banked coin),
//!   drops the speed to [`run::HIT_SPEED_PERCENT`] % and recovers it linearly over
//!   [`run::RECOVERY_TICKS`]; for [`run::GRACE_TICKS`] after a hit nothing hits again.
//! - **Coins.** Taken when the skier's swept length reaches the coin's z, the skier is in the
//!   coin's lane and the coin's height lies within the skier's body (standing, ducked or in the
//!   air, with [`run::COIN_REACH`]).
//! - **Stages.** Reaching a stage stops the skier there and hands over to a [`ShootingRange`];
//!   running actions complete at once. [`Run::new`] shoots for real
//!   ([`crate::shooting::BiathlonRange`]): each tick at the range, the tick's actions go to the
//!   stage (skiing actions mean nothing there, shooting actions nothing on skis), and
//!   [`Run::stage_view`] shows it. The skier leaves on the tick after the range reports its
//!   result: shots, misses, coins won and spent join the run's. [`Run::unshot`] passes every
//!   stage at once with no shots ([`UnshotRange`]), counted in the summary's `stages_unshot`.
//! - **Penalty loop.** Each target left standing costs [`crate::shooting::reward::PENALTY_LOOP_M`]
//!   of skiing right after the range, at the current speed, beside the track: the course
//!   position holds, nothing is hit or collected, the state is [`SkierState::PenaltyLoop`]. The
//!   summary's `penalty_m` counts it; `distance` does not. Left and right steer a step across
//!   the loop's way ([`run::loop_steering::STEER_M`]): told only, no outcome changes.
//! - **Lives (Endless).** A run starts with [`run::ENDLESS_LIVES`]; each hit takes one
//!   ([`RunEvent::LifeLost`]). With the last, if the run has not used its second chance and has
//!   [`run::SECOND_CHANCE_PRICE`] coins, the run holds ([`SkierState::Down`]) for
//!   [`run::SECOND_CHANCE_OFFER_TICKS`]: [`Action::SecondChance`] buys one life back and the
//!   skier skis on; [`Action::GiveUp`] or the offer running out ends the run
//!   ([`RunEvent::OutOfLives`]), as the last life does when no offer can be made. Levels have
//!   no lives: a hit costs time and coins.
//! - **Finish.** At the course length (or the limit set for Endless) the run stops; later
//!   steps do nothing.

pub mod action;
pub mod bot;
mod collide;
pub mod event;

pub mod run;
pub mod score;
pub mod skier;
pub mod stage;
pub mod summary;
pub mod units;

pub use action::{one_drag_a_tick, Action};
pub use bot::Bot;
pub use event::RunEvent;

pub use run::{Brought, Run};
pub use score::Medal;
pub use skier::{SkierState, Vertical};
pub use stage::{ShootingRange, StageResult, UnshotRange};
pub use summary::{EndedBy, Summary};

pub use crate::tick::{Tick, TICK_HZ};

/// How far ahead a player sees objects (the fog's end at the default view distance), metres.
pub const VIEW_DISTANCE: f64 = crate::course::DEFAULT_VIEW_DISTANCE;

/// Whole ticks closest to `seconds` (at least one).
pub fn ticks_for(seconds: f64) -> u32 {
    let ticks = (seconds * f64::from(TICK_HZ)).round();
    // A duration from the level table is small and positive; clamp guards a bad table row.
    ticks.clamp(1.0, f64::from(u32::MAX)) as u32
}
