//! Draws the world with raw miniquad through macroquad's GL context: the sky gradient, then every
//! uploaded chunk (surface and props) from its static buffers, then the frame's moving objects.

use super::camera::ViewCamera;
use super::chunk_buffers::{vertex_layout, ChunkBuffers, Detail, GpuMesh};
use super::shader::{self, SkyUniforms, WorldUniforms};
use super::world::place::PlaceLook;
use crate::course::sky::Sky;
use crate::terrain::CHUNK_LENGTH;
use glam::DVec3;
use macroquad::miniquad::{
    BlendFactor, BlendState, BlendValue, BufferId, BufferLayout, BufferSource, BufferType,
    BufferUsage, Comparison, Equation, PassAction, Pipeline, PipelineParams, RenderingBackend,
    ShaderId, ShaderSource, UniformsSource, VertexAttribute, VertexFormat,
};
use macroquad::prelude::get_internal_gl;

/// Where the fog starts and ends, metres from the eye.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fog {
    pub end: f32,
}

impl Fog {
    fn range(self, sky: &Sky) -> [f32; 2] {
        [self.end * sky.fog_start_share, self.end]
    }
}

/// What one frame drew: the figures `--stats` reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawCounts {
    pub draw_calls: u64,
    pub triangles: u64,
}

impl DrawCounts {
    fn add(&mut self, triangles: u64) {
        self.draw_calls += 1;
        self.triangles += triangles;
    }
}

/// The frame's light and place: the sky (the light, the fog's colour) and the place's tints
/// and rim light.
#[derive(Clone, Copy)]
pub struct Surroundings<'a> {
    pub sky: &'a Sky,
    pub place: &'a PlaceLook,
}

/// A mesh drawn at a world position (small moving things, already merged into one mesh).
pub struct PlacedMesh<'a> {
    pub mesh: &'a GpuMesh,
    pub origin: DVec3,
}

/// World geometry writes colour but leaves the framebuffer's alpha at the clear's 1: the shader
/// passes the vertex alpha on for the ghost's blending, and a window (a phone's surface) must
/// never turn see-through where it is drawn.
const KEEP_ALPHA: (bool, bool, bool, bool) = (true, true, true, false);

/// The models keep their own colours (an obstacle's family is what the player reads), and the
/// terrain and trees no rim (the back light picks out what stands on the track).
const NO_TINT: [f32; 4] = [1.0, 1.0, 1.0, 0.0];
const NO_RIM: [f32; 3] = [0.0; 3];

/// The pipelines and the sky quad.
pub struct Renderer {
    world: Pipeline,
    /// The world shader blended over what is drawn, without writing depth: the ghost.
    see_through: Pipeline,
    sky: Pipeline,
    shaders: [ShaderId; 2],
    sky_vertices: BufferId,
    sky_indices: BufferId,
}

impl Renderer {
    /// Compile the shaders and build the pipelines. A shader that fails to compile is a bug in
    /// [`shader`]'s sources.
    pub fn new(ctx: &mut dyn RenderingBackend) -> Self {
        let (world_shader, world, see_through) = world_pipelines(ctx);
        let sky = SkyQuad::new(ctx);
        Self {
            world,
            see_through,
            sky: sky.pipeline,
            shaders: [world_shader, sky.shader],
            sky_vertices: sky.vertices,
            sky_indices: sky.indices,
        }
    }

    /// Draw one frame of the world into the default framebuffer, then the see-through things
    /// (the ghost) over it. macroquad's queued 2D drawing is flushed first so it stays beneath;
    /// anything drawn with macroquad afterwards (the HUD) lands on top.
    pub fn draw(
        &self,
        camera: &ViewCamera,
        chunks: &ChunkBuffers,
        objects: &[PlacedMesh],
        see_through: &[PlacedMesh],
        fog: Fog,
        surroundings: Surroundings,
    ) -> DrawCounts {
        let Surroundings { sky, place } = surroundings;
        let mut gl = unsafe { get_internal_gl() };
        gl.flush();
        let ctx = gl.quad_context;
        let (width, height) = macroquad::miniquad::window::screen_size();
        let aspect = width / height.max(1.0);
        let view_proj = camera.view_proj(aspect);
        let mut counts = DrawCounts::default();

        let [r, g, b] = sky.horizon;
        ctx.begin_default_pass(PassAction::clear_color(r, g, b, 1.0));
        self.draw_sky(ctx, view_proj.inverse().to_cols_array(), sky, &mut counts);

        ctx.apply_pipeline(&self.world);
        let mut uniforms = world_uniforms(camera, view_proj.to_cols_array(), fog, surroundings);
        draw_chunks(
            ctx,
            (camera, chunks),
            fog,
            place,
            &mut uniforms,
            &mut counts,
        );
        (uniforms.slope_shading, uniforms.grooves) = (0.0, 0.0);
        uniforms.tint = NO_TINT;
        uniforms.rim_color = place.rim;
        draw_placed(ctx, camera, objects, &mut uniforms, &mut counts);
        if !see_through.is_empty() {
            ctx.apply_pipeline(&self.see_through);
            draw_placed(ctx, camera, see_through, &mut uniforms, &mut counts);
        }
        ctx.end_render_pass();
        counts
    }

