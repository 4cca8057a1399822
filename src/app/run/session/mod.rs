//! One run on screen, each frame in three passes: [`RunSession::update`] moves the state on
//! (input, streaming, ticks, events to their handlers, the sight and the camera following),
//! [`RunSession::view`] builds what is on screen from that state, and
//! [`RunSession::present`] draws it. Nothing changes while drawing, and nothing drawn flows
//! into the next frame's update.

mod camera;
mod present;
mod scenery;
mod update;
mod view;

use super::clock::countdown::Countdown;
use super::feel::RunFeel;
use super::input::{ActionQueue, Controls};
use super::mission_moment::MissionMoment;
use super::moments::Moments;
use super::range::SightIntro;
use super::ski_run::{Pilot, SkiRun};
use super::stats::FrameStats;
use super::tutorial::{first_windy_level, Tutorial, TutorialStep};
use crate::app::platform::audio::Sounds;
use crate::app::platform::log::trace;
use crate::app::render::camera::ViewCamera;
use crate::app::AppError;
use crate::course::Course;
use crate::models::Outfit;
use crate::replay::{CourseChoice, Ghost};
use crate::sim::{Brought, Run};
use crate::stream::{RunPhase, StallGate};
use crate::terrain::{Terrain, TerrainConfig};
use camera::RunCamera;
use macroquad::miniquad::RenderingBackend;
use scenery::RunScenery;
use std::time::Duration;
use update::RangeSight;

/// Everything a run is started from.
pub struct RunSetup {
    pub course: Course,
    pub choice: CourseChoice,
    pub pilot: Pilot,
    pub terrain: TerrainConfig,
    pub view_distance: f64,
    /// The player's swipe sensitivity, aim keys' speed and buttons' side.
    pub controls: Controls,
    /// Whether the camera shakes on a hit.
    pub camera_shake: bool,
    /// Whether a phone buzzes on a hit and on the countdown's "go".
    pub vibration: bool,
    /// Whether this is the tutorial's run (it holds at each step until the player acts).
    pub tutorial: bool,
    /// What the player brings to the run: the rifle (never the banked purse).
    pub brought: Brought,
    /// The suit and skis the skier wears.
    pub outfit: Outfit,
    /// The best run of this course, to ski beside as a ghost.
    pub ghost: Option<Ghost>,
    /// The missions the run counts towards (none: a run that counts for none).
    pub missions: Option<crate::missions::MissionWatch>,
}

/// Whether the run's ranges teach the wind: a player's run of the first level with wind.
fn teaches_wind(setup: &RunSetup) -> bool {
    let level = match setup.choice {
        CourseChoice::Level { level, .. } => Some(level),
        CourseChoice::Endless { .. } => None,
    };
    matches!(setup.pilot, Pilot::Player) && level.is_some() && level == first_windy_level()
}

/// What one frame of the run does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameMode {
    /// Step the run and read the player's input.
    Play,
    /// Draw the run as it stands (paused, or under another screen).
    Frozen,
    /// Draw the run as it stands with the HUD it has under way (a held `--show` moment): not
    /// stepped, its power-ups' chips shown.
    Held,
}

/// How the run's own HUD is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    /// A "Finish!" banner at the end (the direct `latu play --level …` run).
    Finish,
    /// No finish banner: the results screen follows.
    None,
}

/// A run with the world it is drawn in.
pub struct RunSession {
    scenery: RunScenery,
    camera: RunCamera,
    sight: RangeSight,
    ski: SkiRun,
    /// The 3-2-1 the run clock waits for (a player's runs; the bot and replays need none).
    countdown: Countdown,
    /// Whether a phone buzzes on a hit and on "go" (a setting).
    vibration: bool,
    /// The tutorial guiding this run, if it is the tutorial's.
    tutorial: Option<Tutorial>,
    actions: ActionQueue,
    /// The range's fire button on the left.
    left_handed: bool,
    gate: StallGate,
    /// Screenshots of telling moments (`LATU_MOMENTS_DIR`).
    moments: Moments,
    /// The HUD's, camera's and overlay's answers to the run's events.
    feel: RunFeel,
    /// The missions counted from the run's events, and the banner when one completes.
    missions: MissionMoment,
    /// Seconds the run has been shown playing (the overlay's animation clock).
    shown_s: f64,
    /// Frame statistics for `--stats`.
    pub stats: FrameStats,
}

impl RunSession {
    /// Start a run (inside the window).
    pub fn new(setup: RunSetup) -> Result<Self, AppError> {
        trace(&format!("run starts {:?}", setup.choice));
        let scenery = RunScenery::new(&setup)?;
        let teach_wind = teaches_wind(&setup);
        let lane_width = scenery.terrain.config().lane_width;
        let run = match setup.choice {
            CourseChoice::Endless {
                distance: Some(distance),
                ..
            } => Run::new(setup.course).with_finish(distance),
            _ if setup.tutorial => super::tutorial::lesson_run(setup.course),
            _ => Run::new(setup.course),
        }
        .bringing(setup.brought);
        let countdown = match setup.pilot {
            Pilot::Player => Countdown::start(),
            Pilot::Bot | Pilot::Replay(_) => Countdown::default(),
        };
        let ski = SkiRun::new(run, setup.choice, setup.pilot, lane_width);
        let ski = match setup.ghost {
            Some(ghost) => ski.with_ghost(ghost),
            None => ski,
        };
        Ok(Self {
            scenery,
            camera: RunCamera::new(setup.camera_shake),
            sight: RangeSight::new(teach_wind),
            countdown,
            vibration: setup.vibration,
            tutorial: setup.tutorial.then(Tutorial::default),
            ski,
            left_handed: setup.controls.left_handed,
            actions: ActionQueue::new(setup.controls),
            gate: StallGate::new(),
            moments: Moments::from_env(),
            feel: RunFeel::default(),
            missions: MissionMoment::new(setup.missions),
            shown_s: 0.0,
            stats: FrameStats::default(),
        })
    }

