//! The two GLSL 100 shaders (GLES2 on Android): lit, fogged world geometry and the sky gradient.
//!
//! World geometry is drawn camera-relative: vertex positions are chunk-local, `model_offset` is
//! the chunk origin minus the camera position (computed in f64 on the CPU), and `view_proj` has
//! the camera at the origin. So a chunk a million chunks away is as precise as chunk 0.

use macroquad::miniquad::{ShaderMeta, UniformBlockLayout, UniformDesc, UniformType};

/// Vertex shader for terrain, props and objects. The light, the slope's tint, the place's
/// tint, the rim light and the fog's share are worked out here, per vertex (the models are
/// flat-shaded and the terrain's grid is finer than its light changes), so the fragment shader
/// — the cost under a fill-bound GPU — only adds the grooves and the fog.
pub const WORLD_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec4 color;

uniform mat4 view_proj;
uniform vec3 model_offset;
uniform vec3 bend_sideways;
uniform vec3 bend_vertical;
uniform vec3 sun_direction;
uniform vec3 sun_color;
uniform vec3 ambient_color;
uniform vec4 tint;
uniform vec2 fog_range;
uniform float slope_shading;
uniform vec3 rim_color;

varying vec3 v_lit;
varying float v_alpha;
varying float v_fog;
varying float v_distance;
varying float v_x;

// The curved world (`world::bend`): nothing nearer than this is bent.
const float BEND_START = 12.0;
// Steep snow faces turn a cold blue-grey, as snow in the shade of its own slope does.
const vec3 STEEP_SNOW = vec3(0.72, 0.80, 0.96);

// One axis's shift `ahead` metres past the start: (reach, wave, phase) of its curvature.
float bent(vec3 axis, float ahead) {
    float s = axis.y * ahead;
    return axis.x * (sin(axis.z) - sin(s + axis.z) + s * cos(axis.z));
}

void main() {
    vec3 relative = position + model_offset;
    float ahead = max(relative.z - BEND_START, 0.0);
    vec3 drawn = relative + vec3(bent(bend_sideways, ahead), bent(bend_vertical, ahead), 0.0);
    gl_Position = view_proj * vec4(drawn, 1.0);

    vec3 n = normalize(normal);
    vec3 base = color.rgb / 255.0;
    float slope = 1.0 - n.y;
    base = mix(base, base * STEEP_SNOW, slope_shading * smoothstep(0.04, 0.40, slope));
    // The place's tint: a colour cast, then a share towards white (snow on the branches).
    base = mix(base * tint.rgb, vec3(1.0), tint.a);
    float diffuse = max(dot(n, sun_direction), 0.0);
    // The rim: faces turned away from the eye catch a back light along the silhouette.
    float facing = clamp(dot(n, -normalize(relative)), 0.0, 1.0);
    float rim = (1.0 - facing) * (1.0 - facing);
    v_lit = base * (ambient_color + sun_color * diffuse) + rim_color * rim;
    v_alpha = color.a / 255.0;
    // The fog reads the straight distance, so it stays put while the world bends.
    v_distance = length(relative);
    v_fog = smoothstep(fog_range.x, fog_range.y, v_distance);
    // Chunks sit at x = 0: on the terrain this is the distance across the track.
    v_x = position.x;
}
"#;

/// Fragment shader for terrain, props and objects: the lit colour, on the terrain (`grooves`
/// on) each lane's groomed classic track — two grooves a ski's width apart, their
/// softness growing with distance so that far away they merge into a darker band that still
/// reads through the fog — and the fog. Linear ramps, not smoothsteps: the grooves are a few
/// pixels wide, the curve does not show, and every fragment of the track pays for them. The
/// lane numbers match `TerrainConfig::default()` (a test checks them).
pub const WORLD_FRAGMENT: &str = r#"#version 100
precision mediump float;

varying vec3 v_lit;
varying float v_alpha;
varying float v_fog;
varying float v_distance;
varying float v_x;

