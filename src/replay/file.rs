//! The replay file: its JSON shape, loading with a clear error for every bad file, saving.

use super::verify::MAX_TICKS;
use super::RULES_VERSION;
use crate::course::daily::Date;
use crate::course::{Course, CourseKind};
use crate::files::{self, ReadError, Replace};
use crate::shooting::Rifle;
use crate::sim::summary::is_training;
use crate::sim::{Action, Brought, Summary, Tick};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The replay format this build writes (2: inputs packed; 3: touch drags packed too, see
/// [`super::packing`]).
pub const FORMAT_VERSION: u32 = 3;
/// The oldest format this build still reads (1: one input entry per tick).
pub const OLDEST_FORMAT_READ: u32 = 1;

/// Largest replay file read, bytes. A real replay of an hour of Endless (the longest a headless
/// run plays) with a frantic player is about 1 MB: inputs and a checkpoint each second.
pub const MAX_REPLAY_BYTES: u64 = 16 << 20;

/// Most actions one tick may hold: a real tick holds a frame's few presses and aim nudges.
pub const MAX_ACTIONS_PER_TICK: usize = 16;

/// The actions pressed on one tick (ticks without actions are left out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TickInput {
    pub tick: Tick,
    pub actions: Vec<Action>,
}

/// The run's state hash after `tick` ticks, as 16 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    pub tick: Tick,
    pub hash: String,
}

impl Checkpoint {
    pub fn new(tick: Tick, hash: u64) -> Self {
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
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub format_version: u32,
    /// The game version that wrote it.
    pub game_version: String,
    /// The rules it was played by ([`RULES_VERSION`] when written by this build; absent in a
    /// hand-written input script, and in replays written before rules were recorded).
    #[serde(default)]
    pub rules: Option<u32>,
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
    /// The day whose daily course this run is (absent: not a daily run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<Date>,
    /// Inputs by tick, ascending, one per tick with actions (a file packs them: see
    /// [`super::packing`]).
    #[serde(deserialize_with = "super::packing::read")]
    pub inputs: Vec<TickInput>,
    /// State hashes every `HASH_EVERY` ticks (absent in a hand-written input script).
    #[serde(default)]
    pub hashes: Vec<Checkpoint>,
    /// How the run ended (absent in a hand-written input script).
    #[serde(default)]
    pub summary: Option<Summary>,
    /// The rifle the run was shot with (absent: the training rifle).
    #[serde(default, skip_serializing_if = "is_training")]
    pub rifle: Rifle,
}

impl Replay {
    /// What the player brought to the run: the rifle. (A run brings no coins since rules 6: a
    /// `purse` field is no field of this format, and older files are refused by their rules.)
    pub fn brought(&self) -> Brought {
        Brought { rifle: self.rifle }
    }

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
        let bytes = files::read_regular(path, MAX_REPLAY_BYTES).map_err(|e| {
            error(match e {
                ReadError::Missing => ErrorKind::Missing,
                ReadError::TooLarge { cap } => ErrorKind::TooLarge(cap),
                other => ErrorKind::Unreadable(other.to_string()),
            })
        })?;
        Self::from_bytes(&bytes).map_err(error)
    }

