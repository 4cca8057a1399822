//! Storage: settings, results and saved replays as JSON files in the data directory. Headless:
//! std and serde only; the app shows the notices and errors it returns.
//!
//! - [`choose_data_dir`] ([`data_dir`]): the data directory as a pure function of the platform,
//!   the environment variables and the directory the app hands in.
//! - [`Store`]: loads and saves `settings.json`, `results.json`, `purse.json` and `locker.json`,
//!   and replays in `replays/`
//!   (written and read by [`crate::replay`]'s own format and checks; never overwritten).
//! - Writes are atomic (temporary file beside the target, flushed, renamed over it).
//! - The files two games share (results, purse, locker, new replays) change only under one
//!   lock, each action against the files as they are on disk then; an action that changes more
//!   than one file first writes them all to one journal (`pending.json`, its commit point),
//!   which the next action or start finishes if the game was stopped half way.
//! - A load never fails and never loses data: a missing file or key takes its default, unknown
//!   keys are ignored, values are clamped to their ranges; a file that is not JSON or holds
//!   unusable values is moved aside to `<name>.corrupt-<n>` (first free `n`, bytes untouched,
//!   never deleted) and a [`StorageNotice`] says which file, what was wrong and where it was
//!   kept. Usable values in a damaged file are kept. A file that cannot be read at all (no
//!   permission, a folder or FIFO at its name) is left where it is; what an action changes in
//!   it waits in the journal until it can be written.
//! - A save that cannot be done (an unwritable directory) is a [`StorageError`] naming the file
//!   and the problem; the game goes on.

pub mod data_dir;
mod document;
mod journal;
mod kept;
mod notices;

use document::{file, strict};
use kept::locker;
pub use kept::{identity, missions, purse, replay_names, replays, results, settings, streak};
use notices::{notice, player_notice};

pub use data_dir::{choose_data_dir, DataDirError, DirSources, Platform};
pub use file::Loaded;
pub use identity::{FormerKey, Identity, IDENTITY_FILE};
pub use locker::{Deal, Shopped};
pub use missions::MISSIONS_FILE;
pub use notice::{Cause, Outcome, Problem, StorageError, StorageNotice, WriteStep};
pub use player_notice::{player_messages, quoted, save_error_message};
pub use purse::Purse;
pub use replay_names::{replay_name, Listed};
pub use replays::{DamagedReplay, ReplayName};
pub use results::{
    DailyResult, DailyRun, EndlessResult, EndlessRun, InvalidResult, KeptResult, LevelRun, Results,
    RunResult, MAX_RESULTS,
};
pub use settings::Settings;
pub use streak::{streak_reward, Streak, StreakBanked, STREAK_FILE};

/// A finished run to add to the results.
#[derive(Debug, Clone, PartialEq)]
pub enum NewResult {
    Run(RunResult),
    Endless(EndlessResult),
    Daily(DailyResult),
}

impl NewResult {
    /// The entry a finished run lists under `name`: a daily run under its day, a level run on
    /// its table track, or Endless; `None` for a level run on another seed (it belongs in no
    /// list). The coins are the run's own: a purse it brought is not the run's doing.
    pub fn of(
        summary: &Summary,
        choice: CourseChoice,
        daily: Option<Date>,
        name: &str,
    ) -> Option<Self> {
        let (name, coins) = (name.to_owned(), summary.coins_won());
        let (time_s, misses, score, medal) =
            (summary.time_s, summary.misses, summary.score, summary.medal);
        if let Some(date) = daily {
            let date = date.to_string();
            return Some(Self::Daily(DailyResult {
                kind: DailyRun { date, time_s },
                name,
                misses,
                coins,
                score,
                medal,
            }));
        }
        match choice {
            CourseChoice::Level { level, track, seed } => {
                let table_seed = crate::course::levels::level(level)?.seed(track)?;
                (seed == table_seed).then_some(Self::Run(RunResult {
                    kind: LevelRun {
                        level,
                        track,
                        time_s,
                    },
                    name,
                    misses,
                    coins,
                    score,
                    medal,
                }))
            }
            CourseChoice::Endless { .. } => Some(Self::Endless(EndlessResult {
                kind: EndlessRun {
                    distance: summary.distance,
                },
                name,
                misses,
                coins,
                score,
                medal,
            })),
        }
    }
}

