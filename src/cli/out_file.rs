//! A file named on the command line to be written (`simulate --out`, `play --record`,
//! `--screenshot`, `--stats`): checked before the work starts, changing nothing, so a bad path
//! is an error (exit 2) at once rather than after a long run, and never a device, a FIFO or a
//! symlink replaced.

use super::CliError;
use crate::files;
use std::fs;
use std::io;
use std::path::Path;

/// Check that `path` can be written later, changing nothing: an existing file must be a regular
/// file (not a symlink, a device or a FIFO, which the atomic write would replace) open for
/// writing (opened without waiting, not truncated); a new one's folder must exist and take a
/// file (a temporary one is made there and removed).
pub fn check_writable(path: &Path, what: &str) -> Result<(), CliError> {
    if files::keyed() {
        // A browser's keyed store takes any key.
        return Ok(());
    }
    let fail = |e: &dyn std::fmt::Display| write_error(path, what, e);
    let names_a_folder =
        path.as_os_str().to_string_lossy().ends_with(['/', '\\']) || path.file_name().is_none();
    if names_a_folder {
        return Err(fail(&"it names a folder; give a file's name"));
    }
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            Err(fail(&"it is a symbolic link (name the file itself)"))
        }
        Ok(metadata) if !metadata.is_file() => Err(fail(&"it is not a regular file")),
        Ok(_) => {
            let file = files::open_without_waiting(path, fs::OpenOptions::new().write(true))
                .map_err(|e| fail(&e))?;
            // Judged by the handle: the name may have been swapped since the look above.
            match file.metadata() {
                Ok(metadata) if metadata.is_file() => Ok(()),
                Ok(_) => Err(fail(&"it is not a regular file")),
                Err(error) => Err(fail(&error)),
            }
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let folder = files::folder_of(path);
            match fs::metadata(folder) {
                Ok(metadata) if metadata.is_dir() => {}
                Ok(_) => return Err(fail(&format!("{} is not a folder", folder.display()))),
                Err(_) => {
                    return Err(fail(&format!(
                        "the folder {} does not exist",
                        folder.display()
                    )))
                }
            }
            tempfile::tempfile_in(folder).map(drop).map_err(|e| {
                let why = match e.kind() {
                    io::ErrorKind::PermissionDenied => "no permission to write there",
                    io::ErrorKind::ReadOnlyFilesystem => "it is on read-only storage",
                    io::ErrorKind::StorageFull => "the storage is full",
                    _ => "it takes no new file",
                };
                fail(&format!(
                    "the folder {} cannot be written: {why} ({e})",
                    folder.display()
                ))
            })
        }
        Err(error) => Err(fail(&error)),
    }
}

/// The error of an output file that cannot be written: which, where and why.
pub fn write_error(path: &Path, what: &str, error: &dyn std::fmt::Display) -> CliError {
    CliError::bad_input(format!(
        "cannot write {what} file {}: {error}",
        path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checking_an_existing_file_leaves_its_bytes_alone() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("old-replay.json");
        fs::write(&path, b"precious").expect("written");
        check_writable(&path, "replay").expect("writable");
        assert_eq!(fs::read(&path).expect("read"), b"precious");
        let fresh = dir.path().join("new.png");
        check_writable(&fresh, "screenshot").expect("its folder takes files");
        assert!(!fresh.exists(), "nothing made at the path");
        assert_eq!(fs::read_dir(dir.path()).expect("listed").count(), 1);
    }

    #[test]
    fn a_missing_directory_is_a_bad_input_error_naming_the_file() {
        let path = Path::new("/nonexistent-latu-dir/shot.png");
        let error = check_writable(path, "screenshot").unwrap_err();
        assert_eq!(error.code, crate::cli::error::EXIT_BAD_INPUT);
        assert!(error.message.contains("/nonexistent-latu-dir/shot.png"));
    }
}
