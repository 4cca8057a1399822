//! Reading and writing one JSON document safely: atomic writes, and loads that never lose what
//! was on disk — an unusable file is moved aside under a new name, bytes untouched, and the
//! player is told.

use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

pub use crate::files::Replace;
use crate::files::{self, ReadError, WriteStep};
use crate::storage::notice::{Outcome, Problem, StorageError, StorageNotice};

/// Largest settings or results file read, bytes: a full results list is about 40 KB.
const MAX_DOCUMENT_BYTES: u64 = 4 << 20;

/// Suffix of a file moved aside, followed by `-<n>` with the first free `n` from 1.
const KEPT_SUFFIX: &str = "corrupt";

/// A document kept in one JSON file: settings or results.
pub trait Document: Serialize + DeserializeOwned + Default + PartialEq {
    /// Bring freshly loaded values into their valid ranges.
    fn repair(&mut self) -> Repairs;
}

/// What [`Document::repair`] changed.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Repairs {
    /// Values brought into range: told to the player, the file is left as it is.
    pub adjusted: Vec<String>,
    /// Values that had to be dropped: the original file is kept aside.
    pub dropped: Vec<String>,
}

/// A loaded document with what the player should be told about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded<T> {
    pub value: T,
    pub notices: Vec<StorageNotice>,
}

impl<T> Loaded<T> {
    fn clean(value: T) -> Self {
        Self {
            value,
            notices: Vec::new(),
        }
    }

    /// Whether an unusable file was left in place (it could not be moved aside): saving over it
    /// would lose it.
    pub fn left_in_place(&self) -> bool {
        self.notices
            .iter()
            .any(|notice| notice.outcome.is_left_in_place())
    }
}

/// Read `path` without touching it: the values [`load`] would keep from a JSON object (fields
/// salvaged and repaired in memory), `None` when it is not one. Nothing is moved aside and
/// nothing reported: for a glance before the real [`load`], which does both.
pub fn peek<T: Document>(path: &Path) -> Option<T> {
    let bytes = files::read_regular(path, MAX_DOCUMENT_BYTES).ok()?;
    let (json, _) = crate::storage::strict::parse(&bytes).ok()?;
    let Value::Object(object) = &json else {
        return None;
    };
    let mut value = T::deserialize(&json).unwrap_or_else(|_| salvage(object).0);
    value.repair();
    Some(value)
}

/// Load `path`: a missing file gives the defaults quietly; anything unusable is moved aside and
/// reported; values that can be used are kept.
pub fn load<T: Document>(path: &Path) -> Loaded<T> {
    let bytes = match files::read_regular(path, MAX_DOCUMENT_BYTES) {
        Ok(bytes) => bytes,
        Err(ReadError::Missing) => return Loaded::clean(T::default()),
        Err(error @ ReadError::TooLarge { .. }) => {
            // Bigger than any real file: moving it aside keeps its bytes and loses nothing.
            let notice = set_aside(path, Problem::NotJson(error.to_string()), false);
            return Loaded {
                value: T::default(),
                notices: vec![notice],
            };
        }
        Err(error) => return unreadable(path, &error),
    };
    let (json, twice) = match crate::storage::strict::parse(&bytes) {
        Ok(parsed) => parsed,
        Err(error) => {
            let notice = set_aside(path, Problem::NotJson(error.to_string()), false);
            return Loaded {
                value: T::default(),
                notices: vec![notice],
            };
        }
    };
    // Checked first: serde would also take a struct's fields from an array, by position.
    let Value::Object(object) = &json else {
        let problem = Problem::Invalid(vec![format!("expected an object, found {}", kind(&json))]);
        return Loaded {
            value: T::default(),
            notices: vec![set_aside(path, problem, false)],
        };
    };
    let (mut value, mut dropped) = match T::deserialize(&json) {
        Ok(value) => (value, Vec::new()),
        Err(_) => salvage(object),
    };
    // Neither copy of a key given twice can be trusted: dropped, so the file is kept aside.
    dropped.extend(twice.iter().map(|place| format!("{place}: given twice")));
    let repairs = value.repair();
    dropped.extend(repairs.dropped);
    let mut notices: Vec<StorageNotice> = repairs
        .adjusted
        .into_iter()
        .map(|what| StorageNotice {
            file: path.to_path_buf(),
            problem: Problem::OutOfRange(what),
            outcome: Outcome::Adjusted,
        })
        .collect();
    if dropped.is_empty() {
        return Loaded { value, notices };
    }
    if value == T::default() {
        notices.push(set_aside(path, Problem::Invalid(dropped), false));
        return Loaded { value, notices };
    }
    let notice = mend(path, Problem::Invalid(dropped), &value);
    if let Outcome::LeftInPlace(_) = notice.outcome {
        // As the notice says: the file stays as it is and the defaults are used.
        return Loaded {
            value: T::default(),
            notices: vec![notice],
        };
    }
    notices.push(notice);
    Loaded { value, notices }
}

/// Put the usable values of a partly damaged file in its place, the original kept aside: the
/// copy kept first (a hard link writes nothing, so a full disk cannot stop it), then the mended
/// file saved over the name. If that save fails (a full disk), the kept copy is removed again
/// and the original stays where it was, so the next start still finds it.
fn mend<T: Document>(path: &Path, problem: Problem, value: &T) -> StorageNotice {
    let outcome = match keep_copy(path) {
        Err(error) => Outcome::LeftInPlace(error.to_string()),
        Ok(kept) => match save(path, value) {
            Ok(()) => Outcome::KeptAsideUsingTheRest(kept),
            Err(error) => {
                let _ = files::remove(&kept);
                Outcome::NotMended {
                    cause: error.cause(),
                    reason: error.to_string(),
                }
            }
        },
    };
    StorageNotice {
        file: path.to_path_buf(),
        problem,
        outcome,
    }
}

