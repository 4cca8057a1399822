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

/// Print a value as pretty JSON on standard output.
pub fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::bad_input(format!("cannot encode output as JSON: {e}")))?;
    println!("{text}");
    Ok(())
}
