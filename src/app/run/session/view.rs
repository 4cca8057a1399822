//! The second pass of a frame: what is on screen, built from the state the update pass left.
//! The models are merged into the frame's meshes here; nothing in the run changes.

use super::camera::SKIER_CHEST_M;
use super::update::Updated;
use super::RunSession;
use crate::app::render::camera::ViewCamera;
use crate::app::render::scene::{build_ghost, build_scene, SceneView};
use crate::app::render::world::place::{look_at, PlaceLook};
use crate::app::run::ghost::Gap;
use crate::app::run::range::ScopeLook;
use crate::app::run::screen_point::screen_point;
use crate::course::sky::Sky;
use crate::shooting::StageView;
use crate::sim::SkierState;
use crate::stream::RunPhase;
use macroquad::math::Vec2;

/// One frame of the run as it is to be drawn.
pub(super) struct RunView {
    pub phase: RunPhase,
    /// The share of the view streamed (the loading screen's and the waiting bar's).
    pub progress: f32,
    /// The world's picture (none while loading).
    pub world: Option<WorldView>,
}

/// The world's picture and what is drawn over it.
pub(super) struct WorldView {
    pub camera: ViewCamera,
    pub sky: Sky,
    pub place: PlaceLook,
    /// Where the skier's chest is on screen (the overlay's words start there).
    pub skier_screen: Option<Vec2>,
    /// The skier's speed for the overlay's streaks, m/s (0 when not skiing).
    pub speed: f64,
    /// The stage the skier stands at, or the one still seen through the sight.
    pub stage: Option<StageView>,
    /// The stage's picture in the place's colours, when the sight is shown (up, or lingering
    /// on a stage just ended) rather than the arrival card.
    pub sight: Option<ScopeLook>,
    /// The gap to the ghost at the last split, while shown.
    pub gap: Option<Gap>,
    /// Whether the ghost is drawn this frame (its mesh is the scenery's).
    pub ghost: bool,
}

impl RunSession {
    /// Build the frame's view from the state `updated` left.
    pub(super) fn view(&mut self, updated: &Updated) -> RunView {
        let skier_z = self.ski.drawn_z();
        let progress = self.scenery.world.progress(skier_z);
        let world = match (updated.phase, self.camera.now) {
            (RunPhase::Loading, _) | (_, None) => None,
            (_, Some(camera)) => Some(self.world_view(camera)),
        };
        RunView {
            phase: updated.phase,
            progress,
            world,
        }
    }

    fn world_view(&mut self, camera: ViewCamera) -> WorldView {
        // The sky where the skier is drawn and the skier's feet, once a frame.
        let sky = self.ski.run().course().sky_at(self.ski.drawn_z());
        let skier_at = self.ski.skier_at(&self.scenery.terrain);
        let ghost = self.build_meshes(&camera, skier_at, sky.snowfall);
        let ski = &self.ski;
        let run = ski.run();
        let stage = run.stage_view().or(self.sight.lingering);
        WorldView {
            camera,
            sky,
            place: look_at(run.course(), ski.drawn_z()),
            skier_screen: screen_point(&camera, skier_at + glam::DVec3::Y * SKIER_CHEST_M),
            speed: match run.state() {
                SkierState::Skiing => run.speed(),
                _ => 0.0,
            },
            stage,
            sight: self
                .sight
                .shown()
                .then(|| ScopeLook::at(run.course(), ski.drawn_z())),
            gap: ski.ghost().and_then(|ghost| ghost.gap_shown(run.tick())),
            ghost,
        }
    }

    /// Merge the frame's models (and the ghost's) into the scenery's meshes, seen from `camera`,
    /// the skier's feet at `skier_at` under a fall of `snowfall`; whether the ghost is in the
    /// frame.
    fn build_meshes(&mut self, camera: &ViewCamera, skier_at: glam::DVec3, snowfall: f32) -> bool {
        let scenery = &mut self.scenery;
        let ski = &self.ski;
        scenery.world.tree_feet(&mut scenery.tree_feet);
        let view = SceneView {
            run: ski.run(),
            terrain: &scenery.terrain,
            origin: camera.eye,
            skier_at,
            pose: ski.pose(),
            spray: ski.spray(),
            knocks: ski.knocks(),
            sight: scenery.world.config().view_distance,
            outfit: scenery.outfit,
            snowfall,
            start_clock: self.countdown.seconds_left(),
            trees: &scenery.tree_feet,
            cheer: ski.cheer(),
        };
        let last = std::mem::take(&mut scenery.scene);
        scenery.scene = build_scene(&mut scenery.models, &view, last);
        let figure = ski.ghost_figure(&scenery.terrain);
        if let (Some(mesh), Some(figure)) = (&mut scenery.ghost, figure) {
            *mesh = build_ghost(
                &figure,
                skier_at,
                scenery.outfit,
                camera.eye,
                std::mem::take(mesh),
            );
            return true;
        }
        false
    }
}
