//! What one run did towards the missions, counted from its events as they happen (never from
//! the run's state, never in its hash).

use super::table::Goal;
use crate::course::{ObstacleClass, ShootingPosition};
use crate::sim::RunEvent;

/// The run's counts, from its events.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunTally {
    /// Whether the run is Endless (its crash-free stretches count; its finish is not a level's).
    endless: bool,
    pub coins: u32,
    pub longest_coin_line: u32,
    pub hurdles: u32,
    pub bars: u32,
    pub near_misses: u32,
    pub targets: u32,
    pub clean_prone: u32,
    pub clean_standing: u32,
    /// Crashes, forgiven (a stumble) or not.
    pub crashes: u32,
    pub clean_finishes: u32,
    /// Metres skied, in whole distance marks.
    pub metres: u32,
    /// Endless: metres skied since the last crash, and the longest such stretch.
    since_crash: u32,
    pub longest_without_crash: u32,
    /// The position of the stage the skier is at.
    at_stage: Option<ShootingPosition>,
    /// The run was left without its results (quit): its coins are not kept, so the
    /// multiplier adds nothing to them.
    quit: bool,
}

impl RunTally {
    /// A run just starting; `endless` for an Endless run.
    pub fn new(endless: bool) -> Self {
        Self {
            endless,
            ..Self::default()
        }
    }

    /// Count one event.
    pub fn note(&mut self, event: &RunEvent) {
        match *event {
            RunEvent::CoinTaken { streak, .. } => {
                self.coins += 1;
                self.longest_coin_line = self.longest_coin_line.max(streak);
            }
            RunEvent::ObstacleCleared { class, .. } => match class {
                ObstacleClass::Jump => self.hurdles += 1,
                ObstacleClass::Duck => self.bars += 1,
                ObstacleClass::Dodge => {}
            },
            RunEvent::NearMiss { .. } => self.near_misses += 1,
            RunEvent::TargetDown { .. } => self.targets += 1,
            RunEvent::StageReached { position, .. } => self.at_stage = Some(position),
            RunEvent::StageLeft { result } => {
                let clean =
                    result.shot && result.misses == 0 && result.targets_down.iter().all(|&d| d);
                match self.at_stage.take() {
                    Some(ShootingPosition::Prone) if clean => self.clean_prone += 1,
                    Some(ShootingPosition::Standing) if clean => self.clean_standing += 1,
                    _ => {}
                }
            }
            RunEvent::ObstacleHit { .. } | RunEvent::Stumbled { .. } => {
                self.crashes += 1;
                self.since_crash = 0;
            }
            RunEvent::DistanceMark { metres } => {
                let step = metres.saturating_sub(self.metres);
                self.metres = metres;
                if self.endless {
                    self.since_crash += step;
                    self.longest_without_crash = self.longest_without_crash.max(self.since_crash);
                }
            }
            RunEvent::Finished if !self.endless && self.crashes == 0 => self.clean_finishes += 1,
            _ => {}
        }
    }

    /// The tally of a run left without its results: it counts towards the missions, but its
    /// coins (not kept) earn no multiplier bonus.
    pub fn quit(self) -> Self {
        Self { quit: true, ..self }
    }

    /// Whether the run's coins are kept (see [`RunTally::quit`]).
    pub fn coins_kept(&self) -> bool {
        !self.quit
    }

    /// How far the run went towards `goal`.
    pub fn towards(&self, goal: Goal) -> u32 {
        match goal {
            Goal::CoinsInRun | Goal::CoinsInAll => self.coins,
            Goal::CoinLine => self.longest_coin_line,
            Goal::Hurdles => self.hurdles,
            Goal::Bars => self.bars,
            Goal::NearMisses => self.near_misses,
            Goal::Targets => self.targets,
            Goal::CleanStages(Some(ShootingPosition::Prone)) => self.clean_prone,
            Goal::CleanStages(Some(ShootingPosition::Standing)) => self.clean_standing,
            Goal::CleanStages(None) => self.clean_prone + self.clean_standing,
            Goal::CleanFinishes => self.clean_finishes,
            Goal::EndlessWithoutCrash => self.longest_without_crash,
            Goal::MetresInAll => self.metres,
        }
    }
}