/// A file that could not be read (permission, a read error, not a regular file): its bytes were
/// never seen, so it is not called corrupt. It is left where it is and not written over while
/// the game runs; the defaults are used.
fn unreadable<T: Default>(path: &Path, error: &ReadError) -> Loaded<T> {
    let outcome = if files::exists(path).unwrap_or(false) {
        Outcome::LeftUnread
    } else {
        // The directory itself is unusable: there is no file to keep.
        Outcome::UsingDefaults
    };
    Loaded {
        value: T::default(),
        notices: vec![StorageNotice {
            file: path.to_path_buf(),
            problem: Problem::Unreadable(error.to_string()),
            outcome,
        }],
    }
}

fn set_aside(path: &Path, problem: Problem, salvaged: bool) -> StorageNotice {
    let outcome = match keep_aside(path) {
        Ok(kept) if salvaged => Outcome::KeptAsideUsingTheRest(kept),
        Ok(kept) => Outcome::KeptAsideUsingDefaults(kept),
        Err(error) => Outcome::LeftInPlace(error.to_string()),
    };
    StorageNotice {
        file: path.to_path_buf(),
        problem,
        outcome,
    }
}

/// Rename `path` to `<name>.corrupt-<n>` with the first free `n`; returns the new path.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = file_name(path);
    for n in 1_u64.. {
        let kept = path.with_file_name(format!("{name}.{KEPT_SUFFIX}-{n}"));
        if !files::exists(&kept)? {
            files::rename(path, &kept)?;
            return Ok(kept);
        }
    }
    unreachable!("u64 names run out only after 2^64 files")
}

/// Keep the bytes of `path` also as `<name>.corrupt-<n>` (the first free `n`), leaving `path`
/// as it is ([`files::copy_new`]). Returns the new path.
fn keep_copy(path: &Path) -> io::Result<PathBuf> {
    let name = file_name(path);
    for n in 1_u64.. {
        let kept = path.with_file_name(format!("{name}.{KEPT_SUFFIX}-{n}"));
        match files::copy_new(path, &kept) {
            Ok(()) => return Ok(kept),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    unreachable!("u64 names run out only after 2^64 files")
}

/// The keys, and array elements one level down, that can be used; what could not is listed.
/// Each key is tried alone (the others at their defaults), and each element of a list that
/// fails as a whole is tried alone in that list, so the work grows with the file's size, not
/// its square. A document whose keys are not independent would fail the final check: then
/// nothing is kept, which is safe.
fn salvage<T: Document>(original: &Map<String, Value>) -> (T, Vec<String>) {
    let mut kept = Map::new();
    let mut dropped = Vec::new();
    for (key, value) in original {
        let Err(error) = parse_one::<T>(key, value.clone()) else {
            kept.insert(key.clone(), value.clone());
            continue;
        };
        match value {
            Value::Array(items) if parse_one::<T>(key, Value::Array(Vec::new())).is_ok() => {
                let good = salvage_items::<T>(key, items, &mut dropped);
                kept.insert(key.clone(), Value::Array(good));
            }
            _ => dropped.push(format!("{key}: {error}")),
        }
    }
    match parse(&kept) {
        Ok(value) => (value, dropped),
        Err(error) => {
            dropped.push(format!(
                "the values that could be read do not fit together: {error}"
            ));
            (T::default(), dropped)
        }
    }
}

/// The elements of list `key` that deserialize, each on its own.
fn salvage_items<T: Document>(key: &str, items: &[Value], dropped: &mut Vec<String>) -> Vec<Value> {
    let mut good = Vec::new();
    for (index, item) in items.iter().enumerate() {
        match parse_one::<T>(key, Value::Array(vec![item.clone()])) {
            Ok(_) => good.push(item.clone()),
            Err(error) => dropped.push(format!("{key}[{index}]: {error}")),
        }
    }
    good
}

/// A document holding only `key`.
fn parse_one<T: Document>(key: &str, value: Value) -> Result<T, serde_json::Error> {
    let mut alone = Map::new();
    alone.insert(key.to_owned(), value);
    T::deserialize(&Value::Object(alone))
}

fn parse<T: Document>(object: &Map<String, Value>) -> Result<T, serde_json::Error> {
    T::deserialize(&Value::Object(object.clone()))
}

fn kind(json: &Value) -> &'static str {
    match json {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Save `value` as pretty JSON (with a final newline) to `path` atomically, replacing what is
/// there.
pub fn save<T: Document>(path: &Path, value: &T) -> Result<(), StorageError> {
    let mut bytes = serde_json::to_vec_pretty(value)
        .expect("settings and results hold only numbers, strings and lists: always JSON");
    bytes.push(b'\n');
    write_atomic(path, &bytes, Replace::Yes)
}

/// Write `bytes` atomically ([`files::write_atomic`]): a unique temporary file beside `path`,
/// flushed, renamed into place. On failure `path` is unchanged.
pub fn write_atomic(path: &Path, bytes: &[u8], replace: Replace) -> Result<(), StorageError> {
    files::write_atomic(path, bytes, replace).map_err(|error| match error.step {
        WriteStep::Exists => StorageError::Exists { file: error.file },
        step => StorageError::Write {
            file: error.file,
            step,
            source: error.source,
        },
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .expect("storage paths end in a file name")
        .to_string_lossy()
        .into_owned()
}