    /// Read a replay from its bytes (a file's, or a request's): every failure says what is
    /// wrong. A replay of other rules is refused by name; one with no rules version only when it
    /// records a run (a hand-written input script names none).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ErrorKind> {
        // Read straight from the text (not through a `Value`, which keeps the last of duplicate
        // keys silently), so a key given twice is refused. A file that is not a replay of this
        // version is read again for its versions alone, so another format or rules version is
        // named as such (an old run's fields, such as the purse before rules 6, are not ours).
        let replay: Self = match serde_json::from_slice(bytes) {
            Ok(replay) => replay,
            Err(invalid) => {
                let head: VersionOnly =
                    serde_json::from_slice(bytes).map_err(|e| ErrorKind::NotJson(e.to_string()))?;
                let version = head.format_version;
                if !version
                    .as_ref()
                    .and_then(serde_json::Value::as_u64)
                    .is_some_and(|v| {
                        (u64::from(OLDEST_FORMAT_READ)..=u64::from(FORMAT_VERSION)).contains(&v)
                    })
                {
                    return Err(ErrorKind::OtherVersion(
                        version.as_ref().map(ToString::to_string),
                    ));
                }
                let rules = head.rules.as_ref().and_then(serde_json::Value::as_u64);
                if let Some(rules) = rules.and_then(|rules| u32::try_from(rules).ok()) {
                    if rules != RULES_VERSION {
                        return Err(ErrorKind::OtherRules(Some(rules)));
                    }
                }
                return Err(ErrorKind::Invalid(invalid.to_string()));
            }
        };
        if !(OLDEST_FORMAT_READ..=FORMAT_VERSION).contains(&replay.format_version) {
            return Err(ErrorKind::OtherVersion(Some(
                replay.format_version.to_string(),
            )));
        }
        match replay.rules {
            Some(RULES_VERSION) => {}
            None if replay.summary.is_none() => {}
            other => return Err(ErrorKind::OtherRules(other)),
        }
        replay.check_inputs().map_err(ErrorKind::Impossible)?;
        Ok(replay)
    }

    /// Inputs a real run can have: ascending ticks, each tick once, a few actions a tick, none
    /// at or after the recorded end (or [`MAX_TICKS`]).
    fn check_inputs(&self) -> Result<(), String> {
        let end = self
            .summary
            .as_ref()
            .map_or(MAX_TICKS, |summary| summary.ticks.min(MAX_TICKS));
        let end = Tick::new(end);
        let mut previous = None;
        // Named by tick: a packed file's entries are not one a tick, so an index would not
        // point into the file.
        for input in &self.inputs {
            if previous.is_some_and(|tick| input.tick <= tick) {
                return Err(format!(
                    "the input at tick {} is not after the one before (tick {})",
                    input.tick,
                    previous.unwrap_or_default()
                ));
            }
            // The run steps ticks 0 to end - 1: an input at `end` is never played.
            if input.tick >= end {
                return Err(format!(
                    "the input at tick {} is after the run's end (tick {end})",
                    input.tick
                ));
            }
            if input.actions.len() > MAX_ACTIONS_PER_TICK {
                return Err(format!(
                    "the input at tick {} holds {} actions in one tick (at most {MAX_ACTIONS_PER_TICK})",
                    input.tick,
                    input.actions.len()
                ));
            }
            previous = Some(input.tick);
        }
        Ok(())
    }

    /// Write the replay as JSON, atomically (a unique temporary file, then a rename).
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        files::write_atomic(path, self.to_json().as_bytes(), Replace::Yes).map_err(|e| {
            ReplayError {
                path: path.to_path_buf(),
                kind: ErrorKind::Unwritable(format!("{} ({})", e.step, e.source)),
            }
        })
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
        let mut fields = vec![
            ("format_version", compact(&self.format_version)),
            ("game_version", compact(&self.game_version)),
            ("rules", compact(&self.rules)),
            ("level", compact(&self.level)),
            ("track", compact(&self.track)),
            ("seed", compact(&self.seed)),
            ("endless", compact(&self.endless)),
            ("endless_distance", compact(&self.endless_distance)),
        ];
        // Only a daily run names its day.
        if let Some(day) = &self.daily {
            fields.push(("daily", compact(day)));
        }
        fields.extend([
            ("inputs", list(self.input_entries())),
            ("hashes", list(self.hashes.iter().map(compact).collect())),
            ("summary", compact(&self.summary)),
        ]);
        // Only another rifle than the training one is named: replays with it keep their bytes.
        if self.rifle != Rifle::Training {
            fields.push(("rifle", compact(&self.rifle)));
        }
        let body: Vec<String> = fields
            .iter()
            .map(|(key, value)| format!("  \"{key}\": {value}"))
            .collect();
        format!("{{\n{}\n}}\n", body.join(",\n"))
    }
}

impl Replay {
    /// The inputs as this replay's format writes them, one entry's JSON each.
    fn input_entries(&self) -> Vec<String> {
        super::packing::entries(&self.inputs, self.format_version)
            .iter()
            .map(compact)
            .collect()
    }

    /// The replay as its file holds it, as a JSON value (what a body's shape is checked
    /// against: `crate::online::contract::check_shape`).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(&self.to_json()).expect("a replay's own JSON reads back")
    }
}

/// The fields read when the rest does not read: which format and rules the file is of.
#[derive(Deserialize)]
struct VersionOnly {
    format_version: Option<serde_json::Value>,
    #[serde(default)]
    rules: Option<serde_json::Value>,
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
    /// Larger than this many bytes: no real replay is.
    TooLarge(u64),
    NotJson(String),
    /// The `format_version` found, if any.
    OtherVersion(Option<String>),
    /// JSON of the right version but not a replay (a field missing or of the wrong type).
    Invalid(String),
    /// A replay played by other rules than this build's (the version found, if any).
    OtherRules(Option<u32>),
    /// A replay no game could have recorded (inputs out of order or past the end): a tampered
    /// file.
    Impossible(String),
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
            ErrorKind::TooLarge(cap) => write!(
                f,
                "replay file {file} is larger than {cap} bytes, more than any real replay"
            ),
            ErrorKind::NotJson(e) => write!(f, "replay file {file} is not JSON: {e}"),
            ErrorKind::OtherVersion(Some(found)) => write!(
                f,
                "replay file {file} has format_version {found}; this build reads versions {OLDEST_FORMAT_READ} to {FORMAT_VERSION}"
            ),
            ErrorKind::OtherVersion(None) => write!(
                f,
                "replay file {file} has no format_version; this build reads versions {OLDEST_FORMAT_READ} to {FORMAT_VERSION}"
            ),
            ErrorKind::Invalid(e) => write!(f, "replay file {file} is not a valid replay: {e}"),
            ErrorKind::OtherRules(rules) => write!(f, "replay file {file} {}", rules_sentence(*rules)),
            ErrorKind::Impossible(e) => write!(f, "replay file {file} is not a run the game could record: {e}"),
            ErrorKind::UnknownCourse(e) => write!(f, "replay file {file} names an unknown course: {e}"),
            ErrorKind::Unwritable(e) => write!(f, "replay file {file} cannot be written: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What is said of a replay played by other rules (`rules`: the version it names, if any).
pub fn rules_sentence(rules: Option<u32>) -> String {
    match rules {
        Some(found) => format!(
            "was played by rules version {found}; this build plays rules version {RULES_VERSION} \
             (a rule of the game changed: the run cannot be re-played here)"
        ),
        None => format!(
            "names no rules version (written before rules were recorded); this build plays rules \
             version {RULES_VERSION}"
        ),
    }
}
