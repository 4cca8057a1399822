//! `latu replay`.

use super::args::ReplayArgs;
use super::CliError;

/// Run `latu replay`.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("latu replay")
}
