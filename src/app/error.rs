//! The app's one error: what can go wrong around the game (a course or replay that cannot be
//! built, an output file that cannot be written, no display, a `--show` moment a course never
//! reaches). Inside the game a failure becomes a notice on screen; only at `latu play`'s edge is
//! it turned, once, into the command line's error.

use crate::cli::CliError;
use crate::course::CourseError;
use crate::replay::ReplayError;
use crate::storage::DamagedReplay;
use std::fmt;
use std::path::PathBuf;

/// A failure of the window's game.
#[derive(Debug)]
pub enum AppError {
    /// The command line's arguments name something that does not exist.
    Arguments(CliError),
    /// A course that cannot be built.
    Course(CourseError),
    /// A replay that cannot be read or saved.
    Replay(ReplayError),
    /// A saved replay found damaged (and kept aside).
    DamagedReplay(DamagedReplay),
    /// The chunk workers could not start.
    Workers(std::io::Error),
    /// An output file (`what`: screenshot, stats, replay) that cannot be written.
    Output {
        what: &'static str,
        path: PathBuf,
        why: String,
    },
    /// No display to open the window on.
    NoDisplay,
    /// The display named by `DISPLAY` that does not open.
    Display(String),
    /// The window cannot open here, and why.
    Window(String),
    /// A `--show` screen this course cannot show, and why.
    Show { screen: String, why: String },
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Arguments(error) => error.fmt(f),
            Self::Course(error) => error.fmt(f),
            Self::Replay(error) => error.fmt(f),
            Self::DamagedReplay(error) => error.fmt(f),
            Self::Workers(error) => write!(f, "cannot start chunk workers: {error}"),
            Self::Output { what, path, why } => {
                write!(f, "cannot write {what} file {}: {why}", path.display())
            }
            Self::NoDisplay => {
                f.write_str("no display to open the window on: set DISPLAY or run under xvfb-run")
            }
            Self::Display(display) => write!(
                f,
                "cannot open the display DISPLAY={display}: set DISPLAY to a running X server or \
                 run under xvfb-run"
            ),
            Self::Window(why) => write!(f, "cannot open the window: {why}"),
            Self::Show { screen, why } => write!(f, "--show {screen}: {why}"),
        }
    }
}

impl std::error::Error for AppError {}

impl From<CliError> for AppError {
    fn from(error: CliError) -> Self {
        Self::Arguments(error)
    }
}

impl From<CourseError> for AppError {
    fn from(error: CourseError) -> Self {
        Self::Course(error)
    }
}

impl From<ReplayError> for AppError {
    fn from(error: ReplayError) -> Self {
        Self::Replay(error)
    }
}

impl From<DamagedReplay> for AppError {
    fn from(error: DamagedReplay) -> Self {
        Self::DamagedReplay(error)
    }
}

/// At `latu play`'s edge every app error is bad input (exit 2), with its own message; an
/// argument error keeps its code.
impl From<AppError> for CliError {
    fn from(error: AppError) -> Self {
        match error {
            AppError::Arguments(error) => error,
            other => CliError::bad_input(other.to_string()),
        }
    }
}
