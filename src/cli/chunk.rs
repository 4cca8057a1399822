//! `latu chunk`.

use super::args::ChunkArgs;
use super::CliError;

/// Run `latu chunk`.
pub fn run(args: &ChunkArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("latu chunk")
}