/// What a finished run leaves behind, kept by [`Store::keep_run`] as one action.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptRun {
    /// Coins the purse gains (negative: loses) — the coins at the end less those brought.
    pub coins_change: i64,
    /// The entry to list (none for a run that belongs in no list).
    pub result: Option<NewResult>,
    /// The run's replay, saved under this name if the run is listed and the name is free.
    pub replay: Option<(ReplayName, Replay)>,
    /// What the run did towards the missions (none: a run that counts for none, as a replay
    /// watched).
    pub missions: Option<RunTally>,
}

/// The files after [`Store::keep_run`] (or [`Store::add_result`]): the results with the new
/// run's place, the purse, and what the player should be told about the files as they were
/// read.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub results: Results,
    /// The run's place from 0 (`None`: not in the top [`MAX_RESULTS`], or not listed).
    pub place: Option<usize>,
    pub purse: Purse,
    pub notices: Vec<StorageNotice>,
    /// Why the run was not listed, when it could not be.
    pub not_listed: Option<String>,
    /// What the run did to the missions, and the coins they paid (in [`Merged::purse`]).
    pub missions: Option<BookChange>,
}

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::course::daily::Date;
use crate::missions::{BookChange, RunTally};
use crate::replay::{CourseChoice, Replay};
use crate::sim::Summary;
use file::Document;
use journal::PendingChange;
use replays::ReplayFolder;

/// The settings file's name in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";
/// The results file's name in the data directory.
pub const RESULTS_FILE: &str = "results.json";
/// The purse's file name.
pub const PURSE_FILE: &str = "purse.json";
/// The locker's file name (what was bought in the shop, what is in use).
pub const LOCKER_FILE: &str = "locker.json";
/// The lock file that orders two games' updates of the files they share (results, purse,
/// locker, replays, settings).
pub const RESULTS_LOCK_FILE: &str = "results.json.lock";
/// The journal of an action that changes more than one file, while it is being done.
pub const PENDING_FILE: &str = "pending.json";
/// Times something found at the lock file's name (a FIFO, a folder) is set aside before giving
/// up: another game may be setting it aside at the same moment.
const LOCK_ATTEMPTS: usize = 3;
/// The files whose temporaries are written only under the lock, so any found under it were
/// left by a game that was stopped.
const LOCKED_FILES: [&str; 8] = [
    SETTINGS_FILE,
    RESULTS_FILE,
    PURSE_FILE,
    LOCKER_FILE,
    PENDING_FILE,
    IDENTITY_FILE,
    STREAK_FILE,
    MISSIONS_FILE,
];

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
    /// What the journal on disk holds that could not be put in place yet, as of the last
    /// action (under its lock): the base of the next action's changes to those files.
    waiting: PendingChange,
}

impl Store {
    /// The store in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        Self {
            replays: ReplayFolder::new(dir.join(REPLAYS_FOLDER)),
            dir,
            held: BTreeSet::new(),
            waiting: PendingChange::default(),
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

    /// Save the settings (clamped to their ranges) atomically, under the lock (so that a
    /// temporary file found under it is a stopped game's).
    pub fn save_settings(&self, settings: &Settings) -> Result<(), StorageError> {
        let mut settings = settings.clone();
        settings.clamp();
        let _lock = self.lock(&self.settings_path())?;
        self.save(&self.settings_path(), &settings)
    }

    /// The purse kept between runs, with anything the player should be told.
    pub fn load_purse(&mut self) -> Loaded<Purse> {
        self.load(self.dir.join(PURSE_FILE))
    }

    /// Save the purse (capped at [`purse::MAX_PURSE`]) atomically, replacing what is saved:
    /// a game changes it with [`Store::bank`] or [`Store::buy_or_equip`], against the file.
    pub fn save_purse(&self, purse: &Purse) -> Result<(), StorageError> {
        let _lock = self.lock(&self.purse_path())?;
        self.save(&self.purse_path(), &purse.capped())
    }

    fn purse_path(&self) -> PathBuf {
        self.dir.join(PURSE_FILE)
    }

    fn locker_path(&self) -> PathBuf {
        self.dir.join(LOCKER_FILE)
    }

    /// The locker (the shop's items bought and in use), with anything the player should be told.
    pub fn load_locker(&mut self) -> Loaded<crate::shop::Locker> {
        self.load(self.dir.join(LOCKER_FILE))
    }

    /// Save the locker atomically, replacing what is saved.
    pub fn save_locker(&self, locker: &crate::shop::Locker) -> Result<(), StorageError> {
        let _lock = self.lock(&self.locker_path())?;
        self.save(&self.locker_path(), locker)
    }

