//! Screenshots of a run's telling moments, for checking how the game looks: with the
//! environment variable `LATU_MOMENTS_DIR` set to a directory, `latu play` saves one PNG there
//! the first time each moment happens (among obstacles, mid-jump, ducked, approaching a range,
//! on the mat before the sight, in the sight with targets down, on the penalty loop, at the
//! finish), named by the moment and the shooting position; and a strip of frames after the
//! first of each answered event (a coin of a line, a crash, a near miss, a landing, the end:
//! `coin-0.png`, `coin-1.png` …). Frame counts cannot find them: the simulation keeps real time
//! however slowly a software renderer draws.

use crate::app::platform::output::write_screenshot;
use crate::course::ShootingPosition;
use crate::shooting::TargetState;
use crate::sim::{Run, RunEvent, SkierState};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The environment variable naming the directory.
pub const MOMENTS_DIR_VAR: &str = "LATU_MOMENTS_DIR";
/// The run among obstacles is taken once this much of the run has passed, seconds.
const AMONG_OBSTACLES_S: f64 = 20.0;
/// Middle of a jump or a duck: the share of the action done.
const MID_ACTION: std::ops::Range<f32> = 0.4..0.6;
/// The approach is taken this far before a range, metres.
const APPROACH: std::ops::Range<f64> = 12.0..30.0;
/// The skier on the mat is taken once it has been there this long (the sight not yet up), s.
const ON_THE_MAT_S: f64 = 0.7;
/// The sight is taken once this many targets are down.
const TARGETS_DOWN: usize = 2;

/// Frames saved in an event's strip, and the frames between two of them.
const STRIP_FRAMES: u32 = 6;
const STRIP_EVERY: u32 = 2;
/// A coin's strip starts once a line has this many taken in a row.
const STRIP_STREAK: u32 = 3;

/// The moments still to take, and where to put them.
#[derive(Debug, Default)]
pub struct Moments {
    dir: Option<PathBuf>,
    taken: BTreeSet<String>,
    /// Event strips being taken: name and frames since the event.
    strips: Vec<(&'static str, u32)>,
}

impl Moments {
    /// Moments saved into `LATU_MOMENTS_DIR`, none when it is unset.
    pub fn from_env() -> Self {
        Self {
            dir: std::env::var_os(MOMENTS_DIR_VAR).map(PathBuf::from),
            taken: BTreeSet::new(),
            strips: Vec::new(),
        }
    }

    /// Start the strip of `event`'s answer, the first time one happens.
    pub fn note(&mut self, event: &RunEvent) {
        let name = match event {
            RunEvent::CoinTaken { streak, .. } if *streak >= STRIP_STREAK => "coin",
            RunEvent::ObstacleHit { .. } => "crash",
            RunEvent::Stumbled { .. } => "stumble",
            RunEvent::NearMiss { .. } => "near-miss",
            RunEvent::Landing => "landing",
            RunEvent::TrickLanded { .. } => "trick",
            RunEvent::Finished | RunEvent::OutOfLives => "end",
            _ => return,
        };
        if self.dir.is_some() && self.taken.insert(name.to_owned()) {
            self.strips.push((name, 0));
        }
    }

    /// After drawing a frame: save the strips' frames due now.
    fn strip_frames(&mut self, dir: &std::path::Path) {
        for (name, frames) in &mut self.strips {
            if *frames % STRIP_EVERY == 0 {
                let path = dir.join(format!("{name}-{}.png", *frames / STRIP_EVERY));
                if let Err(error) = write_screenshot(&path) {
                    eprintln!("{error}");
                }
            }
            *frames += 1;
        }
        self.strips
            .retain(|(_, frames)| *frames < STRIP_FRAMES * STRIP_EVERY);
    }

    /// After drawing a frame: save it if it shows a moment not taken yet. `arrival_s` is how
    /// long the skier has been at a range (the sight comes up after a moment); `summary`
    /// whether a stage's summary is on screen.
    pub fn frame(&mut self, run: &Run, arrival_s: Option<f64>, sight_up: bool, summary: bool) {
        let Some(dir) = self.dir.clone() else {
            return;
        };
        self.strip_frames(&dir);
        let name = match summary {
            true => Some("stage-summary".to_owned()),
            false => moment(run, arrival_s, sight_up),
        };
        let Some(name) = name else {
            return;
        };
        if self.taken.insert(name.clone()) {
            let path = dir.join(format!("{name}.png"));
            if let Err(error) = write_screenshot(&path) {
                crate::app::platform::log::tell_developers(&error.to_string());
            }
        }
    }
}

/// The moment this frame shows, if any.
fn moment(run: &Run, arrival_s: Option<f64>, sight_up: bool) -> Option<String> {
    let position = |stage: Option<usize>| {
        stage
            .and_then(|s| run.course().stages.get(s))
            .map(|spot| match spot.position {
                ShootingPosition::Prone => "prone",
                ShootingPosition::Standing => "standing",
            })
    };
    let mid = MID_ACTION.contains(&run.action_progress());
    let next_stage = run.course().stages.iter().position(|s| s.z >= run.z());
    let to_next = next_stage.map(|s| run.course().stages[s].z - run.z());
    match run.state() {
        SkierState::Jumping if mid => Some("jump".to_owned()),
        SkierState::Ducking if mid => Some("duck".to_owned()),
        SkierState::Skiing if to_next.is_some_and(|d| APPROACH.contains(&d)) => {
            position(next_stage).map(|p| format!("approach-{p}"))
        }
        SkierState::Skiing if run.time_s() >= AMONG_OBSTACLES_S => Some("run".to_owned()),
        SkierState::AtStage if !sight_up && arrival_s.is_some_and(|s| s >= ON_THE_MAT_S) => {
            position(run.at_stage()).map(|p| format!("mat-{p}"))
        }
        SkierState::AtStage if sight_up && targets_down(run) >= TARGETS_DOWN => {
            position(run.at_stage()).map(|p| format!("sight-{p}"))
        }
        SkierState::PenaltyLoop => Some("penalty".to_owned()),
        SkierState::Finished => Some("finish".to_owned()),
        _ => None,
    }
}

fn targets_down(run: &Run) -> usize {
    run.stage_view().map_or(0, |view| {
        view.targets
            .iter()
            .filter(|&&t| t == TargetState::Hit)
            .count()
    })
}
