//! What storage tells the player: notices about files that could not be used as they were, and
//! errors of saves and replay loads. Every message names the file and the problem.

pub use crate::files::WriteStep;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// What was wrong with a file that was loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The file (or its directory) could not be read: the system's reason.
    Unreadable(String),
    /// Not JSON at all: truncated, garbage bytes or not UTF-8; serde_json's reason with its place.
    NotJson(String),
    /// JSON, but some values have the wrong type or are invalid; each entry says which and why.
    Invalid(Vec<String>),
    /// A value outside its range, brought into it; says which value and what is used instead.
    OutOfRange(String),
    /// Something that is not a folder (a file, a FIFO, a socket, a device, a symlink to none)
    /// at a folder's name.
    NotAFolder,
    /// Something that is not a regular file (a FIFO, a socket, a device, a folder) at a file's
    /// name.
    NotAFile,
    /// A save that could not be done: why, in a player's words, and the system's reason.
    NotSaved { cause: Cause, detail: String },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(reason) => write!(f, "cannot be read ({reason})"),
            Self::NotJson(reason) => write!(f, "is not valid JSON ({reason})"),
            Self::Invalid(what) => write!(f, "has unusable values: {}", counted(what).join("; ")),
            Self::OutOfRange(what) => write!(f, "has a value out of range: {what}"),
            Self::NotAFolder => f.write_str("is not a folder"),
            Self::NotAFile => f.write_str("is not a regular file"),
            Self::NotSaved { detail, .. } => write!(f, "could not be saved ({detail})"),
        }
    }
}

/// `items` with each run of equal entries said once, counted: "… (×40)".
fn counted(items: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for item in items {
        match out.last_mut() {
            Some((last, count)) if last == item => *count += 1,
            _ => out.push((item.clone(), 1)),
        }
    }
    out.into_iter()
        .map(|(item, count)| {
            if count == 1 {
                item
            } else {
                format!("{item} (×{count})")
            }
        })
        .collect()
}

/// What was done about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The original file was moved here, bytes untouched; defaults are used.
    KeptAsideUsingDefaults(PathBuf),
    /// The original file was moved here, bytes untouched; the usable values are kept (and were
    /// saved again under the original name when possible).
    KeptAsideUsingTheRest(PathBuf),
    /// The usable values are used for now, but saving them in the file's place failed (why, in
    /// a player's words, and the system's reason): the original is left where it was,
    /// untouched, and will not be overwritten this session; the next start tries again.
    NotMended { cause: Cause, reason: String },
    /// The file could not be moved aside (the reason); it is left in place and will not be
    /// overwritten this session; defaults are used.
    LeftInPlace(String),
    /// The file could not be read, so it was not judged: it is left as it is and will not be
    /// overwritten this session; defaults are used.
    LeftUnread,
    /// Nothing to move (the directory itself is unusable); defaults are used.
    UsingDefaults,
    /// The file is left as it is; the adjusted value is used.
    Adjusted,
    /// A run's replay that could not be saved; the run's coins were banked and it was listed.
    ReplayNotSaved,
    /// The file cannot be read or written now: what the game changes in it waits in the
    /// journal and is put in place once it can be; the file is left as it is.
    Waiting,
    /// The purse is full: this many coins did not fit.
    PurseFull { lost: i64 },
}

impl Outcome {
    /// Whether the file was left where it was, unusable as it is: saving over it would lose it.
    pub fn is_left_in_place(&self) -> bool {
        matches!(
            self,
            Self::LeftInPlace(_) | Self::LeftUnread | Self::NotMended { .. }
        )
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::KeptAsideUsingDefaults(kept) => write!(
                f,
                "the file was kept as {}; using the defaults",
                kept.display()
            ),
            Self::KeptAsideUsingTheRest(kept) => write!(
                f,
                "the file was kept as {}; using the values that could be read",
                kept.display()
            ),
            Self::NotMended { reason, .. } => write!(
                f,
                "saving the values that could be read in its place failed ({reason}), so it is \
                 left untouched and will not be overwritten; using those values for now"
            ),
            Self::LeftInPlace(reason) => write!(
                f,
                "it could not be moved aside ({reason}) so it is left untouched and will not be \
                 overwritten; using the defaults"
            ),
            Self::LeftUnread => f.write_str(
                "it is left untouched and will not be overwritten while the game runs; using the \
                 defaults",
            ),
            Self::UsingDefaults => f.write_str("using the defaults"),
            Self::Adjusted => f.write_str("the file is unchanged"),
            Self::ReplayNotSaved => {
                f.write_str("the run's coins were banked and it was listed without its replay")
            }
            Self::Waiting => f.write_str(
                "the file is left as it is; the changes wait in the journal (pending.json) and \
                 are put in place once it can be written",
            ),
            Self::PurseFull { lost } => write!(f, "the purse is full: {lost} coins did not fit"),
        }
    }
}

