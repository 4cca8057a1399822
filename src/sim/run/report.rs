//! What the skier's presses started and what ended this tick, as events for the edge.

use super::Run;
use crate::sim::event::RunEvent;
use crate::sim::skier::{Lateral, Skier, Vertical};

impl Run {
    /// Report the actions this tick's presses started (`before` is the skier before them).
    pub(super) fn report_starts(&mut self, before: Skier) {
        if let (Lateral::Steady { lane: from }, Lateral::Changing { to, .. }) =
            (before.lateral(), self.skier.lateral())
        {
            self.events.push(RunEvent::LaneChange { from, to });
        }
        match (before.vertical(), self.skier.vertical()) {
            (Vertical::Ground, Vertical::Jumping { .. }) => self.events.push(RunEvent::Jump),
            (Vertical::Ground, Vertical::Ducking { .. }) => self.events.push(RunEvent::Duck),
            (Vertical::Flying { trick: None, .. }, Vertical::Flying { trick: Some(t), .. }) => {
                self.events.push(RunEvent::TrickStarted { trick: t.0 });
            }
            _ => {}
        }
    }

    /// Report the vertical actions that ended at the end of this tick (`moving` is the skier
    /// before its timers advanced).
    pub(super) fn report_ends(&mut self, moving: Skier) {
        if self.skier.vertical() != Vertical::Ground {
            return;
        }
        match moving.vertical() {
            Vertical::Jumping { .. } | Vertical::Flying { .. } => {
                self.events.push(RunEvent::Landing);
            }
            Vertical::Ducking { .. } => self.events.push(RunEvent::StoodUp),
            Vertical::Ground => {}
        }
    }
}
