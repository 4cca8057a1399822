//! The first pass of a frame: the run's state moves on. The input is read, the world streamed
//! round the skier, the clock and the run stepped, and each event handed to its handlers
//! (sounds, buzz, the answers on screen, missions, moments); then the sight and the camera
//! follow the run as it now stands. Nothing is drawn here.

use super::{FrameMode, RunSession};
use crate::app::platform::audio::Sounds;
use crate::app::platform::log::{trace, trace_event, trace_sight};
use crate::app::run::clock::countdown::Beat;
use crate::app::run::feel::sounds::sounds_of;
use crate::app::run::range::{
    LastSight, SightIntro, StageSummary, SummaryCard, SwayTrail, UpperRow,
};
use crate::app::run::ski_run::SkiRun;
use crate::app::run::streaming::Uploads;
use crate::shooting::StageView;
use crate::sim::{Run, RunEvent};
use crate::sound::SoundEffect;
use crate::stream::RunPhase;
use macroquad::miniquad::RenderingBackend;
use std::time::Duration;

/// A phone's buzz on a hit and on the countdown's "go", milliseconds.
const HIT_BUZZ_MS: u32 = 60;
const GO_BUZZ_MS: u32 = 35;
/// A shorter buzz for the run's first, forgiven crash.
const STUMBLE_BUZZ_MS: u32 = 30;
/// A tap of a buzz for a power-up taken, and the shield taking a crash.
const PICKUP_BUZZ_MS: u32 = 20;

/// Longest step the answers on screen age by in one frame, seconds: as far as the run's
/// clock catches up in a frame.
const FEEL_STEP_MAX_S: f64 =
    crate::app::run::clock::tick_clock::MAX_CATCH_UP_TICKS as f64 / crate::sim::TICK_HZ as f64;

/// The vibration handler: how long a phone buzzes for `event`, milliseconds (most are felt
/// through sound alone).
fn buzz_of(event: &RunEvent) -> Option<u32> {
    match event {
        RunEvent::ObstacleHit { .. } => Some(HIT_BUZZ_MS),
        RunEvent::Stumbled { .. } | RunEvent::TrickFailed => Some(STUMBLE_BUZZ_MS),
        RunEvent::Launched { .. } | RunEvent::TrickLanded { .. } => Some(PICKUP_BUZZ_MS),
        RunEvent::PickupTaken { .. } | RunEvent::Shielded { .. } => Some(PICKUP_BUZZ_MS),
        _ => None,
    }
}

/// What the update pass tells the view pass: whether the run is loading, stalled or playing,
/// and what was uploaded for the frame's statistics.
pub(super) struct Updated {
    pub phase: RunPhase,
    pub uploads: Uploads,
}

/// The sight at a range: when it comes up, the path it swayed along, and the stage it still
/// shows a moment after the last shot.
#[derive(Default)]
pub(super) struct RangeSight {
    /// Whether this run's ranges teach the wind (the player's run of its first windy level).
    pub teach_wind: bool,
    pub intro: SightIntro,
    pub trail: SwayTrail,
    last: LastSight,
    /// Whether the sight is up at the range the skier stands at.
    pub up: bool,
    /// The stage ended but still seen through the sight (its last target flipping white).
    pub lingering: Option<StageView>,
    /// The summary of the stage just left, shown a moment.
    pub summary: SummaryCard,
}

impl RangeSight {
    /// The sight of a run whose ranges teach the wind, or not.
    pub fn new(teach_wind: bool) -> Self {
        Self {
            teach_wind,
            ..Self::default()
        }
    }

    /// Follow the run after this frame's ticks.
    fn follow(&mut self, ski: &SkiRun, frame_s: f64) {
        let run = ski.run();
        self.up = self.intro.update(run.at_stage(), frame_s);
        let view = run.stage_view();
        self.trail
            .update(run.at_stage(), view.map(|view| view.sight_mrad), frame_s);
        self.lingering = self.last.update(view, self.up, ski.marks());
    }

    /// The summary handler: leaving a stage seen through the sight shows what it came to.
    fn note(&mut self, event: &RunEvent) {
        if let (RunEvent::StageLeft { result }, Some(seen)) = (event, self.last.seen()) {
            self.summary.show(StageSummary::of(result, &seen));
        }
    }

