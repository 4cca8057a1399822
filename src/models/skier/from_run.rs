//! The pose of a simulated skier, so the app need not know how the model is posed.

use super::{LoopPlace, PoseCues, SkierPose, VerticalPose};
use crate::sim::run::GRACE_TICKS;
use crate::sim::skier::{Lateral, Vertical};
use crate::sim::Run;
use std::f32::consts::PI;

/// Distance covered by one full stride (a kick with each leg), metres.
pub const STRIDE_LENGTH: f64 = 6.0;

impl SkierPose {
    /// The pose of `run`'s skier now, with what `cues` remembers of the run's events (the app
    /// hands it every event): a crash tumbles, the forgiven crash stumbles, a landing gives at
    /// the knees, a push-off double-poles, the finish line raises the arms.
    ///
    /// The stride follows the distance skied, the lean eases in and out over a lane change
    /// (positive towards +x, where lanes with higher indices lie), jumps and ducks take their
    /// progress from the simulation's ticks (sampled mid-tick, like its jump height), and at a
    /// stage the skier takes the stage's shooting position. On the penalty loop it heads where
    /// the drawn loop goes ([`LoopPlace`]), towards +x when positive.
    pub fn from_run(run: &Run, cues: &PoseCues) -> Self {
        let now = run.tick();
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
            Vertical::Flying { elapsed, trick, .. } => VerticalPose::Fly {
                progress: share(elapsed, ticks.flight),
                trick: trick.map(|(kind, done)| (kind, share(done, ticks.trick))),
            },
        };
        let lean = match skier.lateral() {
            Lateral::Steady { .. } => 0.0,
            Lateral::Changing { from, to, elapsed } => {
                let direction = if to > from { 1.0 } else { -1.0 };
                direction * (PI * share(elapsed, ticks.lane_change)).sin()
            }
        };
        let stumble = cues
            .since_hit(now)
            .filter(|&ticks| !cues.crashed() && ticks < u64::from(GRACE_TICKS))
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
            tumble: cues.tumble(now),
            landing: cues.landing(now),
            victory: cues.victory(now),
            // No poling burst while shooting or on the penalty loop's turns.
            poling: if shooting.is_some() {
                0.0
            } else {
                cues.poling(now)
            },
            shooting,
            // The penalty loop's place is given in world terms, like the lean.
            heading: LoopPlace::of(run).map_or(0.0, |place| place.heading),
        }
    }
}
