//! The macroquad edge: window, frame loop, rendering, input, audio, storage.

pub mod audio;

use crate::cli::args::PlayArgs;
use crate::cli::CliError;

/// Open the window and play.
pub fn play(args: PlayArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("app: window")
}