const float LANE_WIDTH = 2.5;
const float LANES_HALF_WIDTH = 3.75;
const float GROOVE_OFFSET = 0.22;
const float GROOVE_HALF_WIDTH = 0.06;
const float GROOVE_SOFTNESS = 0.015;
const float GROOVE_BLUR_PER_METRE = 0.003;
const float BAND_FULL_AT = 60.0;
const float BAND_STRENGTH = 0.5;
const vec3 GROOVE_SHADE = vec3(0.70, 0.77, 0.90);

uniform vec3 fog_color;
// Its own uniform, not the vertex shader's `slope_shading`: GLSL ES asks a uniform shared by
// both stages to have the same precision, and the stages' defaults differ.
uniform float grooves;

void main() {
    vec3 lit = v_lit;
    if (grooves > 0.5 && abs(v_x) < LANES_HALF_WIDTH) {
        float across = abs(v_x - floor(v_x / LANE_WIDTH + 0.5) * LANE_WIDTH);
        float sharp = 1.0 / (GROOVE_SOFTNESS + v_distance * GROOVE_BLUR_PER_METRE);
        float groove = clamp((GROOVE_HALF_WIDTH - abs(across - GROOVE_OFFSET)) * sharp + 1.0,
            0.0, 1.0);
        float band = clamp((GROOVE_OFFSET + GROOVE_HALF_WIDTH - across) * sharp + 1.0, 0.0, 1.0);
        float far = min(v_distance / BAND_FULL_AT, 1.0);
        lit = mix(lit, lit * GROOVE_SHADE, max(groove, band * BAND_STRENGTH * far));
    }
    // The vertex alpha is 1 everywhere but on the ghost, which the see-through pipeline blends.
    gl_FragColor = vec4(mix(lit, fog_color, v_fog), v_alpha);
}
"#;

/// Vertex shader for the sky: a full-screen quad; each corner's view ray, relative to the camera.
pub const SKY_VERTEX: &str = r#"#version 100
attribute vec2 corner;

uniform mat4 inverse_view_proj;

varying vec3 v_ray;
varying float v_bearing;

void main() {
    vec4 far_point = inverse_view_proj * vec4(corner, 1.0, 1.0);
    // Normalised here: far-plane distances overflow a mediump length in the fragment shader.
    v_ray = normalize(far_point.xyz / far_point.w);
    // The bearing per corner, interpolated across the screen (the view spans well under half
    // a turn, so it never wraps): no arctangent per pixel.
    v_bearing = atan(v_ray.x, v_ray.z);
    gl_Position = vec4(corner, 1.0, 1.0);
}
"#;

/// Fragment shader for the sky: the fog colour at and below the horizon, deepening upwards, and
/// two layers of distant ridges past the fog (a few sines of the view's bearing: far mountains
/// in haze, nearer ridges a little darker), so depth reads beyond the fogged hills.
pub const SKY_FRAGMENT: &str = r#"#version 100
precision mediump float;

varying vec3 v_ray;
varying float v_bearing;

uniform vec3 horizon_color;
uniform vec3 zenith_color;
uniform vec3 ridge_color;

const float FAR_BASE = 0.035;
const float NEAR_BASE = 0.012;
const float FAR_HAZE = 0.55;
const float NEAR_HAZE = 0.25;
const float RIDGE_TOP = 0.1;

float ridge(float bearing, float base, float scale, float phase) {
    float h = base;
    h += 0.030 * scale * sin(bearing * 3.0 + phase);
    h += 0.018 * scale * sin(bearing * 7.0 + 1.7 * phase);
    h += 0.009 * scale * sin(bearing * 17.0 + 2.3 * phase);
    return h;
}

void main() {
    vec3 ray = normalize(v_ray);
    float elevation = ray.y;
    float t = smoothstep(0.0, 0.55, elevation);
    vec3 sky = mix(horizon_color, zenith_color, t);
    float bearing = v_bearing;
    // Only the band just above the horizon can hold a ridge: the sines run there alone.
    if (elevation < RIDGE_TOP) {
        if (elevation < ridge(bearing, FAR_BASE, 1.0, 0.0)) {
            sky = mix(ridge_color, horizon_color, FAR_HAZE);
        }
        if (elevation < ridge(bearing, NEAR_BASE, 0.6, 2.1)) {
            sky = mix(ridge_color, horizon_color, NEAR_HAZE);
        }
    }
    gl_FragColor = vec4(sky, 1.0);
}
"#;

