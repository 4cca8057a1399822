//! `latu course`.

use super::args::CourseArgs;
use super::CliError;

/// Run `latu course`.
pub fn run(args: &CourseArgs) -> Result<(), CliError> {
    let _ = args;
    todo!("latu course")
}
