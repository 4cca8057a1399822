//! The send queue (`outbox/` in the data directory): one file per finished run waiting to be
//! sent, holding the replay's bytes exactly as they will be sent.
//!
//! The journal discipline, for a queue: each step is one atomic file operation, so a game killed
//! at any moment leaves every run either queued whole or not yet queued, never half.
//! - Queuing writes the run's file whole under a name made from its bytes' hash, never
//!   replacing one: queuing the same run again (a game stopped before it knew) changes nothing.
//! - A run leaves the queue only after the server has answered for it — ranked (removed) or
//!   refused for good (renamed `*.refused`, kept, never deleted). A game killed between the
//!   answer and the removal sends the same bytes again, and the server ranks a player's
//!   identical run once (it answers with the rank it already has).

use crate::files::{self, ReadError, Replace, WriteStep};
use crate::replay::MAX_REPLAY_BYTES;
use crate::storage::StorageError;
use std::path::{Path, PathBuf};

/// The queue's folder in the data directory.
pub const OUTBOX_FOLDER: &str = "outbox";
/// A queued run's file name ends so.
const QUEUED_SUFFIX: &str = ".json";
/// A run the server refused for good is kept under its name with this added.
const REFUSED_SUFFIX: &str = ".refused";

/// The runs waiting to be sent.
#[derive(Debug, Clone)]
pub struct Outbox {
    dir: PathBuf,
}

impl Outbox {
    /// The queue in data directory `data_dir`.
    pub fn new(data_dir: &Path) -> Self {
        Self {
            dir: data_dir.join(OUTBOX_FOLDER),
        }
    }

    /// The queue's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Queue a run's replay bytes; returns its name in the queue (the same name for the same
    /// bytes: a run queued twice is queued once).
    pub fn queue(&self, bytes: &[u8]) -> Result<String, StorageError> {
        let name = format!("run-{:016x}{QUEUED_SUFFIX}", fnv1a(bytes));
        match files::write_atomic(&self.dir.join(&name), bytes, Replace::No) {
            Ok(()) => Ok(name),
            Err(error) if error.step == WriteStep::Exists => Ok(name),
            Err(error) => Err(StorageError::Write {
                file: error.file,
                step: error.step,
                source: error.source,
            }),
        }
    }

    /// The names of the runs waiting, in a stable order.
    pub fn waiting(&self) -> Vec<String> {
        let mut names: Vec<String> = files::paths_in(&self.dir)
            .unwrap_or_default()
            .iter()
            .filter_map(|path| path.file_name()?.to_str().map(str::to_owned))
            .filter(|name| name.starts_with("run-") && name.ends_with(QUEUED_SUFFIX))
            .collect();
        names.sort();
        names
    }

    /// A queued run's bytes.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, ReadError> {
        files::read_regular(&self.dir.join(name), MAX_REPLAY_BYTES)
    }

    /// The server ranked the run: it leaves the queue.
    pub fn sent(&self, name: &str) -> std::io::Result<()> {
        match files::remove(&self.dir.join(name)) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// The server refused the run for good: it leaves the queue but is kept beside it.
    pub fn refused(&self, name: &str) -> std::io::Result<()> {
        let from = self.dir.join(name);
        let to = self.dir.join(format!("{name}{REFUSED_SUFFIX}"));
        match files::rename(&from, &to) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }
}

/// FNV-1a, 64 bits: a stable name for the same bytes on every platform.
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_queued_twice_is_queued_once_and_leaves_when_sent() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = Outbox::new(dir.path());
        let first = outbox.queue(b"{\"a\":1}").unwrap();
        assert_eq!(outbox.queue(b"{\"a\":1}").unwrap(), first);
        let second = outbox.queue(b"{\"a\":2}").unwrap();
        assert_eq!(outbox.waiting().len(), 2);
        assert_eq!(outbox.read(&first).unwrap(), b"{\"a\":1}");
        outbox.sent(&first).unwrap();
        outbox.refused(&second).unwrap();
        assert!(outbox.waiting().is_empty());
        assert!(dir
            .path()
            .join(OUTBOX_FOLDER)
            .join(format!("{second}.refused"))
            .is_file());
    }
}