    /// The results list, with anything the player should be told.
    pub fn load_results(&mut self) -> Loaded<Results> {
        self.load(self.results_path())
    }

    /// Save the results list atomically, replacing what is saved.
    pub fn save_results(&self, results: &Results) -> Result<(), StorageError> {
        let _lock = self.lock(&self.results_path())?;
        self.save(&self.results_path(), results)
    }

    /// List a finished run the way two games sharing this data directory need: under the lock,
    /// read the file again, add the run to what is there now, and save. Another game's results
    /// saved meanwhile are kept, not overwritten by this game's older copy. Returns the merged
    /// list and the run's place (`None`: not in the top [`MAX_RESULTS`]); a run that cannot be
    /// listed, or a save that fails, is an error.
    pub fn add_result(&mut self, run: NewResult) -> Result<Merged, StorageError> {
        let merged = self.keep_run(KeptRun {
            coins_change: 0,
            result: Some(run),
            replay: None,
            missions: None,
        })?;
        match merged.not_listed {
            Some(reason) => Err(StorageError::NotListed { reason }),
            None => Ok(merged),
        }
    }

    /// Keep a finished run as one action under the lock: its coins added to the purse as it is
    /// on disk now (another game may have banked or spent meanwhile), its entry merged into the
    /// results as they are now, and its replay saved if it made the list — all of it or none.
    /// A run that cannot be listed still banks its coins ([`Merged::not_listed`] says why).
    pub fn keep_run(&mut self, run: KeptRun) -> Result<Merged, StorageError> {
        let _lock = self.lock(&self.results_path())?;
        let mut notices = self.finish_pending()?;
        let missions = match &run.missions {
            Some(tally) => self.missions_after(tally),
            None => Loaded {
                value: None,
                notices: Vec::new(),
            },
        };
        let paid = missions.value.as_ref().map_or(0, BookChange::coins);
        let change = run.coins_change.saturating_add(i64::from(paid));
        let (purse, mut pending) = self.purse_for_change(change);
        notices.extend(missions.notices);
        notices.extend(purse.notices);
        pending.missions = missions.value.as_ref().map(|change| change.book.clone());
        let list = self.results_for_action();
        notices.extend(list.notices);
        let (mut results, waits) = match list.value {
            Some(results) => (results, false),
            None => (
                self.waiting.results_waiting.clone().unwrap_or_default(),
                true,
            ),
        };
        let listed = match run.result {
            None => Ok(None),
            Some(NewResult::Run(entry)) => results.add_run(entry).map_err(|e| e.to_string()),
            Some(NewResult::Endless(entry)) => {
                results.add_endless(entry).map_err(|e| e.to_string())
            }
            Some(NewResult::Daily(entry)) => results.add_daily(entry).map_err(|e| e.to_string()),
        };
        let (place, not_listed) = match listed {
            // A run that waits for its list has no place in it yet.
            Ok(place) => (place.filter(|_| !waits), None),
            Err(reason) => (None, Some(reason)),
        };
        let added = not_listed.is_none() && (place.is_some() || waits);
        if added && waits {
            pending.results_waiting = Some(results.clone());
        } else if added {
            pending.results = Some(results.clone());
        }
        if let Some((name, replay)) = run.replay.filter(|_| added) {
            if !matches!(crate::files::exists(&self.replays.path(&name)), Ok(true)) {
                pending.replay = Some((name.to_string(), replay.to_json()));
            }
        }
        notices.extend(self.commit(&pending)?);
        Ok(Merged {
            results,
            place,
            purse: purse.value,
            notices,
            not_listed,
            missions: missions.value,
        })
    }

    /// The results an action adds to: as the journal holds them, else as on disk now;
    /// `None` when the list cannot be read (a run then waits in the journal).
    fn results_for_action(&mut self) -> Loaded<Option<Results>> {
        if self.waiting.results_waiting.is_some() {
            return Loaded {
                value: None,
                notices: Vec::new(),
            };
        }
        if let Some(results) = &self.waiting.results {
            return Loaded {
                value: Some(results.clone()),
                notices: Vec::new(),
            };
        }
        let path = self.results_path();
        let loaded: Loaded<Results> = self.load(path.clone());
        Loaded {
            value: (!self.blocked(&path)).then_some(loaded.value),
            notices: loaded.notices,
        }
    }