/// A message the UI can show the player after a load: which file, what was wrong, what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorageNotice {
    pub file: PathBuf,
    pub problem: Problem,
    pub outcome: Outcome,
}

impl fmt::Display for StorageNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}; {}",
            self.file.display(),
            self.problem,
            self.outcome
        )
    }
}

/// A save or a replay load that did not work. The game goes on; the UI shows the message.
#[derive(Debug)]
pub enum StorageError {
    /// A save failed at `step`; the previous file, if any, is unchanged.
    Write {
        file: PathBuf,
        step: WriteStep,
        source: io::Error,
    },
    /// The file could not be read.
    Read { file: PathBuf, source: io::Error },
    /// The file was unusable at load and could not be moved aside: overwriting it would lose it.
    Held { file: PathBuf },
    /// A replay of that name exists already; replays are never overwritten.
    Exists { file: PathBuf },
    /// A replay name that cannot be a file name.
    BadName { name: String, reason: &'static str },
    /// A run that cannot be listed (the reason).
    NotListed { reason: String },
    /// An action's journal was written (its commit point) but its files could not all be put
    /// in place: they wait in it, and the next action or start that can puts them in place.
    Unfinished { source: Box<StorageError> },
}

impl StorageError {
    /// The file concerned (the name for [`Self::BadName`]).
    pub fn file(&self) -> &Path {
        match self {
            Self::Write { file, .. }
            | Self::Read { file, .. }
            | Self::Held { file }
            | Self::Exists { file } => file,
            Self::BadName { name, .. } => Path::new(name),
            Self::NotListed { .. } => Path::new(crate::storage::RESULTS_FILE),
            Self::Unfinished { source } => source.file(),
        }
    }

    /// Why the save failed, in a player's words.
    pub fn cause(&self) -> Cause {
        match self {
            Self::Write { source, .. } | Self::Read { source, .. } => Cause::of(source),
            Self::Held { .. } => Cause::Unreadable,
            Self::Exists { .. } | Self::BadName { .. } => Cause::BadName,
            Self::NotListed { .. } => Cause::Other,
            Self::Unfinished { source } => source.cause(),
        }
    }
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Write { file, step, source } => write!(
                f,
                "cannot save {}: {step} ({source}); the previous file is unchanged",
                file.display()
            ),
            Self::Read { file, source } => write!(f, "cannot read {}: {source}", file.display()),
            Self::Held { file } => write!(
                f,
                "not saving {}: the file there could not be read and could not be moved aside, \
                 so it is kept as it is",
                file.display()
            ),
            Self::Exists { file } => write!(
                f,
                "not saving {}: a replay of that name exists already",
                file.display()
            ),
            Self::BadName { name, reason } => {
                write!(f, "\"{name}\" cannot be a replay name: {reason}")
            }
            Self::NotListed { reason } => write!(f, "the run cannot be listed: {reason}"),
            Self::Unfinished { source } => write!(
                f,
                "{source}; the action's journal is kept and finished by the next action or start"
            ),
        }
    }
}

/// Why a file could not be saved, as a player can understand it (the system's text is for
/// developers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cause {
    /// No space left (or the user's quota used up).
    Full,
    /// The storage is mounted read-only.
    ReadOnly,
    /// The system does not let the game write there (permissions).
    NotAllowed,
    /// Something that is not a folder is where a folder should be, or the other way round.
    InTheWay,
    /// The file at the name could not be read and is kept as it is.
    Unreadable,
    /// A replay name that is taken or cannot be a file name.
    BadName,
    /// Anything else the system refused.
    Other,
}

impl Cause {
    /// The cause of a failed file operation.
    pub fn of(error: &io::Error) -> Self {
        use io::ErrorKind as Kind;
        match error.kind() {
            Kind::StorageFull | Kind::QuotaExceeded | Kind::FileTooLarge => Self::Full,
            Kind::ReadOnlyFilesystem => Self::ReadOnly,
            Kind::PermissionDenied => Self::NotAllowed,
            Kind::NotADirectory | Kind::IsADirectory | Kind::DirectoryNotEmpty => Self::InTheWay,
            _ => Self::Other,
        }
    }

    /// The cause as a clause for the player: "the storage is full".
    pub fn words(self) -> &'static str {
        match self {
            Self::Full => "the storage is full",
            Self::ReadOnly => "the storage is read-only",
            Self::NotAllowed => "the game is not allowed to write in its folder",
            Self::InTheWay => "something else is in the way in the game's folder",
            Self::Unreadable => "the file there cannot be read and is kept as it is",
            Self::BadName => "its name is taken or cannot be used",
            Self::Other => "the system refused it",
        }
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Write { source, .. } | Self::Read { source, .. } => Some(source),
            Self::Unfinished { source } => Some(source.as_ref()),
            _ => None,
        }
    }
}
