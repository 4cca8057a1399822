//! Files kept under keys instead of on a disk: a browser has no file system but has
//! `localStorage`, one string per key. Where the app installs a [`KeyedFiles`] at start (the
//! web build does), [`crate::files`] reads, writes, moves aside and lists through it, so storage
//! and replays keep the same JSON, the same checks and the same messages: a file's key is its
//! path, a damaged one is kept aside under `<key>.corrupt-<n>`, and a full store is said plainly.

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::{ReadError, Replace, WriteError, WriteStep};

/// A store of strings under string keys (a browser's `localStorage`). Each call is whole: a
/// value is there as set or not at all.
pub trait KeyedFiles: Send + Sync {
    /// The value under `key`, `None` when there is none.
    fn get(&self, key: &str) -> io::Result<Option<String>>;
    /// Set `key` to `value`. A store that is full says so with [`io::ErrorKind::StorageFull`]
    /// and keeps what it had.
    fn set(&self, key: &str, value: &str) -> io::Result<()>;
    /// Remove `key` (nothing when it is not there).
    fn remove(&self, key: &str) -> io::Result<()>;
    /// Every key in the store.
    fn keys(&self) -> io::Result<Vec<String>>;
}

static INSTALLED: OnceLock<Box<dyn KeyedFiles>> = OnceLock::new();

/// Keep every file of this process under keys in `store` from now on. Done once at start,
/// before any file is read; a second call changes nothing and returns false.
pub fn install(store: Box<dyn KeyedFiles>) -> bool {
    INSTALLED.set(store).is_ok()
}

/// The installed store, if files are kept under keys.
pub(crate) fn installed() -> Option<&'static dyn KeyedFiles> {
    INSTALLED.get().map(|store| &**store)
}

/// The key of a file: its path as text.
fn key(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The stored text under `path`'s key, as bytes, if no longer than `cap`.
pub(crate) fn read(store: &dyn KeyedFiles, path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let text = store
        .get(&key(path))
        .map_err(ReadError::Io)?
        .ok_or(ReadError::Missing)?;
    if text.len() as u64 > cap {
        return Err(ReadError::TooLarge { cap });
    }
    Ok(text.into_bytes())
}

/// Set `path`'s key to `bytes` (UTF-8 text: every file the game writes is JSON); with
/// [`Replace::No`] only when nothing is there.
pub(crate) fn write(
    store: &dyn KeyedFiles,
    path: &Path,
    bytes: &[u8],
    replace: Replace,
) -> Result<(), WriteError> {
    let fail = |step, source| WriteError {
        file: path.to_path_buf(),
        step,
        source,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        fail(
            WriteStep::Write,
            io::Error::new(io::ErrorKind::InvalidData, e),
        )
    })?;
    let key = key(path);
    if replace == Replace::No
        && store
            .get(&key)
            .map_err(|e| fail(WriteStep::Write, e))?
            .is_some()
    {
        return Err(fail(
            WriteStep::Exists,
            io::Error::from(io::ErrorKind::AlreadyExists),
        ));
    }
    store.set(&key, text).map_err(|e| fail(WriteStep::Store, e))
}

/// Whether a file is kept under `path`'s key.
pub(crate) fn exists(store: &dyn KeyedFiles, path: &Path) -> bool {
    store.get(&key(path)).is_ok_and(|value| value.is_some())
}

/// Move the value under `from`'s key to `to`'s: set first, then remove, so a failure loses
/// nothing.
pub(crate) fn rename(store: &dyn KeyedFiles, from: &Path, to: &Path) -> io::Result<()> {
    let value = store
        .get(&key(from))?
        .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    store.set(&key(to), &value)?;
    store.remove(&key(from))
}

/// Keep `from`'s value also under `to`'s key, never replacing one there.
pub(crate) fn copy_new(store: &dyn KeyedFiles, from: &Path, to: &Path) -> io::Result<()> {
    let value = store
        .get(&key(from))?
        .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    if store.get(&key(to))?.is_some() {
        return Err(io::Error::from(io::ErrorKind::AlreadyExists));
    }
    store.set(&key(to), &value)
}

/// Remove `path`'s key.
pub(crate) fn remove(store: &dyn KeyedFiles, path: &Path) -> io::Result<()> {
    store.remove(&key(path))
}

/// The paths of the files directly in folder `dir` (keys `<dir>/<name>` with no further `/`).
pub(crate) fn paths_in(store: &dyn KeyedFiles, dir: &Path) -> io::Result<Vec<PathBuf>> {
    let prefix = format!("{}/", key(dir).trim_end_matches('/'));
    let mut paths: Vec<PathBuf> = store
        .keys()?
        .into_iter()
        .filter_map(|key| {
            let name = key.strip_prefix(&prefix)?;
            (!name.is_empty() && !name.contains('/')).then(|| dir.join(OsString::from(name)))
        })
        .collect();
    paths.sort();
    Ok(paths)
}

