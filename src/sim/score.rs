//! The run's score and medal, from its summary: one documented formula, in whole points.
//!
//! ```text
//! rest  = 10  × coins won in the run          (the run's coins at the end: it brings none)
//!       + 100 × targets knocked down          (shots − misses)
//!       − 25  × targets missed                (misses: rushing costs)
//!       − 100 × obstacles hit
//!       − 150 × penalty loops                 (penalty_m / 150)
//!       + 20  × whole seconds under par       (finished levels: `LevelSpec::par_s`, length /
//!                                              speed + 35 s per stage)
//! score = metres skied + max(rest, 0)         (Endless, and a level run that finished)
//!       + 500                                 (a level run that finished: the finish bonus)
//! score = metres skied                        (a level run that did not finish)
//! ```
//! So a run never loses the metres it skied, a finished level run always scores more than 0
//! and more than any unfinished run of its track (at least its length + 500 against at most
//! its length). A level earns a medal only at the finish; Endless whenever it stops. The medal
//! compares the score with the course's thresholds (the level table's `medals`: gold, silver,
//! bronze). Everything is integer arithmetic on the summary's integer counts and whole metres
//! and seconds, so every platform agrees.

use super::summary::Summary;
use crate::shooting::reward::PENALTY_LOOP_M;
use serde::{Deserialize, Serialize};

/// Points per metre skied.
pub const POINTS_PER_METRE: i64 = 1;
/// Points per coin the run holds at the end.
pub const POINTS_PER_COIN: i64 = 10;
/// Points per target knocked down.
pub const POINTS_PER_TARGET: i64 = 100;
/// Points lost per target missed.
pub const POINTS_PER_MISS: i64 = 25;
/// Points lost per obstacle hit.
pub const POINTS_PER_OBSTACLE_HIT: i64 = 100;
/// Points lost per penalty loop.
pub const POINTS_PER_PENALTY_LOOP: i64 = 150;
/// Points per whole second under par.
pub const POINTS_PER_SECOND_UNDER_PAR: i64 = 20;
/// Points for finishing a level: more than any unfinished run of the track can score.
pub const FINISH_BONUS: i64 = 500;

/// A medal for a run.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Medal {
    #[default]
    None,
    Bronze,
    Silver,
    Gold,
}

impl Medal {
    /// The medal `score` earns against `thresholds` (gold, silver, bronze; descending).
    pub fn for_score(score: u32, thresholds: [u32; 3]) -> Medal {
        let [gold, silver, bronze] = thresholds;
        if score >= gold {
            Medal::Gold
        } else if score >= silver {
            Medal::Silver
        } else if score >= bronze {
            Medal::Bronze
        } else {
            Medal::None
        }
    }

    /// The medal's name as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            Medal::Gold => "gold",
            Medal::Silver => "silver",
            Medal::Bronze => "bronze",
            Medal::None => "no medal",
        }
    }
}

/// The score of a run summarised by `summary` on a course with par `par_s` (`None`: no par and
/// no finish line, as on Endless; the par counts only for a finished run).
pub fn score(summary: &Summary, par_s: Option<f64>) -> u32 {
    let metres = summary.distance.floor() as i64 * POINTS_PER_METRE;
    let level = par_s.is_some();
    let points = match (level, summary.finished) {
        (true, false) => metres,
        (true, true) => metres + rest(summary, par_s).max(0) + FINISH_BONUS,
        (false, _) => metres + rest(summary, None).max(0),
    };
    u32::try_from(points.max(0)).unwrap_or(u32::MAX)
}

/// Everything but the metres and the finish: coins, targets, misses, hits, loops, time under par.
fn rest(summary: &Summary, par_s: Option<f64>) -> i64 {
    let targets = i64::from(summary.shots.saturating_sub(summary.misses));
    let loops = (summary.penalty_m / PENALTY_LOOP_M).round() as i64;
    let under_par = par_s.map_or(0, |par| (par - summary.time_s).max(0.0).floor() as i64);
    i64::from(summary.coins_won()) * POINTS_PER_COIN + targets * POINTS_PER_TARGET
        - i64::from(summary.misses) * POINTS_PER_MISS
        - i64::from(summary.hits) * POINTS_PER_OBSTACLE_HIT
        - loops * POINTS_PER_PENALTY_LOOP
        + under_par * POINTS_PER_SECOND_UNDER_PAR
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary() -> Summary {
        Summary {
            level: Some(1),
            track: Some(1),
            seed: 0,
            ticks: 9000,
            time_s: 150.0,
            distance: 1500.0,
            coins: 40,
            hits: 2,
            shots: 7,
            misses: 2,
            penalty_m: 0.0,
            finished: true,
            stages_unshot: 0,
            score: 0,
            medal: Medal::None,
            obstacle_time_lost_s: 0.0,
            penalty_time_s: 0.0,
            rifle: crate::shooting::Rifle::Training,
            ended_by: None,
            lives_left: None,
            pickups: 0,
            tricks: 0,
            mat_s: 0.0,
        }
    }

    #[test]
    fn each_term_counts_as_documented() {
        let s = summary();
        // 1500 + (400 + 500 − 50 − 200 + 20 × 10 under a 160 s par) + 500 for the finish.
        assert_eq!(
            score(&s, Some(160.0)),
            1500 + 400 + 500 - 50 - 200 + 200 + 500
        );
        assert_eq!(score(&s, None), 1500 + 400 + 500 - 50 - 200);
        let looped = Summary {
            penalty_m: 300.0,
            ..summary()
        };
        assert_eq!(score(&looped, None), score(&s, None) - 300);
        let slow = Summary {
            time_s: 200.0,
            ..summary()
        };
        assert_eq!(score(&slow, Some(160.0)), score(&s, None) + 500);
        // Each coin the run holds at the end counts.
        let richer = Summary {
            coins: s.coins + 5,
            ..summary()
        };
        assert_eq!(score(&richer, None), score(&s, None) + 50);
    }

    #[test]
    fn a_run_keeps_its_metres_and_a_finished_level_beats_every_unfinished_one() {
        let wreck = Summary {
            coins: 0,
            hits: 40,
            misses: 7,
            shots: 7,
            penalty_m: 750.0,
            time_s: 900.0,
            ..summary()
        };
        // The worst finished run: its metres and the finish bonus.
        assert_eq!(score(&wreck, Some(160.0)), 1500 + 500);
        assert_eq!(score(&wreck, None), 1500);
        // The best unfinished run, a metre from the line: its metres only.
        let nearly = Summary {
            finished: false,
            distance: 1499.9,
            hits: 0,
            misses: 0,
            coins: 900,
            ..summary()
        };
        assert_eq!(score(&nearly, Some(160.0)), 1499);
        assert!(score(&wreck, Some(160.0)) > score(&nearly, Some(160.0)));
        let start = Summary {
            distance: 0.0,
            finished: false,
            ..summary()
        };
        assert_eq!(score(&start, Some(160.0)), 0);
    }

    #[test]
    fn medals_follow_the_thresholds() {
        let thresholds = [3000, 2000, 1000];
        assert_eq!(Medal::for_score(3000, thresholds), Medal::Gold);
        assert_eq!(Medal::for_score(2999, thresholds), Medal::Silver);
        assert_eq!(Medal::for_score(1000, thresholds), Medal::Bronze);
        assert_eq!(Medal::for_score(999, thresholds), Medal::None);
        assert!(Medal::Gold > Medal::Silver && Medal::Bronze > Medal::None);
    }
}
