//! The obstacles a run has knocked over, recorded from the run's hit events (the tick, where
//! the skier stood and how fast it went), so that the scene shows every knock as a function of
//! the run's time since its hit.

use crate::models::{Hit, ObstacleParts};
use crate::sim::{Tick, TICK_HZ};
use glam::Mat4;
use std::collections::BTreeMap;

/// When and how an obstacle was hit.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Knocked {
    /// The run's tick right after the hit.
    tick: Tick,
    /// The skier's centre across the track at the hit, metres.
    skier_x: f64,
    /// The skier's speed at the hit, m/s.
    speed: f64,
}

/// The knocked obstacles of one run, by index in the course's list.
#[derive(Debug, Default)]
pub struct KnockedObstacles {
    by_index: BTreeMap<usize, Knocked>,
}

impl KnockedObstacles {
    /// Obstacle `index` was hit on the tick before `tick`, the skier `skier_x` metres from the
    /// track's centre line at `speed` m/s.
    pub fn record(&mut self, index: usize, tick: Tick, skier_x: f64, speed: f64) {
        self.by_index.entry(index).or_insert(Knocked {
            tick,
            skier_x,
            speed,
        });
    }

    /// Where obstacle `index`'s loose part is drawn at the run's tick `now`, in its model's
    /// space; `None` while it is not hit. `centre_x` is the obstacle's centre across the
    /// track, metres.
    pub fn knock(
        &self,
        index: usize,
        now: Tick,
        centre_x: f64,
        parts: &ObstacleParts,
    ) -> Option<Mat4> {
        let knocked = self.by_index.get(&index)?;
        let hit = Hit {
            skier_x: (knocked.skier_x - centre_x) as f32,
            speed: knocked.speed as f32,
            centred_side: centred_side(index, centre_x),
        };
        let since_s = now.since(knocked.tick).unwrap_or(0) as f32 / TICK_HZ as f32;
        Some(parts.knocked(hit, since_s))
    }
}

/// An obstacle hit dead centre goes outwards, off the track; one on the centre line goes left
/// or right by its index, so that neither side is favoured.
fn centred_side(index: usize, centre_x: f64) -> f32 {
    if centre_x.abs() > f64::EPSILON {
        centre_x.signum() as f32
    } else if index.is_multiple_of(2) {
        1.0
    } else {
        -1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;
    use crate::models::obstacle_parts;
    use crate::sim::{Run, RunEvent};

    #[test]
    fn a_hit_obstacle_moves_from_where_it_stood_and_comes_to_rest() {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let mut run = Run::unshot(course);
        let mut knocks = KnockedObstacles::default();
        let hit = loop {
            run.step(&[]);
            let hit = run.events().iter().find_map(|event| match event {
                RunEvent::ObstacleHit { obstacle, .. } => Some(*obstacle),
                _ => None,
            });
            if let Some(index) = hit {
                knocks.record(index, run.tick(), run.lateral_x(2.5), run.speed());
                break index;
            }
            assert!(!run.is_finished(), "skiing straight on meets an obstacle");
        };
        let o = &run.course().obstacles[hit];
        let parts = obstacle_parts(o.class, o.look, 2.5 * o.lanes.len() as f32, o.depth as f32)
            .expect("a listed look");
        assert_eq!(knocks.knock(hit + 1, run.tick(), 0.0, &parts), None);
        let at_hit = knocks.knock(hit, run.tick(), 0.0, &parts);
        assert_eq!(
            at_hit,
            Some(Mat4::IDENTITY),
            "drawn where it stood at the hit"
        );
        let settle_ticks = (parts.settle_s() * TICK_HZ as f32).ceil() as u64;
        let settled = knocks.knock(hit, run.tick() + settle_ticks, 0.0, &parts);
        assert_ne!(settled, at_hit);
        assert_eq!(
            knocks.knock(hit, run.tick() + settle_ticks + 1, 0.0, &parts),
            settled
        );
    }

    #[test]
    fn centred_hits_go_outwards_or_by_index() {
        assert_eq!(centred_side(3, -2.5), -1.0);
        assert_eq!(centred_side(3, 2.5), 1.0);
        assert_ne!(centred_side(3, 0.0), centred_side(4, 0.0));
    }
}