/// Uniforms of the world shaders, in the order of [`world_meta`] (miniquad packs them tightly).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct WorldUniforms {
    pub view_proj: [f32; 16],
    pub model_offset: [f32; 3],
    pub bend_sideways: [f32; 3],
    pub bend_vertical: [f32; 3],
    pub sun_direction: [f32; 3],
    pub sun_color: [f32; 3],
    pub ambient_color: [f32; 3],
    pub tint: [f32; 4],
    pub fog_color: [f32; 3],
    pub fog_range: [f32; 2],
    pub slope_shading: f32,
    pub rim_color: [f32; 3],
    pub grooves: f32,
}

/// Uniforms of the sky shaders, in the order of [`sky_meta`].
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct SkyUniforms {
    pub inverse_view_proj: [f32; 16],
    pub horizon_color: [f32; 3],
    pub zenith_color: [f32; 3],
    pub ridge_color: [f32; 3],
}

/// Uniform layout of the world shaders.
pub fn world_meta() -> ShaderMeta {
    uniforms_meta(&[
        ("view_proj", UniformType::Mat4),
        ("model_offset", UniformType::Float3),
        ("bend_sideways", UniformType::Float3),
        ("bend_vertical", UniformType::Float3),
        ("sun_direction", UniformType::Float3),
        ("sun_color", UniformType::Float3),
        ("ambient_color", UniformType::Float3),
        ("tint", UniformType::Float4),
        ("fog_color", UniformType::Float3),
        ("fog_range", UniformType::Float2),
        ("slope_shading", UniformType::Float1),
        ("rim_color", UniformType::Float3),
        ("grooves", UniformType::Float1),
    ])
}

/// Uniform layout of the sky shaders.
pub fn sky_meta() -> ShaderMeta {
    uniforms_meta(&[
        ("inverse_view_proj", UniformType::Mat4),
        ("horizon_color", UniformType::Float3),
        ("zenith_color", UniformType::Float3),
        ("ridge_color", UniformType::Float3),
    ])
}

fn uniforms_meta(uniforms: &[(&str, UniformType)]) -> ShaderMeta {
    ShaderMeta {
        images: Vec::new(),
        uniforms: UniformBlockLayout {
            uniforms: uniforms
                .iter()
                .map(|&(name, kind)| UniformDesc::new(name, kind))
                .collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floats(meta: &ShaderMeta) -> usize {
        meta.uniforms
            .uniforms
            .iter()
            .map(|u| u.uniform_type.size() / 4)
            .sum()
    }

    #[test]
    fn uniform_structs_match_their_layouts() {
        assert_eq!(
            floats(&world_meta()) * 4,
            std::mem::size_of::<WorldUniforms>()
        );
        assert_eq!(floats(&sky_meta()) * 4, std::mem::size_of::<SkyUniforms>());
    }

    #[test]
    fn the_grooves_sit_in_the_terrains_lanes() {
        let config = crate::terrain::TerrainConfig::default();
        let lanes_half = f64::from(crate::course::LANES) * 0.5 * config.lane_width;
        assert!(WORLD_FRAGMENT.contains(&format!("LANE_WIDTH = {:?};", config.lane_width)));
        assert!(WORLD_FRAGMENT.contains(&format!("LANES_HALF_WIDTH = {lanes_half:?};")));
        // The skier's skis run in the grooves.
        let skis = crate::models::CLASSIC_FOOT_X;
        assert!(WORLD_FRAGMENT.contains(&format!("GROOVE_OFFSET = {skis:?};")));
    }

    #[test]
    fn the_shader_bends_the_world_from_where_the_bend_module_says() {
        let start = crate::app::render::world::bend::BEND_START;
        assert!(WORLD_VERTEX.contains(&format!("BEND_START = {start:?};")));
    }

    #[test]
    fn fragment_shaders_declare_precision_for_gles2() {
        for source in [WORLD_FRAGMENT, SKY_FRAGMENT] {
            assert!(source.starts_with("#version 100"));
            assert!(source.contains("precision mediump float;"));
        }
    }
}
