//! The boards (online.md, "Boards"): one a day (`daily-YYYY-MM-DD`), one per level row
//! (`level-L-track-T`) and `endless`; which board a replay's run ranks on, and what a board
//! ranks by. One type for the server and the game.

use crate::course::daily::Date;
use crate::course::levels;
use crate::replay::{CourseChoice, Replay};
use crate::sim::Summary;
use std::fmt;

/// Tracks each level has.
pub const TRACKS: u8 = 3;

/// A world board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Board {
    Daily(Date),
    Track { level: u8, track: u8 },
    Endless,
}

impl Board {
    /// Its name in the contract: `daily-YYYY-MM-DD`, `level-L-track-T`, `endless`.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// The board a name names (`None`: no such board; a name is read exactly as
    /// [`Board::name`] writes it).
    pub fn parse(name: &str) -> Option<Self> {
        if name == "endless" {
            return Some(Self::Endless);
        }
        if let Some(day) = name.strip_prefix("daily-") {
            return Date::parse(day)
                .ok()
                .filter(|date| date.to_string() == day)
                .map(Self::Daily);
        }
        let rest = name.strip_prefix("level-")?;
        let (level, track) = rest.split_once("-track-")?;
        let one_digit = |s: &str| (s.len() == 1).then(|| s.parse::<u8>().ok()).flatten();
        let (level, track) = (one_digit(level)?, one_digit(track)?);
        let known = levels::level(level).is_some() && (1..=TRACKS).contains(&track);
        known.then_some(Self::Track { level, track })
    }

    /// The board a replay's run ranks on: the day it names, else Endless, else its level and
    /// track when it was played on that row's own seed. `None`: a run no board takes (a level
    /// on another seed, a row the table lacks). The re-play then holds it to that board's
    /// course.
    pub fn of_replay(replay: &Replay) -> Option<Self> {
        if let Some(day) = replay.daily {
            return Some(Board::Daily(day));
        }
        match replay.course_choice().ok()? {
            CourseChoice::Level { level, track, seed } => {
                let table = levels::level(level)?.seed(track)?;
                (seed == table && (1..=TRACKS).contains(&track))
                    .then_some(Board::Track { level, track })
            }
            CourseChoice::Endless { .. } => Some(Board::Endless),
        }
    }

    /// Whether it ranks by distance (Endless) rather than score.
    pub fn by_distance(&self) -> bool {
        matches!(self, Board::Endless)
    }

    /// What the board ranks a run by, higher first: its distance on Endless, else its score.
    pub fn value(&self, summary: &Summary) -> f64 {
        if self.by_distance() {
            summary.distance
        } else {
            f64::from(summary.score)
        }
    }

    /// Whether a run must reach the finish to be ranked (levels and dailies; Endless has none).
    pub fn needs_finish(&self) -> bool {
        !self.by_distance()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Daily(day) => write!(f, "daily-{day}"),
            Board::Track { level, track } => write!(f, "level-{level}-track-{track}"),
            Board::Endless => f.write_str("endless"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_contract_and_parse_back() {
        let day = Date::parse("2026-12-04").unwrap();
        assert_eq!(Board::Daily(day).name(), "daily-2026-12-04");
        assert_eq!(
            Board::Track { level: 2, track: 3 }.name(),
            "level-2-track-3"
        );
        assert_eq!(Board::Endless.name(), "endless");
        for name in [
            "endless",
            "daily-2026-12-04",
            "level-1-track-1",
            "level-5-track-3",
        ] {
            let board = Board::parse(name).expect(name);
            assert_eq!(board.name(), name);
        }
        let count = (1..=5)
            .flat_map(|l| (1..=3).map(move |t| format!("level-{l}-track-{t}")))
            .filter(|name| Board::parse(name).is_some())
            .count();
        assert_eq!(count, 15);
    }

    #[test]
    fn unknown_names_are_no_board() {
        for name in [
            "level-6-track-1",
            "level-1-track-4",
            "level-0-track-1",
            "level-01-track-1",
            "daily-2026-13-01",
            "daily-2026-12-4",
            "daily- 2026-12-04",
            "Endless",
            "",
        ] {
            assert_eq!(Board::parse(name), None, "{name}");
        }
    }
}