    /// The run.
    pub fn ski(&self) -> &SkiRun {
        &self.ski
    }

    /// The run's missions as they stand.
    pub fn missions(&self) -> Option<&crate::missions::MissionWatch> {
        self.missions.watch()
    }

    /// Step whole ticks without drawing until `reached` holds (see [`SkiRun::fast_forward`]),
    /// the answers on screen (words, the crash's edge) following as if each tick were seen: a
    /// screenshot there shows what a player would see.
    pub fn fast_forward(&mut self, reached: impl Fn(&Run) -> bool, max_ticks: u64) {
        let tick_s = 1.0 / f64::from(crate::sim::TICK_HZ);
        let (feel, missions) = (&mut self.feel, &mut self.missions);
        self.ski.fast_forward(reached, max_ticks, &mut |events| {
            feel.pass(tick_s);
            missions.pass(tick_s);
            for event in events {
                feel.note(event);
                missions.note(event);
            }
        });
    }

    /// One frame in `ctx`: update (stepping the run by `frame_time` in [`FrameMode::Play`]),
    /// build the view, present it; then the frame's outputs (moments' screenshots, statistics).
    pub fn frame(
        &mut self,
        ctx: &mut dyn RenderingBackend,
        frame_time: Duration,
        mode: FrameMode,
        banner: Banner,
        sounds: &Sounds,
    ) {
        let updated = self.update(ctx, frame_time, mode, sounds);
        let view = self.view(&updated);
        let drawn = self.present(ctx, &view, banner, mode);
        if view.world.is_some() {
            let summary = self.sight.summary.is_shown() && !self.sight.shown();
            let sight = &self.sight;
            self.moments
                .frame(self.ski.run(), sight.intro.arrival_s(), sight.up, summary);
        }
        self.stats.record(
            frame_time,
            drawn,
            updated.uploads,
            updated.phase == RunPhase::Stalled,
        );
    }

    /// Play the tutorial's run as a player would, answering each step at its moment, until it
    /// teaches `step` (a `--show` screen of a later step, reached by really playing to it).
    pub fn rehearse_tutorial(&mut self, step: TutorialStep) {
        let tick = Duration::from_secs(1) / crate::sim::TICK_HZ;
        let mut input = super::input::PlayerInput::default();
        for _ in 0..crate::replay::MAX_TICKS {
            let Some(tutorial) = &mut self.tutorial else {
                return;
            };
            let run = self.ski.run();
            if (tutorial.step() >= step && tutorial.shows_card(run)) || run.is_finished() {
                return;
            }
            let answer = match tutorial.answer(run) {
                None if step == TutorialStep::Finish => leave_range(run),
                answer => answer,
            };
            input.pressed.extend(answer);
            self.ski
                .advance_gated(tick, &mut input, &mut |run, pressed| {
                    tutorial.gate(run, pressed)
                });
        }
    }

    /// The run starts at once, without its countdown (a `--show` screen of the run itself).
    pub fn skip_countdown(&mut self) {
        self.countdown = Countdown::default();
    }

    /// Put the sight up at once if the skier stands at a range (a `--show` screen reached by
    /// simulating to the middle of a stage).
    pub fn sight_up_now(&mut self) {
        if let Some(stage) = self.ski.run().at_stage() {
            self.sight.intro = SightIntro::up_at(stage);
        }
    }

    /// Count down again before the run goes on (a player's run resuming from pause).
    pub fn count_down(&mut self) {
        if self.ski.is_players() {
            self.countdown = Countdown::start();
        }
    }

    /// Keep touches in `area` (a button drawn over the run) out of the run's gestures.
    pub fn reserve(&mut self, area: Option<macroquad::math::Rect>) {
        self.actions.reserve(area);
    }

    /// The camera the last frame of the world was seen from (none before the first).
    pub fn drawn_camera(&self) -> Option<ViewCamera> {
        self.camera.now
    }

    /// The terrain the run is skied on.
    pub fn terrain(&self) -> &Terrain {
        &self.scenery.terrain
    }

    /// Endless's second chance while it is offered: seconds left to answer and the coins the
    /// run holds (`None`: no offer).
    pub fn offer(&self) -> Option<(f64, u32)> {
        let run = self.ski.run();
        let left = run.second_chance_offer_s()?;
        Some((left, run.coins()))
    }

    /// The player's answer to the offer, for the run's next tick (a bot's or a replay's run
    /// answers by itself: the card only shows it).
    pub fn answer_offer(&mut self, action: crate::sim::Action) {
        if self.ski.is_players() {
            self.actions.input().pressed.push(action);
        }
    }

    /// Whether the run is still behind its loading screen.
    pub fn is_loading(&self) -> bool {
        !self.gate.started()
    }
}

/// A press that takes a rehearsed tutorial off its range: a round fired while one can go, the
/// penalty loop taken once they are spent.
fn leave_range(run: &Run) -> Option<crate::sim::Action> {
    let view = run.stage_view()?;
    match view.phase {
        crate::shooting::StagePhase::OutOfRounds => Some(crate::sim::Action::TakePenalty),
        _ if view.can_fire => Some(crate::sim::Action::Fire),
        _ => None,
    }
}
