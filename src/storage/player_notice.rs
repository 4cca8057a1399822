//! What the player is told about their files, in their words: which of *their* things (the
//! settings, the results list, a saved run) was damaged and what the game did — one message per
//! file, no paths beyond the file's own name, no parser text. The full detail of each
//! [`StorageNotice`] (its `Display`) is for developers, on stderr.

use super::notice::{Outcome, StorageError, StorageNotice};
use super::{LOCKER_FILE, PURSE_FILE, REPLAYS_FOLDER, RESULTS_FILE, SETTINGS_FILE};
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

/// One message for each file the notices are about, in the order the files first appear.
pub fn player_messages(notices: &[StorageNotice]) -> Vec<String> {
    let mut files: Vec<&Path> = Vec::new();
    for notice in notices {
        if !files.contains(&notice.file.as_path()) {
            files.push(&notice.file);
        }
    }
    files
        .into_iter()
        .map(|file| {
            let about: Vec<&StorageNotice> = notices.iter().filter(|n| n.file == file).collect();
            message_for(file, &about)
        })
        .collect()
}

/// What the player is told when a save failed: which of *their* things, in one short line — no
/// path, no system text (that goes to stderr, [`StorageError`]'s `Display`).
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
    match error {
        StorageError::Write { file, .. } | StorageError::Read { file, .. } => format!(
            "{} could not be saved (is the storage full?); nothing was changed.",
            subject(file)
        ),
        StorageError::Held { file } => format!(
            "{} could not be saved: the unreadable file there is kept as it is.",
            subject(file)
        ),
        StorageError::Exists { .. } | StorageError::BadName { .. } => {
            "This run's replay was not saved: its name is taken or cannot be used.".to_owned()
        }
        StorageError::NotListed { .. } => "This run could not be listed.".to_owned(),
    }
}

/// What the player calls a file, and whether it takes "were" or "was".
struct Thing {
    name: String,
    plural: bool,
}

impl Thing {
    fn of(file: &Path) -> Self {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        match name.as_deref() {
            Some(SETTINGS_FILE) => Self {
                name: "Your settings".to_owned(),
                plural: true,
            },
            Some(RESULTS_FILE) => Self {
                name: "Your results list".to_owned(),
                plural: false,
            },
            Some(PURSE_FILE) => Self {
                name: "Your purse".to_owned(),
                plural: false,
            },
            Some(LOCKER_FILE) => Self {
                name: "Your rifles, suits and skis".to_owned(),
                plural: true,
            },
            _ => Self {
                name: format!("The saved run {}", quoted(&short_name(file))),
                plural: false,
            },
        }
    }

    fn were(&self) -> &'static str {
        if self.plural {
            "were"
        } else {
            "was"
        }
    }
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
    let serious = notices.iter().find(|n| n.outcome != Outcome::Adjusted);
    let Some(serious) = serious else {
        let values = if adjusted == 1 { "value" } else { "values" };
        return format!(
            "{} had {adjusted} {values} out of range; the game adjusted them and left the file \
             as it is.",
            thing.name
        );
    };
    let mut message = outcome_message(&thing, &serious.outcome);
    if adjusted > 0 {
        message.push_str(&format!(" {adjusted} more out of range were adjusted."));
    }
    message
}

fn outcome_message(thing: &Thing, outcome: &Outcome) -> String {
    let (name, were) = (&thing.name, thing.were());
    let kept_as = |kept: &Path| {
        quoted(
            &kept
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        )
    };
    match outcome {
        Outcome::KeptAsideUsingDefaults(kept) => format!(
            "{name} could not be read and {were} reset; the old file was kept as {}.",
            kept_as(kept)
        ),
        Outcome::KeptAsideUsingTheRest(kept) => format!(
            "{name} {were} partly damaged: what could be read is kept, the rest was dropped; \
             the old file was kept as {}.",
            kept_as(kept)
        ),
        Outcome::NotMended(_) => format!(
            "{name} {were} partly damaged: what could be read is used for now but could not be \
             saved (is the storage full?); the file is left as it is."
        ),
        Outcome::LeftInPlace(_) => format!(
            "{name} could not be read or set aside; the game uses the defaults and will not \
             save over the file."
        ),
        Outcome::LeftUnread => format!(
            "{name} could not be opened (no permission, or not a file); the game uses the \
             defaults for now and leaves the file as it is."
        ),
        Outcome::UsingDefaults => format!(
            "{name} cannot be kept: the game's storage folder cannot be used, so the defaults \
             are used."
        ),
        Outcome::Adjusted => format!("{name} had a value out of range, now adjusted."),
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
