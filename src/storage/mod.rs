//! Storage: settings, results and saved replays as JSON files in the data directory. Headless:
//! std and serde only; the app shows the notices and errors it returns.
//!
//! - [`choose_data_dir`] ([`data_dir`]): the data directory as a pure function of the platform,
//!   the environment variables and the directory the app hands in.
//! - [`Store`]: loads and saves `settings.json`, `results.json`, `purse.json` and `locker.json`,
//!   and replays in `replays/`
//!   (written and read by [`crate::replay`]'s own format and checks; never overwritten).
//! - Writes are atomic (temporary file beside the target, flushed, renamed over it).
//! - A load never fails and never loses data: a missing file or key takes its default, unknown
//!   keys are ignored, values are clamped to their ranges; a file that is unreadable, not JSON or
//!   holds unusable values is moved aside to `<name>.corrupt-<n>` (first free `n`, bytes
//!   untouched, never deleted) and a [`StorageNotice`] says which file, what was wrong and where
//!   it was kept. Usable values in a damaged file are kept.
//! - A save that cannot be done (an unwritable directory) is a [`StorageError`] naming the file
//!   and the problem; the game goes on.

pub mod data_dir;
mod file;
mod locker;
mod notice;
mod player_notice;
pub mod purse;
pub mod replays;
pub mod results;
pub mod settings;

pub use data_dir::{choose_data_dir, DataDirError, DirSources, Platform};
pub use file::Loaded;
pub use notice::{Outcome, Problem, StorageError, StorageNotice, WriteStep};
pub use player_notice::{player_messages, quoted};
pub use purse::Purse;
pub use replays::{DamagedReplay, ReplayName};
pub use results::{DailyResult, EndlessResult, InvalidResult, Results, RunResult, MAX_RESULTS};
pub use settings::Settings;

/// A finished run to add to the results.
#[derive(Debug, Clone, PartialEq)]
pub enum NewResult {
    Run(RunResult),
    Endless(EndlessResult),
    Daily(DailyResult),
}

/// The results after [`Store::add_result`], with the new run's place and what the player
/// should be told about the file as it was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub results: Results,
    pub place: Option<usize>,
    pub notices: Vec<StorageNotice>,
}

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::replay::Replay;
use file::Document;
use replays::ReplayFolder;

/// The settings file's name in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";
/// The results file's name in the data directory.
pub const RESULTS_FILE: &str = "results.json";
/// The purse's file name.
pub const PURSE_FILE: &str = "purse.json";
/// The locker's file name (what was bought in the shop, what is in use).
pub const LOCKER_FILE: &str = "locker.json";
/// The lock file that orders two games' updates of the results.
pub const RESULTS_LOCK_FILE: &str = "results.json.lock";
/// The folder of saved replays in the data directory.
pub const REPLAYS_FOLDER: &str = "replays";

/// The game's files in one data directory. Nothing touches the disk until a load or save; the
/// directory is created by the first save.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    replays: ReplayFolder,
    /// Files found unusable that could not be moved aside: never overwritten this session.
    held: BTreeSet<PathBuf>,
}

