//! `latu replay FILE`: re-simulate a replay headless and compare it with its record.
//!
//! Exit 0 and the summary as JSON when the run reproduces; exit 3 naming the first tick at which
//! the state hashes (or, at the end, the summaries) differ; exit 2 for a file that is missing,
//! unreadable, not JSON, of another format version, not a replay, without a summary, or naming
//! an unknown course. With `--strict`, also exit 2 for a replay a ranking could not trust (see
//! [`check_strictly`]), and the summary always names the purse and rifle brought.

use super::args::ReplayArgs;
use super::{print_json, CliError};
use crate::course::daily::Date;
use crate::course::levels;
use crate::replay::{build_course, verify, CourseChoice, Replay, ReplayError, Verdict};
use crate::shooting::controls::MAX_AIM_UNITS_PER_TICK;
use crate::sim::{Action, Summary};

/// Run `latu replay`.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let path = args.file.as_path();
    let replay = Replay::load(path).map_err(|e| CliError::bad_input(e.to_string()))?;
    let unknown =
        |why: String| CliError::bad_input(ReplayError::unknown_course(path, why).to_string());
    let choice = replay.course_choice().map_err(unknown)?;
    if args.strict {
        check_strictly(&replay, choice, args.daily).map_err(|why| {
            CliError::bad_input(format!(
                "replay file {} is refused by --strict: {why}",
                path.display()
            ))
        })?;
    }
    let course = build_course(choice).map_err(|e| unknown(e.to_string()))?;
    let recorded = replay.summary.as_ref().ok_or_else(|| {
        CliError::bad_input(format!(
            "replay file {} has no summary to compare with (an input script: play it with \
             `latu simulate --input`)",
            path.display()
        ))
    })?;
    match verify(&replay, choice, course, recorded) {
        Verdict::Equal(summary) if args.strict => print_json(&with_what_was_brought(&summary)),
        Verdict::Equal(summary) => print_json(&summary),
        Verdict::Mismatch(mismatch) => {
            let agreed = mismatch
                .agreed_until
                .map_or("no checkpoint agreed".to_string(), |t| {
                    format!("the last agreeing checkpoint is tick {t}")
                });
            Err(CliError::mismatch(format!(
                "replay file {} does not reproduce: first diverging tick {} ({agreed}): {}",
                path.display(),
                mismatch.tick,
                mismatch.detail
            )))
        }
    }
}

/// What `--strict` refuses beyond a wrong summary: a level run on a seed not the table's (or,
/// with `date`, not that day's daily course), and a tick whose aim nudges add up to more than a
/// finger dragged the length of a phone's screen (plus the aim keys) could make. (A purse above
/// the cap is refused by every load.)
pub fn check_strictly(
    replay: &Replay,
    choice: CourseChoice,
    date: Option<Date>,
) -> Result<(), String> {
    if let CourseChoice::Level { level, track, seed } = choice {
        let expected = match date {
            Some(date) if date.level().level != level || track != 1 => {
                return Err(format!(
                    "level {level} track {track} is not the daily course of {date} (level {} \
                     track 1)",
                    date.level().level
                ))
            }
            Some(date) => date.seed(),
            None => levels::level(level)
                .and_then(|spec| spec.seed(track))
                .ok_or_else(|| format!("level {level} track {track} is not in the table"))?,
        };
        if seed != expected {
            return Err(format!(
                "seed {seed} is not the course's (level {level} track {track}: seed {expected})"
            ));
        }
    }
    let most = MAX_AIM_UNITS_PER_TICK;
    for input in &replay.inputs {
        let (dx, dy) = input
            .actions
            .iter()
            .fold((0_i64, 0_i64), |(x, y), action| match action {
                Action::Aim { dx, dy } => (x + i64::from(*dx), y + i64::from(*dy)),
                _ => (x, y),
            });
        if dx.abs().max(dy.abs()) > most {
            return Err(format!(
                "the aim at tick {} moves ({dx}, {dy}) units, more than one tick's touch and \
                 keys can (at most {most} a side)",
                input.tick
            ));
        }
    }
    Ok(())
}

/// The summary with the purse and rifle the run brought always named (the plain summary leaves
/// out a purse of 0 and the training rifle), so a ranking can group or refuse them.
fn with_what_was_brought(summary: &Summary) -> serde_json::Value {
    let mut json = serde_json::to_value(summary).expect("a summary is JSON");
    if let serde_json::Value::Object(fields) = &mut json {
        fields.insert("purse_brought".to_owned(), summary.purse_brought.into());
        let rifle = serde_json::to_value(summary.rifle).expect("a rifle is JSON");
        fields.insert("rifle".to_owned(), rifle);
    }
    json
}
