//! Headless subcommands: each turns its arguments into core calls and prints JSON.

pub mod args;
pub mod bench;
pub mod chunk;
pub mod course;
pub mod error;
pub mod replay;
pub mod simulate;

pub use error::CliError;

use serde::Serialize;
use std::io::{ErrorKind, Write};

/// Print a value as pretty JSON on standard output. A reader that stops early (a closed pipe,
/// as in `latu chunk … | head`) is not an error.
pub fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::bad_input(format!("cannot encode output as JSON: {e}")))?;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(CliError::bad_input(format!(
            "cannot write to standard output: {e}"
        ))),
        _ => Ok(()),
    }
}
