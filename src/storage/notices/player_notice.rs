//! What the player is told about their files, in their words: which of *their* things (the
//! settings, the results list, a saved run) was damaged and what the game did, and the real
//! cause — one message per file, files that met one fault together, no paths beyond the file's
//! own name, no parser text. The full detail of each [`StorageNotice`] (its `Display`) is for
//! developers, on stderr.

use crate::storage::notice::{Cause, Outcome, Problem, StorageError, StorageNotice};
use crate::storage::purse::MAX_PURSE;
use crate::storage::{
    LOCKER_FILE, PENDING_FILE, PURSE_FILE, REPLAYS_FOLDER, RESULTS_FILE, SETTINGS_FILE,
};
use crate::storage::{MISSIONS_FILE, STREAK_FILE};
use std::path::Path;

/// Longest text quoted from a file in a message, characters; longer is cut with "…".
pub const MAX_QUOTED_CHARS: usize = 40;

/// Longest message about a failed save, characters: two lines of the notice panel on a phone.
#[cfg(test)]
const MAX_SAVE_MESSAGE_CHARS: usize = 100;

/// `text` cut to [`MAX_QUOTED_CHARS`] characters (with "…" when it was longer).
pub fn quoted(text: &str) -> String {
    let mut chars = text.chars();
    let cut: String = chars.by_ref().take(MAX_QUOTED_CHARS).collect();
    if chars.next().is_some() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// The player's messages about their files: one per cause. Each file's notices make one
/// message (its most serious outcome); files that met the same fault for the same reason (a
/// data folder that cannot be used, files that cannot be opened) are named together in one.
pub fn player_messages(notices: &[StorageNotice]) -> Vec<String> {
    let mut files: Vec<&Path> = Vec::new();
    for notice in notices {
        if !files.contains(&notice.file.as_path()) {
            files.push(&notice.file);
        }
    }
    let mut shared: Vec<(Shared, Vec<Thing>)> = Vec::new();
    let mut messages: Vec<Result<String, usize>> = Vec::new();
    for file in files {
        let about: Vec<&StorageNotice> = notices.iter().filter(|n| n.file == file).collect();
        match Shared::of(&about) {
            Some(key) => match shared.iter().position(|(known, _)| *known == key) {
                Some(index) => shared[index].1.push(Thing::of(file)),
                None => {
                    messages.push(Err(shared.len()));
                    shared.push((key, vec![Thing::of(file)]));
                }
            },
            None => messages.push(Ok(message_for(file, &about))),
        }
    }
    messages
        .into_iter()
        .map(|message| message.unwrap_or_else(|index| shared_message(&shared[index])))
        .collect()
}

/// What the player is told when a save failed: which of *their* things, and the real cause,
/// in one short line — no path, no system text (that goes to stderr, [`StorageError`]'s
/// `Display`).
pub fn save_error_message(error: &StorageError) -> String {
    let subject = |file: &Path| {
        let in_replays = file
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|folder| folder == REPLAYS_FOLDER);
        if in_replays {
            "This run's replay".to_owned()
        } else {
            Thing::of(file).name
        }
    };
    let cause = error.cause().words();
    match error {
        StorageError::Write { file, .. } | StorageError::Read { file, .. } => {
            format!(
                "{} could not be saved: {cause}; nothing was changed.",
                subject(file)
            )
        }
        StorageError::Held { file } => {
            format!("{} could not be saved: {cause}.", subject(file))
        }
        StorageError::Exists { .. } | StorageError::BadName { .. } => {
            format!("This run's replay was not saved: {cause}.")
        }
        StorageError::NotListed { .. } => "This run could not be listed.".to_owned(),
        StorageError::Unfinished { .. } => {
            format!("This is saved but not yet in place ({cause}); the game finishes it next time.")
        }
    }
}

/// What the player calls a file, and whether it takes "were" or "was".
#[derive(Debug, Clone, PartialEq, Eq)]
struct Thing {
    name: String,
    plural: bool,
}

impl Thing {
    fn of(file: &Path) -> Self {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let (name, plural) = match name.as_deref() {
            Some(SETTINGS_FILE) => ("Your settings".to_owned(), true),
            Some(RESULTS_FILE) => ("Your results list".to_owned(), false),
            Some(PURSE_FILE) => ("Your purse".to_owned(), false),
            Some(LOCKER_FILE) => ("Your rifles, suits and skis".to_owned(), true),
            Some(PENDING_FILE) => ("Your last run or purchase".to_owned(), false),
            Some(MISSIONS_FILE) => ("Your missions".to_owned(), true),
            Some(STREAK_FILE) => ("Your daily streak".to_owned(), false),
            Some(REPLAYS_FOLDER) => ("The folder of your saved runs".to_owned(), false),
            _ => (
                format!("Your saved run {}", quoted(&short_name(file))),
                false,
            ),
        };
        Self { name, plural }
    }

    fn were(&self) -> &'static str {
        if self.plural {
            "were"
        } else {
            "was"
        }
    }
}

