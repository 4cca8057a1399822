//! Saved replays: one file per replay in the `replays` folder, by name. The format and its
//! checks belong to [`crate::replay`]: a saved replay is byte for byte what `Replay::to_json`
//! writes (so `latu replay FILE` verifies it) and is read back with `Replay::load`.

use crate::files;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::replay::{ErrorKind, Replay, ReplayError};
use crate::storage::file::{keep_aside, write_atomic, Replace};
use crate::storage::notice::{Outcome, Problem, StorageError, StorageNotice};

/// Extension of a saved replay's file.
const EXTENSION: &str = "json";

/// Longest replay name, in characters.
pub const MAX_REPLAY_NAME: usize = 64;

/// A replay's name: 1 to [`MAX_REPLAY_NAME`] ASCII letters, digits, `-` and `_`, so it is a
/// safe file name on every platform and can never leave the replays folder.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReplayName(String);

impl ReplayName {
    /// Check `name`; the error says what is wrong with it.
    pub fn new(name: &str) -> Result<Self, StorageError> {
        let reason = if name.is_empty() {
            Some("it is empty")
        } else if name.len() > MAX_REPLAY_NAME {
            Some("it is longer than 64 characters")
        } else if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            Some("only letters, digits, '-' and '_' are allowed")
        } else {
            None
        };
        match reason {
            Some(reason) => Err(StorageError::BadName {
                name: name.to_owned(),
                reason,
            }),
            None => Ok(Self(name.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn file_name(&self) -> String {
        format!("{}.{EXTENSION}", self.0)
    }
}

impl fmt::Display for ReplayName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A saved replay that cannot be watched: why, and where it was kept if it was moved aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedReplay {
    pub error: ReplayError,
    pub kept: Option<PathBuf>,
}

impl fmt::Display for DamagedReplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)?;
        match &self.kept {
            Some(kept) => write!(
                f,
                "; it was kept as {} and taken off the list",
                kept.display()
            ),
            None => Ok(()),
        }
    }
}

impl std::error::Error for DamagedReplay {}

/// The replays folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayFolder {
    dir: PathBuf,
}

impl ReplayFolder {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// The file a replay of this name is kept in.
    pub fn path(&self, name: &ReplayName) -> PathBuf {
        self.dir.join(name.file_name())
    }

    /// The folder itself.
    pub fn folder(&self) -> &Path {
        &self.dir
    }

    /// Set aside anything at the folder's name that is not a folder (a file, a FIFO, a socket,
    /// a device, a symlink to none), bytes untouched, so the folder can be made; what was done,
    /// for the player. A browser's keyed store has no folders to be in the way.
    pub fn make_room(&self) -> Option<StorageNotice> {
        if files::keyed() || self.dir.is_dir() || !files::exists(&self.dir).unwrap_or(false) {
            return None;
        }
        let outcome = match keep_aside(&self.dir) {
            Ok(kept) => Outcome::KeptAsideUsingDefaults(kept),
            Err(error) => Outcome::LeftInPlace(error.to_string()),
        };
        Some(StorageNotice {
            file: self.dir.clone(),
            problem: Problem::NotAFolder,
            outcome,
        })
    }

    /// Save a new replay atomically. A replay is never overwritten: a taken name is
    /// [`StorageError::Exists`] (see [`Self::free_name`]). Something other than a folder at the
    /// folder's name is set aside first ([`Self::make_room`]).
    pub fn save(&self, name: &ReplayName, replay: &Replay) -> Result<PathBuf, StorageError> {
        let _ = self.make_room();
        let path = self.path(name);
        write_atomic(&path, replay.to_json().as_bytes(), Replace::No)?;
        Ok(path)
    }

    /// Load a saved replay; the error names the file and what is wrong with it. A damaged one
    /// (its bytes read and found unusable) is moved aside as `NAME.json.corrupt-N`, bytes
    /// untouched, so the list stops offering it; one that could not be read stays where it is.
    pub fn load(&self, name: &ReplayName) -> Result<Replay, DamagedReplay> {
        let path = self.path(name);
        Replay::load(&path).map_err(|error| {
            let damaged = matches!(
                error.kind,
                ErrorKind::NotJson(_)
                    | ErrorKind::Invalid(_)
                    | ErrorKind::Impossible(_)
                    | ErrorKind::OtherVersion(_)
                    | ErrorKind::TooLarge(_)
            );
            let kept = if damaged {
                keep_aside(&path).ok()
            } else {
                None
            };
            DamagedReplay { error, kept }
        })
    }

    /// Names of the saved replays, sorted. Other files in the folder (temporary files, files
    /// kept aside) are not replays and are left out. No folder yet means no replays.
    pub fn names(&self) -> Result<Vec<ReplayName>, StorageError> {
        let paths = match files::paths_in(&self.dir) {
            Ok(paths) => paths,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(self.read_error(source)),
        };
        let mut names = Vec::new();
        for path in paths {
            if let Some(name) = replay_name(&path) {
                names.push(name);
            }
        }
        names.sort();
        Ok(names)
    }

    /// `base` if no replay has that name, else the first free `base-2`, `base-3`, …
    pub fn free_name(&self, base: &ReplayName) -> Result<ReplayName, StorageError> {
        let taken = |name: &ReplayName| files::exists(&self.path(name)).unwrap_or(false);
        if !taken(base) {
            return Ok(base.clone());
        }
        for n in 2_u64.. {
            let name = ReplayName::new(&format!("{base}-{n}"))?;
            if !taken(&name) {
                return Ok(name);
            }
        }
        unreachable!("u64 suffixes run out only after 2^64 replays")
    }

    fn read_error(&self, source: io::Error) -> StorageError {
        StorageError::Read {
            file: self.dir.clone(),
            source,
        }
    }
}

/// The replay name of a `<name>.json` file, if it is one.
fn replay_name(path: &Path) -> Option<ReplayName> {
    if path.extension()? != EXTENSION {
        return None;
    }
    ReplayName::new(path.file_stem()?.to_str()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_could_leave_the_folder_are_refused() {
        for bad in ["", "../x", "a/b", "a\\b", ".hidden", "x.json", "a b", "ä"] {
            let error = ReplayName::new(bad).expect_err(bad);
            assert!(error.to_string().contains(&format!("\"{bad}\"")), "{error}");
        }
        assert!(ReplayName::new(&"x".repeat(65)).is_err());
        assert!(ReplayName::new(&"x".repeat(64)).is_ok());
        assert_eq!(
            ReplayName::new("level1-track2_best")
                .map(|n| n.file_name())
                .ok(),
            Some("level1-track2_best.json".to_owned())
        );
    }

    #[test]
    fn only_json_files_with_valid_names_are_replays() {
        let name = |p: &str| replay_name(Path::new(p)).map(|n| n.0);
        assert_eq!(name("/r/run-1.json"), Some("run-1".to_owned()));
        assert_eq!(name("/r/run-1.json.tmp"), None);
        assert_eq!(name("/r/run-1.json.corrupt-1"), None);
        assert_eq!(name("/r/a b.json"), None);
        assert_eq!(name("/r/run"), None);
    }
}
