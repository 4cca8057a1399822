//! Whole files read and written safely, for every boundary that touches the disk (storage,
//! replays, the command line's outputs): reads take only regular files up to a size no real
//! file reaches, so `/dev/zero`, a FIFO or a huge file is refused instead of filling memory or
//! hanging; writes go to a unique temporary file beside the target, flushed to disk, then
//! renamed over it, and the directory is flushed too: a reader sees the old file or the new
//! one, never a part, and two writers never share a temporary file.
//!
//! Where the app installed a [`crate::files::keyed::KeyedFiles`] (a browser), every function here
//! works on its keys instead of the disk.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

pub mod keyed;

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Nothing is there.
    Missing,
    /// Something is there but not a regular file (a device, a FIFO, a directory, a socket).
    NotARegularFile,
    /// Larger than `cap` bytes: no real file of this kind is.
    TooLarge { cap: u64 },
    /// The system refused (permission, a read error, out of memory): the file may be fine.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing => f.write_str("it does not exist"),
            Self::NotARegularFile => f.write_str("it is not a regular file"),
            Self::TooLarge { cap } => write!(f, "it is larger than {cap} bytes"),
            Self::Io(error) => write!(f, "{error}"),
        }
    }
}

/// Read all of `path` if it is a regular file (a symlink to one is followed) of at most `cap`
/// bytes. Nothing larger is ever allocated.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    if let Some(store) = keyed::installed() {
        return keyed::read(store, path, cap);
    }
    let file =
        open_without_waiting(path, fs::OpenOptions::new().read(true)).map_err(
            |error| match error.kind() {
                io::ErrorKind::NotFound => ReadError::Missing,
                _ => ReadError::Io(error),
            },
        )?;
    // The handle's own metadata: what was opened is what is judged, even if the name was
    // swapped for something else meanwhile.
    let metadata = file.metadata().map_err(ReadError::Io)?;
    if !metadata.is_file() {
        return Err(ReadError::NotARegularFile);
    }
    if metadata.len() > cap {
        return Err(ReadError::TooLarge { cap });
    }
    let mut bytes = Vec::new();
    // The file may grow after the check: read one byte past the cap at most to tell.
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge { cap });
    }
    Ok(bytes)
}

/// Open `path` with `options` without waiting on it: opening a FIFO blocks until the other end
/// opens, so the open is non-blocking (a regular file reads and writes as usual). Judge what
/// was opened by the handle's metadata, never by a check made before the open.
pub fn open_without_waiting(path: &Path, options: &mut fs::OpenOptions) -> io::Result<File> {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK);
    options.open(path)
}

/// Open (creating) the lock file at `path`, which must be a regular file: a symlink is not
/// followed, a FIFO never waited on. `Ok(None)`: something else is there (a FIFO, a directory,
/// a symlink, a device), or a lock file that may be neither written nor read (mode 0200 or
/// 0000), to be set aside by the caller. A lock file that may not be written is opened for
/// reading: a lock needs no writing.
pub fn open_lock(path: &Path) -> io::Result<Option<File>> {
    let open = |write: bool| {
        let mut options = fs::OpenOptions::new();
        options.read(true);
        if write {
            options.write(true).create(true).truncate(false);
        }
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            &mut options,
            libc::O_NONBLOCK | libc::O_NOFOLLOW,
        );
        options.open(path)
    };
    let opened = match open(true) {
        Err(error) if error.kind() == io::ErrorKind::PermissionDenied => open(false),
        other => other,
    };
    match opened {
        Ok(file) if file.metadata()?.is_file() => Ok(Some(file)),
        Ok(_) => Ok(None),
        Err(error) if not_a_file(&error) => Ok(None),
        Err(error) if error.kind() == io::ErrorKind::PermissionDenied => Ok(None),
        Err(error) => Err(error),
    }
}

