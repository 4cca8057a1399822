//! Regenerate the game's sounds: `cargo run --example make_sounds [FOLDER]` (default
//! `assets/sounds`). The output is deterministic; commit the files it writes.

use std::path::PathBuf;
use std::process::ExitCode;

/// Exit code for a failure to write (the project's "bad input or file" code).
const EXIT_WRITE_FAILED: u8 = 2;

fn main() -> ExitCode {
    let folder = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("assets/sounds"), PathBuf::from);
    match latu::sound::write_all(&folder) {
        Ok(paths) => {
            for path in paths {
                let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
                println!("{} ({bytes} bytes)", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("make_sounds: {error}");
            ExitCode::from(EXIT_WRITE_FAILED)
        }
    }
}
