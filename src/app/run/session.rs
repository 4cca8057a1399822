//! One run on screen: the world streamed and uploaded around the skier, loading shown until the
//! view is complete, the run stepped on fixed ticks while every visible chunk is on the GPU (the
//! run clock is held otherwise), and world, objects and HUD drawn.

use super::clock::countdown::{Beat, Countdown};
use super::feel::penalty_view::LoopView;
use super::feel::sounds::sounds_of;
use super::feel::{draw_feel, draw_gates, GateMark, RunFeel};
use super::gate_view::{gate_marks, screen_point};
use super::hud::{draw_gap, draw_run_hud};
use super::input::{ActionQueue, Controls};
use super::loading::{draw_loading_screen, draw_waiting_bar};
use super::mission_moment::MissionMoment;
use super::moments::Moments;
use super::range::{
    arrival_card, draw_arrival, draw_stage, LastSight, LensPalette, SightIntro, SwayTrail,
};
use super::ski_run::{Pilot, SkiRun};
use super::stats::FrameStats;
use super::streaming::WorldStream;
use super::tutorial::{Step, Tutorial};
use crate::app::platform::audio::Sounds;
use crate::app::platform::log::{trace, trace_event};
use crate::app::render::camera::{ChaseRig, ViewCamera, CHASE_BACK};
use crate::app::render::dynamic_mesh::DynamicMesh;
use crate::app::render::renderer::{DrawCounts, Fog, PlacedMesh, Renderer, Surroundings};
use crate::app::render::scene::{build_ghost, build_scene, GhostFigure, ModelCache, SceneView};
use crate::app::render::shake::shake_offset;
use crate::app::render::world::place::{bend_at, look_at};
use crate::app::AppError;
use crate::course::Course;
use crate::models::Outfit;
use crate::replay::{CourseChoice, Ghost};
use crate::sim::{Brought, Run, RunEvent};
use crate::sound::SoundEffect;
use crate::stream::{RunPhase, StallGate, StreamConfig};
use crate::terrain::{MeshData, Terrain, TerrainConfig};
use macroquad::math::Vec2;
use macroquad::prelude::get_internal_gl;
use macroquad::window::{screen_height, screen_width};
use std::sync::Arc;
use std::time::Duration;

/// A phone's buzz on a hit and on the countdown's "go", milliseconds.
const HIT_BUZZ_MS: u32 = 60;
const GO_BUZZ_MS: u32 = 35;
/// A shorter buzz for the run's first, forgiven crash.
const STUMBLE_BUZZ_MS: u32 = 30;

/// The vibration handler: how long a phone buzzes for `event`, milliseconds (most are felt
/// through sound alone).
fn buzz_of(event: &RunEvent) -> Option<u32> {
    match event {
        RunEvent::ObstacleHit { .. } => Some(HIT_BUZZ_MS),
        RunEvent::Stumbled { .. } => Some(STUMBLE_BUZZ_MS),
        _ => None,
    }
}

/// Longest step the answers on screen age by in one frame, seconds: as far as the run's
/// clock catches up in a frame.
const FEEL_STEP_MAX_S: f64 =
    super::clock::tick_clock::MAX_CATCH_UP_TICKS as f64 / crate::sim::TICK_HZ as f64;

/// Height of the skier's chest above its feet, metres (where the overlay's sparkle and words
/// start).
const SKIER_CHEST_M: f64 = 1.3;

/// The far clip plane lies this far beyond the fog end, metres.
const FAR_MARGIN: f64 = 32.0;

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
    /// What the player brings to the run: the purse's coins and the rifle.
    pub brought: Brought,
    /// The suit and skis the skier wears.
    pub outfit: Outfit,
    /// The best run of this course, to ski beside as a ghost.
    pub ghost: Option<Ghost>,
    /// The missions the run counts towards (none: a run that counts for none).
    pub missions: Option<crate::missions::MissionWatch>,
}

