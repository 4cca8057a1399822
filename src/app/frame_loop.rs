//! The frame loop: stream and upload chunks around the skier, show loading until the view is
//! complete, step the run on fixed ticks while every visible chunk is on the GPU (the run clock
//! is held otherwise), draw world, objects and HUD, and on quit write what was asked for.

use super::audio::Sounds;
use super::camera::{ChaseRig, CHASE_BACK};
use super::dynamic_mesh::DynamicMesh;
use super::hud::draw_run_hud;
use super::input::ActionQueue;
use super::loading::{draw_loading_screen, draw_waiting_bar};
use super::moments::Moments;
use super::output;
use super::renderer::{DrawCounts, Fog, PlacedMesh, Renderer};
use super::scene::{build_scene, ModelCache, SceneView};
use super::ski_run::SkiRun;
use super::stage_screen::{draw_arrival, draw_stage, SightIntro};
use super::stats::FrameStats;
use super::streaming::WorldStream;
use crate::cli::args::PlayArgs;
use crate::cli::CliError;
use crate::course::Course;
use crate::replay::CourseChoice;
use crate::sim::Run;
use crate::stream::{RunPhase, StallGate, StreamConfig, DEFAULT_VIEW_DISTANCE};
use crate::terrain::{MeshData, Terrain, TerrainConfig};
use macroquad::file::set_pc_assets_folder;
use macroquad::input::{is_key_pressed, is_quit_requested, prevent_quit, KeyCode};
use macroquad::prelude::{get_internal_gl, next_frame};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The far clip plane lies this far beyond the fog end, metres.
const FAR_MARGIN: f64 = 32.0;
/// Where the game's files are, relative to the working directory (desktop).
const ASSETS_FOLDER: &str = "assets";

/// What the loop draws with.
struct Stage {
    terrain: Arc<Terrain>,
    world: WorldStream,
    renderer: Renderer,
    objects: DynamicMesh,
    models: ModelCache,
    /// Last frame's merged models, its buffers reused.
    scene: MeshData,
    fog: Fog,
    far: f32,
    rig: ChaseRig,
    intro: SightIntro,
}

/// Run the window until `--frames` is reached, the player quits, or the window closes.
pub async fn run(args: PlayArgs, choice: CourseChoice, course: Course) -> Result<(), CliError> {
    prevent_quit();
    set_pc_assets_folder(ASSETS_FOLDER);
    let mut sounds = Sounds::load().await;
    sounds.start_ambience();
    let mut stage = Stage::new(course.seed)?;
    let lane_width = stage.terrain.config().lane_width;
    let mut ski = SkiRun::new(Run::new(course), choice, args.autoplay, lane_width);
    let mut actions = ActionQueue::new();
    let mut gate = StallGate::new();
    let mut stats = FrameStats::default();
    let mut last = Instant::now();
    let mut frames = 0_u64;
    let mut moments = Moments::from_env();
    loop {
        let now = Instant::now();
        let frame_time = now - last;
        last = now;
        actions.poll(ski.run().at_stage().is_some());
        let skier_z = ski.drawn_z();
        let ctx = unsafe { get_internal_gl() }.quad_context;
        let uploads = stage.world.update(ctx, skier_z);
        let phase = gate.frame(stage.world.readiness(skier_z));
        let mut drawn = DrawCounts::default();
        if phase == RunPhase::Loading {
            draw_loading_screen(stage.world.progress(skier_z));
        } else {
            if phase.clock_runs() {
                for effect in ski.advance(frame_time, actions.input()) {
                    sounds.play(effect);
                }
            }
            drawn = stage.draw(&ski, frame_time);
            let sight_up = stage
                .intro
                .update(ski.run().at_stage(), frame_time.as_secs_f64());
            match ski.run().stage_view() {
                Some(view) if sight_up => draw_stage(&view),
                Some(view) => draw_arrival(&view),
                None => draw_run_hud(ski.run()),
            }
            moments.frame(ski.run(), stage.intro.arrival_s(), sight_up);
            if phase == RunPhase::Stalled {
                draw_waiting_bar(stage.world.progress(skier_z));
            }
        }
        if !phase.clock_runs() {
            actions.discard();
        }
        stats.record(
            frame_time,
            drawn,
            uploads.chunks,
            uploads.time,
            phase == RunPhase::Stalled,
        );
        frames += 1;
        let done = args.frames.is_some_and(|limit| frames >= limit);
        if done || is_quit_requested() || is_key_pressed(KeyCode::Escape) {
            return finish(&args, &stats, &ski);
        }
        next_frame().await;
    }
}

impl Stage {
    fn new(seed: u64) -> Result<Self, CliError> {
        let terrain = Arc::new(Terrain::new(seed, TerrainConfig::default()));
        let config = StreamConfig::from_view_distance(DEFAULT_VIEW_DISTANCE);
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
            fog: Fog {
                end: fog_end as f32,
            },
            far: (fog_end + FAR_MARGIN) as f32,
            rig: ChaseRig::default(),
            intro: SightIntro::default(),
        })
    }

    /// Draw the world and the models from the chase camera.
    fn draw(&mut self, ski: &SkiRun, frame_time: Duration) -> DrawCounts {
        let skier_at = ski.skier_at(&self.terrain);
        let terrain = &self.terrain;
        let camera = self.rig.follow(
            skier_at,
            |z| terrain.track_height(z),
            frame_time.as_secs_f64(),
            self.far,
        );
        let view = SceneView {
            run: ski.run(),
            terrain: &self.terrain,
            origin: camera.eye,
            skier_at,
            pose: ski.pose(),
            sight: self.world.config().view_distance,
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
        self.renderer
            .draw(&camera, self.world.buffers(), &placed, self.fog)
    }
}

fn finish(args: &PlayArgs, stats: &FrameStats, ski: &SkiRun) -> Result<(), CliError> {
    if let Some(path) = &args.screenshot {
        output::write_screenshot(path)?;
    }
    if let Some(path) = &args.stats {
        output::write_stats(path, &stats.report())?;
    }
    if let Some(path) = &args.record {
        ski.replay()
            .save(path)
            .map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    Ok(())
}
