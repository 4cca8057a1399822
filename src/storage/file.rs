//! Reading and writing one JSON document safely: atomic writes, and loads that never lose what
//! was on disk — an unusable file is moved aside under a new name, bytes untouched, and the
//! player is told.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use super::notice::{Outcome, Problem, StorageError, StorageNotice, WriteStep};

/// Suffix of the temporary file a save writes before renaming it into place.
const TEMPORARY_SUFFIX: &str = "tmp";

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
            .any(|notice| matches!(notice.outcome, Outcome::LeftInPlace(_)))
    }
}

/// Load `path`: a missing file gives the defaults quietly; anything unusable is moved aside and
/// reported; values that can be used are kept.
pub fn load<T: Document>(path: &Path) -> Loaded<T> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Loaded::clean(T::default()),
        Err(error) => return unreadable(path, &error),
    };
    let json: Value = match serde_json::from_slice(&bytes) {
        Ok(json) => json,
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
    let salvaged = value != T::default();
    let notice = set_aside(path, Problem::Invalid(dropped), salvaged);
    match notice.outcome {
        Outcome::LeftInPlace(_) => Loaded {
            // As the notice says: the file stays as it is and the defaults are used.
            value: T::default(),
            notices: vec![notice],
        },
        _ => {
            if salvaged {
                // The original is safe under its new name; put the usable values back in place
                // so the next start finds them. If this fails the next save tries again.
                let _ = save(path, &value);
            }
            notices.push(notice);
            Loaded { value, notices }
        }
    }
}

/// A read error: move the file aside if it exists; if the directory itself is unusable there is
/// nothing to move.
fn unreadable<T: Default>(path: &Path, error: &io::Error) -> Loaded<T> {
    let problem = Problem::Unreadable(error.to_string());
    let notice = if fs::symlink_metadata(path).is_ok() {
        set_aside(path, problem, false)
    } else {
        StorageNotice {
            file: path.to_path_buf(),
            problem,
            outcome: Outcome::UsingDefaults,
        }
    };
    Loaded {
        value: T::default(),
        notices: vec![notice],
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
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = file_name(path);
    for n in 1_u64.. {
        let kept = path.with_file_name(format!("{name}.{KEPT_SUFFIX}-{n}"));
        match fs::symlink_metadata(&kept) {
            Ok(_) => continue,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                fs::rename(path, &kept)?;
                return Ok(kept);
            }
            Err(error) => return Err(error),
        }
    }
    unreachable!("u64 names run out only after 2^64 files")
}

/// The keys, and array elements one level down, that deserialize together; what could not be
/// used is listed. Each step is checked against the whole document, so the result is sound.
fn salvage<T: Document>(original: &Map<String, Value>) -> (T, Vec<String>) {
    let mut kept = Map::new();
    let mut dropped = Vec::new();
    for (key, value) in original {
        kept.insert(key.clone(), value.clone());
        let Err(error) = parse::<T>(&kept) else {
            continue;
        };
        kept.insert(key.clone(), Value::Array(Vec::new()));
        match value {
            Value::Array(items) if parse::<T>(&kept).is_ok() => {
                salvage_items::<T>(&mut kept, key, items, &mut dropped);
            }
            _ => {
                kept.remove(key);
                dropped.push(format!("{key}: {error}"));
            }
        }
    }
    let value = parse(&kept).expect("salvage keeps only keys checked to deserialize together");
    (value, dropped)
}

/// Keep the elements of list `key` that deserialize with everything kept so far; an empty list
/// under `key` is known to deserialize.
fn salvage_items<T: Document>(
    kept: &mut Map<String, Value>,
    key: &str,
    items: &[Value],
    dropped: &mut Vec<String>,
) {
    let mut good = Vec::new();
    for (index, item) in items.iter().enumerate() {
        good.push(item.clone());
        kept.insert(key.to_owned(), Value::Array(good.clone()));
        if let Err(error) = parse::<T>(kept) {
            good.pop();
            dropped.push(format!("{key}[{index}]: {error}"));
        }
    }
    kept.insert(key.to_owned(), Value::Array(good));
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

/// Whether a write may replace an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    Yes,
    /// Refuse with [`StorageError::Exists`]. The check and the rename are not one step: this
    /// guards against the player's own saves, not against another process racing us.
    No,
}

/// Write `bytes` to a temporary file beside `path`, flush it to disk, then rename it over
/// `path`: a reader sees the old file or the new one, never a part. On failure the temporary
/// file is removed and `path` is unchanged.
pub fn write_atomic(path: &Path, bytes: &[u8], replace: Replace) -> Result<(), StorageError> {
    let fail = |step, source| StorageError::Write {
        file: path.to_path_buf(),
        step,
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| fail(WriteStep::CreateDirectory, e))?;
    if replace == Replace::No && fs::symlink_metadata(path).is_ok() {
        return Err(StorageError::Exists {
            file: path.to_path_buf(),
        });
    }
    let temporary = path.with_file_name(format!("{}.{TEMPORARY_SUFFIX}", file_name(path)));
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temporary)
        .map_err(|e| fail(WriteStep::CreateTemporary, e))?;
    let written = file
        .write_all(bytes)
        .map_err(|e| fail(WriteStep::Write, e))
        .and_then(|()| file.sync_all().map_err(|e| fail(WriteStep::Sync, e)));
    drop(file);
    let renamed =
        written.and_then(|()| fs::rename(&temporary, path).map_err(|e| fail(WriteStep::Rename, e)));
    if renamed.is_err() {
        // Best effort: the temporary file holds nothing the player needs.
        let _ = fs::remove_file(&temporary);
    }
    renamed?;
    sync_directory(dir);
    Ok(())
}

/// Make the rename itself durable. Not every platform can open a directory for this; the new
/// file is in place either way, so a failure here is not reported.
fn sync_directory(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .expect("storage paths end in a file name")
        .to_string_lossy()
        .into_owned()
}