/// What one frame of the run does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameMode {
    /// Step the run and read the player's input.
    Play,
    /// Draw the run as it stands (paused, or under another screen).
    Frozen,
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
    stage: Stage,
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
        let stage = Stage::new(&setup)?;
        let lane_width = stage.terrain.config().lane_width;
        let run = match setup.choice {
            CourseChoice::Endless {
                distance: Some(distance),
                ..
            } => Run::new(setup.course).with_finish(distance),
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
            stage,
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

    /// One frame: stream, step the run by `frame_time` (in [`FrameMode::Play`]), draw.
    pub fn frame(
        &mut self,
        frame_time: Duration,
        mode: FrameMode,
        banner: Banner,
        sounds: &Sounds,
    ) {
        let playing = mode == FrameMode::Play;
        if playing {
            self.actions.poll(self.ski.run().at_stage().is_some());
        }
        let skier_z = self.ski.drawn_z();
        let ctx = unsafe { get_internal_gl() }.quad_context;
        let uploads = self.stage.world.update(ctx, skier_z);
        let phase = self.gate.frame(self.stage.world.readiness(skier_z));
        let mut drawn = DrawCounts::default();
        if phase == RunPhase::Loading {
            draw_loading_screen(self.stage.world.progress(skier_z));
        } else {
            let frame_s = frame_time.as_secs_f64();
            let counting = self.countdown.holding();
            if phase.clock_runs() && playing {
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
            // The answers age before this frame's events: a fresh one shows whole, however
            // long the frame.
            if playing {
                // With the run's clock: a slow frame does not skip an answer.
                let step_s = frame_s.min(FEEL_STEP_MAX_S);
                self.feel.pass(step_s);
                self.missions.pass(step_s);
                self.ski.pass_marks(self.stage.sight_shown, step_s);
                self.shown_s += step_s;
            }
            if phase.clock_runs() && playing && !counting {
                let tutorial = &mut self.tutorial;
                let mut gate = |run: &Run, pressed: &mut Vec<crate::sim::Action>| {
                    tutorial.as_mut().is_none_or(|t| t.gate(run, pressed))
                };
                let events = self
                    .ski
                    .advance_gated(frame_time, self.actions.input(), &mut gate);
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
                }
            }
            drawn = self.stage.draw(
                &self.ski,
                &self.feel,
                self.countdown.seconds_left(),
                frame_time,
            );
            let run = self.ski.run();
            let sight_up = self.stage.intro.update(run.at_stage(), frame_s);
            let sight = run.stage_view().map(|view| view.sight_mrad);
            self.stage.trail.update(run.at_stage(), sight, frame_s);
            let view = run.stage_view();
            let lingering = self
                .stage
                .last_sight
                .update(view, sight_up, self.ski.marks());
            self.stage.sight_shown = sight_up || lingering.is_some();
            let run = self.ski.run();
            if view.is_none() && lingering.is_none() {
                let speed = if run.state() == crate::sim::SkierState::Skiing {
                    run.speed()
                } else {
                    0.0
                };
                let scale = super::hud::screen_scale();
                draw_gates(&self.stage.gate_marks, &scale);
                draw_feel(
                    &self.feel,
                    speed,
                    self.shown_s,
                    self.stage.skier_screen,
                    &scale,
                );
            }
            match view.or(lingering) {
                Some(view) if sight_up || lingering.is_some() => {
                    let palette = LensPalette::at(run.course(), self.ski.drawn_z());
                    draw_stage(
                        &view,
                        &self.stage.trail,
                        self.ski.marks(),
                        &palette,
                        self.left_handed,
                    )
                }
                Some(view) => draw_arrival(&view),
                None => draw_run_hud(run, banner == Banner::Finish, &self.feel, self.feel.gates()),
            }
            // At a range the gap goes under the arrival card, and gives way to the sight.
            let gap = self.ski.ghost().and_then(|g| g.gap_shown(run.tick()));
            match (gap, view) {
                (Some(gap), None) if lingering.is_none() => draw_gap(&gap, None),
                (Some(gap), Some(view)) if !sight_up => {
                    draw_gap(&gap, Some(arrival_card(&view).bottom()))
                }
                _ => {}
            }
            self.missions.draw(self.stage.sight_shown);
            // One card at a time: none over the sight's last look at a range.
            if let Some(tutorial) = self.tutorial.as_ref().filter(|_| lingering.is_none()) {
                tutorial.draw(self.ski.run());
            }
            self.countdown.draw();
            self.moments
                .frame(run, self.stage.intro.arrival_s(), sight_up);
            if phase == RunPhase::Stalled {
                draw_waiting_bar(self.stage.world.progress(skier_z));
            }
        }
        if !(phase.clock_runs() && playing) || self.countdown.holding() {
            self.actions.discard();
        }
        self.stats
            .record(frame_time, drawn, uploads, phase == RunPhase::Stalled);
    }

    /// A short buzz on a phone, when the player wants them (the vibration handler's output).
    fn buzz(&self, ms: u32) {
        if self.vibration {
            crate::app::platform::android::vibrate(ms);
        }
    }

    /// Play the tutorial's run as a player would, answering each step at its moment, until it
    /// teaches `step` (a `--show` screen of a later step, reached by really playing to it).
    pub fn rehearse_tutorial(&mut self, step: Step) {
        let tick = Duration::from_secs(1) / crate::sim::TICK_HZ;
        let mut input = super::input::TickInput::default();
        for _ in 0..crate::replay::MAX_TICKS {
            let Some(tutorial) = &mut self.tutorial else {
                return;
            };
            let run = self.ski.run();
            let shown = tutorial.step() >= step
                && (step < Step::Aim || run.at_stage().is_some())
                && (step > Step::Duck || tutorial.holding(run));
            if shown || run.is_finished() {
                return;
            }
            input.pressed.extend(tutorial.answer(run));
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
            self.stage.intro = SightIntro::up_at(stage);
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

    /// The camera the last frame of the world was drawn from (none before the first).
    pub fn drawn_camera(&self) -> Option<ViewCamera> {
        self.stage.camera
    }

    /// The terrain the run is skied on.
    pub fn terrain(&self) -> &Terrain {
        &self.stage.terrain
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

/// What the run is drawn with.
struct Stage {
    terrain: Arc<Terrain>,
    world: WorldStream,
    renderer: Renderer,
    objects: DynamicMesh,
    models: ModelCache,
    /// Last frame's merged models, its buffers reused.
    scene: MeshData,
    /// The ghost's buffers and last frame's mesh (only when a ghost skis along).
    ghost: Option<(DynamicMesh, MeshData)>,
    outfit: Outfit,
    fog: Fog,
    far: f32,
    rig: ChaseRig,
    /// The camera of the last frame drawn.
    camera: Option<ViewCamera>,
    intro: SightIntro,
    trail: SwayTrail,
    /// The stage as last seen through the sight (drawn a moment after the stage ends).
    last_sight: LastSight,
    /// Whether the last frame showed the sight (the shots' kick and flip age only then).
    sight_shown: bool,
    /// Whether the camera shakes on a hit (a setting).
    shake: bool,
    /// The camera that follows the skier round the penalty loop.
    loop_view: LoopView,
    /// Where the skier's chest was on screen in the last frame drawn (for the overlay).
    skier_screen: Option<Vec2>,
    /// The penalty loop's next gates on screen in the last frame drawn.
    gate_marks: Vec<GateMark>,
    /// Whether the ghost was inside the screen in the last frame drawn (traced when it changes).
    ghost_shown: bool,
    /// The streamed chunks' trees' feet (world), gathered each frame for their shadows.
    tree_feet: Vec<glam::DVec3>,
}

/// Whether the ghost's chest is inside the screen this frame; traced when that changes from
/// `was` (a browser test reads that a raced ghost is seen).
fn note_ghost_shown(was: bool, figure: Option<&GhostFigure>, camera: &ViewCamera) -> bool {
    let (w, h) = (screen_width(), screen_height());
    let at = figure
        .and_then(|figure| screen_point(camera, figure.at + glam::DVec3::Y * SKIER_CHEST_M))
        .filter(|at| (0.0..w).contains(&at.x) && (0.0..h).contains(&at.y));
    if at.is_some() != was {
        trace(&match at {
            Some(at) => format!("ghost on screen at {:.0},{:.0}", at.x, at.y),
            None => "ghost off screen".to_owned(),
        });
    }
    at.is_some()
}

/// A run's GPU resources go with it: without this, every run started from the menu would leave
/// its chunks, pipelines and shaders behind on the GPU.
impl Drop for Stage {
    fn drop(&mut self) {
        let ctx = unsafe { get_internal_gl() }.quad_context;
        self.world.release(ctx);
        self.objects.release(ctx);
        if let Some((mesh, _)) = &mut self.ghost {
            mesh.release(ctx);
        }
        self.renderer.release(ctx);
    }
}

impl Stage {
    fn new(setup: &RunSetup) -> Result<Self, AppError> {
        let (terrain, view_distance) = (setup.terrain, setup.view_distance);
        // The place's own land, drawn only: the run never reads the terrain.
        let terrain = Arc::new(Terrain::of_course(&setup.course, terrain));
        let config = StreamConfig::from_view_distance(view_distance);
        // The eye is behind the skier: the fog is opaque exactly where streamed ground ends.
        let fog_end = config.view_distance + CHASE_BACK;
        let world = WorldStream::new(Arc::clone(&terrain), config)?;
        let ctx = unsafe { get_internal_gl() }.quad_context;
        Ok(Self {
            models: ModelCache::new(&terrain),
            terrain,
            world,
            renderer: Renderer::new(ctx),
            objects: DynamicMesh::new(ctx),
            scene: MeshData::default(),
            ghost: setup
                .ghost
                .is_some()
                .then(|| (DynamicMesh::new(ctx), MeshData::default())),
            outfit: setup.outfit,
            fog: Fog {
                end: fog_end as f32,
            },
            far: (fog_end + FAR_MARGIN) as f32,
            rig: ChaseRig::default(),
            camera: None,
            intro: SightIntro::default(),
            trail: SwayTrail::default(),
            last_sight: LastSight::default(),
            sight_shown: false,
            shake: setup.camera_shake,
            loop_view: LoopView::default(),
            skier_screen: None,
            gate_marks: Vec::new(),
            ghost_shown: false,
            tree_feet: Vec::new(),
        })
    }

    /// Trace the ghost coming into the screen and leaving it (a browser test reads that a
    /// raced ghost is seen).
    /// Draw the world and the models from the chase camera.
    /// `start_clock`: the seconds the start clock shows.
    fn draw(
        &mut self,
        ski: &SkiRun,
        feel: &RunFeel,
        start_clock: u8,
        frame_time: Duration,
    ) -> DrawCounts {
        let skier_at = ski.skier_at(&self.terrain);
        let terrain = &self.terrain;
        let mut chase = self.rig.follow(
            skier_at,
            |z| terrain.track_height(z),
            frame_time.as_secs_f64(),
            self.far,
            ski.run().stage_view().map(|view| view.position),
        );
        chase.bend =
            bend_at(ski.run().course(), chase.eye.z).scaled(self.rig.down_the_track() as f32);
        let mut camera = self
            .loop_view
            .follow(ski.run(), skier_at, frame_time.as_secs_f64(), self.far)
            .unwrap_or(chase);
        if ski.run().at_stage().is_none() {
            let above_track = skier_at.y - self.terrain.track_height(skier_at.z);
            camera.feel(ski.run().speed(), above_track);
        }
        if self.shake {
            let offset = shake_offset(ski.ticks_since_hit());
            camera.eye += offset;
            camera.target += offset;
        }
        let (lean_eye, lean_look) = feel.lean();
        camera.eye += lean_eye;
        camera.target += lean_look;
        self.skier_screen = screen_point(&camera, skier_at + glam::DVec3::Y * SKIER_CHEST_M);
        self.gate_marks = gate_marks(ski, &self.terrain, &camera);
        self.camera = Some(camera);
        self.world.tree_feet(&mut self.tree_feet);
        // The sky where the skier is drawn, once a frame: the light, the fog and the snowfall.
        let sky = ski.run().course().sky_at(ski.drawn_z());
        let view = SceneView {
            run: ski.run(),
            terrain: &self.terrain,
            origin: camera.eye,
            skier_at,
            pose: ski.pose(),
            spray: ski.spray(),
            knocks: ski.knocks(),
            sight: self.world.config().view_distance,
            outfit: self.outfit,
            snowfall: sky.snowfall,
            start_clock,
            trees: &self.tree_feet,
            cheer: ski.cheer(),
        };
        let last = std::mem::take(&mut self.scene);
        self.scene = build_scene(&mut self.models, &view, last);
        let ctx = unsafe { get_internal_gl() }.quad_context;
        let placed: Vec<PlacedMesh> = self
            .objects
            .update(ctx, &self.scene)
            .map(|mesh| PlacedMesh {
                mesh,
                origin: camera.eye,
            })
            .into_iter()
            .collect();
        let figure = ski.ghost_figure(&self.terrain);
        self.ghost_shown = note_ghost_shown(self.ghost_shown, figure.as_ref(), &camera);
        let see_through: Vec<PlacedMesh> = match (&mut self.ghost, figure) {
            (Some((buffers, last)), Some(figure)) => {
                *last = build_ghost(
                    &figure,
                    skier_at,
                    self.outfit,
                    camera.eye,
                    std::mem::take(last),
                );
                buffers.update(ctx, last).map(|mesh| PlacedMesh {
                    mesh,
                    origin: camera.eye,
                })
            }
            _ => None,
        }
        .into_iter()
        .collect();
        self.renderer.draw(
            &camera,
            self.world.buffers(),
            &placed,
            &see_through,
            self.fog,
            Surroundings {
                sky: &sky,
                place: &look_at(ski.run().course(), ski.drawn_z()),
            },
        )
    }
}
