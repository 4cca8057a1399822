//! The replay file name a listed result is saved under, made from the result itself: the same
//! result always gives the same name, so its list entry finds its replay again.

use crate::sim::TICK_HZ;
use crate::storage::{DailyResult, EndlessResult, ReplayName, RunResult};

/// Characters of the player's name kept in a replay's file name.
const NAME_TAG_CHARS: usize = 16;
/// Stands in for a name with no ASCII letters or digits in a replay's file name.
const EMPTY_NAME_TAG: &str = "p";
/// Centimetres per metre: an Endless distance in a replay's name.
const CM_PER_M: f64 = 100.0;
/// One entry in the results lists.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Listed<'a> {
    /// A level's track.
    Run(&'a RunResult),
    /// Endless.
    Endless(&'a EndlessResult),
    /// A day's daily course.
    Daily(&'a DailyResult),
}

/// The replay file name a result is saved under: the same result always gives the same name.
/// `None` for a result whose figures are too long for a file name (results are checked when
/// loaded, so only a damaged one could be): it is listed without a replay.
pub fn replay_name(entry: Listed<'_>) -> Option<ReplayName> {
    let tag = |name: &str| {
        let tag: String = name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(NAME_TAG_CHARS)
            .collect();
        if tag.is_empty() {
            EMPTY_NAME_TAG.to_owned()
        } else {
            tag
        }
    };
    let name = match entry {
        Listed::Run(run) => format!(
            "L{}T{}-{}-{}m-{}c-{}",
            run.kind.level,
            run.kind.track,
            (run.kind.time_s * f64::from(TICK_HZ)).round() as u64,
            run.misses,
            run.coins,
            tag(&run.name)
        ),
        Listed::Endless(run) => format!(
            "E-{}-{}m-{}c-{}",
            (run.kind.distance * CM_PER_M).round() as u64,
            run.misses,
            run.coins,
            tag(&run.name)
        ),
        Listed::Daily(run) => format!(
            "D{}-{}-{}m-{}c-{}",
            run.kind.date,
            (run.kind.time_s * f64::from(TICK_HZ)).round() as u64,
            run.misses,
            run.coins,
            tag(&run.name)
        ),
    };
    ReplayName::new(&name).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{EndlessRun, LevelRun};

    fn run(name: &str, time_s: f64) -> RunResult {
        RunResult {
            kind: LevelRun {
                level: 2,
                track: 3,
                time_s,
            },
            name: name.to_owned(),
            misses: 1,
            coins: 12,
            ..Default::default()
        }
    }

    #[test]
    fn a_result_names_its_replay_the_same_way_every_time() {
        let result = run("Åsa Berg!", 61.5);
        let name = replay_name(Listed::Run(&result));
        assert_eq!(
            name.as_ref().map(ReplayName::as_str),
            Some("L2T3-3690-1m-12c-saBerg")
        );
        assert_eq!(replay_name(Listed::Run(&result.clone())), name);
        assert_ne!(replay_name(Listed::Run(&run("Åsa Berg!", 61.6))), name);
    }

    #[test]
    fn an_endless_result_and_an_empty_name_still_make_a_valid_name() {
        let endless = EndlessResult {
            kind: EndlessRun { distance: 1234.567 },
            name: "ÖÖ".to_owned(),
            misses: 0,
            coins: 3,
            ..Default::default()
        };
        assert_eq!(
            replay_name(Listed::Endless(&endless))
                .as_ref()
                .map(ReplayName::as_str),
            Some("E-123457-0m-3c-p")
        );
    }

    #[test]
    fn a_damaged_result_too_long_for_a_file_name_has_no_replay_and_no_panic() {
        let mut damaged = run("Abcdefghijklmnop", 1e300);
        damaged.coins = u32::MAX;
        damaged.misses = u32::MAX;
        assert_eq!(replay_name(Listed::Run(&damaged)), None);
    }
}