/// A fault several files can share, said once for all of them.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shared {
    /// The data folder cannot be used.
    NoFolder,
    /// Files that could not be opened, for this reason.
    Unopened(String),
    /// Files that could be neither read nor set aside, for this reason.
    Stuck(String),
}

impl Shared {
    fn of(notices: &[&StorageNotice]) -> Option<Self> {
        let [notice] = notices else {
            return None;
        };
        match (&notice.problem, &notice.outcome) {
            (_, Outcome::UsingDefaults) => Some(Self::NoFolder),
            (problem, Outcome::LeftUnread) => Some(Self::Unopened(problem.to_string())),
            (_, Outcome::LeftInPlace(reason)) => Some(Self::Stuck(reason.clone())),
            _ => None,
        }
    }
}

/// One message naming every file that met the same fault.
fn shared_message((fault, things): &(Shared, Vec<Thing>)) -> String {
    let names: Vec<String> = things
        .iter()
        .enumerate()
        .map(|(i, thing)| match i {
            0 => thing.name.clone(),
            _ => lower_first(&thing.name),
        })
        .collect();
    let (all, plural) = match names.as_slice() {
        [one] => (one.clone(), things[0].plural),
        [init @ .., last] => (format!("{} and {last}", init.join(", ")), true),
        [] => (String::new(), false),
    };
    let (were, they) = if plural {
        ("were", "them")
    } else {
        ("was", "it")
    };
    match fault {
        Shared::NoFolder => format!(
            "The game's storage folder cannot be used, so {} {were} not kept: the game uses \
             the defaults this session.",
            lower_first(&all)
        ),
        Shared::Unopened(_) => format!(
            "{all} could not be opened (no permission, or not a file); the game uses the \
             defaults for now and leaves {they} as {} {}.",
            if plural { "they" } else { "it" },
            if plural { "are" } else { "is" }
        ),
        Shared::Stuck(_) => format!(
            "{all} could not be read or set aside; the game uses the defaults and will not save \
             over {they}."
        ),
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

fn short_name(file: &Path) -> String {
    file.file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The message for one file: the most serious outcome, plus how many values were adjusted.
fn message_for(file: &Path, notices: &[&StorageNotice]) -> String {
    let thing = Thing::of(file);
    let adjusted = notices
        .iter()
        .filter(|n| n.outcome == Outcome::Adjusted)
        .count();
    // What happened to the coins matters most: said before what happened to the file.
    let serious = notices
        .iter()
        .find(|n| matches!(n.outcome, Outcome::Waiting | Outcome::PurseFull { .. }))
        .or_else(|| notices.iter().find(|n| n.outcome != Outcome::Adjusted));
    let Some(serious) = serious else {
        let values = if adjusted == 1 { "value" } else { "values" };
        return format!(
            "{} had {adjusted} {values} out of range; the game adjusted them and left the file \
             as it is.",
            thing.name
        );
    };
    let mut message = outcome_message(&thing, serious);
    if adjusted > 0 && !matches!(serious.outcome, Outcome::PurseFull { .. }) {
        message.push_str(&format!(" {adjusted} more out of range were adjusted."));
    }
    message
}

fn outcome_message(thing: &Thing, notice: &StorageNotice) -> String {
    let (name, were) = (&thing.name, thing.were());
    let kept_as = |kept: &Path| {
        quoted(
            &kept
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        )
    };
    match (&notice.problem, &notice.outcome) {
        (Problem::NotAFolder, Outcome::KeptAsideUsingDefaults(kept)) => format!(
            "Something that is not a folder was where your saved runs go; it was kept as {} \
             and a new folder is used.",
            kept_as(kept)
        ),
        (Problem::NotSaved { cause, .. }, Outcome::KeptAsideUsingDefaults(kept)) => format!(
            "{name} could not be finished ({}); it was kept as {}.",
            cause.words(),
            kept_as(kept)
        ),
        (_, Outcome::KeptAsideUsingDefaults(kept))
            if thing.name == Thing::of(Path::new(PENDING_FILE)).name =>
        {
            format!(
                "{name} was left unfinished and could not be read; it was kept as {}.",
                kept_as(kept)
            )
        }
        (Problem::NotAFile, Outcome::KeptAsideUsingDefaults(kept)) => format!(
            "Something that is not a file was where {} {} kept; it was kept as {} and a new \
             file is used.",
            lower_first(name),
            if thing.plural { "are" } else { "is" },
            kept_as(kept)
        ),
        (_, Outcome::KeptAsideUsingDefaults(kept)) => format!(
            "{name} could not be read and {were} reset; the old file was kept as {}.",
            kept_as(kept)
        ),
        (_, Outcome::KeptAsideUsingTheRest(kept)) => format!(
            "{name} {were} partly damaged: what could be read is kept, the rest was dropped; \
             the old file was kept as {}.",
            kept_as(kept)
        ),
        (_, Outcome::NotMended { cause, .. }) => format!(
            "{name} {were} partly damaged: what could be read is used for now but could not be \
             saved ({}); the file is left as it is.",
            cause.words()
        ),
        (_, Outcome::LeftInPlace(_)) => format!(
            "{name} could not be read or set aside; the game uses the defaults and will not \
             save over the file."
        ),
        (_, Outcome::LeftUnread) => format!(
            "{name} could not be opened (no permission, or not a file); the game uses the \
             defaults for now and leaves the file as it is."
        ),
        (_, Outcome::UsingDefaults) => format!(
            "{name} cannot be kept: the game's storage folder cannot be used, so the defaults \
             are used."
        ),
        (_, Outcome::Adjusted) => format!("{name} had a value out of range, now adjusted."),
        (problem, Outcome::ReplayNotSaved) => {
            let cause = match problem {
                Problem::NotSaved { cause, .. } => cause.words(),
                _ => Cause::Other.words(),
            };
            format!(
                "A run's replay could not be saved ({cause}): its coins are banked and it is \
                 listed, without the replay."
            )
        }
        (_, Outcome::Waiting) => {
            let (what, done) = match notice.file.file_name().and_then(|n| n.to_str()) {
                Some(PURSE_FILE) => ("the coins won or spent", "added to it"),
                Some(RESULTS_FILE) => ("new runs", "listed in it"),
                _ => ("the changes", "put in place"),
            };
            let (it, is) = if thing.plural {
                ("they", "are")
            } else {
                ("it", "is")
            };
            format!(
                "{name} cannot be opened (no permission, or not a file), so {what} wait in the \
                 game's journal and will be {done} once {it} can be; the file is left as {it} {is}."
            )
        }
        (_, Outcome::PurseFull { lost }) => {
            format!("Your purse is full ({MAX_PURSE} coins): {lost} coins of this run did not fit.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Problem;
    use std::path::PathBuf;

    fn notice(file: &str, outcome: Outcome) -> StorageNotice {
        StorageNotice {
            file: PathBuf::from("/very/long/data/directory/latu").join(file),
            problem: Problem::NotJson("expected value at line 1 column 1".to_owned()),
            outcome,
        }
    }

    #[test]
    fn a_reset_file_is_named_as_the_player_knows_it_without_its_path_or_the_parser() {
        let kept = PathBuf::from("/very/long/data/directory/latu/settings.json.corrupt-1");
        let messages = player_messages(&[notice(
            "settings.json",
            Outcome::KeptAsideUsingDefaults(kept),
        )]);
        assert_eq!(
            messages,
            [
                "Your settings could not be read and were reset; the old file was kept as \
              settings.json.corrupt-1."
            ]
        );
    }

    #[test]
    fn many_notices_about_one_file_make_one_message() {
        let mut notices: Vec<StorageNotice> = (0..7)
            .map(|_| notice("settings.json", Outcome::Adjusted))
            .collect();
        notices.push(notice("results.json", Outcome::LeftUnread));
        let messages = player_messages(&notices);
        assert_eq!(messages.len(), 2, "{messages:#?}");
        assert!(
            messages[0].contains("7 values out of range"),
            "{}",
            messages[0]
        );
        assert!(messages[1].starts_with("Your results list could not be opened"));
        assert!(messages.iter().all(|m| !m.contains("/very/long")));
    }

    #[test]
    fn a_failed_save_is_one_short_line_naming_the_players_thing_without_its_path() {
        let deep = PathBuf::from("/very/long/data/directory/".repeat(20));
        let errors = [
            StorageError::Write {
                file: deep.join("purse.json"),
                step: crate::storage::WriteStep::Rename,
                source: std::io::Error::other("No space left on device (os error 28)"),
            },
            StorageError::Held {
                file: deep.join("locker.json"),
            },
            StorageError::Write {
                file: deep.join("replays").join("L1T1-1-0m-0c-Kai.json"),
                step: crate::storage::WriteStep::Write,
                source: std::io::Error::other("disk full"),
            },
        ];
        let told: Vec<String> = errors.iter().map(save_error_message).collect();
        assert!(
            told[0].starts_with("Your purse could not be saved"),
            "{}",
            told[0]
        );
        assert!(
            told[1].starts_with("Your rifles, suits and skis"),
            "{}",
            told[1]
        );
        assert!(told[2].starts_with("This run's replay"), "{}", told[2]);
        for message in &told {
            assert!(
                !message.contains('/') && !message.contains("os error"),
                "{message}"
            );
            assert!(
                message.chars().count() <= MAX_SAVE_MESSAGE_CHARS,
                "{message}"
            );
        }
    }

    #[test]
    fn long_text_from_a_file_is_cut() {
        let long = "x".repeat(10_000);
        assert_eq!(quoted(&long).chars().count(), MAX_QUOTED_CHARS + 1);
        let messages =
            player_messages(&[notice(&format!("replays/{long}.json"), Outcome::LeftUnread)]);
        assert!(messages[0].len() < 300, "{}", messages[0]);
    }
}
