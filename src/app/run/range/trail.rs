//! The sight's recent path over the targets, drawn in the sight as a fading line, so the sway
//! (and how a held breath calms it) can be seen at a glance rather than only felt.

use glam::DVec2;
use std::collections::VecDeque;

/// How much of the path is kept, seconds.
const TRAIL_S: f64 = 0.8;

/// Where the sight pointed over the last [`TRAIL_S`] at the current stage, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SwayTrail {
    stage: Option<usize>,
    /// Sight positions (mrad) with the time each was shown, seconds.
    points: VecDeque<(DVec2, f64)>,
}

impl SwayTrail {
    /// Note this frame: the stage the skier is at, where the sight points (mrad), and the
    /// frame's duration. A new stage starts a new trail.
    pub fn update(&mut self, at_stage: Option<usize>, sight_mrad: Option<DVec2>, frame_s: f64) {
        if at_stage != self.stage {
            self.stage = at_stage;
            self.points.clear();
        }
        let Some(sight) = sight_mrad else {
            return;
        };
        self.points.push_back((sight, frame_s.max(0.0)));
        let mut kept: f64 = self.points.iter().map(|&(_, shown)| shown).sum();
        while kept > TRAIL_S && self.points.len() > 1 {
            if let Some((_, shown)) = self.points.pop_front() {
                kept -= shown;
            }
        }
    }

    /// The sight positions kept, oldest first, mrad.
    pub fn points(&self) -> impl ExactSizeIterator<Item = DVec2> + '_ {
        self.points.iter().map(|&(point, _)| point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trail_keeps_the_recent_path_and_restarts_at_each_stage() {
        let mut trail = SwayTrail::default();
        let frame = 1.0 / 60.0;
        for k in 0..200 {
            trail.update(Some(0), Some(DVec2::new(f64::from(k), 0.0)), frame);
        }
        let kept = trail.points().len();
        assert!((f64::from(kept as u32) * frame - TRAIL_S).abs() < 2.0 * frame);
        assert_eq!(trail.points().last(), Some(DVec2::new(199.0, 0.0)));
        trail.update(Some(1), Some(DVec2::ZERO), frame);
        assert_eq!(trail.points().len(), 1);
        trail.update(None, None, frame);
        assert_eq!(trail.points().len(), 0);
    }
}
