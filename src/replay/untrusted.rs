//! A replay from outside the run being played — downloaded from a leaderboard, or a file on disk
//! anyone may have edited — is untrusted input. Before it drives a ghost (or a watched run's
//! figures) it is checked: it names a course this build has, carries its summary, every figure
//! of that summary is finite and within what a run can reach, and a strict re-play of its inputs
//! gives exactly its hashes and summary. What drives the ghost then is the re-play's own summary.

use super::file::{CourseChoice, Replay};
use super::verify::{build_course, verify, Verdict, MAX_TICKS};
use crate::sim::{Summary, TICK_HZ};
use std::fmt;

/// Faster than any skier goes, metres per second: a summary further than this for its time is
/// not a run's (the fastest Endless ramp is far below it).
const FASTEST_M_PER_S: f64 = 100.0;

/// Why an untrusted replay may not drive a ghost.
#[derive(Debug, Clone, PartialEq)]
pub enum UntrustedRefusal {
    /// It names no course this build has (why).
    NoCourse(String),
    /// It records no summary to check the re-play against.
    NoSummary,
    /// A figure no run can reach (which and why).
    Figures(String),
    /// Its inputs re-played do not give what it records (where).
    Mismatch(String),
}

impl fmt::Display for UntrustedRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UntrustedRefusal::NoCourse(why) => write!(f, "it names no course: {why}"),
            UntrustedRefusal::NoSummary => f.write_str("it records no summary to check"),
            UntrustedRefusal::Figures(why) => write!(f, "its summary is not a run's: {why}"),
            UntrustedRefusal::Mismatch(why) => write!(f, "it does not re-play as recorded: {why}"),
        }
    }
}

impl std::error::Error for UntrustedRefusal {}

/// A replay that passed [`check`]: its course and the summary its strict re-play gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub choice: CourseChoice,
    pub summary: Summary,
}

/// Check an untrusted replay: course, sane figures (before any simulation, so that a forged
/// figure costs nothing), then a strict re-play.
pub fn check(replay: &Replay) -> Result<Checked, UntrustedRefusal> {
    let choice = replay.course_choice().map_err(UntrustedRefusal::NoCourse)?;
    let recorded = replay.summary.as_ref().ok_or(UntrustedRefusal::NoSummary)?;
    sane_figures(recorded)?;
    let course = build_course(choice).map_err(|e| UntrustedRefusal::NoCourse(e.to_string()))?;
    match verify(replay, choice, course, recorded) {
        Verdict::Equal(summary) => Ok(Checked { choice, summary }),
        Verdict::Mismatch(mismatch) => Err(UntrustedRefusal::Mismatch(mismatch.detail)),
    }
}

/// Every figure of `summary` finite, not negative, and within reach of its ticks.
fn sane_figures(summary: &Summary) -> Result<(), UntrustedRefusal> {
    if summary.ticks > MAX_TICKS {
        return Err(UntrustedRefusal::Figures(format!(
            "{} ticks is longer than the longest run ({MAX_TICKS})",
            summary.ticks
        )));
    }
    let lengths = [
        ("time_s", summary.time_s),
        ("distance", summary.distance),
        ("penalty_m", summary.penalty_m),
        ("obstacle_time_lost_s", summary.obstacle_time_lost_s),
        ("penalty_time_s", summary.penalty_time_s),
    ];
    if let Some((name, value)) = lengths
        .iter()
        .find(|(_, value)| !(value.is_finite() && *value >= 0.0))
    {
        return Err(UntrustedRefusal::Figures(format!(
            "{name} {value} is not a finite length"
        )));
    }
    let reach = summary.ticks as f64 / f64::from(TICK_HZ) * FASTEST_M_PER_S;
    if summary.distance > reach {
        return Err(UntrustedRefusal::Figures(format!(
            "distance {} m is further than {} ticks can go",
            summary.distance, summary.ticks
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Course;
    use crate::replay::record_bot;

    fn endless_replay() -> Replay {
        let choice = CourseChoice::Endless {
            seed: 7,
            distance: Some(300.0),
        };
        record_bot(choice, Course::endless(7), MAX_TICKS)
    }

    #[test]
    fn a_bot_run_passes_with_its_own_summary() {
        let replay = endless_replay();
        let checked = check(&replay).expect("a recorded run is a run");
        assert_eq!(Some(&checked.summary), replay.summary.as_ref());
    }

    #[test]
    fn a_forged_distance_is_refused_before_any_simulation() {
        for forged in [1e300, 1e10, f64::NAN, -1.0] {
            let mut replay = endless_replay();
            replay.summary.as_mut().expect("recorded").distance = forged;
            assert!(
                matches!(check(&replay), Err(UntrustedRefusal::Figures(_))),
                "distance {forged}"
            );
        }
    }

    #[test]
    fn a_plausible_but_false_figure_is_refused_by_the_re_play() {
        let mut replay = endless_replay();
        replay.summary.as_mut().expect("recorded").coins += 1;
        assert!(matches!(check(&replay), Err(UntrustedRefusal::Mismatch(_))));
    }

    #[test]
    fn a_ghost_is_not_made_of_a_forged_endless_replay() {
        // The repro: an Endless replay whose summary says 1e300 m made a ghost of four
        // billion split points (an abort); 1e10 cost 433 MB.
        let mut replay = endless_replay();
        replay.summary.as_mut().expect("recorded").distance = 1e300;
        let played = CourseChoice::Endless {
            seed: 7,
            distance: None,
        };
        assert!(matches!(
            crate::replay::Ghost::new(&replay, played),
            Err(crate::replay::GhostError::Refused(
                UntrustedRefusal::Figures(_)
            ))
        ));
    }

    #[test]
    fn a_replay_without_summary_is_refused() {
        let mut replay = endless_replay();
        replay.summary = None;
        assert_eq!(check(&replay), Err(UntrustedRefusal::NoSummary));
    }
}
