//! The camera on the penalty loop: it leaves the chase rig's look down the track and follows
//! the skier round the loop's oval beside the range ([`LoopPlace`]), behind and above it
//! along its way, turning with a lag so the turns sweep rather than whip. It turns at most [`MAX_TURN`] off the
//! track's way: the world behind the eye is neither streamed nor drawn (`ViewCamera::may_see`),
//! so on the oval's way back it watches the skier come towards it.

use crate::app::render::camera::ViewCamera;
use crate::app::render::world::bend::Bend;
use crate::models::LoopPlace;
use crate::sim::Run;
use glam::DVec3;

/// The eye behind and above the skier along its way, and the point looked at ahead, metres.
/// Higher than the chase rig: the oval's way ahead shows over the skier.
const BACK: f64 = 6.0;
const UP: f64 = 4.6;
const AHEAD: f64 = 9.0;
const LOOK_UP: f64 = 0.0;
/// The camera's heading follows the skier's with this time constant, seconds.
const TURN_LAG_S: f64 = 0.45;
/// Most the camera turns off the track's way, radians (with half the field of view it still
/// looks forward).
const MAX_TURN: f64 = 0.8;
/// Longest frame the follow integrates at once, seconds.
const MAX_STEP_S: f64 = 0.1;

/// The loop camera's heading, kept from frame to frame while the skier is on the loop.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LoopView {
    heading: Option<f64>,
}

impl LoopView {
    /// The camera for this frame while `run`'s skier (drawn at `feet`) skis the penalty
    /// loop; `None` (and the heading forgotten) otherwise.
    pub fn follow(&mut self, run: &Run, feet: DVec3, step_s: f64, far: f32) -> Option<ViewCamera> {
        let Some(place) = LoopPlace::of(run) else {
            self.heading = None;
            return None;
        };
        let wanted = f64::from(place.heading).clamp(-MAX_TURN, MAX_TURN);
        let heading = match self.heading {
            None => wanted,
            Some(now) => {
                now + (wanted - now) * (1.0 - (-step_s.min(MAX_STEP_S) / TURN_LAG_S).exp())
            }
        };
        self.heading = Some(heading);
        let way = DVec3::new(heading.sin(), 0.0, heading.cos());
        Some(ViewCamera {
            eye: feet - way * BACK + DVec3::Y * UP,
            target: feet + way * AHEAD + DVec3::Y * LOOK_UP,
            far,
            zoom: 1.0,
            // Round the loop the camera does not look down the track: the world stays straight.
            bend: Bend::NONE,
        })
    }
}
