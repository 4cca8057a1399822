//! The obstacles a run has knocked over, remembered from the frame that first draws each hit,
//! so that the scene shows every knock as a function of the run's time since its hit.

use crate::models::{Hit, ObstacleParts};
use crate::sim::{Run, TICK_HZ};
use glam::Mat4;
use std::collections::BTreeMap;

/// When and how an obstacle was hit.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Knocked {
    /// The run's tick right after the hit.
    tick: u64,
    hit: Hit,
}

/// The knocked obstacles of one run, by index in the course's list.
#[derive(Debug, Default)]
pub struct KnockedObstacles {
    by_index: BTreeMap<usize, Knocked>,
}

impl KnockedObstacles {
    /// Where obstacle `index`'s loose part is drawn now, in its model's space; `None` while it
    /// is not hit. `centre_x` is the obstacle's centre across the track, `skier_x` the
    /// skier's, metres.
    pub fn knock(
        &mut self,
        run: &Run,
        index: usize,
        centre_x: f64,
        skier_x: f64,
        parts: &ObstacleParts,
    ) -> Option<Mat4> {
        if !run.obstacle_hit(index) {
            return None;
        }
        let knocked = *self.by_index.entry(index).or_insert_with(|| Knocked {
            tick: hit_tick(run),
            hit: Hit {
                skier_x: (skier_x - centre_x) as f32,
                speed: run.speed() as f32,
                centred_side: centred_side(index, centre_x),
            },
        });
        let since_s = run.tick().saturating_sub(knocked.tick) as f32 / TICK_HZ as f32;
        Some(parts.knocked(knocked.hit, since_s))
    }
}

/// The tick of the run's last hit; a hit first drawn after its grace period (the run was
/// stepped without drawing) is taken as long ago, drawn settled.
fn hit_tick(run: &Run) -> u64 {
    run.ticks_since_hit()
        .map_or(0, |since| run.tick().saturating_sub(since))
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

    /// Level 1 skied straight on from the start lane until the first hit.
    fn run_to_first_hit() -> Run {
        let course = Course::level(1, 1, None).expect("level 1 track 1 exists");
        let mut run = Run::unshot(course);
        while run.hits() == 0 && !run.is_finished() {
            run.step(&[]);
        }
        assert_eq!(run.hits(), 1, "skiing straight on meets an obstacle");
        run
    }

    #[test]
    fn a_hit_obstacle_moves_from_where_it_stood_and_comes_to_rest() {
        let mut run = run_to_first_hit();
        let index = (0..run.course().obstacles.len())
            .find(|&i| run.obstacle_hit(i))
            .expect("the hit obstacle is marked");
        let o = &run.course().obstacles[index];
        let parts = obstacle_parts(o.class, o.look, 2.5 * o.lanes.len() as f32, o.depth as f32)
            .expect("a listed look");
        let mut knocks = KnockedObstacles::default();
        let untouched = knocks.knock(&run, index + 1, 0.0, 0.0, &parts);
        assert_eq!(untouched, None, "the next obstacle is not hit");
        let at_hit = knocks.knock(&run, index, 0.0, 0.0, &parts);
        assert_eq!(
            at_hit,
            Some(Mat4::IDENTITY),
            "drawn where it stood at the hit"
        );
        let settle_ticks = (parts.settle_s() * TICK_HZ as f32).ceil() as u64;
        for _ in 0..settle_ticks {
            run.step(&[]);
        }
        let settled = knocks.knock(&run, index, 0.0, 0.0, &parts);
        assert_ne!(settled, at_hit);
        run.step(&[]);
        assert_eq!(knocks.knock(&run, index, 0.0, 0.0, &parts), settled);
    }

    #[test]
    fn the_hit_tick_is_read_back_exactly() {
        let mut run = run_to_first_hit();
        let hit = run.tick();
        assert_eq!(hit_tick(&run), hit);
        for _ in 0..10 {
            run.step(&[]);
        }
        assert_eq!(hit_tick(&run), hit);
    }

    #[test]
    fn centred_hits_go_outwards_or_by_index() {
        assert_eq!(centred_side(3, -2.5), -1.0);
        assert_eq!(centred_side(3, 2.5), 1.0);
        assert_ne!(centred_side(3, 0.0), centred_side(4, 0.0));
    }
}
