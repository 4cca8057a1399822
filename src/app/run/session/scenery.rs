//! What a run is drawn with: the place's terrain streamed around the skier, the GPU's buffers
//! and the models, and the meshes the view pass builds for the present pass to upload and draw.

use super::view::WorldView;
use super::RunSetup;
use crate::app::render::camera::CHASE_BACK;
use crate::app::render::dynamic_mesh::DynamicMesh;
use crate::app::render::renderer::{DrawCounts, Fog, PlacedMesh, Renderer, Surroundings};
use crate::app::render::scene::ModelCache;
use crate::app::run::streaming::WorldStream;
use crate::app::AppError;
use crate::mesh::MeshData;
use crate::models::Outfit;
use crate::stream::StreamConfig;
use crate::terrain::Terrain;
use macroquad::miniquad::RenderingBackend;
use macroquad::prelude::get_internal_gl;
use std::sync::Arc;

/// The far clip plane lies this far beyond the fog end, metres.
const FAR_MARGIN: f64 = 32.0;

/// The run's world as drawn: terrain and stream, models, the frame's meshes and (from the first
/// frame presented) the GPU's buffers.
pub(super) struct RunScenery {
    pub terrain: Arc<Terrain>,
    pub world: WorldStream,
    pub models: ModelCache,
    /// The frame's merged models (built by the view pass, its buffers reused).
    pub scene: MeshData,
    /// The frame's mesh of the ghost (only when a ghost skis along).
    pub ghost: Option<MeshData>,
    pub outfit: Outfit,
    pub fog: Fog,
    pub far: f32,
    /// The streamed chunks' trees' feet (world), gathered each frame for their shadows.
    pub tree_feet: Vec<glam::DVec3>,
    gpu: Option<RunGpu>,
}

/// The run's own GPU resources: the renderer and the buffers of the models and the ghost.
struct RunGpu {
    renderer: Renderer,
    objects: DynamicMesh,
    ghost: Option<DynamicMesh>,
}

impl RunScenery {
    pub fn new(setup: &RunSetup) -> Result<Self, AppError> {
        let (terrain, view_distance) = (setup.terrain, setup.view_distance);
        // The place's own land, drawn only: the run never reads the terrain.
        let terrain = Arc::new(Terrain::of_course(&setup.course, terrain));
        let config = StreamConfig::from_view_distance(view_distance);
        // The eye is behind the skier: the fog is opaque exactly where streamed ground ends.
        let fog_end = config.view_distance + CHASE_BACK;
        let world = WorldStream::new(Arc::clone(&terrain), config)?;
        Ok(Self {
            models: ModelCache::new(&terrain),
            terrain,
            world,
            scene: MeshData::default(),
            ghost: setup.ghost.is_some().then(MeshData::default),
            outfit: setup.outfit,
            fog: Fog {
                end: fog_end as f32,
            },
            far: (fog_end + FAR_MARGIN) as f32,
            tree_feet: Vec::new(),
            gpu: None,
        })
    }

    /// Upload the frame's meshes the view pass built and draw the world from its camera (the
    /// GPU resources are made in `ctx` the first time).
    pub fn draw(&mut self, ctx: &mut dyn RenderingBackend, view: &WorldView) -> DrawCounts {
        let has_ghost = self.ghost.is_some();
        let gpu = self.gpu.get_or_insert_with(|| RunGpu {
            renderer: Renderer::new(ctx),
            objects: DynamicMesh::new(ctx),
            ghost: has_ghost.then(|| DynamicMesh::new(ctx)),
        });
        let origin = view.camera.eye;
        let placed: Vec<PlacedMesh> = gpu
            .objects
            .update(ctx, &self.scene)
            .map(|mesh| PlacedMesh { mesh, origin })
            .into_iter()
            .collect();
        let see_through: Vec<PlacedMesh> = match (&mut gpu.ghost, &self.ghost) {
            (Some(buffers), Some(mesh)) if view.ghost => buffers
                .update(ctx, mesh)
                .map(|mesh| PlacedMesh { mesh, origin }),
            _ => None,
        }
        .into_iter()
        .collect();
        gpu.renderer.draw(
            &view.camera,
            self.world.buffers(),
            &placed,
            &see_through,
            self.fog,
            Surroundings {
                sky: &view.sky,
                place: &view.place,
            },
        )
    }
}

/// A run's GPU resources go with it: without this, every run started from the menu would leave
/// its chunks, pipelines and shaders behind on the GPU. A drop takes no arguments, so this is
/// the one place the session fetches the context itself.
impl Drop for RunScenery {
    fn drop(&mut self) {
        let ctx = unsafe { get_internal_gl() }.quad_context;
        self.world.release(ctx);
        if let Some(gpu) = &mut self.gpu {
            gpu.objects.release(ctx);
            if let Some(mesh) = &mut gpu.ghost {
                mesh.release(ctx);
            }
            gpu.renderer.release(ctx);
        }
    }
}
