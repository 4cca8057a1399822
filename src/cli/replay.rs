//! `latu replay FILE`: re-simulate a replay headless and compare it with its record.
//!
//! Exit 0 and the summary as JSON when the run reproduces; exit 3 naming the first tick at which
//! the state hashes (or, at the end, the summaries) differ; exit 2 for a file that is missing,
//! unreadable, not JSON, of another format or rules version, not a replay, without a summary,
//! or naming an unknown course. With `--strict`, also exit 2 for a replay a ranking could not
//! trust (see [`check_strictly`]), and the summary always names the rifle brought.

use super::args::ReplayArgs;
use super::{print_json, CliError};
use crate::replay::{build_course, check_strictly, verify, Replay, ReplayError, Verdict};
use crate::sim::Summary;

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

/// The summary with the rifle the run brought always named (the plain summary leaves out the
/// training rifle), so a ranking can group by it. (A run brings no purse: it has no field.)
fn with_what_was_brought(summary: &Summary) -> serde_json::Value {
    let mut json = serde_json::to_value(summary).expect("a summary is JSON");
    if let serde_json::Value::Object(fields) = &mut json {
        let rifle = serde_json::to_value(summary.rifle).expect("a rifle is JSON");
        fields.insert("rifle".to_owned(), rifle);
    }
    json
}
