//! `latu simulate`.

use super::args::SimulateArgs;
use super::CliError;

/// Run `latu simulate`.
pub fn run(args: &SimulateArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("latu simulate")
}
