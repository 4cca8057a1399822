//! The ghost on screen: the core's [`Ghost`] stepped with the player's run, its skier placed and
//! posed between ticks like the player's, and the gap at the last split the player passed.

use super::ski_run::{Snapshot, TickPair};
pub use crate::app::render::scene::GhostFigure;
use crate::models::{PoseCues, SkierPose};
use crate::replay::ghost::gap_s;
use crate::replay::{Ghost, SplitTicks};
use crate::sim::{Run, Tick, TICK_HZ};
use crate::terrain::Terrain;

/// How long a split's gap stays on screen, seconds of run time.
pub const GAP_SHOWN_S: f64 = 4.0;

/// The gap at a split, seconds: positive when the player is behind the ghost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gap {
    pub seconds: f64,
    /// Whether it was taken at the finish.
    pub at_finish: bool,
    /// The player's tick at the split.
    tick: Tick,
}

/// A ghost skiing beside the player's run.
pub struct GhostRun {
    ghost: Ghost,
    ticks: TickPair,
    /// What the ghost's pose remembers of its run's events.
    cues: PoseCues,
    /// When the player passed the splits.
    player_splits: SplitTicks,
    last_gap: Option<Gap>,
}

impl GhostRun {
    pub fn new(ghost: Ghost, lane_width: f64) -> Self {
        let snapshot = Snapshot::of(ghost.run(), lane_width);
        let player_splits = SplitTicks::new(ghost.split_points().clone());
        Self {
            ghost,
            ticks: TickPair::at(snapshot),
            cues: PoseCues::starting(Tick::ZERO),
            player_splits,
            last_gap: None,
        }
    }

    /// The player's run has stepped a tick: the ghost steps to the same tick, and a split the
    /// player passed on it gives the gap.
    pub fn follow(&mut self, run: &Run, lane_width: f64) {
        let cues = &mut self.cues;
        self.ghost
            .step_to(run.tick(), &mut |tick, event| cues.note(event, tick));
        self.ticks.push(Snapshot::of(self.ghost.run(), lane_width));
        let last = self.ghost.split_points().metres().len().saturating_sub(1);
        let finish_split = run.course().length.is_some();
        while let Some(index) = self.player_splits.observe(run) {
            if let Some(ghost_tick) = self.ghost.splits().tick(index) {
                self.last_gap = Some(Gap {
                    seconds: gap_s(run.tick(), ghost_tick),
                    at_finish: finish_split && index == last,
                    tick: run.tick(),
                });
            }
        }
    }

    /// Where the ghost is drawn, `alpha` of the way from the last tick to this one; none once
    /// its replay is over (an Endless ghost stops where its run was left).
    pub fn figure(&self, terrain: &Terrain, alpha: f32) -> Option<GhostFigure> {
        let run = self.ghost.run();
        if self.ghost.is_over() && !run.is_finished() {
            return None;
        }
        Some(GhostFigure {
            at: self.ticks.between(alpha).feet(terrain),
            pose: SkierPose::from_run(run, &self.cues),
        })
    }

    /// The last split's gap while it is shown (for [`GAP_SHOWN_S`] after it; the finish's
    /// stays), at the player's tick `now`.
    pub fn gap_shown(&self, now: Tick) -> Option<Gap> {
        let shown_ticks = (GAP_SHOWN_S * f64::from(TICK_HZ)) as u64;
        self.last_gap
            .filter(|gap| gap.at_finish || now.since(gap.tick).unwrap_or(0) < shown_ticks)
    }

    /// The gap at the finish, once the player has crossed it.
    pub fn finish_gap(&self) -> Option<f64> {
        self.last_gap
            .filter(|gap| gap.at_finish)
            .map(|gap| gap.seconds)
    }
}
