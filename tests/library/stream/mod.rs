//! Streaming the world: the streamer with injected builders, without threads (the web build), with
//! real terrain, and a skier walking through it at full speed.

mod stream_main_thread;
mod stream_streamer;
mod stream_terrain;
mod stream_walk;
