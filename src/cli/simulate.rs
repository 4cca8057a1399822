//! `latu simulate`: play a course headless (idle, from an input file, by the bot or by the
//! human-model bot, `--human-bot [--jitter-ms N]`), print the
//! summary as JSON and optionally write the run as a replay.
//!
//! `--endless` runs end when their lives run out, or at `--length M` metres (without it, and
//! for input files on Endless that set no `endless_distance`, at [`ENDLESS_DISTANCE`]): Endless
//! has no finish line. Every run stops after
//! [`MAX_TICKS`] at the latest. With `--input FILE`, the file's inputs are played on
//! the course the arguments name, or on the file's own course when the arguments name none.

use super::args::{LevelArgs, SimulateArgs};
use super::course::endless_length;
use super::{print_json, CliError};
use crate::course::Course;
use crate::replay::{
    build_course, play_inputs_bringing, record_player, CourseChoice, Replay, ENDLESS_DISTANCE,
    MAX_TICKS,
};
use crate::sim::Bot;

/// The human-model bot's timing scatter without `--jitter-ms`, milliseconds.
pub const DEFAULT_JITTER_MS: u32 = 60;
/// Mixed into the course seed to seed the human-model bot's timing (so the same course and
/// scatter always play the same run, apart from the layout's own streams).
pub const HUMAN_BOT_SEED: u64 = 0x4855_4D41_4E42_4F54;

/// Run `latu simulate`.
pub fn run(args: &SimulateArgs) -> Result<(), CliError> {
    check_players(args)?;
    let input = match &args.input {
        Some(path) => Some(Replay::load(path).map_err(|e| CliError::bad_input(e.to_string()))?),
        None => None,
    };
    let (choice, course, daily) = match &input {
        Some(replay) if names_no_course(&args.course) => {
            let (choice, course) = course_of_file(replay, args)?;
            (choice, course, replay.daily)
        }
        _ => {
            let (choice, course) = course_of_args(args)?;
            (choice, course, args.course.daily)
        }
    };
    let mut brought = input.as_ref().map(Replay::brought).unwrap_or_default();
    if let Some(rifle) = args.rifle {
        brought.rifle = rifle;
    }
    if let Some(out) = &args.out {
        // Before the run: a bad path is refused at once, as `play --record` refuses it.
        super::out_file::check_writable(out, "replay")?;
    }
    let mut replay = if args.bot {
        record_player(choice, course, MAX_TICKS, Bot::new(), brought)
    } else if args.human_bot {
        let jitter = args.jitter_ms.unwrap_or(DEFAULT_JITTER_MS);
        let bot = Bot::human(course.seed ^ HUMAN_BOT_SEED, jitter);
        record_player(choice, course, MAX_TICKS, bot, brought)
    } else {
        let inputs = input.map(|replay| replay.inputs).unwrap_or_default();
        play_inputs_bringing(choice, course, &inputs, MAX_TICKS, brought)
    };
    // A daily run names its day, as the game's do (a ranking reads its board from it).
    replay.daily = daily;
    if let Some(out) = &args.out {
        replay
            .save(out)
            .map_err(|e| CliError::bad_input(e.to_string()))?;
    }
    print_json(&replay.summary)
}

/// At most one player: the bot, the human-model bot or the file's inputs.
fn check_players(args: &SimulateArgs) -> Result<(), CliError> {
    let players = [args.bot, args.human_bot, args.input.is_some()];
    if players.iter().filter(|&&p| p).count() > 1 {
        return Err(CliError::bad_input(
            "--bot, --human-bot and --input exclude each other: one of them plays",
        ));
    }
    if args.length.is_some() && !args.course.endless {
        return Err(CliError::bad_input(
            "--length is only for --endless (a level's length is fixed by the level table)",
        ));
    }
    if args.jitter_ms.is_some() && !args.human_bot {
        return Err(CliError::bad_input(
            "--jitter-ms is the human-model bot's timing scatter: give it with --human-bot",
        ));
    }
    Ok(())
}

fn names_no_course(args: &LevelArgs) -> bool {
    args.level.is_none()
        && args.track.is_none()
        && args.seed.is_none()
        && !args.endless
        && args.daily.is_none()
}

fn course_of_file(
    replay: &Replay,
    args: &SimulateArgs,
) -> Result<(CourseChoice, Course), CliError> {
    let path = args.input.as_deref().expect("only called with --input");
    let unknown = |why: String| {
        CliError::bad_input(crate::replay::ReplayError::unknown_course(path, why).to_string())
    };
    let choice = match replay.course_choice().map_err(unknown)? {
        CourseChoice::Endless {
            seed,
            distance: None,
        } => CourseChoice::Endless {
            seed,
            distance: Some(ENDLESS_DISTANCE),
        },
        choice => choice,
    };
    let course = build_course(choice).map_err(|e| unknown(e.to_string()))?;
    Ok((choice, course))
}

/// The course the arguments name, and the choice to record (with the seed actually used).
fn course_of_args(args: &SimulateArgs) -> Result<(CourseChoice, Course), CliError> {
    let course = args.course.course(None)?;
    let choice = match CourseChoice::of(&course) {
        CourseChoice::Endless { seed, .. } => CourseChoice::Endless {
            seed,
            distance: Some(endless_length(args.length.unwrap_or(ENDLESS_DISTANCE))?),
        },
        choice => choice,
    };
    Ok((choice, course))
}