    /// Add `change` coins (negative: take them) to the purse as it is on disk now, under the
    /// lock; returns the purse saved, with anything the player should be told about the file.
    pub fn bank(&mut self, change: i64) -> Result<Loaded<Purse>, StorageError> {
        let _lock = self.lock(&self.purse_path())?;
        let mut notices = self.finish_pending()?;
        let (purse, pending) = self.purse_for_change(change);
        notices.extend(purse.notices);
        notices.extend(self.commit(&pending)?);
        Ok(Loaded {
            value: purse.value,
            notices,
        })
    }

    /// Finish what a stopped game left half done, under the lock: an action's journal is put
    /// in place, and temporary files of the shared files are removed (every write of them is
    /// made under the lock, so one found now is a stopped game's). For the start of a game,
    /// before its loads; a data directory not made yet is left so.
    pub fn finish_interrupted(&mut self) -> Result<Vec<StorageNotice>, StorageError> {
        if !matches!(crate::files::exists(&self.dir), Ok(true)) && !crate::files::keyed() {
            return Ok(Vec::new());
        }
        let _lock = self.lock(&self.dir.join(PENDING_FILE))?;
        let mut notices = self.finish_pending()?;
        notices.extend(self.waiting_notices());
        sweep_temporaries(&self.dir, |name| {
            LOCKED_FILES
                .iter()
                .any(|file| name.starts_with(&format!(".{file}.")))
        });
        sweep_temporaries(&self.dir.join(REPLAYS_FOLDER), |_| true);
        Ok(notices)
    }

    /// Hold the lock of the shared files until the returned handle drops. Something at the
    /// lock's name that is not a regular file (a FIFO, a folder, a symlink) is set aside and a
    /// fresh lock file made. A platform without file locks (WASI) goes on unlocked (`None`): one
    /// game per data directory there; files kept under keys (a browser) need none: a page's
    /// reads and writes run on its one thread, each whole.
    /// A failure names `saving`, the file the lock was taken to save.
    fn lock(&self, saving: &Path) -> Result<Option<fs::File>, StorageError> {
        if crate::files::keyed() {
            return Ok(None);
        }
        let path = self.dir.join(RESULTS_LOCK_FILE);
        let fail = |step, source| StorageError::Write {
            file: saving.to_path_buf(),
            step,
            source,
        };
        let unsupported = |error: &io::Error| error.kind() == io::ErrorKind::Unsupported;
        match fs::create_dir_all(&self.dir) {
            Err(error) if unsupported(&error) => return Ok(None),
            Err(error) => return Err(fail(WriteStep::CreateDirectory, error)),
            Ok(()) => {}
        }
        for _ in 0..LOCK_ATTEMPTS {
            match crate::files::open_lock(&path) {
                Ok(Some(file)) => {
                    return match file.lock() {
                        Err(error) if unsupported(&error) => Ok(None),
                        Err(error) => Err(fail(WriteStep::Lock, error)),
                        Ok(()) => Ok(Some(file)),
                    }
                }
                Ok(None) => match file::keep_aside(&path) {
                    Err(error) if error.kind() != io::ErrorKind::NotFound => {
                        return Err(fail(WriteStep::Lock, error));
                    }
                    _ => {}
                },
                Err(error) if unsupported(&error) => return Ok(None),
                Err(error) => return Err(fail(WriteStep::Lock, error)),
            }
        }
        Err(fail(
            WriteStep::Lock,
            io::Error::other("something other than a lock file keeps appearing at its name"),
        ))
    }

    /// The file a replay of this name is kept in.
    pub fn replay_path(&self, name: &ReplayName) -> PathBuf {
        self.replays.path(name)
    }

    /// Save a new replay (never overwriting one), under the lock; returns its file.
    pub fn save_replay(&self, name: &ReplayName, replay: &Replay) -> Result<PathBuf, StorageError> {
        let _lock = self.lock(&self.replays.path(name))?;
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

/// Remove the temporary files in `dir` (`.NAME.XXXXXX.tmp`, see [`crate::files::write_atomic`])
/// whose names `ours` accepts. Best effort: one that cannot be removed is left for next time.
fn sweep_temporaries(dir: &Path, ours: impl Fn(&str) -> bool) {
    // A keyed store (a browser) writes each file whole: it has no temporaries.
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let temporary = name.starts_with('.') && name.ends_with(".tmp");
        if temporary && ours(&name) && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}
