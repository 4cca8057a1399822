//! The answer to every shot: where each shot of the stage went (a miss leaves a mark on the
//! target picture, a hit flips its target white) and a short cue after the latest one.

use crate::shooting::{Shot, StageView};
use glam::DVec2;

/// How long the cue after a shot shows, seconds.
pub const CUE_S: f64 = 0.9;

/// One shot as drawn: where it went, mrad from the range's centre, and whether it hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    pub point_mrad: DVec2,
    pub hit: bool,
}

/// The shots of the stage the skier is at.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShotMarks {
    stage: Option<usize>,
    marks: Vec<Mark>,
    /// Seconds since the latest shot.
    since_last_s: f64,
}

impl ShotMarks {
    /// Note this frame: the stage the skier is at (a new stage starts a clean picture), what it
    /// shows and whether the sight is up (the cue's time runs only while it can be seen).
    pub fn update(
        &mut self,
        at_stage: Option<usize>,
        view: Option<&StageView>,
        sight_up: bool,
        frame_s: f64,
    ) {
        if at_stage != self.stage {
            *self = Self {
                stage: at_stage,
                since_last_s: f64::INFINITY,
                ..Self::default()
            };
        }
        if sight_up {
            self.since_last_s += frame_s;
        }
        let Some(view) = view else {
            return;
        };
        if view.shots as usize > self.marks.len() {
            if let Some(Shot {
                point_mrad, hit, ..
            }) = view.last_shot
            {
                self.marks.push(Mark {
                    point_mrad,
                    hit: hit.is_some(),
                });
                self.since_last_s = 0.0;
            }
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
    use crate::shooting::{Rifle, ShootingStage, StageAction, StageSetup};

    fn stage() -> ShootingStage {
        ShootingStage::new(StageSetup {
            seed: 1,
            stage_index: 0,
            position: ShootingPosition::Prone,
            sway_factor: 1.0,
            arrival_bpm: 150.0,
            round_price: 10,
            purse: 0,
            rifle: Rifle::Training,
        })
    }

    #[test]
    fn a_miss_leaves_a_mark_where_it_went_and_a_cue_that_fades() {
        let mut stage = stage();
        let mut marks = ShotMarks::default();
        marks.update(Some(0), Some(&stage.view()), true, 0.0);
        assert!(marks.cue().is_none() && marks.misses().count() == 0);
        stage.step(&[StageAction::Aim { dx: 0, dy: -2000 }]);
        let shot = stage.step(&[StageAction::Fire]).shot.expect("fired");
        marks.update(Some(0), Some(&stage.view()), true, 1.0 / 60.0);
        let missed: Vec<&Mark> = marks.misses().collect();
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].point_mrad, shot.point_mrad);
        assert!(marks.cue().is_some_and(|(mark, _)| !mark.hit));
        marks.update(Some(0), Some(&stage.view()), false, CUE_S);
        assert!(marks.cue().is_some(), "the cue waits for the sight");
        marks.update(Some(0), Some(&stage.view()), true, CUE_S);
        assert!(marks.cue().is_none(), "the cue fades");
        assert_eq!(marks.misses().count(), 1, "the mark stays");
        marks.update(Some(1), None, false, 0.0);
        assert_eq!(marks.misses().count(), 0, "a new stage starts clean");
    }
}