    /// Delete the pipelines, shaders and sky buffers (the run is over): nothing may be drawn
    /// with this renderer afterwards.
    pub fn release(&mut self, ctx: &mut dyn RenderingBackend) {
        ctx.delete_pipeline(self.world);
        ctx.delete_pipeline(self.see_through);
        ctx.delete_pipeline(self.sky);
        for shader in self.shaders {
            ctx.delete_shader(shader);
        }
        ctx.delete_buffer(self.sky_vertices);
        ctx.delete_buffer(self.sky_indices);
    }

    fn draw_sky(
        &self,
        ctx: &mut dyn RenderingBackend,
        inverse_view_proj: [f32; 16],
        sky: &Sky,
        counts: &mut DrawCounts,
    ) {
        ctx.apply_pipeline(&self.sky);
        ctx.apply_bindings_from_slice(&[self.sky_vertices], self.sky_indices, &[]);
        ctx.apply_uniforms(UniformsSource::table(&SkyUniforms {
            inverse_view_proj,
            horizon_color: sky.horizon,
            zenith_color: sky.zenith,
            ridge_color: ridge_colour(sky),
        }));
        ctx.draw(0, 6, 1);
        counts.add(2);
    }
}

/// The world shader and its two pipelines: the opaque world, and the see-through one blended
/// over it without writing depth.
fn world_pipelines(ctx: &mut dyn RenderingBackend) -> (ShaderId, Pipeline, Pipeline) {
    let world_shader = ctx
        .new_shader(
            ShaderSource::Glsl {
                vertex: shader::WORLD_VERTEX,
                fragment: shader::WORLD_FRAGMENT,
            },
            shader::world_meta(),
        )
        .expect("world shader source compiles");
    let (layouts, attributes) = vertex_layout();
    let world = ctx.new_pipeline(
        &layouts,
        &attributes,
        world_shader,
        PipelineParams {
            depth_test: Comparison::LessOrEqual,
            depth_write: true,
            color_write: KEEP_ALPHA,
            ..Default::default()
        },
    );
    let see_through = ctx.new_pipeline(
        &layouts,
        &attributes,
        world_shader,
        PipelineParams {
            depth_test: Comparison::LessOrEqual,
            depth_write: false,
            color_write: KEEP_ALPHA,
            color_blend: Some(BlendState::new(
                Equation::Add,
                BlendFactor::Value(BlendValue::SourceAlpha),
                BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
            )),
            ..Default::default()
        },
    );
    (world_shader, world, see_through)
}

/// The sky: its shader and pipeline, and the screen-filling quad it is drawn on.
struct SkyQuad {
    shader: ShaderId,
    pipeline: Pipeline,
    vertices: BufferId,
    indices: BufferId,
}

impl SkyQuad {
    fn new(ctx: &mut dyn RenderingBackend) -> SkyQuad {
        let shader = ctx
            .new_shader(
                ShaderSource::Glsl {
                    vertex: shader::SKY_VERTEX,
                    fragment: shader::SKY_FRAGMENT,
                },
                shader::sky_meta(),
            )
            .expect("sky shader source compiles");
        let pipeline = ctx.new_pipeline(
            &[BufferLayout::default()],
            &[VertexAttribute::new("corner", VertexFormat::Float2)],
            shader,
            PipelineParams::default(),
        );
        let corners: [[f32; 2]; 4] = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
        let vertices = ctx.new_buffer(
            BufferType::VertexBuffer,
            BufferUsage::Immutable,
            BufferSource::slice(&corners),
        );
        let quad: [u16; 6] = [0, 1, 2, 0, 2, 3];
        let indices = ctx.new_buffer(
            BufferType::IndexBuffer,
            BufferUsage::Immutable,
            BufferSource::slice(&quad),
        );
        SkyQuad {
            shader,
            pipeline,
            vertices,
            indices,
        }
    }
}

/// The world shader's uniforms for this frame: the camera, the sun and fog of this sky, the
/// place's snow tint (each chunk and object sets its own offset, shading and tint).
fn world_uniforms(
    camera: &ViewCamera,
    view_proj: [f32; 16],
    fog: Fog,
    Surroundings { sky, place }: Surroundings,
) -> WorldUniforms {
    WorldUniforms {
        view_proj,
        model_offset: [0.0; 3],
        bend_sideways: camera.bend.sideways.uniform(),
        bend_vertical: camera.bend.vertical.uniform(),
        sun_direction: macroquad::math::Vec3::from(sky.sun_towards)
            .normalize()
            .to_array(),
        sun_color: sky.sun,
        ambient_color: sky.ambient,
        tint: place.snow,
        fog_color: sky.horizon,
        fog_range: fog.range(sky),
        slope_shading: 1.0,
        rim_color: NO_RIM,
        grooves: 1.0,
    }
}