/// Whether an open failed because the name is not a regular file: a symlink (not followed), a
/// directory, or a FIFO or socket with no other end.
fn not_a_file(error: &io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = error.raw_os_error() {
        return [libc::ELOOP, libc::EISDIR, libc::ENXIO, libc::ENODEV].contains(&code);
    }
    error.kind() == io::ErrorKind::IsADirectory
}

/// Whether a write may replace an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    Yes,
    /// Refuse with [`WriteStep::Exists`]: the rename never replaces a file (no race either).
    No,
}

/// A step of an atomic write, for the error message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteStep {
    CreateDirectory,
    CreateTemporary,
    Write,
    Sync,
    Rename,
    /// The file exists and the write was told not to replace it.
    Exists,
    /// Taking the lock that orders writers of the same file.
    Lock,
    /// Setting its key in a keyed store (a browser's `localStorage`).
    Store,
}

impl fmt::Display for WriteStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::CreateDirectory => "creating its folder failed",
            Self::CreateTemporary => "creating the temporary file failed",
            Self::Write => "writing the temporary file failed",
            Self::Sync => "flushing the temporary file to disk failed",
            Self::Rename => "moving the new file into place failed",
            Self::Exists => "a file of that name exists already",
            Self::Lock => "taking its lock failed",
            Self::Store => "storing it failed",
        })
    }
}

/// An atomic write that did not happen: the target is unchanged and no temporary file is left.
#[derive(Debug)]
pub struct WriteError {
    pub file: PathBuf,
    pub step: WriteStep,
    pub source: io::Error,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot write {}: {} ({})",
            self.file.display(),
            self.step,
            self.source
        )
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Write `bytes` to a unique temporary file beside `path`, flush it, then rename it over `path`
/// (or, with [`Replace::No`], link it into place only if nothing is there). On failure `path` is
/// unchanged and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8], replace: Replace) -> Result<(), WriteError> {
    if let Some(store) = keyed::installed() {
        return keyed::write(store, path, bytes, replace);
    }
    let fail = |step, source| WriteError {
        file: path.to_path_buf(),
        step,
        source,
    };
    let dir = folder_of(path);
    fs::create_dir_all(dir).map_err(|e| fail(WriteStep::CreateDirectory, e))?;
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{}.", file_name(path)))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| fail(WriteStep::CreateTemporary, e))?;
    temporary
        .write_all(bytes)
        .map_err(|e| fail(WriteStep::Write, e))?;
    temporary
        .as_file()
        .sync_all()
        .map_err(|e| fail(WriteStep::Sync, e))?;
    match replace {
        Replace::Yes => temporary.persist(path).map(drop),
        Replace::No => temporary.persist_noclobber(path).map(drop),
    }
    .map_err(|e| {
        let step = match e.error.kind() {
            io::ErrorKind::AlreadyExists => WriteStep::Exists,
            _ => WriteStep::Rename,
        };
        // Dropping the returned temporary file removes it.
        fail(step, e.error)
    })?;
    sync_directory(dir);
    Ok(())
}

/// Whether anything is at `path` (a symlink is not followed); an error other than "not found"
/// when that cannot be told.
pub fn exists(path: &Path) -> io::Result<bool> {
    match keyed::installed() {
        Some(store) => Ok(keyed::exists(store, path)),
        None => match fs::symlink_metadata(path) {
            Ok(_) => Ok(true),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(error) => Err(error),
        },
    }
}

/// Whether `path` is a regular file (a symlink to one is followed).
pub fn is_file(path: &Path) -> bool {
    match keyed::installed() {
        Some(store) => keyed::exists(store, path),
        None => path.is_file(),
    }
}

/// Rename `from` to `to`, replacing what is there.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    match keyed::installed() {
        Some(store) => keyed::rename(store, from, to),
        None => fs::rename(from, to),
    }
}

