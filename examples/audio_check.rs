//! Play every sound once over the wind, then the music loops, then the run's music's sections
//! with the skis' swish, then exit: a by-ear check of
//! `assets/sounds/` and of the silent fallback. `cargo run --example audio_check [FRAMES]` (default 400 frames).
//! Without an audio device (try `ALSA_CONFIG_PATH` pointing at a file holding
//! `pcm.!default { type null }`, or at a bogus device) it must run to the end without a panic.

use latu::app::platform::audio::{prepare_audio, Sounds, Volumes};
use latu::sound::music::Track;
use latu::sound::score::Section;
use latu::sound::SoundEffect;
use macroquad::prelude::*;

/// Frames between two effects.
const FRAMES_PER_EFFECT: usize = 30;
/// Frames to run when no count is given.
const DEFAULT_FRAMES: usize = 400;

fn main() {
    let frames = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(DEFAULT_FRAMES);
    prepare_audio();
    let conf = Conf {
        window_title: "latu audio check".to_owned(),
        window_width: 320,
        window_height: 200,
        ..Conf::default()
    };
    macroquad::Window::from_config(conf, run(frames));
}

async fn run(frames: usize) {
    set_pc_assets_folder("assets");
    let mut sounds = Sounds::load().await;
    sounds.set_volumes(Volumes {
        effects: 0.8,
        ambience: 0.5,
        music: 0.6,
    });
    sounds.start_ambience();
    println!("audible: {}", sounds.is_audible());
    for frame in 0..frames {
        if frame % FRAMES_PER_EFFECT == 0 {
            let step = frame / FRAMES_PER_EFFECT;
            if let Some(&effect) = SoundEffect::ALL.get(step) {
                println!("frame {frame}: {effect:?}");
                sounds.play(effect);
            } else if let Some(&track) = Track::ALL.get(step - SoundEffect::ALL.len()) {
                println!("frame {frame}: music {track:?}");
                sounds.play_music(track);
            } else if step == SoundEffect::ALL.len() + Track::ALL.len() {
                println!("frame {frame}: the run's music and the swish");
                sounds.play_run_music();
            }
        }
        let run_from = (SoundEffect::ALL.len() + Track::ALL.len()) * FRAMES_PER_EFFECT;
        if let Some(since) = frame.checked_sub(run_from) {
            // Each section in turn for a few effects' time, the swish rising and falling.
            let section = Section::ALL[(since / (4 * FRAMES_PER_EFFECT)) % Section::ALL.len()];
            let swish = (since % FRAMES_PER_EFFECT) as f32 / FRAMES_PER_EFFECT as f32;
            sounds.follow_run(section, swish, get_frame_time());
        }
        clear_background(DARKBLUE);
        draw_text("latu audio check", 20.0, 100.0, 30.0, WHITE);
        next_frame().await;
    }
    sounds.stop_ambience();
    println!("done after {frames} frames");
}
