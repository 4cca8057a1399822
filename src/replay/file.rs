//! The replay file: its JSON shape, loading with a clear error for every bad file, saving.

use crate::course::{Course, CourseKind};
use crate::sim::{Action, Summary};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The replay format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// The actions pressed on one tick (ticks without actions are left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TickInput {
    pub tick: u64,
    pub actions: Vec<Action>,
}

/// The run's state hash after `tick` ticks, as 16 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub tick: u64,
    pub hash: String,
}

impl Checkpoint {
    pub fn new(tick: u64, hash: u64) -> Self {
        Self {
            tick,
            hash: format!("{hash:016x}"),
        }
    }
}

/// Which course a replay was played on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CourseChoice {
    /// A level/track row, with the seed actually used.
    Level { level: u8, track: u8, seed: u64 },
    /// Endless from `seed`, stopped after `distance` metres if set (a headless run), else only
    /// when the player stopped (a replay then ends at its recorded tick count).
    Endless { seed: u64, distance: Option<f64> },
}

impl CourseChoice {
    /// The choice that rebuilds `course` (Endless without a set distance).
    pub fn of(course: &Course) -> Self {
        match course.kind {
            CourseKind::Level { level, track } => Self::Level {
                level,
                track,
                seed: course.seed,
            },
            CourseKind::Endless => Self::Endless {
                seed: course.seed,
                distance: None,
            },
        }
    }
}

/// A replay file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub format_version: u32,
    /// The game version that wrote it.
    pub game_version: String,
    /// Level 1–5 (`null` for Endless).
    pub level: Option<u8>,
    /// Track 1–3 (`null` for Endless).
    pub track: Option<u8>,
    pub seed: u64,
    #[serde(default)]
    pub endless: bool,
    /// Where an Endless run stops, metres (`null`: where the player stopped).
    #[serde(default)]
    pub endless_distance: Option<f64>,
    /// Inputs by tick, ascending.
    pub inputs: Vec<TickInput>,
    /// State hashes every `HASH_EVERY` ticks (absent in a hand-written input script).
    #[serde(default)]
    pub hashes: Vec<Checkpoint>,
    /// How the run ended (absent in a hand-written input script).
    #[serde(default)]
    pub summary: Option<Summary>,
}

impl Replay {
    /// The course the replay names, or why it names none.
    pub fn course_choice(&self) -> Result<CourseChoice, String> {
        if self.endless {
            let distance = self.endless_distance;
            if let Some(distance) = distance.filter(|d| !(d.is_finite() && *d > 0.0)) {
                return Err(format!(
                    "endless_distance {distance} is not a positive length"
                ));
            }
            return Ok(CourseChoice::Endless {
                seed: self.seed,
                distance,
            });
        }
        match (self.level, self.track) {
            (Some(level), Some(track)) => Ok(CourseChoice::Level {
                level,
                track,
                seed: self.seed,
            }),
            _ => Err("names no level and track, and is not endless".to_string()),
        }
    }

    /// Read a replay file; every failure names the file and the problem.
    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        let error = |kind| ReplayError {
            path: path.to_path_buf(),
            kind,
        };
        let text = fs::read_to_string(path).map_err(|e| {
            error(if e.kind() == io::ErrorKind::NotFound {
                ErrorKind::Missing
            } else {
                ErrorKind::Unreadable(e.to_string())
            })
        })?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| error(ErrorKind::NotJson(e.to_string())))?;
        let version = value
            .get("format_version")
            .and_then(serde_json::Value::as_u64);
        if version != Some(u64::from(FORMAT_VERSION)) {
            return Err(error(ErrorKind::OtherVersion(
                value.get("format_version").map(ToString::to_string),
            )));
        }
        serde_json::from_value(value).map_err(|e| error(ErrorKind::Invalid(e.to_string())))
    }

    /// Write the replay as JSON, atomically (a temporary file, then a rename).
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        let error = |e: io::Error| ReplayError {
            path: path.to_path_buf(),
            kind: ErrorKind::Unwritable(e.to_string()),
        };
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        fs::write(&temporary, self.to_json()).map_err(error)?;
        fs::rename(&temporary, path).map_err(error)
    }

    /// The replay as JSON text: one field per line, one input or hash per line, so that a
    /// golden file reads (and diffs) tick by tick.
    pub fn to_json(&self) -> String {
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "[]".to_string()
            } else {
                format!("[\n    {}\n  ]", items.join(",\n    "))
            }
        };
        let fields = [
            ("format_version", compact(&self.format_version)),
            ("game_version", compact(&self.game_version)),
            ("level", compact(&self.level)),
            ("track", compact(&self.track)),
            ("seed", compact(&self.seed)),
            ("endless", compact(&self.endless)),
            ("endless_distance", compact(&self.endless_distance)),
            ("inputs", list(self.inputs.iter().map(compact).collect())),
            ("hashes", list(self.hashes.iter().map(compact).collect())),
            ("summary", compact(&self.summary)),
        ];
        let body: Vec<String> = fields
            .iter()
            .map(|(key, value)| format!("  \"{key}\": {value}"))
            .collect();
        format!("{{\n{}\n}}\n", body.join(",\n"))
    }
}

/// Compact JSON of one value.
fn compact<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("replay fields always encode as JSON")
}

/// What is wrong with a replay file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    Missing,
    Unreadable(String),
    NotJson(String),
    /// The `format_version` found, if any.
    OtherVersion(Option<String>),
    /// JSON of the right version but not a replay (a field missing or of the wrong type).
    Invalid(String),
    /// A course the replay names does not exist.
    UnknownCourse(String),
    Unwritable(String),
}

/// A bad replay file: which file and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub path: PathBuf,
    pub kind: ErrorKind,
}

impl ReplayError {
    /// A replay that names a course this build does not have.
    pub fn unknown_course(path: &Path, why: impl Into<String>) -> Self {
        Self {
            path: path.to_path_buf(),
            kind: ErrorKind::UnknownCourse(why.into()),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.path.display();
        match &self.kind {
            ErrorKind::Missing => write!(f, "replay file {file} does not exist"),
            ErrorKind::Unreadable(e) => write!(f, "replay file {file} cannot be read: {e}"),
            ErrorKind::NotJson(e) => write!(f, "replay file {file} is not JSON: {e}"),
            ErrorKind::OtherVersion(Some(found)) => write!(
                f,
                "replay file {file} has format_version {found}; this build reads version {FORMAT_VERSION}"
            ),
            ErrorKind::OtherVersion(None) => write!(
                f,
                "replay file {file} has no format_version; this build reads version {FORMAT_VERSION}"
            ),
            ErrorKind::Invalid(e) => write!(f, "replay file {file} is not a valid replay: {e}"),
            ErrorKind::UnknownCourse(e) => write!(f, "replay file {file} names an unknown course: {e}"),
            ErrorKind::Unwritable(e) => write!(f, "replay file {file} cannot be written: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}
