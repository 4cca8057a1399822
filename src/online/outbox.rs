//! The send queue (`outbox/` in the data directory): one file per finished run waiting to be
//! sent, holding the replay's bytes exactly as they will be sent.
//!
//! The journal discipline, for a queue: each step is one atomic file operation, so a game killed
//! at any moment leaves every run either queued whole or not yet queued, never half.
//! - Queuing writes the run's file whole under a name made from its bytes' hash, never
//!   replacing one: queuing the same run again (a game stopped before it knew) changes nothing.
//! - A run leaves the queue only after the server has answered for it as the contract answers
//!   a run — ranked (removed) or refused for good (renamed `*.refused`, kept, never deleted).
//!   A game killed between the answer and the removal sends the same bytes again, and the
//!   server ranks a player's identical run once (it answers with the rank it already has).
//! - An entry that cannot be read (a folder, a FIFO, a file larger than any replay) is set
//!   aside once as `*.unreadable`, so it never stands in front of the runs behind it.
//! - `latu send --requeue` ([`Outbox::requeue`]) puts every set-aside run back in the queue.

use crate::files::{self, ReadError, Replace, WriteStep};
use crate::replay::MAX_REPLAY_BYTES;
use crate::seed::fnv1a;
use crate::storage::StorageError;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The queue's folder in the data directory.
pub const OUTBOX_FOLDER: &str = "outbox";
/// A queued run's file name starts so.
const QUEUED_PREFIX: &str = "run-";
/// A queued run's file name ends so.
const QUEUED_SUFFIX: &str = ".json";
/// A run the server refused for good is kept under its name with this added.
const REFUSED_SUFFIX: &str = ".refused";
/// An entry that could not be read is kept under its name with this added.
const UNREADABLE_SUFFIX: &str = ".unreadable";

/// The runs waiting to be sent, on disk.
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
        let name = format!("{QUEUED_PREFIX}{:016x}{QUEUED_SUFFIX}", fnv1a(bytes));
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

    /// The names of the runs waiting, in the order they were queued (the order the runs were
    /// played; a browser's keyed store keeps no times, so there by name). Read from the disk:
    /// the client lists it once, as it starts, and keeps the queue in memory after.
    pub fn waiting(&self) -> Vec<String> {
        let mut named: Vec<(Option<SystemTime>, String)> = self
            .names_ending(QUEUED_SUFFIX)
            .into_iter()
            .map(|name| (self.queued_at(&name), name))
            .collect();
        named.sort();
        named.into_iter().map(|(_, name)| name).collect()
    }

    /// When the entry `name` was queued (its file's modification time; a rename keeps it).
    fn queued_at(&self, name: &str) -> Option<SystemTime> {
        if files::keyed() {
            return None;
        }
        std::fs::symlink_metadata(self.dir.join(name))
            .and_then(|metadata| metadata.modified())
            .ok()
    }

    /// The queue's entries whose names end with `suffix`.
    fn names_ending(&self, suffix: &str) -> Vec<String> {
        files::paths_in(&self.dir)
            .unwrap_or_default()
            .iter()
            .filter_map(|path| path.file_name()?.to_str().map(str::to_owned))
            .filter(|name| name.starts_with(QUEUED_PREFIX) && name.ends_with(suffix))
            .collect()
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
        self.set_aside(name, REFUSED_SUFFIX)
    }

    /// The entry cannot be read: it leaves the queue but is kept beside it, as it is.
    pub fn unreadable(&self, name: &str) -> std::io::Result<()> {
        self.set_aside(name, UNREADABLE_SUFFIX)
    }

    fn set_aside(&self, name: &str, suffix: &str) -> std::io::Result<()> {
        let from = self.dir.join(name);
        let to = self.dir.join(format!("{name}{suffix}"));
        match files::rename(&from, &to) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }

    /// Put every set-aside run (refused, or unreadable when it was last tried) back in the
    /// queue; returns how many went back, and a sentence for each that could not.
    pub fn requeue(&self) -> (usize, Vec<String>) {
        let (mut back, mut failed) = (0, Vec::new());
        for suffix in [REFUSED_SUFFIX, UNREADABLE_SUFFIX] {
            for kept in self.names_ending(&format!("{QUEUED_SUFFIX}{suffix}")) {
                let name = &kept[..kept.len() - suffix.len()];
                let (from, to) = (self.dir.join(&kept), self.dir.join(name));
                // The same bytes queued again meanwhile: the queued copy stands for both.
                let moved = match files::exists(&to) {
                    Ok(true) => files::remove(&from),
                    _ => files::rename(&from, &to),
                };
                match moved {
                    Ok(()) => back += 1,
                    Err(error) => failed.push(format!(
                        "{} could not be put back in the queue: {error}",
                        from.display()
                    )),
                }
            }
        }
        (back, failed)
    }
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

    #[test]
    fn runs_wait_in_the_order_they_were_played_not_by_their_names() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = Outbox::new(dir.path());
        let played: Vec<String> = (0..6)
            .map(|i| {
                let name = outbox.queue(format!("{{\"run\":{i}}}").as_bytes()).unwrap();
                // Each later than the one before on any file system's clock.
                let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000 + i);
                std::fs::File::options()
                    .write(true)
                    .open(outbox.dir().join(&name))
                    .and_then(|file| file.set_modified(at))
                    .unwrap();
                name
            })
            .collect();
        let mut by_name = played.clone();
        by_name.sort();
        assert_ne!(
            by_name, played,
            "the hashes do not sort in the played order"
        );
        assert_eq!(outbox.waiting(), played);
    }

    #[test]
    fn set_aside_runs_go_back_in_the_queue() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = Outbox::new(dir.path());
        let refused = outbox.queue(b"{\"a\":1}").unwrap();
        let unreadable = outbox.queue(b"{\"a\":2}").unwrap();
        outbox.refused(&refused).unwrap();
        outbox.unreadable(&unreadable).unwrap();
        assert!(outbox.waiting().is_empty());
        assert_eq!(outbox.requeue(), (2, Vec::new()));
        let mut waiting = outbox.waiting();
        waiting.sort();
        let mut both = vec![refused, unreadable];
        both.sort();
        assert_eq!(waiting, both);
    }
}
