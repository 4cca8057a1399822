//! The pose of a simulated skier, so the app need not know how the model is posed.

use super::{LoopPlace, SkierPose, VerticalPose};
use crate::sim::run::GRACE_TICKS;
use crate::sim::skier::{Lateral, Vertical};
use crate::sim::Run;
use std::f32::consts::PI;

/// Distance covered by one full skating stride (a push with each leg), metres.
pub const STRIDE_LENGTH: f64 = 6.0;

impl SkierPose {
    /// The pose of `run`'s skier now. `ticks_since_hit` is how many ticks ago the last hit
    /// happened (the app notes the tick on which `Run::hits` grows), `None` if never.
    ///
    /// The stride follows the distance skied, the lean eases in and out over a lane change
    /// (positive towards +x, where lanes with higher indices lie), jumps and ducks take their
    /// progress from the simulation's ticks (sampled mid-tick, like its jump height), and at a
    /// stage the skier takes the stage's shooting position. On the penalty loop it heads where
    /// the drawn loop goes ([`LoopPlace`]), towards +x when positive.
    pub fn from_run(run: &Run, ticks_since_hit: Option<u64>) -> Self {
        let skier = run.skier();
        let ticks = skier.action_ticks();
        let share = |elapsed: u32, total: u32| (elapsed as f32 + 0.5) / total.max(1) as f32;
        let vertical = match skier.vertical() {
            Vertical::Ground => VerticalPose::Ground,
            Vertical::Jumping { elapsed } => VerticalPose::Jump {
                progress: share(elapsed, ticks.jump),
            },
            Vertical::Ducking { elapsed } => VerticalPose::Duck {
                progress: share(elapsed, ticks.duck),
            },
        };
        let lean = match skier.lateral() {
            Lateral::Steady { .. } => 0.0,
            Lateral::Changing { from, to, elapsed } => {
                let direction = if to > from { 1.0 } else { -1.0 };
                direction * (PI * share(elapsed, ticks.lane_change)).sin()
            }
        };
        let stumble = ticks_since_hit
            .filter(|&ticks| ticks < u64::from(GRACE_TICKS))
            .map(|ticks| ticks as f32 / GRACE_TICKS as f32);
        let shooting = run
            .at_stage()
            .and_then(|stage| run.course().stages.get(stage))
            .map(|spot| spot.position);
        Self {
            // The penalty loop is skied beside the track while the course position holds: the
            // stride goes on with the loop's metres.
            stride: ((run.z() + run.penalty_skied_m()) / STRIDE_LENGTH).fract() as f32,
            lean,
            vertical,
            stumble,
            shooting,
            // The penalty loop's place is given in world terms, like the lean.
            heading: LoopPlace::of(run).map_or(0.0, |place| place.heading),
        }
    }
}
