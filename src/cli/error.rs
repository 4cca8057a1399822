//! Errors at the command-line boundary, each with its exit code.

use std::fmt;

/// Exit code for bad input: an unreadable or invalid file or argument.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code for a replay whose re-simulation differs from its record.
pub const EXIT_MISMATCH: i32 = 3;

/// A failure of a headless subcommand: the message says what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    pub code: i32,
    pub message: String,
}

impl CliError {
    /// Bad input (exit 2).
    pub fn bad_input(message: impl Into<String>) -> Self {
        Self {
            code: EXIT_BAD_INPUT,
            message: message.into(),
        }
    }

    /// Replay mismatch (exit 3).
    pub fn mismatch(message: impl Into<String>) -> Self {
        Self {
            code: EXIT_MISMATCH,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}
