//! The frame loop: stream and upload chunks, show loading until the view is complete, then
//! glide the camera down the track, draw, and quit after `--frames`.

use super::camera::ViewCamera;
use super::chunk_buffers::ChunkBuffers;
use super::hud::{clock, draw_hud, HudItem};
use super::loading::{draw_loading_screen, draw_waiting_bar};
use super::output;
use super::renderer::{Fog, Renderer};
use super::standin::{track_height, StandinStream};
use super::stats::FrameStats;
use crate::cli::args::PlayArgs;
use crate::cli::CliError;
use crate::course::MAX_SKIER_SPEED;
use crate::terrain::CHUNK_LENGTH;
use glam::DVec3;
use macroquad::prelude::{get_internal_gl, next_frame};
use std::time::{Duration, Instant};

/// Chunks uploaded per frame at most, so a burst of arrivals never stalls one frame.
const UPLOADS_PER_FRAME: usize = 2;
/// The fog is opaque this far before the end of the streamed window, metres.
const FOG_MARGIN: f64 = 16.0;
/// Streamed distance ahead of the followed point, metres.
const VIEW_DISTANCE: f64 = 240.0;
/// Longest frame the glide advances by, seconds (a stalled frame must not jump ahead).
const MAX_GLIDE_STEP: Duration = Duration::from_millis(100);

/// Run the window until `--frames` is reached or the window closes.
pub async fn run(args: PlayArgs) -> Result<(), CliError> {
    let renderer = Renderer::new(unsafe { get_internal_gl() }.quad_context);
    let mut buffers = ChunkBuffers::default();
    let mut streamer = StandinStream::new();
    let mut stats = FrameStats::default();
    let fog = Fog {
        end: (VIEW_DISTANCE - FOG_MARGIN) as f32,
    };
    let far = (VIEW_DISTANCE + CHUNK_LENGTH) as f32;
    let mut glide_z = 0.0_f64;
    let mut run_time = 0.0_f64;
    let mut started = false;
    let mut frames = 0_u64;
    let mut last_frame = Instant::now();
    loop {
        let (evicted, wanted) = streamer.update(glide_z, VIEW_DISTANCE);
        let ctx = unsafe { get_internal_gl() }.quad_context;
        for index in evicted {
            buffers.evict(ctx, index);
        }
        let upload_start = Instant::now();
        let mut uploads = 0;
        for index in wanted.into_iter().take(UPLOADS_PER_FRAME) {
            let chunk = streamer.build(index);
            buffers.upload(ctx, &chunk);
            uploads += 1;
        }
        let upload_time = upload_start.elapsed();

        let followed = DVec3::new(0.0, track_height(glide_z), glide_z);
        let camera = ViewCamera::chase(
            followed,
            track_height(glide_z + ViewCamera::look_ahead()),
            far,
        );
        let progress = visible_progress(&buffers, camera.eye.z, f64::from(fog.end));
        let complete = progress >= 1.0;
        let mut drawn = Default::default();
        if !started && !complete {
            draw_loading_screen(progress);
        } else {
            started = true;
            drawn = renderer.draw(&camera, &buffers, &[], fog);
            draw_hud(&[
                HudItem::new("DISTANCE", format!("{:.0} m", glide_z)),
                HudItem::new("TIME", clock(run_time)),
            ]);
            if complete {
                let step = (Instant::now() - last_frame).min(MAX_GLIDE_STEP);
                glide_z += MAX_SKIER_SPEED * step.as_secs_f64();
                run_time += step.as_secs_f64();
            } else {
                draw_waiting_bar(progress);
            }
        }
        let now = Instant::now();
        stats.record(
            now - last_frame,
            drawn,
            uploads,
            upload_time,
            started && !complete,
        );
        last_frame = now;
        frames += 1;
        if args.frames.is_some_and(|limit| frames >= limit) {
            return finish(&args, &stats);
        }
        next_frame().await;
    }
}

fn finish(args: &PlayArgs, stats: &FrameStats) -> Result<(), CliError> {
    if let Some(path) = &args.screenshot {
        output::write_screenshot(path)?;
    }
    if let Some(path) = &args.stats {
        output::write_stats(path, &stats.report())?;
    }
    Ok(())
}

/// Fraction of the chunks between the eye and the fog end that are on the GPU.
fn visible_progress(buffers: &ChunkBuffers, eye_z: f64, fog_end: f64) -> f32 {
    let first = chunk_at(eye_z);
    let last = chunk_at(eye_z + fog_end);
    let needed = last - first + 1;
    let present = (first..=last).filter(|&i| buffers.contains(i)).count();
    present as f32 / needed as f32
}

fn chunk_at(z: f64) -> u64 {
    (z.max(0.0) / CHUNK_LENGTH).floor() as u64
}