/// Why a keyed store refused: shown in the messages that name the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyedRefusal {
    /// The store is at its quota.
    Full,
    /// The store cannot be used at all (a browser's privacy mode or settings).
    Unavailable,
}

impl fmt::Display for KeyedRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Full => {
                "the browser's storage for this page is full; nothing else was changed — \
                 delete saved replays or this site's data to make room"
            }
            Self::Unavailable => "the browser does not let this page keep data",
        })
    }
}

impl std::error::Error for KeyedRefusal {}

impl From<KeyedRefusal> for io::Error {
    fn from(refusal: KeyedRefusal) -> Self {
        let kind = match refusal {
            KeyedRefusal::Full => io::ErrorKind::StorageFull,
            KeyedRefusal::Unavailable => io::ErrorKind::PermissionDenied,
        };
        io::Error::new(kind, refusal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// A store in memory with a quota in bytes, like a browser's.
    struct Memory {
        values: Mutex<BTreeMap<String, String>>,
        quota: usize,
    }

    impl Memory {
        fn new(quota: usize) -> Self {
            Self {
                values: Mutex::new(BTreeMap::new()),
                quota,
            }
        }
    }

    impl KeyedFiles for Memory {
        fn get(&self, key: &str) -> io::Result<Option<String>> {
            Ok(self.values.lock().unwrap().get(key).cloned())
        }
        fn set(&self, key: &str, value: &str) -> io::Result<()> {
            let mut values = self.values.lock().unwrap();
            let others: usize = values
                .iter()
                .filter(|(k, _)| *k != key)
                .map(|(k, v)| k.len() + v.len())
                .sum();
            if others + key.len() + value.len() > self.quota {
                return Err(KeyedRefusal::Full.into());
            }
            values.insert(key.to_owned(), value.to_owned());
            Ok(())
        }
        fn remove(&self, key: &str) -> io::Result<()> {
            self.values.lock().unwrap().remove(key);
            Ok(())
        }
        fn keys(&self) -> io::Result<Vec<String>> {
            Ok(self.values.lock().unwrap().keys().cloned().collect())
        }
    }

    #[test]
    fn a_file_reads_back_as_written_and_refuses_to_be_replaced_when_told() {
        let store = Memory::new(1000);
        let path = Path::new("/latu/settings.json");
        assert!(matches!(read(&store, path, 100), Err(ReadError::Missing)));
        write(&store, path, b"{}\n", Replace::Yes).unwrap();
        assert_eq!(read(&store, path, 100).unwrap(), b"{}\n");
        let refused = write(&store, path, b"[]", Replace::No).unwrap_err();
        assert_eq!(refused.step, WriteStep::Exists);
        assert_eq!(read(&store, path, 100).unwrap(), b"{}\n");
        assert!(matches!(
            read(&store, path, 2),
            Err(ReadError::TooLarge { cap: 2 })
        ));
    }

    #[test]
    fn a_full_store_says_so_and_keeps_what_it_had() {
        let store = Memory::new(40);
        let path = Path::new("/latu/results.json");
        write(&store, path, b"{\"runs\":[]}", Replace::Yes).unwrap();
        let error = write(&store, path, &[b' '; 64], Replace::Yes).unwrap_err();
        assert_eq!(error.source.kind(), io::ErrorKind::StorageFull);
        assert!(error.to_string().contains("storage for this page is full"));
        assert_eq!(read(&store, path, 100).unwrap(), b"{\"runs\":[]}");
    }

    #[test]
    fn a_move_aside_keeps_the_bytes_under_the_new_key_only() {
        let store = Memory::new(1000);
        let from = Path::new("/latu/purse.json");
        let to = Path::new("/latu/purse.json.corrupt-1");
        write(&store, from, b"{oops", Replace::Yes).unwrap();
        rename(&store, from, to).unwrap();
        assert!(!exists(&store, from));
        assert_eq!(read(&store, to, 100).unwrap(), b"{oops");
        assert_eq!(
            rename(&store, from, to).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn a_folder_lists_only_its_own_files() {
        let store = Memory::new(1000);
        for name in [
            "/latu/replays/b.json",
            "/latu/replays/a.json",
            "/latu/replays/deeper/c.json",
            "/latu/replays.json",
            "/latu/settings.json",
        ] {
            write(&store, Path::new(name), b"{}", Replace::Yes).unwrap();
        }
        let listed = paths_in(&store, Path::new("/latu/replays")).unwrap();
        assert_eq!(
            listed,
            [
                PathBuf::from("/latu/replays/a.json"),
                PathBuf::from("/latu/replays/b.json")
            ]
        );
    }
}