    /// Whether the sight is on screen (up, or lingering on a stage just ended).
    pub fn shown(&self) -> bool {
        self.up || self.lingering.is_some()
    }
}

impl RunSession {
    /// Move the run on by `frame_time` (in [`FrameMode::Play`]); `ctx` takes the streamed
    /// chunks' uploads.
    pub(super) fn update(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        frame_time: Duration,
        mode: FrameMode,
        sounds: &Sounds,
    ) -> Updated {
        let playing = mode == FrameMode::Play;
        if playing {
            let run = self.ski.run();
            let row = run.stage_view().map(|view| UpperRow::of(&view));
            self.actions.set_upper_row(row.unwrap_or_default());
            self.actions.poll(run.at_stage().is_some());
        }
        let skier_z = self.ski.drawn_z();
        let uploads = self.scenery.world.update(ctx, skier_z);
        let phase = self.gate.frame(self.scenery.world.readiness(skier_z));
        if phase != RunPhase::Loading {
            let frame_s = frame_time.as_secs_f64();
            let counting = self.countdown.holding();
            if phase.clock_runs() && playing {
                self.count_down_beat(frame_s, sounds);
            }
            if playing {
                self.age_answers(frame_s);
            }
            if phase.clock_runs() && playing && !counting {
                self.step_run(frame_time, sounds);
            }
            self.sight.follow(&self.ski, frame_s);
            self.camera.follow(
                &self.ski,
                &self.scenery.terrain,
                &self.feel,
                frame_s,
                self.scenery.far,
            );
        }
        if !(phase.clock_runs() && playing) || self.countdown.holding() {
            self.actions.discard();
        }
        Updated { phase, uploads }
    }

    /// The countdown's beat, heard (and "go" felt) when one falls in this frame.
    fn count_down_beat(&mut self, frame_s: f64, sounds: &Sounds) {
        match self.countdown.pass(frame_s) {
            Some(Beat::Count(_)) => sounds.play(SoundEffect::CountBeep),
            Some(Beat::Go) => {
                sounds.play(SoundEffect::GoBeep);
                self.buzz(GO_BUZZ_MS);
                let run = self.ski.run();
                trace(&format!(
                    "run tick {} lane {} state {:?}",
                    run.tick(),
                    run.lane(),
                    run.state()
                ));
            }
            None => {}
        }
    }

    /// The answers on screen age before this frame's events, with the run's clock: a fresh one
    /// shows whole however long the frame, and a slow frame does not skip one. The shots' kick
    /// and flip age only while the sight is shown.
    fn age_answers(&mut self, frame_s: f64) {
        let step_s = frame_s.min(FEEL_STEP_MAX_S);
        self.feel.pass(step_s);
        self.missions.pass(step_s);
        self.ski.pass_marks(self.sight.shown(), step_s);
        self.sight.summary.pass(step_s);
        self.shown_s += step_s;
    }

    /// Step the run's ticks for this frame (the tutorial holding them at its steps) and hand
    /// each event to its handlers.
    fn step_run(&mut self, frame_time: Duration, sounds: &Sounds) {
        let tutorial = &mut self.tutorial;
        let mut gate = |run: &mut Run, pressed: &mut Vec<crate::sim::Action>| {
            tutorial.as_mut().is_none_or(|t| t.gate(run, pressed))
        };
        let before = self.ski.run().tick();
        let events = self
            .ski
            .advance_gated(frame_time, self.actions.input(), &mut gate);
        if self.sight.up {
            trace_sight(self.ski.run(), before);
        }
        for event in &events {
            trace_event(event, self.ski.run());
            for &sound in sounds_of(event) {
                sounds.play(sound);
            }
            if let Some(ms) = buzz_of(event) {
                self.buzz(ms);
            }
            self.feel.note(event);
            self.missions.hear(event, sounds);
            self.moments.note(event);
            self.sight.note(event);
        }
    }

    /// A short buzz on a phone, when the player wants them (the vibration handler's output).
    fn buzz(&self, ms: u32) {
        if self.vibration {
            crate::app::platform::android::vibrate(ms);
        }
    }
}
