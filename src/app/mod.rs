//! The macroquad edge: window, frame loop, rendering, input, audio, storage.
//! The only module that imports macroquad.

mod camera;
mod chunk_buffers;
mod frame_loop;
mod hud;
mod loading;
mod output;
mod renderer;
mod shader;
mod standin;
mod stats;

use crate::cli::args::PlayArgs;
use crate::cli::CliError;
use macroquad::miniquad::conf::{Conf as WindowConf, Platform};
use macroquad::Window;
use std::cell::RefCell;
use std::rc::Rc;

/// Default window size: a portrait phone screen.
const WINDOW_WIDTH: i32 = 540;
const WINDOW_HEIGHT: i32 = 960;

/// Open the window and play. Output paths are checked before the window opens.
pub fn play(args: PlayArgs) -> Result<(), CliError> {
    if let Some(path) = &args.screenshot {
        output::check_writable(path, "screenshot")?;
    }
    if let Some(path) = &args.stats {
        output::check_writable(path, "stats")?;
    }
    let outcome = Rc::new(RefCell::new(Ok(())));
    let slot = Rc::clone(&outcome);
    Window::from_config(window_conf(), async move {
        let result = frame_loop::run(args).await;
        *slot.borrow_mut() = result;
    });
    outcome.replace(Ok(()))
}

fn window_conf() -> WindowConf {
    WindowConf {
        window_title: "Latu".to_owned(),
        window_width: WINDOW_WIDTH,
        window_height: WINDOW_HEIGHT,
        high_dpi: true,
        window_resizable: true,
        platform: Platform::default(),
        ..Default::default()
    }
}
