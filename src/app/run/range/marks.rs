//! The answer to every shot, the shot marks' handler of the run's events: where each shot of the
//! stage went (a miss leaves a mark on the picture for the stage, a hit flips its target white),
//! the rifle's kick and muzzle puff, and a short cue after the latest shot.

use crate::shooting::range::TARGET_COUNT;
use crate::sim::RunEvent;
use glam::DVec2;

/// How long the cue after a shot shows, seconds.
pub const CUE_S: f64 = 0.9;
/// How long the rifle's kick takes to settle back, seconds.
pub const RECOIL_S: f64 = 0.45;
/// How long the muzzle's puff of smoke lasts, seconds.
pub const PUFF_S: f64 = 0.9;
/// How long a hit target's white paddle takes to flip up, seconds.
pub const FLIP_S: f64 = 0.2;
/// How long the sight stays up after the shot that ends a stage (its flip and cue are seen
/// while the skier gets up), seconds.
pub const LINGER_S: f64 = 0.7;

/// One shot as drawn: where it went, mrad from the range's centre, and the target it knocked
/// down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mark {
    pub point_mrad: DVec2,
    pub target: Option<usize>,
    /// Coins the shot paid.
    pub coins: u32,
    /// The marks' clock when it was fired, seconds.
    fired_s: f64,
}

impl Mark {
    /// Whether the shot knocked a target down.
    pub fn hit(&self) -> bool {
        self.target.is_some()
    }
}

/// The shots of the stage the skier is at, recorded from the run's events.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShotMarks {
    marks: Vec<Mark>,
    /// Seconds the sight has been up at this stage: the effects' clock.
    clock_s: f64,
}

impl ShotMarks {
    /// Record what `event` leaves on the picture: a new stage starts it clean, a shot marks
    /// where it went.
    pub fn record(&mut self, event: &RunEvent) {
        match *event {
            RunEvent::StageReached { .. } => *self = Self::default(),
            RunEvent::ShotFired {
                point_mrad,
                target,
                coins,
            } => self.marks.push(Mark {
                point_mrad,
                target,
                coins,
                fired_s: self.clock_s,
            }),
            _ => {}
        }
    }

    /// Let a frame of `frame_s` seconds pass: the effects' time runs only while the sight is
    /// up (`sight_up`), where they can be seen.
    pub fn pass(&mut self, sight_up: bool, frame_s: f64) {
        if sight_up {
            self.clock_s += frame_s;
        }
    }

    /// The misses of this stage (hits show as white targets).
    pub fn misses(&self) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(|mark| !mark.hit())
    }

    /// Seconds since the latest shot, if there was one at this stage.
    pub fn since_last_s(&self) -> Option<f64> {
        self.marks.last().map(|mark| self.clock_s - mark.fired_s)
    }

    /// Whether the sight stays up after its stage has ended: the last shot is under
    /// [`LINGER_S`] old.
    pub fn lingering(&self) -> bool {
        self.since_last_s().is_some_and(|s| s < LINGER_S)
    }

    /// The latest shot while its cue shows, and how far through the cue it is (0–1).
    pub fn cue(&self) -> Option<(Mark, f64)> {
        let last = *self.marks.last()?;
        let since = self.clock_s - last.fired_s;
        (since < CUE_S).then_some((last, since / CUE_S))
    }

    /// The rifle's kick now: 1 at the shot, easing back to 0 over [`RECOIL_S`].
    pub fn recoil(&self) -> f32 {
        let share = self.share_of(RECOIL_S);
        (1.0 - share).powi(2) as f32
    }

    /// How far through its life the latest shot's muzzle puff is (0–1), while it shows.
    pub fn puff(&self) -> Option<f64> {
        let share = self.share_of(PUFF_S);
        (share < 1.0).then_some(share)
    }

    /// How far target `index`'s white paddle has flipped up: 0 standing, 1 up, between while
    /// it flips (`None`: no shot of this stage hit it).
    pub fn flip(&self, index: usize) -> Option<f32> {
        let mark = self.marks.iter().find(|m| m.target == Some(index))?;
        Some(((self.clock_s - mark.fired_s) / FLIP_S).clamp(0.0, 1.0) as f32)
    }

    /// Whether every target went down with no miss: a clean stage.
    pub fn clean(&self) -> bool {
        self.marks.len() == TARGET_COUNT && self.marks.iter().all(Mark::hit)
    }

    /// Share of `span` seconds since the latest shot, 1 without one.
    fn share_of(&self, span: f64) -> f64 {
        self.since_last_s()
            .map_or(1.0, |s| (s / span).clamp(0.0, 1.0))
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

    fn arrive(stage: usize) -> RunEvent {
        RunEvent::StageReached {
            stage,
            position: ShootingPosition::Prone,
        }
    }

    #[test]
    fn a_miss_leaves_a_mark_where_it_went_and_a_cue_that_fades() {
        let mut marks = ShotMarks::default();
        marks.record(&arrive(0));
        assert!(marks.cue().is_none() && marks.misses().count() == 0);
        marks.record(&shot(3.0, None));
        marks.pass(true, 1.0 / 60.0);
        let missed: Vec<&Mark> = marks.misses().collect();
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].point_mrad, DVec2::new(3.0, 0.0));
        assert!(marks.cue().is_some_and(|(mark, _)| !mark.hit()));
        marks.pass(false, CUE_S);
        assert!(marks.cue().is_some(), "the cue waits for the sight");
        marks.pass(true, CUE_S);
        assert!(marks.cue().is_none(), "the cue fades");
        assert_eq!(marks.misses().count(), 1, "the mark stays");
        marks.record(&shot(0.0, Some(1)));
        assert_eq!(marks.misses().count(), 1, "a hit leaves no miss mark");
        marks.record(&arrive(1));
        assert_eq!(marks.misses().count(), 0, "a new stage starts clean");
    }

    #[test]
    fn every_shot_kicks_and_puffs_and_a_hit_flips_its_target_up() {
        let mut marks = ShotMarks::default();
        marks.record(&arrive(0));
        assert_eq!((marks.recoil(), marks.puff()), (0.0, None));
        marks.pass(true, 2.0);
        marks.record(&shot(0.0, Some(2)));
        assert_eq!(marks.recoil(), 1.0, "the kick is at once");
        assert_eq!(marks.puff(), Some(0.0));
        assert_eq!(marks.flip(2), Some(0.0));
        assert_eq!(marks.flip(1), None);
        marks.pass(true, FLIP_S / 2.0);
        assert!(marks.flip(2).is_some_and(|f| f > 0.4 && f < 0.6));
        assert!(marks.recoil() < 1.0 && marks.recoil() > 0.0);
        marks.pass(true, PUFF_S);
        assert_eq!(marks.flip(2), Some(1.0));
        assert_eq!((marks.recoil(), marks.puff()), (0.0, None));
        marks.record(&shot(9.0, None));
        assert_eq!(marks.recoil(), 1.0, "a miss kicks too");
    }

    #[test]
    fn five_hits_in_five_shots_are_a_clean_stage() {
        let mut marks = ShotMarks::default();
        for target in 0..TARGET_COUNT {
            assert!(!marks.clean());
            marks.record(&shot(0.0, Some(target)));
        }
        assert!(marks.clean());
        marks.record(&arrive(1));
        marks.record(&shot(5.0, None));
        assert!(!marks.clean());
    }
}
