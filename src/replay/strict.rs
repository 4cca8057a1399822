//! Strict verification: what a ranking can trust beyond "these inputs give this summary". The
//! run must be on the course the game itself starts (a level's table seed, the day's daily
//! course, Endless's one seed with no set length), its labels must be what the re-play records,
//! and no tick's aim may move more than a finger and the keys can.

use super::file::{CourseChoice, Replay};
use super::stretches::Stretch;
use super::verify::{build_course, verify_skied, Mismatch, Verdict};
use super::GAME_VERSION;
use crate::course::daily::Date;
use crate::course::levels::{self, ENDLESS};
use crate::shooting::controls::MAX_AIM_UNITS_PER_TICK;
use crate::sim::{Action, Summary};
use std::fmt;

/// Why strict verification refuses a replay.
#[derive(Debug, Clone, PartialEq)]
pub enum StrictError {
    /// A replay a ranking cannot trust, whatever its re-play gives (the sentence says why).
    Refused(String),
    /// It names a course that does not exist.
    UnknownCourse(String),
    /// It records no run (an input script).
    NoSummary,
    /// Its inputs do not give its record.
    Mismatch(Mismatch),
}

impl fmt::Display for StrictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused(why) => f.write_str(why),
            Self::UnknownCourse(why) => write!(f, "it names an unknown course: {why}"),
            Self::NoSummary => f.write_str("it records no run (no summary): an input script"),
            Self::Mismatch(mismatch) => {
                let agreed = mismatch
                    .agreed_until
                    .map_or("no checkpoint agreed".to_string(), |t| {
                        format!("the last agreeing checkpoint is tick {t}")
                    });
                write!(
                    f,
                    "it does not reproduce: first diverging tick {} ({agreed}): {}",
                    mismatch.tick, mismatch.detail
                )
            }
        }
    }
}

/// Check `replay` strictly ([`check_strictly`]), re-play it and give the summary of the
/// re-play (the record's, now vouched for). `date`: it must be that day's daily course.
pub fn verify_strictly(replay: &Replay, date: Option<Date>) -> Result<Summary, StrictError> {
    verify_strictly_skied(replay, date).map(|(summary, _)| summary)
}

/// [`verify_strictly`], with the stretches the re-play skied on the course (what the copy
/// check compares skiing inputs within).
pub fn verify_strictly_skied(
    replay: &Replay,
    date: Option<Date>,
) -> Result<(Summary, Vec<Stretch>), StrictError> {
    let choice = replay.course_choice().map_err(StrictError::UnknownCourse)?;
    check_strictly(replay, choice, date).map_err(StrictError::Refused)?;
    let course = build_course(choice).map_err(|e| StrictError::UnknownCourse(e.to_string()))?;
    let recorded = replay.summary.as_ref().ok_or(StrictError::NoSummary)?;
    match verify_skied(replay, choice, course, recorded) {
        (Verdict::Equal(summary), stretches) => Ok((summary, stretches)),
        (Verdict::Mismatch(mismatch), _) => Err(StrictError::Mismatch(mismatch)),
    }
}

/// What strict verification refuses before re-playing: a course the game would not start (a
/// level run on a seed not the table's; a daily run, by `date` or the day it names, not on that
/// day's course; Endless on another seed or with a set length; a non-daily run given as a day's),
/// labels the re-play would not record, and a tick whose aim nudges add up to more than a finger
/// dragged the length of a phone's screen (plus the aim keys) could make. (Another rules
/// version, and a field the format does not have such as an old run's `purse`, are refused by
/// every load.)
pub fn check_strictly(
    replay: &Replay,
    choice: CourseChoice,
    date: Option<Date>,
) -> Result<(), String> {
    let date = match (date, replay.daily) {
        (Some(given), Some(named)) if given != named => {
            return Err(format!("the run is the daily of {named}, not of {given}"))
        }
        (given, named) => given.or(named),
    };
    check_course(choice, date)?;
    check_labels(replay, choice)?;
    check_aim(replay)
}

/// The course is one the game starts: see [`check_strictly`].
fn check_course(choice: CourseChoice, date: Option<Date>) -> Result<(), String> {
    match choice {
        CourseChoice::Endless { .. } if date.is_some() => Err(format!(
            "an Endless run is not a daily course (the daily of {} is a level course)",
            date.map(|d| d.to_string()).unwrap_or_default()
        )),
        CourseChoice::Endless { seed, distance } => {
            if seed != ENDLESS.seed {
                return Err(format!(
                    "Endless seed {seed} is not the game's (Endless is one course: seed {})",
                    ENDLESS.seed
                ));
            }
            match distance {
                Some(distance) => Err(format!(
                    "an Endless run set to stop at {distance} m is not one the game plays (the \
                     game's Endless ends when the lives run out or the player stops)"
                )),
                None => Ok(()),
            }
        }
        CourseChoice::Level { level, track, seed } => {
            let expected = match date {
                Some(date) if date.level().level != level || track != 1 => {
                    return Err(format!(
                        "level {level} track {track} is not the daily course of {date} (level \
                         {} track 1)",
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
                    "seed {seed} is not the course's (level {level} track {track}: seed \
                     {expected})"
                ));
            }
            Ok(())
        }
    }
}

/// The file's own labels are the ones the re-play records: no level or track on an Endless
/// run, no Endless length on a level run, this build's game version.
fn check_labels(replay: &Replay, choice: CourseChoice) -> Result<(), String> {
    match choice {
        CourseChoice::Endless { .. } if replay.level.is_some() || replay.track.is_some() => {
            Err(format!(
                "an Endless run labelled level {} track {} (an Endless run names neither)",
                label(replay.level),
                label(replay.track)
            ))
        }
        CourseChoice::Level { .. } if replay.endless_distance.is_some() => Err(format!(
            "a level run labelled with an Endless length ({} m)",
            label(replay.endless_distance)
        )),
        _ if replay.game_version != GAME_VERSION => Err(format!(
            "game_version {:?} is not this build's ({GAME_VERSION:?}): runs are ranked by the \
             version that re-plays them",
            replay.game_version
        )),
        _ => Ok(()),
    }
}

fn label<T: fmt::Display>(value: Option<T>) -> String {
    value.map_or("null".to_string(), |v| v.to_string())
}

/// No tick's aim moves more than [`MAX_AIM_UNITS_PER_TICK`].
fn check_aim(replay: &Replay) -> Result<(), String> {
    let most = MAX_AIM_UNITS_PER_TICK;
    for input in &replay.inputs {
        let (dx, dy) = input
            .actions
            .iter()
            .fold((0_i64, 0_i64), |(x, y), action| match action {
                Action::Aim { dx, dy } | Action::Drag { dx, dy } => {
                    (x + i64::from(*dx), y + i64::from(*dy))
                }
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