/// The chunks the camera may see: each one's snow surface (shaded by slope, grooved, as fine
/// as its distance in the fog asks) and its trees.
fn draw_chunks(
    ctx: &mut dyn RenderingBackend,
    (camera, chunks): (&ViewCamera, &ChunkBuffers),
    fog: Fog,
    place: &PlaceLook,
    uniforms: &mut WorldUniforms,
    counts: &mut DrawCounts,
) {
    for (_, chunk) in chunks.iter() {
        if !camera.may_see(chunk.z_start, chunk.z_start + CHUNK_LENGTH) {
            continue;
        }
        let origin = DVec3::new(0.0, 0.0, chunk.z_start);
        uniforms.model_offset = camera.offset(origin).to_array();
        if let Some(surface) = &chunk.surface {
            (uniforms.slope_shading, uniforms.grooves) = (1.0, 1.0);
            uniforms.tint = place.snow;
            let detail = surface_detail(camera, chunk.z_start, fog);
            draw_mesh(ctx, surface, detail, uniforms, counts);
        }
        if let Some(props) = &chunk.props {
            (uniforms.slope_shading, uniforms.grooves) = (0.0, 0.0);
            uniforms.tint = place.trees;
            draw_mesh(ctx, props, Detail::Full, uniforms, counts);
        }
    }
}

/// Meshes placed in the world, each at its origin, with the uniforms as they are.
fn draw_placed(
    ctx: &mut dyn RenderingBackend,
    camera: &ViewCamera,
    placed: &[PlacedMesh],
    uniforms: &mut WorldUniforms,
    counts: &mut DrawCounts,
) {
    for placed in placed {
        uniforms.model_offset = camera.offset(placed.origin).to_array();
        draw_mesh(ctx, placed.mesh, Detail::Full, uniforms, counts);
    }
}

/// The distant ridges' colour under this sky: the zenith's hue darkened towards the ambient
/// light (the shader hazes it into the horizon).
fn ridge_colour(sky: &Sky) -> [f32; 3] {
    std::array::from_fn(|i| {
        sky.zenith[i] * RIDGE_ZENITH_SHARE + sky.ambient[i] * RIDGE_AMBIENT_SHARE
    })
}

/// The ridges' colour as shares of the zenith's and the ambient light's.
const RIDGE_ZENITH_SHARE: f32 = 0.55;
const RIDGE_AMBIENT_SHARE: f32 = 0.35;

/// A chunk's surface is drawn at half detail once all of it lies this share of the fog end
/// away, and at a quarter past the second share: there the fog already hides most of the hills'
/// shape, so the switches do not show.
const HALF_DETAIL_FOG_SHARE: f64 = 0.3;
const QUARTER_DETAIL_FOG_SHARE: f64 = 0.6;

/// How finely to draw the surface of the chunk starting at `z_start`.
fn surface_detail(camera: &ViewCamera, z_start: f64, fog: Fog) -> Detail {
    let nearest = (z_start - camera.eye.z).max(camera.eye.z - (z_start + CHUNK_LENGTH));
    let share = nearest / f64::from(fog.end);
    if share > QUARTER_DETAIL_FOG_SHARE {
        Detail::Quarter
    } else if share > HALF_DETAIL_FOG_SHARE {
        Detail::Half
    } else {
        Detail::Full
    }
}

fn draw_mesh(
    ctx: &mut dyn RenderingBackend,
    mesh: &GpuMesh,
    detail: Detail,
    uniforms: &WorldUniforms,
    counts: &mut DrawCounts,
) {
    let (first, count) = mesh.range(detail);
    ctx.apply_bindings_from_slice(&[mesh.vertex_buffer], mesh.index_buffer, &[]);
    ctx.apply_uniforms(UniformsSource::table(uniforms));
    ctx.draw(first, count, 1);
    counts.add(u64::try_from(count / 3).expect("index counts are positive"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_beyond_a_share_of_the_fog_are_drawn_at_half_detail() {
        let camera = ViewCamera::chase(DVec3::new(0.0, 0.0, 1000.0), 0.0, 300.0);
        let fog = Fog { end: 240.0 };
        let eye = camera.eye.z;
        let detail = |z_start: f64| surface_detail(&camera, z_start, fog);
        assert_eq!(detail(eye - 10.0), Detail::Full, "the chunk around the eye");
        assert_eq!(
            detail(eye + 70.0),
            Detail::Full,
            "nearer than 0.3 of the fog end"
        );
        assert_eq!(detail(eye + 80.0), Detail::Half);
        assert_eq!(
            detail(eye - CHUNK_LENGTH - 80.0),
            Detail::Half,
            "far behind"
        );
    }
}
