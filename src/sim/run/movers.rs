//! The moving obstacles as the run meets them: a snowmobile sets off when the skier comes within
//! its crossing's reach (reported, for its engine and the camera); it collides as the dodge
//! obstacle it has become by then (see [`crate::course::movers`]).

use super::Run;
use crate::course::movers::{CROSSING_S, SETTLE_S};
use crate::course::MAX_SKIER_SPEED;
use crate::sim::event::RunEvent;
use crate::sim::units::{micros, Micros};

/// No crossing starts further ahead of its obstacle than this, metres (at the fastest speed).
const FARTHEST_START: f64 = (SETTLE_S + CROSSING_S) * MAX_SKIER_SPEED;

impl Run {
    /// Report the snowmobiles that set off while the skier moved from `before` to `after`.
    pub(super) fn report_movers(&mut self, before: Micros, after: Micros) {
        let horizon = after + micros(FARTHEST_START);
        let obstacles = &self.course.obstacles;
        let set_off = (self.obstacle_cursor..obstacles.len())
            .take_while(|&index| micros(obstacles[index].z) <= horizon)
            .filter(|&index| {
                let obstacle = &obstacles[index];
                obstacle.motion.is_some_and(|crossing| {
                    let starts = micros(crossing.starts_at(obstacle));
                    starts > before && starts <= after
                })
            });
        let events: Vec<RunEvent> = set_off
            .map(|obstacle| RunEvent::MoverSetOff { obstacle })
            .collect();
        self.events.extend(events);
    }
}
