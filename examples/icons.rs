//! Draw the launcher icon at every Android density into `android/res/mipmap-*/ic_launcher.png`.
//!
//! `cargo run --example icons` from the package root (or pass another resource folder).
//! Exit code 2 when a file cannot be written.

use latu::phone::icon;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let res_dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from(icon::RES_DIR), PathBuf::from);
    match icon::write_all(&res_dir) {
        Ok(written) => {
            for path in written {
                println!("{}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("icons: {error}");
            ExitCode::from(2)
        }
    }
}
