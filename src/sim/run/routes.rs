//! The routes as the run meets them: a route's divider refuses a lane change across it that
//! would still be under way at the fork's mouth or later, before the trails join (see
//! [`crate::course::routes`]); passing a mouth reports which trail the skier took.

use super::Run;
use crate::course::routes::{Route, SIGN_AHEAD};
use crate::sim::event::RunEvent;
use crate::sim::skier::{Lateral, Skier};
use crate::sim::units::{micros, Micros};

impl Run {
    /// Undo a lane change this tick's presses started (`before` is the skier before them) if a
    /// route's divider stands in its way, and report the refusal.
    pub(super) fn keep_to_trail(&mut self, before: Skier) {
        let (Lateral::Steady { lane: from }, Lateral::Changing { to, .. }) =
            (before.lateral(), self.skier.lateral())
        else {
            return;
        };
        let change = self.speed * i64::from(self.skier.action_ticks().lane_change);
        let (z, ahead) = (self.z, self.z + change);
        let refused = self.routes_near().any(|route| {
            route.crosses(from, to) && z < micros(route.end()) && ahead > micros(route.z)
        });
        if refused {
            self.skier.stay_in_lane();
            self.events.push(RunEvent::LaneRefused { lane: from });
        }
    }

    /// Report the forks whose mouth the skier passed while moving from `before` to `after`,
    /// with the trail it took.
    pub(super) fn report_routes(&mut self, before: Micros, after: Micros) {
        let lane = self.skier.target_lane();
        let taken: Vec<RunEvent> = (self.course.routes.iter().enumerate())
            .filter(|(_, r)| micros(r.z) > before && micros(r.z) <= after)
            .map(|(route, r)| RunEvent::RouteTaken {
                route,
                kind: r.kind,
                high: lane == r.lane,
            })
            .collect();
        self.events.extend(taken);
    }

    /// The routes whose signpost or divider is near the skier.
    fn routes_near(&self) -> impl Iterator<Item = &Route> {
        let z = self.z;
        self.course
            .routes
            .iter()
            .skip_while(move |r| micros(r.end()) < z)
            .take_while(move |r| micros(r.z - SIGN_AHEAD) <= z)
    }
}
