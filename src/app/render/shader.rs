//! The two GLSL 100 shaders (GLES2 on Android): lit, fogged world geometry and the sky gradient.
//!
//! World geometry is drawn camera-relative: vertex positions are chunk-local, `model_offset` is
//! the chunk origin minus the camera position (computed in f64 on the CPU), and `view_proj` has
//! the camera at the origin. So a chunk a million chunks away is as precise as chunk 0.

use macroquad::miniquad::{ShaderMeta, UniformBlockLayout, UniformDesc, UniformType};

/// Vertex shader for terrain, props and objects.
pub const WORLD_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec4 color;

uniform mat4 view_proj;
uniform vec3 model_offset;

varying vec3 v_normal;
varying vec4 v_color;
varying float v_distance;
varying float v_x;

void main() {
    vec3 relative = position + model_offset;
    gl_Position = view_proj * vec4(relative, 1.0);
    v_normal = normal;
    v_color = color / 255.0;
    v_distance = length(relative);
    // Chunks sit at x = 0: on the terrain this is the distance across the track.
    v_x = position.x;
}
"#;

/// Fragment shader for terrain, props and objects: sun + ambient, slope-shaded snow, fog; on
/// the terrain (slope shading on) each lane's groomed classic track: two grooves a ski's width
/// apart, their softness growing with distance so that far away they merge into a darker band
/// that still reads through the fog. The lane numbers match `TerrainConfig::default()` (a test
/// checks them).
pub const WORLD_FRAGMENT: &str = r#"#version 100
precision mediump float;

varying vec3 v_normal;
varying vec4 v_color;
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

uniform vec3 sun_direction;
uniform vec3 sun_color;
uniform vec3 ambient_color;
uniform vec3 fog_color;
uniform vec2 fog_range;
uniform float slope_shading;

void main() {
    vec3 n = normalize(v_normal);
    float slope = 1.0 - n.y;
    vec3 base = v_color.rgb;
    // Steep snow faces turn a cold blue-grey, as snow in the shade of its own slope does.
    vec3 steep_snow = base * vec3(0.72, 0.80, 0.96);
    base = mix(base, steep_snow, slope_shading * smoothstep(0.04, 0.40, slope));
    if (slope_shading > 0.5 && abs(v_x) < LANES_HALF_WIDTH) {
        float centre = floor(v_x / LANE_WIDTH + 0.5) * LANE_WIDTH;
        float across = abs(v_x - centre);
        float soft = GROOVE_SOFTNESS + v_distance * GROOVE_BLUR_PER_METRE;
        float groove = 1.0 - smoothstep(GROOVE_HALF_WIDTH, GROOVE_HALF_WIDTH + soft,
            abs(across - GROOVE_OFFSET));
        float edge = GROOVE_OFFSET + GROOVE_HALF_WIDTH;
        float band = 1.0 - smoothstep(edge, edge + soft, across);
        float far = clamp(v_distance / BAND_FULL_AT, 0.0, 1.0);
        base = mix(base, base * GROOVE_SHADE, max(groove, band * BAND_STRENGTH * far));
    }
    float diffuse = max(dot(n, sun_direction), 0.0);
    vec3 lit = base * (ambient_color + sun_color * diffuse);
    float fog = smoothstep(fog_range.x, fog_range.y, v_distance);
    // The vertex alpha is 1 everywhere but on the ghost, which the see-through pipeline blends.
    gl_FragColor = vec4(mix(lit, fog_color, fog), v_color.a);
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
    pub sun_direction: [f32; 3],
    pub sun_color: [f32; 3],
    pub ambient_color: [f32; 3],
    pub fog_color: [f32; 3],
    pub fog_range: [f32; 2],
    pub slope_shading: f32,
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
        ("sun_direction", UniformType::Float3),
        ("sun_color", UniformType::Float3),
        ("ambient_color", UniformType::Float3),
        ("fog_color", UniformType::Float3),
        ("fog_range", UniformType::Float2),
        ("slope_shading", UniformType::Float1),
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
    fn fragment_shaders_declare_precision_for_gles2() {
        for source in [WORLD_FRAGMENT, SKY_FRAGMENT] {
            assert!(source.starts_with("#version 100"));
            assert!(source.contains("precision mediump float;"));
        }
    }
}
