//! The boards: one a day (`daily-YYYY-MM-DD`), one per level row (`level-L-track-T`) and
//! `endless`; which board a replay belongs to, and what it is ranked by there.

use latu::course::daily::Date;
use latu::course::levels::LEVELS;
use latu::replay::Replay;
use latu::sim::Summary;
use std::fmt;

/// Tracks each level has.
pub const TRACKS: u8 = 3;

/// A leaderboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Board {
    Daily(Date),
    Level { level: u8, track: u8 },
    Endless,
}

impl Board {
    /// The board a name names (`None`: no such board).
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
        let known = LEVELS.iter().any(|spec| spec.level == level) && (1..=TRACKS).contains(&track);
        known.then_some(Self::Level { level, track })
    }

    /// The board a replay is ranked on: the day it names, else its level and track, else
    /// Endless. (Strict verification then holds it to that board's course.)
    pub fn of(replay: &Replay) -> Option<Self> {
        if let Some(day) = replay.daily {
            return Some(Self::Daily(day));
        }
        if replay.endless {
            return Some(Self::Endless);
        }
        let board = Self::Level {
            level: replay.level?,
            track: replay.track?,
        };
        Self::parse(&board.to_string())
    }

    /// What the board ranks a run by: its distance on `endless`, else its score.
    pub fn value(self, summary: &Summary) -> f64 {
        match self {
            Self::Endless => summary.distance,
            Self::Daily(_) | Self::Level { .. } => summary.score as f64,
        }
    }

    /// Whether a run must reach the finish to be ranked (levels and dailies; Endless has none).
    pub fn needs_finish(self) -> bool {
        !matches!(self, Self::Endless)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Daily(date) => write!(f, "daily-{date}"),
            Self::Level { level, track } => write!(f, "level-{level}-track-{track}"),
            Self::Endless => f.write_str("endless"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_unknown_ones_do_not() {
        for name in ["endless", "daily-2026-12-04", "level-1-track-1", "level-5-track-3"] {
            let board = Board::parse(name).expect(name);
            assert_eq!(board.to_string(), name);
        }
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
        let count = (1..=5)
            .flat_map(|l| (1..=3).map(move |t| format!("level-{l}-track-{t}")))
            .filter(|name| Board::parse(name).is_some())
            .count();
        assert_eq!(count, 15);
    }
}