/// Keep the bytes of `from` also as the new file `to` (never replacing one: an
/// [`io::ErrorKind::AlreadyExists`] error when something is there): a hard link, which writes
/// nothing (a full disk cannot stop it), or a copy flushed to disk where the file system has no
/// links.
pub fn copy_new(from: &Path, to: &Path) -> io::Result<()> {
    if let Some(store) = keyed::installed() {
        return keyed::copy_new(store, from, to);
    }
    fs::hard_link(from, to).or_else(|error| {
        if error.kind() == io::ErrorKind::AlreadyExists {
            return Err(error);
        }
        let mut target = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(to)?;
        let copied =
            io::copy(&mut fs::File::open(from)?, &mut target).and_then(|_| target.sync_all());
        if copied.is_err() {
            let _ = fs::remove_file(to);
        }
        copied
    })
}

/// Remove the file `path`.
pub fn remove(path: &Path) -> io::Result<()> {
    match keyed::installed() {
        Some(store) => keyed::remove(store, path),
        None => fs::remove_file(path),
    }
}

/// The paths of the entries in folder `dir` (unsorted on a disk); [`io::ErrorKind::NotFound`]
/// when there is no such folder on a disk, none in a keyed store.
pub fn paths_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    match keyed::installed() {
        Some(store) => keyed::paths_in(store, dir),
        None => fs::read_dir(dir)?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect(),
    }
}

/// Whether files are kept under keys (a browser) rather than on a disk.
pub fn keyed() -> bool {
    keyed::installed().is_some()
}

/// The folder `path` lands in: its parent, or the working directory for a bare file name.
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Make the rename itself durable. Not every platform can open a directory for this; the new
/// file is in place either way, so a failure here is not reported.
fn sync_directory(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || "file".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("latu-files-{name}"))
            .tempdir()
            .expect("the temp dir is writable")
    }

    #[test]
    fn special_files_and_directories_are_refused_without_reading() {
        assert!(matches!(
            read_regular(Path::new("/dev/zero"), 1024),
            Err(ReadError::NotARegularFile)
        ));
        let dir = scratch("dir");
        assert!(matches!(
            read_regular(dir.path(), 1024),
            Err(ReadError::NotARegularFile)
        ));
        assert!(matches!(
            read_regular(&dir.path().join("none"), 1024),
            Err(ReadError::Missing)
        ));
    }

    #[test]
    fn a_file_over_the_cap_is_refused_and_one_at_it_is_read() {
        let dir = scratch("cap");
        let path = dir.path().join("f");
        fs::write(&path, [7_u8; 100]).expect("written");
        assert!(matches!(
            read_regular(&path, 99),
            Err(ReadError::TooLarge { cap: 99 })
        ));
        assert_eq!(read_regular(&path, 100).expect("read").len(), 100);
    }

    #[test]
    fn a_write_replaces_through_a_unique_temporary_and_leaves_nothing_else() {
        let dir = scratch("write");
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one", Replace::Yes).expect("first write");
        write_atomic(&path, b"two", Replace::Yes).expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("listed")
            .map(|entry| entry.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
    }

    #[test]
    fn a_write_that_may_not_replace_refuses_an_existing_file() {
        let dir = scratch("noclobber");
        let path = dir.path().join("r.json");
        write_atomic(&path, b"kept", Replace::No).expect("first write");
        let error = write_atomic(&path, b"lost", Replace::No).expect_err("refused");
        assert_eq!(error.step, WriteStep::Exists);
        assert_eq!(fs::read(&path).expect("read"), b"kept");
        assert_eq!(fs::read_dir(dir.path()).expect("listed").count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_at_the_old_temporary_name_is_not_followed() {
        let dir = scratch("symlink");
        let path = dir.path().join("s.json");
        let victim = dir.path().join("victim");
        fs::write(&victim, b"victim").expect("written");
        std::os::unix::fs::symlink(&victim, dir.path().join("s.json.tmp")).expect("linked");
        write_atomic(&path, b"new", Replace::Yes).expect("written");
        assert_eq!(fs::read(&victim).expect("read"), b"victim");
        assert_eq!(fs::read(&path).expect("read"), b"new");
    }
}
