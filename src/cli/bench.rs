//! `latu bench`.

use super::args::BenchArgs;
use super::CliError;

/// Run `latu bench`.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("latu bench")
}