impl Store {
    /// The store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        Self {
            replays: ReplayFolder::new(dir.join(REPLAYS_FOLDER)),
            dir,
            held: BTreeSet::new(),
        }
    }

    /// The store in this platform's data directory (see [`choose_data_dir`]), from the process
    /// environment and what the app layer knows (its files directory, its package name).
    pub fn for_this_platform(
        app_dir: Option<PathBuf>,
        android_package: Option<String>,
    ) -> Result<Self, DataDirError> {
        let sources = DirSources::from_env(app_dir, android_package);
        choose_data_dir(Platform::current(), &sources).map(Self::new)
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn settings_path(&self) -> PathBuf {
        self.dir.join(SETTINGS_FILE)
    }

    pub fn results_path(&self) -> PathBuf {
        self.dir.join(RESULTS_FILE)
    }

    /// The settings as saved, without moving a damaged file aside or reporting anything (the
    /// defaults then): a glance before the game loads them for real with [`Store::load_settings`].
    pub fn peek_settings(&self) -> Settings {
        file::peek(&self.settings_path()).unwrap_or_default()
    }

    /// The settings, clamped to their ranges, with anything the player should be told.
    pub fn load_settings(&mut self) -> Loaded<Settings> {
        self.load(self.settings_path())
    }

    /// Save the settings (clamped to their ranges) atomically.
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let mut settings = settings.clone();
        settings.clamp();
        self.save(&self.settings_path(), &settings)
    }

    /// The purse kept between runs, with anything the player should be told.
    pub fn load_purse(&mut self) -> Loaded<Purse> {
        self.load(self.dir.join(PURSE_FILE))
    }

    /// Save the purse atomically.
    pub fn save_purse(&self, purse: &Purse) -> Result<(), StorageError> {
        self.save(&self.dir.join(PURSE_FILE), purse)
    }

    /// The locker (the shop's items bought and in use), with anything the player should be told.
    pub fn load_locker(&mut self) -> Loaded<crate::shop::Locker> {
        self.load(self.dir.join(LOCKER_FILE))
    }

    /// Save the locker atomically.
    pub fn save_locker(&self, locker: &crate::shop::Locker) -> Result<(), StorageError> {
        self.save(&self.dir.join(LOCKER_FILE), locker)
    }

    /// The results list, with anything the player should be told.
    pub fn load_results(&mut self) -> Loaded<Results> {
        self.load(self.results_path())
    }

    /// Save the results list atomically.
    pub fn save_results(&self, results: &Results) -> Result<(), StorageError> {
        self.save(&self.results_path(), results)
    }

    /// List a finished run the way two games sharing this data directory need: under an
    /// advisory lock (`results.json.lock`), read the file again, add the run to what is there
    /// now, and save. Another game's results saved meanwhile are kept, not overwritten by this
    /// game's older copy. Returns the merged list and the run's place (`None`: not in the top
    /// [`MAX_RESULTS`]); a run that cannot be listed, or a save that fails, is an error.
    pub fn add_result(&mut self, run: NewResult) -> Result<Merged, StorageError> {
        // Held until the merged list is returned.
        let _lock = self.lock_results()?;
        let mut loaded = self.load_results();
        let place = match run {
            NewResult::Run(run) => loaded.value.add_run(run),
            NewResult::Endless(run) => loaded.value.add_endless(run),
            NewResult::Daily(run) => loaded.value.add_daily(run),
        }
        .map_err(|invalid| StorageError::NotListed {
            reason: invalid.to_string(),
        })?;
        if place.is_some() {
            self.save_results(&loaded.value)?;
        }
        Ok(Merged {
            results: loaded.value,
            place,
            notices: loaded.notices,
        })
    }

    /// Hold the results' lock file until the returned handle drops. A platform without file
    /// locks (WASI) goes on unlocked: one game per data directory there. Files kept under keys
    /// (a browser) need none: a page's reads and writes run on its one thread, each whole.
    fn lock_results(&self) -> Result<Option<std::fs::File>, StorageError> {
        if crate::files::keyed() {
            return Ok(None);
        }
        let path = self.dir.join(RESULTS_LOCK_FILE);
        let fail = |step, source| StorageError::Write {
            file: path.clone(),
            step,
            source,
        };
        std::fs::create_dir_all(&self.dir).map_err(|e| fail(WriteStep::CreateDirectory, e))?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| fail(WriteStep::Lock, e))?;
        match file.lock() {
            Err(error) if error.kind() != std::io::ErrorKind::Unsupported => {
                Err(fail(WriteStep::Lock, error))
            }
            _ => Ok(Some(file)),
        }
    }

    /// The file a replay of this name is kept in.
    pub fn replay_path(&self, name: &ReplayName) -> PathBuf {
        self.replays.path(name)
    }

    /// Save a new replay (never overwriting one); returns its file.
    pub fn save_replay(&self, name: &ReplayName, replay: &Replay) -> Result<PathBuf, StorageError> {
        self.replays.save(name, replay)
    }

    /// Load a saved replay, checked by the replay module.
    pub fn load_replay(&self, name: &ReplayName) -> Result<Replay, DamagedReplay> {
        self.replays.load(name)
    }

    /// The saved replays' names, sorted.
    pub fn replay_names(&self) -> Result<Vec<ReplayName>, StorageError> {
        self.replays.names()
    }

    /// `base`, or the first free `base-2`, `base-3`, … if replays have those names.
    pub fn free_replay_name(&self, base: &ReplayName) -> Result<ReplayName, StorageError> {
        self.replays.free_name(base)
    }

    fn load<T: Document>(&mut self, path: PathBuf) -> Loaded<T> {
        let loaded = file::load(&path);
        if loaded.left_in_place() {
            self.held.insert(path);
        } else {
            self.held.remove(&path);
        }
        loaded
    }

    fn save<T: Document>(&self, path: &Path, value: &T) -> Result<(), StorageError> {
        if self.held.contains(path) {
            return Err(StorageError::Held {
                file: path.to_path_buf(),
            });
        }
        file::save(path, value)
    }
}
