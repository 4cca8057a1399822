//! Drawing the world on the GPU.
//!
//! The shaders, the renderer, the chunks' GPU buffers and their pool, the frame's merged
//! models, the chase camera (and its shake on a hit), the scene of moving things, the power-ups (on the track and on
//! the skier), the track's set pieces (snowmobiles), the falling snow and the skis' spray (and the seeded scatter they share).

pub(crate) mod buffer_pool;
pub(crate) mod camera;
pub(crate) mod chunk_buffers;
pub(crate) mod dynamic_mesh;
pub(crate) mod knock;
pub(crate) mod power;
pub(crate) mod renderer;
pub(crate) mod scene;
pub(crate) mod shader;
pub(crate) mod shake;
pub(crate) mod snowfall;
pub(crate) mod spray;
pub(crate) mod track_pieces;
pub(crate) mod world;
