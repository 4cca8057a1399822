//! The answer to every shot: where each shot of the stage went (a miss leaves a mark on the
//! target picture, a hit flips its target white) and a short cue after the latest one.

use crate::sim::RunEvent;
use glam::DVec2;

/// How long the cue after a shot shows, seconds.
pub const CUE_S: f64 = 0.9;

/// One shot as drawn: where it went, mrad from the range's centre, and whether it hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    pub point_mrad: DVec2,
    pub hit: bool,
}

/// The shots of the stage the skier is at, recorded from the run's events.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShotMarks {
    marks: Vec<Mark>,
    /// Seconds since the latest shot.
    since_last_s: f64,
}

impl ShotMarks {
    /// Record what `event` leaves on the picture: a new stage starts it clean, a shot marks
    /// where it went.
    pub fn record(&mut self, event: &RunEvent) {
        match *event {
            RunEvent::StageReached { .. } => {
                *self = Self {
                    since_last_s: f64::INFINITY,
                    ..Self::default()
                }
            }
            RunEvent::ShotFired {
                point_mrad, target, ..
            } => {
                self.marks.push(Mark {
                    point_mrad,
                    hit: target.is_some(),
                });
                self.since_last_s = 0.0;
            }
            _ => {}
        }
    }

    /// Let a frame of `frame_s` seconds pass: the cue's time runs only while the sight is up
    /// (`sight_up`), where it can be seen.
    pub fn pass(&mut self, sight_up: bool, frame_s: f64) {
        if sight_up {
            self.since_last_s += frame_s;
        }
    }

    /// The misses of this stage (hits show as white targets).
    pub fn misses(&self) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(|mark| !mark.hit)
    }

    /// The latest shot while its cue shows, and how far through the cue it is (0–1).
    pub fn cue(&self) -> Option<(Mark, f64)> {
        let last = *self.marks.last()?;
        (self.since_last_s < CUE_S).then_some((last, self.since_last_s / CUE_S))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::ShootingPosition;

    fn shot(x: f64, target: Option<usize>) -> RunEvent {
        RunEvent::ShotFired {
            point_mrad: DVec2::new(x, 0.0),
            target,
            coins: 0,
        }
    }

    #[test]
    fn a_miss_leaves_a_mark_where_it_went_and_a_cue_that_fades() {
        let mut marks = ShotMarks::default();
        marks.record(&RunEvent::StageReached {
            stage: 0,
            position: ShootingPosition::Prone,
        });
        assert!(marks.cue().is_none() && marks.misses().count() == 0);
        marks.record(&shot(3.0, None));
        marks.pass(true, 1.0 / 60.0);
        let missed: Vec<&Mark> = marks.misses().collect();
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].point_mrad, DVec2::new(3.0, 0.0));
        assert!(marks.cue().is_some_and(|(mark, _)| !mark.hit));
        marks.pass(false, CUE_S);
        assert!(marks.cue().is_some(), "the cue waits for the sight");
        marks.pass(true, CUE_S);
        assert!(marks.cue().is_none(), "the cue fades");
        assert_eq!(marks.misses().count(), 1, "the mark stays");
        marks.record(&shot(0.0, Some(1)));
        assert_eq!(marks.misses().count(), 1, "a hit leaves no miss mark");
        marks.record(&RunEvent::StageReached {
            stage: 1,
            position: ShootingPosition::Standing,
        });
        assert_eq!(marks.misses().count(), 0, "a new stage starts clean");
    }
}
