//! Headless subcommands: each turns its arguments into core calls and prints JSON.

pub mod args;
pub mod bench;
pub mod chunk;
pub mod course;
pub mod error;
pub mod out_file;
pub mod replay;
#[cfg(not(any(target_arch = "wasm32", target_os = "android")))]
pub mod send;
pub mod simulate;
pub mod stderr;
pub mod usage;

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

/// Write `line` to standard error as one line, its control characters escaped (`\u{1b}`, `\n`):
/// messages quote bytes from files, paths and arguments, and raw escape sequences would drive
/// the reader's terminal. A standard error that cannot be written (a full disk, a closed
/// descriptor) is no reason to stop: the line is dropped, where `eprintln!` would panic.
pub fn eprintln_safely(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", printable(line));
}

/// `text` with every control character escaped, newlines too: one line a terminal shows as it
/// is.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_lines_escape_every_control_character_newlines_too() {
        // A data path or argument with a terminal escape, a bell and a newline in it.
        let line = printable("latu: /data/\u{1b}[2Jx\u{7}/settings.json\nfake line");
        assert_eq!(
            line,
            "latu: /data/\\u{1b}[2Jx\\u{7}/settings.json\\nfake line"
        );
        assert_eq!(line.lines().count(), 1);
        assert_eq!(printable("Åsa – Σοφία"), "Åsa – Σοφία");
    }
}
